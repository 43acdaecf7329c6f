import type { Campaign } from '@linkloom/shared';
import { CampaignSchema } from '@linkloom/shared';
import type { CampaignRow } from './campaigns.repository';

/**
 * Row → the spec's campaign shape. Project counts stay zero until projects exist (the projects
 * table arrives with the campaign workspace).
 */
export function presentCampaign(row: CampaignRow): Campaign {
  return {
    id: row.id,
    name: row.name,
    campaignStatus: CampaignSchema.shape.campaignStatus.parse(row.campaign_status),
    creatingType: CampaignSchema.shape.creatingType.parse(row.creating_type),
    projectCount: { scheduled: 0, running: 0, starting: 0, failed: 0 },
  };
}
