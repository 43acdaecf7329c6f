import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PrivateSiteStatusResponseSchema, ProfileListResponseSchema, ProjectReadinessSchema, ProjectScreenSchema,
  type ProjectKind, type ProjectScreen, type SiteSelection,
} from '@linkloom/shared';
import { get, post } from '@/lib/http';
import { sessionUuid } from '@/lib/session-uuid';
import { projectKeys } from './project-keys';

/** GET /rest/project/{id}: the project with everything its screen offers (spec 1 §7). */
export function useProjectScreen(id: number) {
  return useQuery({
    queryKey: projectKeys.screen(id),
    queryFn: ({ signal }) => get(`/rest/project/${id}`, { schema: ProjectScreenSchema, signal, notFoundPage: true }),
  });
}

/**
 * GET /rest/project/{id}/readiness: what the project lacks before Start can run it. Its key sits
 * under the screen's, so whatever refreshes the screen refreshes this list too.
 */
export function useProjectReadiness(id: number) {
  return useQuery({
    queryKey: projectKeys.readiness(id),
    queryFn: ({ signal }) => get(`/rest/project/${id}/readiness`, { schema: ProjectReadinessSchema, signal, notFoundPage: true }),
  });
}

const SAVE_PATHS: Record<ProjectKind, string> = {
  acproject: '/rest/acproject',
  postingproject: '/rest/postingproject',
  privateproject: '/rest/privateproject',
  indexerproject: '/rest/indexerproject',
};

/** What a screen saves: the form's fields and the site selection. */
export interface ProjectSaveInput {
  kind: ProjectKind;
  project: { id: number } & Record<string, unknown>;
  sites: SiteSelection[];
}

/**
 * The four saves (POST /rest/acproject, …): the project, its sites and this tab's session uuid.
 * The answer is the fresh screen, which replaces the cached one.
 */
export function useSaveProject(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProjectSaveInput) => post(SAVE_PATHS[input.kind], {
      body: { project: input.project, sites: input.sites, sessionUuid: sessionUuid() },
      schema: ProjectScreenSchema,
    }),
    onSuccess: (screen: ProjectScreen) => {
      queryClient.setQueryData(projectKeys.screen(id), screen);
      void queryClient.invalidateQueries({ queryKey: projectKeys.readiness(id) });
    },
  });
}

/** A private network's sites as this project sees them (when the General tab switches network). */
export function fetchPrivateNetworkSites(projectId: number, privateGroupId: number) {
  return post('/rest/privatesitestatus', { body: { projectId, privateGroupId }, schema: PrivateSiteStatusResponseSchema });
}

/** Another campaign's account profiles (when a posting project selects another campaign). */
export async function fetchCampaignProfiles(campaignId: number) {
  const rows = await get(`/rest/profiles/${campaignId}`, { schema: ProfileListResponseSchema });
  return rows.map(({ id, name, count }) => ({ id, name, count }));
}
