import { z } from 'zod';
import { CAMPAIGN_STATUSES, CREATING_TYPES } from '../constants/modules';

export const ProjectCountSchema = z.object({
  scheduled: z.number().int(),
  running: z.number().int(),
  starting: z.number().int(),
  failed: z.number().int(),
});

export const CampaignSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  campaignStatus: z.enum(CAMPAIGN_STATUSES),
  creatingType: z.enum(CREATING_TYPES),
  projectCount: ProjectCountSchema,
});
export type Campaign = z.infer<typeof CampaignSchema>;

export const StrategySummarySchema = z.object({ id: z.number().int(), name: z.string() });

/** GET /rest/campaigns */
export const CampaignListResponseSchema = z.object({
  campaigns: z.array(CampaignSchema),
  strategies: z.array(StrategySummarySchema),
});
export type CampaignListResponse = z.infer<typeof CampaignListResponseSchema>;
