import { sql, type Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema';

/**
 * The knock-on of a dead page (issue 36 item 3): lower-tier posts, alive themselves, that link to
 * an upper-tier post tier health found dead — "points to a dead page". Counted per the link set the
 * linking post was published into (its project's output set). Read from the dead targets outwards
 * (few), through the links the engine placed (engine_post_links by the input set the link came from
 * and its URL, engine_post_links_quota_idx) to the posts' own output links (url_items_post_idx).
 * `targetSetIds`: the link sets whose dead links count (a campaign's); `postSetIds`, when given, the
 * only output sets counted (a project's report).
 */
export async function readAtRiskPosts(
  db: Kysely<DB>, ownerId: number, targetSetIds: readonly number[], postSetIds?: readonly number[],
): Promise<Map<number, number>> {
  if (targetSetIds.length === 0 || postSetIds?.length === 0) return new Map();
  const scoped = postSetIds ? sql`and o.url_list_id in (${sql.join(postSetIds)})` : sql``;
  const { rows } = await sql<{ url_list_id: number | string; n: number | string }>`
    select o.url_list_id, count(distinct o.id) as n
    from url_items t
    join engine_post_links l on l.link_set_id = t.url_list_id and l.url = t.url and l.owner_id = t.owner_id
    join url_items o on o.post_id = l.post_id and o.owner_id = t.owner_id
    where t.owner_id = ${ownerId} and t.url_list_id in (${sql.join(targetSetIds)}) and t.dead_since is not null and t.post_id is not null
      and o.dead_since is null ${scoped}
    group by o.url_list_id`.execute(db);
  return new Map(rows.map((row) => [Number(row.url_list_id), Number(row.n)]));
}

/** Of these links (the user's), the published posts that link to a dead upper-tier page (a page of a link set's listing). */
export async function readLinksToDeadPages(db: Kysely<DB>, ownerId: number, urlItemIds: readonly number[]): Promise<Set<number>> {
  if (urlItemIds.length === 0) return new Set();
  const { rows } = await sql<{ id: number | string }>`
    select distinct o.id
    from url_items o
    join engine_post_links l on l.post_id = o.post_id and l.owner_id = o.owner_id
    join url_items t on t.url_list_id = l.link_set_id and t.url = l.url and t.owner_id = o.owner_id
    where o.owner_id = ${ownerId} and o.id in (${sql.join(urlItemIds)}) and o.post_id is not null
      and t.dead_since is not null and t.post_id is not null`.execute(db);
  return new Set(rows.map((row) => Number(row.id)));
}
