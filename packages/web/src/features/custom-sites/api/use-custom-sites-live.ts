import { useQueryClient } from '@tanstack/react-query';
import { useLiveInvalidate } from '@/lib/use-live-invalidate';
import { useLiveTopic } from '@/lib/use-live-topic';
import { customSiteKeys } from './custom-site-keys';
import { applyCustomSitesMessage } from './custom-sites-live-cache';

/**
 * The one place the live topic `custom_sites` meets the cache (DESIGN rule 6): added and deleted
 * sites refresh the list (once per burst); a probed site and the verifier's progress are written
 * into the cached answer as they come.
 */
export function useCustomSitesLive(): void {
  const queryClient = useQueryClient();
  useLiveInvalidate('custom_sites', [customSiteKeys.list], 200, ['siteChecked', 'verifierStatusChanged']);
  useLiveTopic('custom_sites', (message) => applyCustomSitesMessage(queryClient, message));
}
