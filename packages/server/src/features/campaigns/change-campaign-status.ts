import type { Campaign, CampaignStatus } from '@linkloom/shared';
import type { AppContext } from '../../app-context';
import { NotFoundError } from '../../platform/http/errors';
import { findCampaign, projectCounts, setCampaignStatus } from './campaigns.repository';
import { presentCampaign } from './campaigns.presenter';
import { wakeScheduler } from '../../engine/entry-points';

/**
 * Pauses or resumes one of the user's campaigns and tells both the campaign list (`campaigns`
 * statusChanged) and the campaign screen (`campaign/{id}` campaignStatusChanged). The scheduler
 * reads the status before each start, so a paused campaign's projects are not started and its
 * running posts wait (engine/README.md); resuming wakes the scheduler at once to make the starts
 * that fell due meanwhile.
 */
export async function changeCampaignStatus(ctx: AppContext, ownerId: number, id: number, status: CampaignStatus): Promise<Campaign> {
  const { db } = ctx.database;
  if (!(await findCampaign(db, ownerId, id))) throw new NotFoundError();
  await setCampaignStatus(db, ownerId, id, status);
  const [row, counts] = await Promise.all([findCampaign(db, ownerId, id), projectCounts(db, ownerId, id)]);
  if (!row) throw new NotFoundError();
  const campaign = presentCampaign(row, counts.get(id));
  ctx.live?.publish(ownerId, 'campaigns', 'statusChanged', { id, campaignStatus: campaign.campaignStatus });
  ctx.live?.publish(ownerId, `campaign/${id}`, 'campaignStatusChanged', { id, campaignStatus: campaign.campaignStatus });
  if (status === 'ACTIVE') await wakeScheduler(ctx.queue);
  return campaign;
}
