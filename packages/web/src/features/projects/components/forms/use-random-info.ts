import { useMutation } from '@tanstack/react-query';
import { RandomInfoSchema, type RandomInfo } from '@linkloom/shared';
import { get } from '@/lib/http';

/**
 * GET /random_info: made-up profile data for an account creation form (spec 1 §7), the blog about
 * the campaign's keywords (`campaignId`). A mutation, not a query: every click asks for a fresh set
 * and nothing is cached.
 */
export function useRandomInfo(campaignId?: number) {
  return useMutation<RandomInfo>({
    mutationFn: () => get(campaignId === undefined ? '/random_info' : `/random_info?campaignId=${campaignId}`, { schema: RandomInfoSchema }),
  });
}
