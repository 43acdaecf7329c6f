import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema';
import { inBatches } from '../../platform/db/batches';
import { csvLine } from '../../platform/files/csv';
import { zipStream } from '../../platform/files/zip';

export const BACKLINKS_CSV_HEADER = ['URL', 'Anchor', 'Link set', 'Date added'] as const;

/** A file name that is safe inside a ZIP on every system, unique among `used`. */
export function csvFileName(campaign: { id: number; name: string }, used: Set<string>): string {
  // Characters Windows or a path would read specially, and control characters, become '_'.
  const safe = [...campaign.name].map((char) => (char.charCodeAt(0) < 32 || '\\/:*?"<>|'.includes(char) ? '_' : char)).join('');
  const base = safe.replace(/^[\s.]+|[\s.]+$/g, '').slice(0, 100) || `campaign-${campaign.id}`;
  let name = `${base}.csv`;
  if (used.has(name.toLowerCase())) name = `${base}_${campaign.id}.csv`;
  used.add(name.toLowerCase());
  return name;
}

/** Every link of one campaign as CSV text, one link set after another, a batch at a time. */
async function* campaignCsv(db: Kysely<DB>, ownerId: number, campaignId: number): AsyncGenerator<string> {
  yield csvLine(BACKLINKS_CSV_HEADER);
  const linkSets = await db.selectFrom('url_lists').select(['id', 'name'])
    .where('owner_id', '=', ownerId).where('campaign_id', '=', campaignId).orderBy('id').execute();
  for (const linkSet of linkSets) {
    // Keyset pages over the (url_list_id, id) index: page n costs what page 1 costs.
    const batches = inBatches((afterId, limit) => db.selectFrom('url_items')
      .innerJoin('url_lists', 'url_lists.id', 'url_items.url_list_id')
      .select(['url_items.id', 'url_items.url', 'url_items.anchor', 'url_items.date_added'])
      .where('url_items.url_list_id', '=', linkSet.id).where('url_lists.owner_id', '=', ownerId)
      .where('url_items.id', '>', afterId).orderBy('url_items.id').limit(limit).execute());
    for await (const batch of batches) {
      yield batch.map((link) => csvLine([link.url, link.anchor, linkSet.name, new Date(Number(link.date_added)).toISOString()])).join('');
    }
  }
}

/**
 * all_links.zip: one CSV per campaign (URL, anchor, link set, date added), streamed — each CSV
 * is read from the database only when the archive reaches it.
 */
export function backlinksZip(db: Kysely<DB>, ownerId: number, campaigns: readonly { id: number; name: string }[]): Readable {
  const used = new Set<string>();
  async function* entries() {
    for (const campaign of campaigns) {
      yield { name: csvFileName(campaign, used), content: Readable.from(campaignCsv(db, ownerId, campaign.id)) };
    }
  }
  return zipStream(entries());
}
