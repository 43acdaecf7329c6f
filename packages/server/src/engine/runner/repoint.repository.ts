/**
 * What re-pointing reads and writes (issue 36 item 3; repoint-post.job.ts): a post's links to dead
 * upper-tier pages, the live page of the same link set that replaces each, and the move recorded.
 */
import { sql, type Kysely } from 'kysely';
import { registrableDomain } from '@linkloom/shared';
import type { DB } from '../../platform/db/schema';

type Db = Kysely<DB>;

/** A link the engine placed in a post that points to a dead page (or whose move was begun). */
export interface LinkToRepoint {
  id: number;
  url: string;
  linkSetId: number;
  /** The live page chosen before the site was asked (a move begun); null when none was chosen yet. */
  repointTo: string | null;
}

/**
 * The post's placed links whose target is a page tier health found dead (a published post of the
 * link set the link was drawn from, dead_since set), and those whose move was begun before.
 */
export async function linksToRepoint(db: Db, ownerId: number, postId: number): Promise<LinkToRepoint[]> {
  const { rows } = await sql<{ id: number | string; url: string; link_set_id: number | string; repoint_to: string | null }>`
    select l.id, l.url, l.link_set_id, l.repoint_to
    from engine_post_links l
    where l.owner_id = ${ownerId} and l.post_id = ${postId} and l.link_set_id is not null
      and (l.repoint_to is not null or exists (
        select 1 from url_items t
        where t.url_list_id = l.link_set_id and t.url = l.url and t.owner_id = l.owner_id and t.dead_since is not null and t.post_id is not null))
    order by l.id`.execute(db);
  return rows.map((row) => ({ id: Number(row.id), url: row.url, linkSetId: Number(row.link_set_id), repointTo: row.repoint_to }));
}

/** How many live pages each candidate considers at most, least linked first. */
const CANDIDATES = 50;

/**
 * The page that replaces a dead one: a live link of the same link set (not dead, not the dead
 * address, none the post links already, not on the post's own domain), the one the engine's posts
 * link least (links spread over the tier as a run spreads them), then the oldest.
 */
export async function chooseReplacement(
  db: Db, ownerId: number, linkSetId: number, postUrl: string, linkedAlready: readonly string[],
): Promise<string | null> {
  const { rows } = await sql<{ url: string }>`
    select i.url
    from url_items i
    where i.owner_id = ${ownerId} and i.url_list_id = ${linkSetId} and i.dead_since is null
    order by (select count(*) from engine_post_links p where p.owner_id = i.owner_id and p.link_set_id = i.url_list_id and p.url = i.url), i.id
    limit ${CANDIDATES}`.execute(db);
  const ownDomain = registrableDomain(postUrl);
  const skip = new Set(linkedAlready);
  // As a run plans its links: never a page on the post's own domain.
  return rows.find((row) => !skip.has(row.url) && registrableDomain(row.url) !== null && registrableDomain(row.url) !== ownDomain)?.url ?? null;
}

/** Commits the page chosen for a link before the site is asked; false when another run chose first. */
export async function beginRepoint(db: Db, ownerId: number, linkId: number, to: string): Promise<boolean> {
  const began = await db.updateTable('engine_post_links').set({ repoint_to: to })
    .where('id', '=', linkId).where('owner_id', '=', ownerId).where('repoint_to', 'is', null).executeTakeFirst();
  return Number(began.numUpdatedRows) === 1;
}

/** The move done: the link now names the new page, and remembers the dead one. */
export async function recordRepoint(db: Db, ownerId: number, moves: ReadonlyArray<{ linkId: number; from: string; to: string }>, now: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const move of moves) {
      await trx.updateTable('engine_post_links').set({ url: move.to, repoint_to: null, repointed_from: move.from, repointed_at: now })
        .where('id', '=', move.linkId).where('owner_id', '=', ownerId).where('repoint_to', '=', move.to).execute();
    }
  });
}

/** The move given up (the site refused the edit for good): the link keeps its dead address, a later try chooses again. */
export async function abandonRepoint(db: Db, ownerId: number, linkIds: readonly number[]): Promise<void> {
  if (linkIds.length === 0) return;
  await db.updateTable('engine_post_links').set({ repoint_to: null }).where('id', 'in', [...linkIds]).where('owner_id', '=', ownerId).execute();
}
