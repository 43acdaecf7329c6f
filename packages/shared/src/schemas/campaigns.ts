import { z } from 'zod';
import { CAMPAIGN_STATUSES, CREATING_TYPES } from '../constants/modules';
import { IdListSchema, IdSchema, PLAIN_TEXT_RULE } from './common';
import { isPlainText } from '../domain/plain-text';
import { ProjectRowSchema } from './projects';
import { ProfileRowSchema } from './profiles';
import { LinkSetRowSchema } from './link-sets';
import { StrategySummarySchema } from './strategy-summary';

/** Texts of the campaign list and the campaign screen (spec 1 §2, §8). */
export const CAMPAIGN_MESSAGES = {
  nameRequired: 'Please enter campaign name',
  nameTooLong: 'Campaign name must be at most 512 characters',
  notCompressed: 'The campaign could not be read: send JSON or its compressed form',
  loadFailed: 'Failed to load campaigns.',
  backlinksFailed: 'Failed to download the backlinks',
  strategyRequired: 'Please select a strategy',
} as const;

/** File name of the Backlinks download of the campaign list. */
export const BACKLINKS_ZIP_NAME = 'all_links.zip';
/** Suffix of the name the Duplicate dialog proposes. */
export const DUPLICATE_CAMPAIGN_SUFFIX = ' Copy';

export const ProjectCountSchema = z.object({
  scheduled: z.number().int(),
  running: z.number().int(),
  starting: z.number().int(),
  failed: z.number().int(),
});
export type ProjectCount = z.infer<typeof ProjectCountSchema>;

export const CampaignSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  campaignStatus: z.enum(CAMPAIGN_STATUSES),
  creatingType: z.enum(CREATING_TYPES),
  projectCount: ProjectCountSchema,
});
export type Campaign = z.infer<typeof CampaignSchema>;


/** GET /rest/campaigns */
export const CampaignListResponseSchema = z.object({
  campaigns: z.array(CampaignSchema),
  strategies: z.array(StrategySummarySchema),
});
export type CampaignListResponse = z.infer<typeof CampaignListResponseSchema>;

export const CampaignNameSchema = z
  .string({ error: CAMPAIGN_MESSAGES.nameRequired })
  .trim()
  .min(1, { error: CAMPAIGN_MESSAGES.nameRequired })
  .max(512, { error: CAMPAIGN_MESSAGES.nameTooLong })
  .refine(isPlainText, PLAIN_TEXT_RULE);

/**
 * PUT /rest/campaigns, once decoded: the body is this JSON or the same JSON compressed with
 * lz-string's compressToEncodedURIComponent (SCOPE.md). Wizard fields arrive with the wizard issue.
 */
export const CampaignCreateSchema = z.object({ name: CampaignNameSchema });
export type CampaignCreate = z.infer<typeof CampaignCreateSchema>;

/** POST /rest/campaigns (rename). */
export const CampaignRenameSchema = z.object({ id: IdSchema, name: CampaignNameSchema });
export type CampaignRename = z.infer<typeof CampaignRenameSchema>;

/** POST /rest/delete/campaigns. */
export const CampaignDeleteSchema = z.object({ ids: IdListSchema });
export type CampaignDelete = z.infer<typeof CampaignDeleteSchema>;

/** POST /action/export/backlinks_from_campaigns: a JSON array of campaign ids. */
export const BacklinksExportSchema = IdListSchema;

/** GET /rest/campaign/{id}. */
export const CampaignDetailResponseSchema = z.object({
  campaign: CampaignSchema,
  projects: z.array(ProjectRowSchema),
  profiles: z.array(ProfileRowSchema),
  urlLists: z.array(LinkSetRowSchema),
});
export type CampaignDetailResponse = z.infer<typeof CampaignDetailResponseSchema>;

/** GET /rest/campaigns_with_profiles: every campaign and every profile of the user. */
export const CampaignsWithProfilesResponseSchema = z.object({
  campaigns: z.array(CampaignSchema),
  profiles: z.array(ProfileRowSchema),
});
export type CampaignsWithProfilesResponse = z.infer<typeof CampaignsWithProfilesResponseSchema>;
