import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  BACKLINKS_ZIP_NAME, CampaignListResponseSchema, CampaignSchema, OkResponseSchema,
} from '@linkloom/shared';
import { get, post, put } from '@/lib/http';
import { downloadFile } from '@/lib/download';
import { campaignKeys } from './campaign-keys';

/** GET /rest/campaigns: the campaigns and the strategies to create one from. */
export function useCampaigns() {
  return useQuery({
    queryKey: campaignKeys.list,
    queryFn: ({ signal }) => get('/rest/campaigns', { schema: CampaignListResponseSchema, signal }),
  });
}

/** Invalidates every query of the area: a change shows in the list and on the campaign screen. */
export function useInvalidateCampaigns() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: campaignKeys.all });
}

/** PUT /rest/campaigns {name}: a campaign created manually. */
export function useCreateCampaign() {
  const invalidate = useInvalidateCampaigns();
  return useMutation({
    mutationFn: (name: string) => put('/rest/campaigns', { body: { name }, schema: CampaignSchema }),
    onSuccess: invalidate,
  });
}

/** POST /rest/campaigns {id, name} */
export function useRenameCampaign() {
  const invalidate = useInvalidateCampaigns();
  return useMutation({
    mutationFn: (input: { id: number; name: string }) => post('/rest/campaigns', { body: input, schema: OkResponseSchema }),
    onSuccess: invalidate,
  });
}

/** POST /rest/delete/campaigns {ids}: the campaigns and everything they hold. */
export function useDeleteCampaigns() {
  const invalidate = useInvalidateCampaigns();
  return useMutation({
    mutationFn: (ids: number[]) => post('/rest/delete/campaigns', { body: { ids }, schema: OkResponseSchema }),
    onSuccess: invalidate,
  });
}

/** POST /action/export/backlinks_from_campaigns [ids]: saves all_links.zip. Silent: the caller shows the spec's text. */
export function downloadBacklinks(ids: number[]): Promise<string> {
  return downloadFile({ url: '/action/export/backlinks_from_campaigns', method: 'POST', body: ids, fallbackName: BACKLINKS_ZIP_NAME, silent: true });
}
