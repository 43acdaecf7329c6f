import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import {
  BACKLINKS_ZIP_NAME, CampaignListResponseSchema, CampaignSchema, OkResponseSchema,
} from '@linkloom/shared';
import { get, post, put } from '@/lib/http';
import { downloadFile } from '@/lib/download';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation';
import { campaignKeys } from './campaign-keys';
import { CAMPAIGN_LIST_URL } from './campaign-list-url';
import { DONE_TEXTS } from '@/lib/action-feedback';

/**
 * An answer this young is drawn as it is when the list mounts, not asked for again: the one read
 * at boot, before the first render (app/screens.tsx). Changes after it arrive live (the page's
 * useLiveInvalidate reads the list again once its subscription is confirmed) or through the
 * mutations below, which mark the list stale whatever its age.
 */
const CAMPAIGN_LIST_FRESH_MS = 2_000;

/** GET /rest/campaigns: the campaigns and the strategies to create one from. */
const campaignListQuery = queryOptions({
  queryKey: campaignKeys.list,
  queryFn: ({ signal }) => get(CAMPAIGN_LIST_URL, { schema: CampaignListResponseSchema, signal }),
  staleTime: CAMPAIGN_LIST_FRESH_MS,
});

/** The campaign list's query (its page and the New campaign dialog's strategies). */
export function useCampaigns() {
  return useQuery(campaignListQuery);
}

/** Reads the list into the cache (at boot, when it is the first screen); never throws. */
export function prefetchCampaignList(queryClient: QueryClient): Promise<void> {
  return queryClient.prefetchQuery(campaignListQuery);
}

/** PUT /rest/campaigns {name}: a campaign created manually. */
export function useCreateCampaign() {
  return useInvalidatingMutation(campaignKeys.all, (name: string) => put('/rest/campaigns', { body: { name }, schema: CampaignSchema }),
    (campaign) => DONE_TEXTS.created('Campaign', campaign.name));
}

/** POST /rest/campaigns {id, name} */
export function useRenameCampaign() {
  return useInvalidatingMutation(
    campaignKeys.all,
    (input: { id: number; name: string }) => post('/rest/campaigns', { body: input, schema: OkResponseSchema }),
    (_, input) => DONE_TEXTS.renamed('Campaign', input.name),
  );
}

/** POST /rest/delete/campaigns {ids}: the campaigns and everything they hold. */
export function useDeleteCampaigns() {
  return useInvalidatingMutation(campaignKeys.all, (ids: number[]) => post('/rest/delete/campaigns', { body: { ids }, schema: OkResponseSchema }),
    (_, ids) => DONE_TEXTS.deleted(ids.length, 'campaign'));
}

/** POST /action/export/backlinks_from_campaigns [ids]: saves all_links.zip. Silent: the caller shows the spec's text. */
export function downloadBacklinks(ids: number[]): Promise<string> {
  return downloadFile({ url: '/action/export/backlinks_from_campaigns', method: 'POST', body: ids, fallbackName: BACKLINKS_ZIP_NAME, silent: true });
}
