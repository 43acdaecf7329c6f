import { sql, type Kysely, type Selectable, type SelectQueryBuilder } from 'kysely';
import { LINK_CHECK_STATUSES, VERIFIED_LINK_CHECK_STATUSES, type LinkSetKeywords, type UrlItemListQuery } from '@linkloom/shared';
import type { DialectName } from '../../platform/db/dialect';
import type { DB } from '../../platform/db/schema';
import type { UrlItemsTable, UrlListsTable } from '../link-sets/link-sets.tables';
import { secretBoxOf } from '../../platform/crypto/database-secrets';
import { anchorsPerDatabase, type PageStart } from '../../platform/db/page-anchors';
import { seekAfterCursor } from '../../platform/db/keyset-seek';

export type UrlItemRow = Selectable<UrlItemsTable>;
export type LinkSetKeywordRow = Selectable<UrlListsTable> & { campaign_name: string };

/**
 * Sort keys of the API → the expression sorted on. Each matches an index (url_list_id, expression,
 * id) of migration 0004 exactly, so paging walks the index; url and anchor sort on their first 600
 * characters (the indexed prefix), then on id.
 */
const SORT_EXPRESSIONS = {
  id: sql.ref('id'),
  url: sql`substr(url, 1, 600)`,
  anchor: sql`substr(anchor, 1, 600)`,
  dateAdded: sql.ref('date_added'),
} as const;

/** Links as stored → links as callers use them: a site password is stored sealed (platform/crypto). */
function withOpenPasswords(db: Kysely<DB>, rows: UrlItemRow[]): UrlItemRow[] {
  const box = secretBoxOf(db);
  return rows.map((row) => (row.password === null || row.password === '' ? row : { ...row, password: box.open(row.password) }));
}

/** The user's link set with its campaign's name, or undefined when it is not theirs. */
export async function findLinkSetWithCampaign(db: Kysely<DB>, ownerId: number, id: number): Promise<LinkSetKeywordRow | undefined> {
  return db.selectFrom('url_lists')
    .innerJoin('campaigns', 'campaigns.id', 'url_lists.campaign_id')
    .selectAll('url_lists')
    .select('campaigns.name as campaign_name')
    .where('url_lists.id', '=', id)
    .where('url_lists.owner_id', '=', ownerId)
    .executeTakeFirst();
}

/** `%text%` for LIKE, with the wildcards of the user's text taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * Links of one link set matching the list filters (case-insensitive substrings). The owner was
 * checked on the link set; the query stays on (url_list_id, …) indexes only, so it never needs
 * the table rows to skip pages.
 */
function filteredLinks(db: Kysely<DB>, dialect: DialectName, urlListId: number, query: Pick<UrlItemListQuery, 'url' | 'anchor'>) {
  const like = dialect === 'postgres' ? sql.raw('ilike') : sql.raw('like');
  let builder = db.selectFrom('url_items').where('url_list_id', '=', urlListId);
  for (const column of ['url', 'anchor'] as const) {
    const text = query[column];
    if (!text) continue;
    // SQLite: the trigram index (migration 0018) finds the candidates; LIKE keeps today's meaning
    // on them (ASCII-only case folding, the user's % and _ literal). The index's own LIKE takes % and _
    // as wildcards, so it finds a superset. PostgreSQL's planner uses its pg_trgm index for ILIKE itself.
    if (dialect === 'sqlite' && indexable(text)) builder = builder.where('id', 'in', sql<number>`(select rowid from url_items_search where ${sql.raw(`url_items_search.${column}`)} like ${`%${text}%`})`);
    builder = builder.where(sql<boolean>`${sql.ref(column)} ${like} ${containsPattern(text)} escape '\\'`);
  }
  return builder;
}

/**
 * Whether the trigram index can find the text: it has three characters in a row other than LIKE's
 * wildcards. Shorter terms (one or two characters) have no trigram and are filtered by a scan of
 * the set, as before.
 */
function indexable(text: string): boolean {
  return /[^%_]{3}/u.test(text);
}

/** Number of links of a link set (all of them, or those matching the filters). */
export async function countLinks(db: Kysely<DB>, dialect: DialectName, urlListId: number, query: Pick<UrlItemListQuery, 'url' | 'anchor'> = {}): Promise<number> {
  if (!query.url && !query.anchor) {
    // Kept by triggers on url_items (migration 0018): reading it costs the same for a million links as for ten.
    const kept = await db.selectFrom('url_lists').select('link_count').where('id', '=', urlListId).executeTakeFirst();
    return Number(kept?.link_count ?? 0);
  }
  const row = await filteredLinks(db, dialect, urlListId, query).select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Number of links of a link set whose backlink check found them on their page (VERIFIED_LINK_CHECK_STATUSES). */
export async function countVerifiedLinks(db: Kysely<DB>, urlListId: number): Promise<number> {
  const row = await db.selectFrom('url_items').where('url_list_id', '=', urlListId).where('check_status', 'in', VERIFIED_LINK_CHECK_STATUSES)
    .select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** A link set's totals as its rows show them. */
export interface LinkTotals {
  count: number;
  verified: number;
}

export async function linkTotals(db: Kysely<DB>, dialect: DialectName, urlListId: number): Promise<LinkTotals> {
  const [count, verified] = await Promise.all([countLinks(db, dialect, urlListId), countVerifiedLinks(db, urlListId)]);
  return { count, verified };
}

export interface LinkPage {
  rows: UrlItemRow[];
  /** Links matching the filters: counted in the same scan when filtering, else undefined. */
  total: number | undefined;
}

/** Links between two page anchors, and the unfiltered listings whose anchors each process keeps (per database). */
const ANCHORS = { every: 1000, kept: 16 } as const;
/** The page anchors of a database (one per process). */
export const linkPageAnchors = anchorsPerDatabase<LinkListCursor>(ANCHORS);

/** The key of a link set's unfiltered listing in one order among the page anchors. */
export function linkListingKey(urlListId: number, query: Pick<UrlItemListQuery, 'sort' | 'order'>): string {
  return `${urlListId}:${query.sort}:${query.order}`;
}

/**
 * Where an unfiltered page starts: after the anchor nearest before it, kept per link set and order
 * while the set's order stamp (migration 0044) stays. Filtered listings skip from their first match.
 */
async function linkPageStart(db: Kysely<DB>, dialect: DialectName, urlListId: number, query: UrlItemListQuery, offset: number): Promise<PageStart<LinkListCursor>> {
  if (query.url || query.anchor || offset < ANCHORS.every) return { after: null, skip: offset };
  const set = await db.selectFrom('url_lists').select('order_stamp').where('id', '=', urlListId).executeTakeFirst();
  if (!set) return { after: null, skip: offset };
  const anchors = linkPageAnchors(db);
  const hop = async (after: LinkListCursor | null): Promise<LinkListCursor | undefined> => {
    const [row] = await sortedLinks(db, dialect, urlListId, query, (qb) => qb.select('id'), after, 1, ANCHORS.every - 1);
    return row ? { key: row.sort_key, id: row.id } : undefined;
  };
  return anchors.start(linkListingKey(urlListId, query), String(set.order_stamp), offset, hop);
}

/**
 * One page of links. The page's ids are found first on the covering index (a deferred join: deep
 * pages skip index entries, not rows), after the page anchor nearest before the page when there is
 * one (linkPageStart), then only those rows are read. With a filter the matches are counted by the
 * same scan (count(*) over ()): a substring filter reads every link once, not twice.
 */
export async function listLinkPage(db: Kysely<DB>, dialect: DialectName, urlListId: number, query: UrlItemListQuery): Promise<LinkPage> {
  const filtered = Boolean(query.url || query.anchor);
  const start = await linkPageStart(db, dialect, urlListId, query, (query.page - 1) * query.pageSize);
  const found = start.after !== null
    ? await sortedLinks(db, dialect, urlListId, query, (qb) => qb.select('id'), start.after, query.pageSize, start.skip)
    : await filteredLinks(db, dialect, urlListId, query)
      .select('id')
      .$if(filtered, (qb) => qb.select(sql<number | string>`count(*) over ()`.as('total')))
      .orderBy(SORT_EXPRESSIONS[query.sort], query.order)
      .$if(query.sort !== 'id', (qb) => qb.orderBy('id', query.order))
      .limit(query.pageSize)
      .offset(start.skip)
      .execute();
  const ids = found.map((row) => row.id);
  const first = found[0] as { total?: number | string } | undefined;
  const total = filtered && first?.total !== undefined ? Number(first.total) : undefined;
  if (ids.length === 0) return { rows: [], total };
  const rows = withOpenPasswords(db, await db.selectFrom('url_items').selectAll().where('id', 'in', ids).execute());
  const byId = new Map(rows.map((row) => [row.id, row]));
  return { rows: ids.map((id) => byId.get(id)).filter((row): row is UrlItemRow => row !== undefined), total };
}

/** Links of a link set after `afterId`, in id order (keyset batches for exports). */
export async function linksAfter(db: Kysely<DB>, urlListId: number, afterId: number, limit: number): Promise<UrlItemRow[]> {
  const rows = await db.selectFrom('url_items').selectAll()
    .where('url_list_id', '=', urlListId).where('id', '>', afterId)
    .orderBy('id').limit(limit).execute();
  return withOpenPasswords(db, rows);
}

/** Where a sorted listing stopped: the last row's sort key and id. */
export interface LinkListCursor {
  key: string | number;
  id: number;
}

type LinkListing = ReturnType<typeof filteredLinks>;
type SortKey = { sort_key: string | number };

/**
 * `limit` rows of a sorted, filtered listing after `cursor` (from its first without one), `offset`
 * of them skipped: the columns `columns` selects, `sort_key` (the expression sorted on) and the
 * order's last column, id. After a cursor: the rows sharing its key, then the later keys, as two
 * index ranges (seekAfterCursor).
 */
async function sortedLinks<O extends { id: number }>(
  db: Kysely<DB>, dialect: DialectName, urlListId: number, query: Pick<UrlItemListQuery, 'url' | 'anchor' | 'sort' | 'order'>,
  columns: (listing: LinkListing) => SelectQueryBuilder<DB, 'url_items', O>, cursor: LinkListCursor | null, limit: number, offset = 0,
): Promise<(O & SortKey)[]> {
  const key = SORT_EXPRESSIONS[query.sort];
  const sorted = () => columns(filteredLinks(db, dialect, urlListId, query)).select(sql<string | number>`${key}`.as('sort_key'));
  const run = async (builder: ReturnType<typeof sorted>, rows: number, skip: number) => (await builder.limit(rows).offset(skip).execute()) as (O & SortKey)[];
  if (cursor === null) return run(sorted().orderBy(key, query.order).orderBy('id', query.order), limit, offset);
  const after = sql.raw(query.order === 'asc' ? '>' : '<');
  const sameKey = () => filteredLinks(db, dialect, urlListId, query).where(sql<boolean>`${key} = ${cursor.key}`).where(sql<boolean>`id ${after} ${cursor.id}`);
  return seekAfterCursor({
    // Ids are unique: sorted by id, no other row shares the cursor's key.
    countSameKey: query.sort === 'id' ? null : async (upTo) => Number((await db.selectFrom(sameKey().select('id').limit(upTo).as('same_key'))
      .select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()).n),
    sameKey: (rows, skip) => run(columns(sameKey()).select(sql<string | number>`${key}`.as('sort_key')).orderBy('id', query.order), rows, skip),
    laterKeys: (rows, skip) => run(sorted().where(sql<boolean>`${key} ${after} ${cursor.key}`).orderBy(key, query.order).orderBy('id', query.order), rows, skip),
  }, limit, offset);
}

/**
 * presentLink's object as JSON text, made by the database (json_object / json_build_object), with
 * the password last as stored: a sealed one is replaced by the caller with the opened value. A
 * check state the API does not know reads NONE, as in presentLink.
 */
function linkJsonExpression(dialect: DialectName) {
  const status = sql`case when check_status in (${sql.join(LINK_CHECK_STATUSES.map((value) => sql.lit(value)))}) then check_status else 'NONE' end`;
  const fields = sql.join([
    sql`'id', id`, sql`'url', url`, sql`'anchor', anchor`, sql`'linksOnPage', links_on_page`, sql`'urlListId', url_list_id`,
    sql`'site', site`, sql`'username', username`, sql`'pr', pr`, sql`'dateAdded', date_added`, sql`'checkStatus', ${status}`,
    sql`'checkInfo', check_info`, sql`'checkedAt', checked_at`, sql`'password', password`,
  ]);
  return dialect === 'postgres' ? sql<string>`json_build_object(${fields})::text` : sql<string>`json_object(${fields})`;
}

/** One listed link's JSON with its sealed password (the last member) replaced by the opened one. */
function openPassword(json: string, sealed: string, open: (sealed: string) => string): string {
  return `${json.slice(0, json.lastIndexOf('"password"'))}"password":${JSON.stringify(open(sealed))}}`;
}

/**
 * The next `limit` links of a sorted, filtered listing after `cursor`, each as the JSON text of
 * presentLink's object (keyset on sort key then id, so batch 500 of a million links costs what
 * batch 1 costs), with the cursor to go on from. The database writes the JSON: a million links
 * pass through here, and reading 14 columns into an object per row and stringifying it again took
 * most of the listing's time. The sort key is the expression a page sorts by, read back.
 */
export async function listedLinksAfter(
  db: Kysely<DB>, dialect: DialectName, urlListId: number, query: Pick<UrlItemListQuery, 'url' | 'anchor' | 'sort' | 'order'>,
  cursor: LinkListCursor | null, limit: number,
): Promise<{ json: string[]; last: LinkListCursor | null }> {
  const rows = await sortedLinks(db, dialect, urlListId, query, (qb) => qb.select(['id', 'password']).select(linkJsonExpression(dialect).as('json')), cursor, limit);
  const box = secretBoxOf(db);
  const open = (sealed: string) => box.open(sealed);
  const lastRow = rows[rows.length - 1];
  return {
    json: rows.map((row) => (row.password === null || row.password === '' ? row.json : openPassword(row.json, row.password, open))),
    last: lastRow ? { key: lastRow.sort_key, id: lastRow.id } : null,
  };
}

/** Saves one link of a link set; undefined when no such link is in that set of that user. */
export async function updateLink(
  db: Kysely<DB>, ownerId: number, urlListId: number, id: number,
  link: { url: string; anchor: string; linksOnPage?: number | null | undefined },
): Promise<UrlItemRow | undefined> {
  const row = await db.updateTable('url_items')
    .set({ url: link.url, anchor: link.anchor, ...(link.linksOnPage !== undefined ? { links_on_page: link.linksOnPage } : {}) })
    .where('id', '=', id).where('url_list_id', '=', urlListId).where('owner_id', '=', ownerId)
    .returningAll()
    .executeTakeFirst();
  return row && withOpenPasswords(db, [row])[0];
}

/** Deletes these links of the link set, all or nothing: null (nothing deleted) when one id is not in the set. */
export async function deleteLinks(db: Kysely<DB>, ownerId: number, urlListId: number, ids: readonly number[]): Promise<number[] | null> {
  const unique = [...new Set(ids)];
  return db.transaction().execute(async (trx) => {
    const found = await trx.selectFrom('url_items').select('id')
      .where('url_list_id', '=', urlListId).where('owner_id', '=', ownerId).where('id', 'in', unique)
      .execute();
    if (found.length !== unique.length) return null;
    await trx.deleteFrom('url_items').where('url_list_id', '=', urlListId).where('id', 'in', unique).execute();
    return unique;
  });
}

/** Stores the keyword settings of the user's link set; false when it is not theirs. */
export async function saveKeywords(db: Kysely<DB>, ownerId: number, id: number, keywords: LinkSetKeywords): Promise<boolean> {
  const result = await db.updateTable('url_lists')
    .set({
      use_keyword: keywords.useKeyword ? 1 : 0,
      primary_keyword: keywords.primaryKeyword,
      secondary_keyword: keywords.secondaryKeyword,
      branded_keyword: keywords.brandedKeyword,
      generic_keyword: keywords.genericKeyword,
      primary_percentage: keywords.primaryPercentage,
      secondary_percentage: keywords.secondaryPercentage,
      branded_percentage: keywords.brandedPercentage,
      generic_percentage: keywords.genericPercentage,
      naked_url_percentage: keywords.nakedUrlPercentage,
      link_anchor_percentage: keywords.linkAnchorPercentage,
    })
    .where('id', '=', id).where('owner_id', '=', ownerId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Same URL and anchor: the same link (a set may hold one URL under several anchors). */
export function linkKey(link: { url: string; anchor: string }): string {
  return `${link.url}\n${link.anchor}`;
}

/** The keys of those `links` whose URL and anchor are already in the set. */
export async function linkKeysInSet(db: Kysely<DB>, urlListId: number, links: readonly { url: string }[]): Promise<Set<string>> {
  const urls = [...new Set(links.map((link) => link.url))];
  if (urls.length === 0) return new Set();
  // substr(url, 1, 600) is the expression of the set's URL index, so this does not walk the set.
  const rows = await db.selectFrom('url_items').select(['url', 'anchor'])
    .where('url_list_id', '=', urlListId)
    .where(sql<string>`substr(url, 1, 600)`, 'in', urls.map((url) => sql<string>`substr(${url}, 1, 600)`))
    .execute();
  const asked = new Set(urls);
  return new Set(rows.filter((row) => asked.has(row.url)).map((row) => linkKey(row)));
}

