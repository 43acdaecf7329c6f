import { sql, type Kysely, type Selectable } from 'kysely';
import { VERIFIED_LINK_CHECK_STATUSES, type LinkSetKeywords, type UrlItemListQuery } from '@linkloom/shared';
import type { DialectName } from '../../platform/db/dialect';
import type { DB } from '../../platform/db/schema';
import type { UrlItemsTable, UrlListsTable } from '../link-sets/link-sets.tables';
import { secretBoxOf } from '../../platform/crypto/database-secrets';

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
    if (text) builder = builder.where(sql<boolean>`${sql.ref(column)} ${like} ${containsPattern(text)} escape '\\'`);
  }
  return builder;
}

/** Number of links of a link set (all of them, or those matching the filters). */
export async function countLinks(db: Kysely<DB>, dialect: DialectName, urlListId: number, query: Pick<UrlItemListQuery, 'url' | 'anchor'> = {}): Promise<number> {
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

/**
 * One page of links. The page's ids are found first on the covering index (a deferred join: deep
 * pages skip index entries, not rows), then only those rows are read. With a filter the matches are
 * counted by the same scan (count(*) over ()): a substring filter reads every link once, not twice.
 */
export async function listLinkPage(db: Kysely<DB>, dialect: DialectName, urlListId: number, query: UrlItemListQuery): Promise<LinkPage> {
  const filtered = Boolean(query.url || query.anchor);
  const found = await filteredLinks(db, dialect, urlListId, query)
    .select('id')
    .$if(filtered, (qb) => qb.select(sql<number | string>`count(*) over ()`.as('total')))
    .orderBy(SORT_EXPRESSIONS[query.sort], query.order)
    .$if(query.sort !== 'id', (qb) => qb.orderBy('id', query.order))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
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

/**
 * The next `limit` links of a sorted, filtered listing after `cursor` (keyset on sort key then id,
 * so batch 500 of a million links costs what batch 1 costs), each with its sort key for the next
 * cursor. The sort key is the same expression a page sorts by, read back from the database.
 */
export async function sortedLinksAfter(
  db: Kysely<DB>, dialect: DialectName, urlListId: number, query: Pick<UrlItemListQuery, 'url' | 'anchor' | 'sort' | 'order'>,
  cursor: LinkListCursor | null, limit: number,
): Promise<{ rows: UrlItemRow[]; last: LinkListCursor | null }> {
  const key = SORT_EXPRESSIONS[query.sort];
  const after = query.order === 'asc' ? sql.raw('>') : sql.raw('<');
  const reached = query.order === 'asc' ? sql.raw('>=') : sql.raw('<=');
  const found = await filteredLinks(db, dialect, urlListId, query)
    .selectAll()
    .select(sql<string | number>`${key}`.as('sort_key'))
    // `key >= c and (key > c or id > c.id)`: the first term alone is what lets SQLite (with bound
    // values) start the index range at the cursor; without it every batch walks the set from its
    // first link, and a million links took 34 s instead of a few.
    .$if(cursor !== null, (qb) => qb.where(sql<boolean>`${key} ${reached} ${cursor?.key} and (${key} ${after} ${cursor?.key} or id ${after} ${cursor?.id})`))
    .orderBy(key, query.order)
    .orderBy('id', query.order)
    .limit(limit)
    .execute();
  const lastRow = found[found.length - 1];
  const rows = withOpenPasswords(db, found.map(({ sort_key: _key, ...row }) => row));
  return { rows, last: lastRow ? { key: lastRow.sort_key, id: lastRow.id } : null };
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
    })
    .where('id', '=', id).where('owner_id', '=', ownerId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
