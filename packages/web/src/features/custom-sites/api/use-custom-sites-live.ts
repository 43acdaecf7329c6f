import { useQueryClient } from '@tanstack/react-query';
import { refetchReadBefore } from '@/lib/live-cache';
import { useLiveInvalidate } from '@/lib/use-live-invalidate';
import { useLiveTopic } from '@/lib/use-live-topic';
import { customSiteKeys } from './custom-site-keys';
import { applyVerifierMessage } from './custom-sites-live-cache';

/**
 * The one place the live topics of the custom sites screen meet the cache (DESIGN rule 6): added
 * and deleted sites (`custom_sites`) refresh the list (once per burst); a probed site and the
 * verifier's progress (its own topic `site_verifier`) are written into the cached answer as they
 * come. Each topic's confirmation re-reads a list read before it (messages sent in between were
 * never heard).
 */
export function useCustomSitesLive(): void {
  const queryClient = useQueryClient();
  useLiveInvalidate('custom_sites', [customSiteKeys.list], 200);
  useLiveTopic(
    'site_verifier',
    (message) => applyVerifierMessage(queryClient, message),
    (confirmedAt) => refetchReadBefore(queryClient, [customSiteKeys.list], confirmedAt),
  );
}
