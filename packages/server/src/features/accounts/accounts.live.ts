import type { MessagesOf } from '@linkloom/shared';
import type { AppContext } from '../../app-context';
import { presentProfile } from './accounts.presenter';
import type { ProfileWithCampaignRow } from './accounts.repository';

type ProfileMessages = MessagesOf<`profile/${number}`>;

/**
 * Tells the screens about a committed change of a profile's accounts: the accounts screen hears
 * it on `profile/{id}`, the campaign screen's Accounts tab gets the new count as `profileEdited`.
 */
export function publishAccountsChanged<N extends keyof ProfileMessages & string>(
  ctx: AppContext, ownerId: number, profile: ProfileWithCampaignRow, name: N, payload: ProfileMessages[N], total: number,
): void {
  ctx.live?.publish(ownerId, `profile/${profile.id}`, name, payload);
  ctx.live?.publish(ownerId, `campaign/${profile.campaign_id}`, 'profileEdited', presentProfile(profile, total));
}
