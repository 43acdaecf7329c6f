import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * The query key prefixes of the screens that change the user's sites: the custom sites
 * (features/custom-sites/api/custom-site-keys.ts) and the private networks
 * (features/private-networks/api/private-network-keys.ts). Written out here because components
 * never import a feature; a renamed key there only makes the badges wait for their minute.
 */
export const SITE_QUERY_PREFIXES: readonly QueryKey[] = [['custom-sites'], ['private-networks']];

/** Whether a screen read the user's custom sites or private networks after `since` (epoch ms): they may have changed since. */
export function sitesChangedSince(queryClient: QueryClient, since: number): boolean {
  return SITE_QUERY_PREFIXES.some((queryKey) => queryClient.getQueryCache().findAll({ queryKey }).some((query) => query.state.dataUpdatedAt > since));
}
