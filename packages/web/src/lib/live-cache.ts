import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Writes a live message's change into a cached answer. A read of the same answer that is in flight
 * began before the change was stored and would put the old state back when it lands (a row seen
 * Failed live turning back to Checking for good), so it is read again, after the change.
 */
export function writeLiveChange<T>(queryClient: QueryClient, queryKey: QueryKey, change: (old: T) => T): void {
  queryClient.setQueryData<T>(queryKey, (old) => (old === undefined ? old : change(old)));
  if (queryClient.isFetching({ queryKey, exact: true }) > 0) void queryClient.invalidateQueries({ queryKey, exact: true });
}

/**
 * Reads again the cached answers under `queryKeys` that arrived before their live topic was
 * confirmed at `confirmedAt`: messages sent between that read and the confirmation never reached
 * the screen (a site added in another window while this one was still connecting). Answers not
 * there yet are left to their own read.
 */
export function refetchReadBefore(queryClient: QueryClient, queryKeys: readonly QueryKey[], confirmedAt: number): void {
  for (const queryKey of queryKeys) {
    for (const query of queryClient.getQueryCache().findAll({ queryKey })) {
      const { data, dataUpdatedAt } = query.state;
      if (data !== undefined && dataUpdatedAt < confirmedAt) void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true });
    }
  }
}
