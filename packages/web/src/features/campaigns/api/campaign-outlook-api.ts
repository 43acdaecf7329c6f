import { useQuery } from '@tanstack/react-query';
import { CampaignOutlookSchema, localDay, type ProjectRow } from '@linkloom/shared';
import { get } from '@/lib/http';
import { campaignKeys } from './campaign-keys';

/** Statuses whose outlook moves by itself. */
const MOVING = new Set(['SCHEDULED', 'STARTING', 'RUNNING', 'STOPPING']);
const REFRESH_MS = 15_000;

/**
 * GET /rest/campaign/{id}/outlook (issue 35 item 2): what happens next for each project of the
 * campaign, for the reader's local day; read again when a project's status changes (the rows'
 * statuses are in the key) and every 15 s while one waits or runs. A secondary read: a failure
 * shows nothing rather than a toast.
 */
export function useCampaignOutlook(campaignId: number, projects: readonly Pick<ProjectRow, 'id' | 'status'>[] | undefined) {
  const statuses = (projects ?? []).map((project) => `${project.id}:${project.status}`).join(',');
  return useQuery({
    queryKey: [...campaignKeys.detail(campaignId), 'outlook', statuses],
    enabled: projects !== undefined,
    queryFn: ({ signal }) => {
      const { dayStart, dayEnd } = localDay(Date.now());
      return get(`/rest/campaign/${campaignId}/outlook?dayStart=${dayStart}&dayEnd=${dayEnd}`, { schema: CampaignOutlookSchema, signal, silent: true });
    },
    refetchInterval: (projects ?? []).some((project) => MOVING.has(project.status)) ? REFRESH_MS : false,
    placeholderData: (previous) => previous,
  });
}
