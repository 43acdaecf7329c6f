import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ACTION_DELAY_MS, CampaignDetailResponseSchema, CampaignSchema, type Campaign, type CampaignDetailResponse } from '@linkloom/shared';
import { get } from '@/lib/http';
import { campaignKeys } from './campaign-keys';

/** GET /rest/campaign/{id}: the campaign with its projects, profiles and link sets. */
export function useCampaign(id: number) {
  return useQuery({
    queryKey: campaignKeys.detail(id),
    queryFn: ({ signal }) => get(`/rest/campaign/${id}`, { schema: CampaignDetailResponseSchema, signal, notFoundPage: true }),
  });
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The scheduler switch: pause when the campaign is ACTIVE, otherwise resume, after the spec's
 * 1 second delay (spec 1 §4). The answer updates the screen at once; the list refetches.
 */
export function useToggleScheduler(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (campaign: Campaign) => {
      await wait(ACTION_DELAY_MS);
      const action = campaign.campaignStatus === 'ACTIVE' ? 'pause' : 'resume';
      return get(`/action/${action}/campaign/${id}`, { schema: CampaignSchema });
    },
    onSuccess: (campaign) => {
      queryClient.setQueryData<CampaignDetailResponse>(campaignKeys.detail(id), (old) => old && { ...old, campaign });
      void queryClient.invalidateQueries({ queryKey: campaignKeys.list });
    },
  });
}
