import type { LinkSetRow } from '@linkloom/shared';
import type { LinkSetRecord } from './link-sets.repository';

/** Row → one line of the Backlinks tab. */
export function presentLinkSet(row: LinkSetRecord): LinkSetRow {
  return { id: row.id, name: row.name, campaignId: row.campaign_id, count: Number(row.count), verified: Number(row.verified) };
}
