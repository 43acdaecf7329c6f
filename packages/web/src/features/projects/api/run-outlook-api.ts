import { useQuery, useQueryClient } from '@tanstack/react-query';
import { RunOutlookSchema, localDay } from '@linkloom/shared';
import { get } from '@/lib/http';
import { useLiveTopic } from '@/lib/use-live-topic';
import { projectKeys } from './project-keys';

/** Statuses whose outlook moves by itself: read again every so often. */
const MOVING = ['SCHEDULED', 'STARTING', 'RUNNING', 'STOPPING', 'VERIFYING'];
const REFRESH_MS = 15_000;

/**
 * GET /rest/project/{id}/outlook (issue 35 item 2): what happens next — the next planned post, posts
 * today and in all, the last planned post, per site too — for the reader's local day. Read again
 * when the status changes, when a site's post ends (siteStatusChanged) or a mail pass ends
 * (verificationProgressed), and every 15 s while the project waits, runs or verifies. A secondary line: a failure shows nothing rather than a toast.
 */
export function useProjectOutlook(projectId: number, status: string) {
  const queryClient = useQueryClient();
  useLiveTopic(`project/${projectId}`, (live) => {
    if (live.name === 'siteStatusChanged' || live.name === 'verificationProgressed') void queryClient.invalidateQueries({ queryKey: projectKeys.outlook(projectId) });
  });
  return useQuery({
    queryKey: [...projectKeys.outlook(projectId), status],
    queryFn: ({ signal }) => {
      // Today is the reader's: asked afresh each time, so a refetch after midnight counts the new day.
      const { dayStart, dayEnd } = localDay(Date.now());
      return get(`/rest/project/${projectId}/outlook?dayStart=${dayStart}&dayEnd=${dayEnd}`, { schema: RunOutlookSchema, signal, silent: true });
    },
    refetchInterval: MOVING.includes(status) ? REFRESH_MS : false,
    // A new status keeps the line until the fresh answer comes.
    placeholderData: (previous) => previous,
  });
}
