import type { Kysely } from 'kysely';
import type { SourceLink } from '@linkloom/shared';
import type { DB } from '../../platform/db/schema';

/**
 * The links at these positions (0-based) among a set's live links (dead_since null) in id order:
 * what the build of a post from a set too large to load whole asked for (compose-post.ts). Positions
 * past the end are left out.
 *
 * One walk of the set's live-link index (url_items_live_idx, migration 0046) in position order:
 * each position is a skip from the link found before it, so a post reading several links of a
 * million goes through the index once, up to its furthest position, instead of once from the start
 * per link; and the skipped links are index entries, never table rows. Each step is a query of its
 * own, so other users' queries pass between them.
 */
export async function linksAtPositions(db: Kysely<DB>, linkSetId: number, positions: Iterable<number>): Promise<Map<number, SourceLink>> {
  const found = new Map<number, SourceLink>();
  let after: { id: number; position: number } | null = null;
  for (const position of [...new Set(positions)].sort((a, b) => a - b)) {
    let query = db.selectFrom('url_items').select(['id', 'url', 'anchor']).where('url_list_id', '=', linkSetId).where('dead_since', 'is', null);
    if (after) query = query.where('id', '>', after.id);
    const row = await query.orderBy('id', 'asc').limit(1).offset(position - (after ? after.position + 1 : 0)).executeTakeFirst();
    // Past the end: so is every later position.
    if (!row) break;
    found.set(position, { url: row.url, anchor: row.anchor });
    after = { id: row.id, position };
  }
  return found;
}
