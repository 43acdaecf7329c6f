import type { Campaign, ProjectCount } from '@linkloom/shared';
import { CampaignSchema } from '@linkloom/shared';
import type { CampaignRow } from './campaigns.repository';

const NO_PROJECTS: ProjectCount = { scheduled: 0, running: 0, starting: 0, failed: 0 };

/** Row → the spec's campaign shape, with its Project Count tags. */
export function presentCampaign(row: CampaignRow, projectCount: ProjectCount = NO_PROJECTS): Campaign {
  return {
    id: row.id,
    name: row.name,
    campaignStatus: CampaignSchema.shape.campaignStatus.parse(row.campaign_status),
    creatingType: CampaignSchema.shape.creatingType.parse(row.creating_type),
    projectCount: { ...projectCount },
  };
}

/** Rows → campaigns, each with its counts from `projectCounts`. */
export function presentCampaigns(rows: readonly CampaignRow[], counts: Map<number, ProjectCount>): Campaign[] {
  return rows.map((row) => presentCampaign(row, counts.get(row.id)));
}
