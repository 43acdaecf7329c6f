import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { RunLogPageSchema } from '@linkloom/shared';
import { get } from '@/lib/http';
import { refetchReadBefore, writeLiveChange } from '@/lib/live-cache';
import { useLiveTopic } from '@/lib/use-live-topic';
import { projectKeys } from './project-keys';
import { nextRunLogPage, runLogUrl, withLiveEntries, type RunLogPages } from './run-log-pages';

/** The drawer says it itself, with a Retry beside it: no toast. */
export const RUN_LOG_LOAD_FAILED = 'Could not load the run log';

/**
 * GET /rest/project/{id}/run_log (issue 35 item 2): the project's run log, newest first, all sites
 * (siteKey null) or one site's lines, 100 a page, older pages on demand. Lines that come live
 * (`runLogged`) go on top of the first page, so an open log follows the run as it happens.
 */
export function useRunLog(projectId: number, siteKey: string | null) {
  const queryClient = useQueryClient();
  const queryKey = projectKeys.runLog(projectId, siteKey);
  useLiveTopic(`project/${projectId}`, (live) => {
    if (live.name === 'runLogged') writeLiveChange<RunLogPages>(queryClient, queryKey, (old) => withLiveEntries(old, live.payload.entries, siteKey));
  }, (confirmedAt) => refetchReadBefore(queryClient, [queryKey], confirmedAt));
  return useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) =>
      get(runLogUrl(projectId, siteKey, pageParam), { schema: RunLogPageSchema, signal, silent: true, failure: RUN_LOG_LOAD_FAILED }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: nextRunLogPage,
  });
}
