import {
  LinkSetRowSchema, OkResponseSchema, PROJECT_LIFECYCLE_MESSAGES, ProfileRowSchema, ProjectRowSchema, type ModuleId,
} from '@linkloom/shared';
import { del, post, put } from '@/lib/http';
import { downloadFile } from '@/lib/download';
import { campaignKeys } from './campaign-keys';
import { DONE_TEXTS } from '@/lib/action-feedback';
import { useInvalidatingMutation, type DoneText } from '@/lib/use-invalidating-mutation';

/** A mutation of one campaign's rows that refreshes the campaign screen when it succeeds. */
function useCampaignMutation<I, R>(campaignId: number, mutationFn: (input: I) => Promise<R>, done: DoneText<I, R>) {
  return useInvalidatingMutation(campaignKeys.detail(campaignId), mutationFn, done);
}

/** PUT /rest/project, POST /rest/project/rename/{id}, POST /action/duplicate/project/{id}, DELETE /rest/projects/{campaignId}, POST /action/run_now/project/{id}. */
export function useProjectMutations(campaignId: number) {
  return {
    add: useCampaignMutation(campaignId, (input: { module: ModuleId; name: string }) =>
      put('/rest/project', { body: { campaignId, ...input }, schema: ProjectRowSchema }), (row) => DONE_TEXTS.created('Project', row.name)),
    rename: useCampaignMutation(campaignId, ({ id, ...input }: { id: number; module: string; name: string }) =>
      post(`/rest/project/rename/${id}`, { body: { campaignId, ...input }, schema: ProjectRowSchema }), (row) => DONE_TEXTS.renamed('Project', row.name)),
    duplicate: useCampaignMutation(campaignId, ({ id, name }: { id: number; name: string }) =>
      post(`/action/duplicate/project/${id}`, { body: { name }, schema: ProjectRowSchema }), (row) => DONE_TEXTS.created('Project', row.name)),
    remove: useCampaignMutation(campaignId, (ids: number[]) => del(`/rest/projects/${campaignId}`, { body: ids, schema: OkResponseSchema }), (_, ids) => DONE_TEXTS.deleted(ids.length, 'project')),
    /** POST /action/run_now/project/{id} (issue 35): a scheduled project starts at once and keeps its schedule. */
    runNow: useCampaignMutation(campaignId, ({ id }: { id: number; name: string }) =>
      post(`/action/run_now/project/${id}`, { schema: ProjectRowSchema }), (_, project) => PROJECT_LIFECYCLE_MESSAGES.runningNow(project.name)),
  };
}

/** PUT /rest/profile, POST /rest/profile/{id}, DELETE /rest/profiles/{campaignId}. */
export function useProfileMutations(campaignId: number) {
  return {
    add: useCampaignMutation(campaignId, (name: string) => put('/rest/profile', { body: { name, campaignId }, schema: ProfileRowSchema }), (row) => DONE_TEXTS.created('Account profile', row.name)),
    rename: useCampaignMutation(campaignId, ({ id, name }: { id: number; name: string }) =>
      post(`/rest/profile/${id}`, { body: { name }, schema: ProfileRowSchema }), (row) => DONE_TEXTS.renamed('Account profile', row.name)),
    remove: useCampaignMutation(campaignId, (ids: number[]) => del(`/rest/profiles/${campaignId}`, { body: ids, schema: OkResponseSchema }), (_, ids) => DONE_TEXTS.deleted(ids.length, 'account profile')),
  };
}

/** PUT /rest/url_list, POST /rest/url_list/{id}, DELETE /rest/url_list/{campaignId}. */
export function useLinkSetMutations(campaignId: number) {
  return {
    add: useCampaignMutation(campaignId, (name: string) => put('/rest/url_list', { body: { name, campaignId }, schema: LinkSetRowSchema }), (row) => DONE_TEXTS.created('Link set', row.name)),
    rename: useCampaignMutation(campaignId, ({ id, name }: { id: number; name: string }) =>
      post(`/rest/url_list/${id}`, { body: { name }, schema: LinkSetRowSchema }), (row) => DONE_TEXTS.renamed('Link set', row.name)),
    remove: useCampaignMutation(campaignId, (ids: number[]) => del(`/rest/url_list/${campaignId}`, { body: ids, schema: OkResponseSchema }), (_, ids) => DONE_TEXTS.deleted(ids.length, 'link set')),
  };
}

/** GET /action/export/profile/{id}: the profile's accounts as CSV (served by the accounts area). */
export function downloadProfile(profile: { id: number; name: string }): Promise<string> {
  return downloadFile({ url: `/action/export/profile/${profile.id}`, fallbackName: `${profile.name}_accounts.csv` });
}

/** GET /action/export/url_list/{id}: the link set with all its information (served by the links area). */
export function downloadLinkSet(linkSet: { id: number; name: string }): Promise<string> {
  return downloadFile({ url: `/action/export/url_list/${linkSet.id}`, fallbackName: `${linkSet.name}_urls.csv` });
}

/** POST /action/export/profiles/{campaignId}: several profiles in one CSV, `{campaign name}_accounts.csv`. */
export function downloadProfiles(campaignId: number, ids: number[]): Promise<string> {
  return downloadFile({ url: `/action/export/profiles/${campaignId}`, method: 'POST', body: ids, fallbackName: 'accounts.csv' });
}

/** POST /action/export/url_lists/{campaignId}: several link sets, URLs only (`_urls.txt`) or full info (`_urls.csv`). */
export function downloadLinkSets(campaignId: number, ids: number[], fullInfo: boolean): Promise<string> {
  return downloadFile({ url: `/action/export/url_lists/${campaignId}`, method: 'POST', body: { ids, fullInfo }, fallbackName: fullInfo ? 'urls.csv' : 'urls.txt' });
}
