import type { ProfileRow } from '@linkloom/shared';
import type { ProfileRecord } from './profiles.repository';

/** Row → one line of the Accounts tab. */
export function presentProfile(row: ProfileRecord): ProfileRow {
  return { id: row.id, name: row.name, group: row.group_name, campaignId: row.campaign_id, count: Number(row.count) };
}
