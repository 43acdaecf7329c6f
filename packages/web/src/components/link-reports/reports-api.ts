import { useQuery } from '@tanstack/react-query';
import { DroppedTargetsSchema, LinkReportSchema } from '@linkloom/shared';
import { get } from '@/lib/http';

/** Whose report: a campaign's, or one project's. */
export type ReportScope = { campaignId: number; projectId?: undefined } | { projectId: number; campaignId?: undefined };

export const reportKeys = {
  all: ['link-report'] as const,
  of: (scope: ReportScope) => ['link-report', scope.projectId !== undefined ? `project/${scope.projectId}` : `campaign/${scope.campaignId}`] as const,
  droppedTargets: (campaignId: number) => ['link-report', `campaign/${campaignId}`, 'dropped-targets'] as const,
};

/** GET /rest/campaign/{id}/reports or /rest/project/{id}/reports. */
export function useLinkReport(scope: ReportScope) {
  const path = scope.projectId !== undefined ? `/rest/project/${scope.projectId}/reports` : `/rest/campaign/${scope.campaignId}/reports`;
  return useQuery({
    queryKey: reportKeys.of(scope),
    queryFn: ({ signal }) => get(path, { schema: LinkReportSchema, signal }),
  });
}

/** GET /rest/campaign/{id}/dropped-targets: tier health's count alone (the campaign screen's line). */
export function useDroppedTargets(campaignId: number) {
  return useQuery({
    queryKey: reportKeys.droppedTargets(campaignId),
    queryFn: ({ signal }) => get(`/rest/campaign/${campaignId}/dropped-targets`, { schema: DroppedTargetsSchema, signal }),
  });
}
