import type { QueryClient } from '@tanstack/react-query';
import type { CustomSitesResponse, TopicMessage } from '@linkloom/shared';
import { writeLiveChange } from '@/lib/live-cache';
import { customSiteKeys } from './custom-site-keys';

/**
 * Writes a probed site and the verifier's progress into the cached list as they come (the verifier
 * sends one message per site on its own topic `site_verifier`; a refetch of 20,000 rows per site
 * would be far too heavy).
 */
export function applyVerifierMessage(queryClient: QueryClient, message: TopicMessage<'site_verifier'>): void {
  const update = (change: (old: CustomSitesResponse) => CustomSitesResponse) => writeLiveChange(queryClient, customSiteKeys.list, change);
  if (message.name === 'siteChecked') {
    const { site } = message.payload;
    // The probe does not measure dofollow: the row keeps the share it had.
    update((old) => ({ ...old, sites: old.sites.map((row) => (row.id === site.id ? { ...site, dofollow: site.dofollow ?? row.dofollow } : row)) }));
  } else if (message.name === 'verifierStatusChanged') {
    const { status, checked, total, waitInfo } = message.payload;
    update((old) => ({ ...old, verifierStatus: status, verifierProgress: { checked, total }, verifierWaitInfo: waitInfo }));
  }
}
