import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { AccountFields, AccountKey, AccountSortField } from '@linkloom/shared';
import type { DialectName } from '../../platform/db/dialect';
import type { DB } from '../../platform/db/schema';
import { NotFoundError } from '../../platform/http/errors';
import { secretBoxOf } from '../../platform/crypto/database-secrets';
import { rememberAccountsBefore, rememberAccountsCreated } from '../../platform/imports/account-import-undo';
import { anchorsPerDatabase, type PageStart } from '../../platform/db/page-anchors';
import { seekAfterCursor } from '../../platform/db/keyset-seek';

export interface AccountRow {
  id: number;
  profile_id: number;
  site_name: string;
  email: string;
  username: string;
  password: string;
  /** When Verify mail confirmed the account (migration 0030); null: not verified. */
  verified_at: number | null;
}

export interface ProfileWithCampaignRow {
  id: number;
  name: string;
  group_name: string;
  campaign_id: number;
  campaign_name: string;
}

export interface AccountFilters {
  site?: string | undefined;
  email?: string | undefined;
  username?: string | undefined;
}

export interface AccountPageRequest {
  page: number;
  pageSize: number;
  sortField: AccountSortField;
  sortOrder: 'asc' | 'desc';
  filters: AccountFilters;
}

const ACCOUNT_COLUMNS = ['id', 'profile_id', 'site_name', 'email', 'username', 'password', 'verified_at'] as const;

/** Rows as stored → rows as callers use them: the password opened (it is stored sealed, platform/crypto). */
function withOpenPasswords(db: Kysely<DB>, rows: AccountRow[]): AccountRow[] {
  const box = secretBoxOf(db);
  return rows.map((row) => ({ ...row, password: box.open(row.password) }));
}

/** Each order ends on a unique key, so a page boundary is stable; each has its index (migration 0003). */
type SortColumn = 'site_name' | 'email' | 'username' | 'id';
const SORT_COLUMNS: Record<AccountSortField, readonly [SortColumn, SortColumn]> = {
  site: ['site_name', 'email'],
  email: ['email', 'site_name'],
  username: ['username', 'id'],
};

const FILTER_COLUMNS = { site: 'site_name', email: 'email', username: 'username' } as const;

/** `%text%` with LIKE's own wildcards escaped, so a filter for `50%` finds exactly that. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Case-insensitive substring filters; PostgreSQL's LIKE is case-sensitive, SQLite's is not (ASCII). */
function filterConditions(filters: AccountFilters, dialect: DialectName): Expression<SqlBool>[] {
  const operator = sql.raw(dialect === 'postgres' ? 'ilike' : 'like');
  return (Object.keys(FILTER_COLUMNS) as (keyof AccountFilters)[])
    .filter((key) => filters[key] !== undefined && filters[key] !== '')
    .map((key) => sql<SqlBool>`${sql.ref(`accounts.${FILTER_COLUMNS[key]}`)} ${operator} ${containsPattern(filters[key]!)} escape '\\'`);
}

/** The user's profile with its campaign's name; 404 for another user's or a missing profile. */
export async function findProfileWithCampaign(db: Kysely<DB>, profileId: number, ownerId: number): Promise<ProfileWithCampaignRow> {
  const row = await db
    .selectFrom('profiles')
    .innerJoin('campaigns', 'campaigns.id', 'profiles.campaign_id')
    .select(['profiles.id', 'profiles.name', 'profiles.group_name', 'profiles.campaign_id', 'campaigns.name as campaign_name'])
    .where('profiles.id', '=', profileId)
    .where('profiles.owner_id', '=', ownerId)
    .executeTakeFirst();
  if (!row) throw new NotFoundError();
  return row;
}

/** Number of accounts in a profile (the profile's count), kept by triggers on accounts (migration 0045). */
export async function countProfileAccounts(db: Kysely<DB>, profileId: number): Promise<number> {
  const row = await db.selectFrom('profiles').select('account_count').where('id', '=', profileId).executeTakeFirst();
  return Number(row?.account_count ?? 0);
}

/** Accounts between two page anchors, and the unfiltered listings whose anchors each process keeps (per database). */
const ANCHORS = { every: 1000, kept: 16 } as const;
/** The page anchors of a database (one per process). */
export const accountPageAnchors = anchorsPerDatabase<AccountListCursor>(ANCHORS);

/** The key of a profile's unfiltered listing in one order among the page anchors. */
export function accountListingKey(profileId: number, request: Pick<AccountPageRequest, 'sortField' | 'sortOrder'>): string {
  return `${profileId}:${request.sortField}:${request.sortOrder}`;
}

function isFiltered(filters: AccountFilters): boolean {
  return Object.values(filters).some((value) => value !== undefined && value !== '');
}

/**
 * Where an unfiltered page starts: after the anchor nearest before it, kept per profile and order
 * while the profile's order stamp (migration 0045) stays. Filtered listings skip from their first match.
 */
async function accountPageStart(db: Kysely<DB>, dialect: DialectName, profileId: number, request: AccountPageRequest, offset: number): Promise<PageStart<AccountListCursor>> {
  if (isFiltered(request.filters) || offset < ANCHORS.every) return { after: null, skip: offset };
  const profile = await db.selectFrom('profiles').select('order_stamp').where('id', '=', profileId).executeTakeFirst();
  if (!profile) return { after: null, skip: offset };
  const hop = async (after: AccountListCursor | null): Promise<AccountListCursor | undefined> => (await sortedAccountKeys(db, dialect, profileId, request, after, 1, ANCHORS.every - 1))[0]?.cursor;
  return accountPageAnchors(db).start(accountListingKey(profileId, request), String(profile.order_stamp), offset, hop);
}

/**
 * Ids (and order keys) of `limit` accounts of a sorted, filtered listing after `cursor` (from its
 * first without one), `offset` skipped: read from the order's index alone. After a cursor: the
 * accounts sharing its first column, then the later values, as two index ranges (seekAfterCursor).
 */
async function sortedAccountKeys(
  db: Kysely<DB>, dialect: DialectName, profileId: number, request: AccountListingRequest, cursor: AccountListCursor | null, limit: number, offset = 0,
): Promise<{ id: number; cursor: AccountListCursor }[]> {
  const [first, second] = SORT_COLUMNS[request.sortField];
  const order = request.sortOrder;
  const listing = () => db.selectFrom('accounts').select(['accounts.id', `accounts.${first} as first_key`, `accounts.${second} as second_key`])
    .where('accounts.profile_id', '=', profileId).where((eb) => eb.and(filterConditions(request.filters, dialect)));
  const run = async (builder: ReturnType<typeof listing>, rows: number, skip: number) =>
    (await builder.limit(rows).offset(skip).execute()).map((row) => ({ id: row.id, cursor: [row.first_key, row.second_key] as const }));
  const sorted = (builder: ReturnType<typeof listing>) => builder.orderBy(`accounts.${first}`, order).orderBy(`accounts.${second}`, order);
  if (cursor === null) return run(sorted(listing()), limit, offset);
  const after = order === 'asc' ? '>' : '<';
  const sameKey = () => listing().where(`accounts.${first}`, '=', cursor[0]).where(`accounts.${second}`, after, cursor[1]);
  return seekAfterCursor({
    countSameKey: async (upTo) => Number((await db.selectFrom(sameKey().limit(upTo).as('same_key'))
      .select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()).n),
    sameKey: (rows, skip) => run(sameKey().orderBy(`accounts.${second}`, order), rows, skip),
    laterKeys: (rows, skip) => run(sorted(listing().where(`accounts.${first}`, after, cursor[0])), rows, skip),
  }, limit, offset);
}

/** The accounts of these ids, in their order, passwords in clear. */
async function accountsInOrder(db: Kysely<DB>, ids: readonly number[]): Promise<AccountRow[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('accounts').select(ACCOUNT_COLUMNS).where('id', 'in', ids).execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return withOpenPasswords(db, ids.map((id) => byId.get(id)).filter((row): row is AccountRow => row !== undefined));
}

/**
 * One page of a profile's accounts and the filtered total. Offset paging: the grid jumps to any
 * page number. An unfiltered page starts after the page anchor nearest before it (accountPageStart)
 * and its total is the profile's kept count; a filtered one skips from its first match and counts
 * its matches. The page's ids are picked from the sort's index alone, then only those rows are read.
 */
export async function listAccountPage(db: Kysely<DB>, dialect: DialectName, profileId: number, request: AccountPageRequest): Promise<{ rows: AccountRow[]; total: number }> {
  const filtered = isFiltered(request.filters);
  const start = await accountPageStart(db, dialect, profileId, request, (request.page - 1) * request.pageSize);
  const [page, total] = await Promise.all([
    sortedAccountKeys(db, dialect, profileId, request, start.after, request.pageSize, start.skip),
    filtered
      ? db.selectFrom('accounts').where('accounts.profile_id', '=', profileId).where((eb) => eb.and(filterConditions(request.filters, dialect)))
        .select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow().then((row) => Number(row.n))
      : countProfileAccounts(db, profileId),
  ]);
  return { rows: await accountsInOrder(db, page.map((row) => row.id)), total };
}

/** Where a sorted listing of accounts stopped: the last row's values of its order's two columns. */
export type AccountListCursor = readonly [string | number, string | number];

export type AccountListingRequest = Pick<AccountPageRequest, 'sortField' | 'sortOrder' | 'filters'>;

/**
 * The next `limit` accounts of a sorted, filtered listing after `cursor` (keyset on the order's two
 * columns, the last of which makes the order unique, so batch 500 costs what batch 1 costs and
 * walks the order's index from the cursor), with the cursor to go on from. Passwords in clear.
 */
export async function listedAccountsAfter(
  db: Kysely<DB>, dialect: DialectName, profileId: number, request: AccountListingRequest, cursor: AccountListCursor | null, limit: number,
): Promise<{ rows: AccountRow[]; read: number; last: AccountListCursor | null }> {
  const keys = await sortedAccountKeys(db, dialect, profileId, request, cursor, limit);
  // `read`: the accounts the batch found in the order (one deleted meanwhile is not in `rows`, and ends nothing).
  return { rows: await accountsInOrder(db, keys.map((row) => row.id)), read: keys.length, last: keys[keys.length - 1]?.cursor ?? null };
}

/** A batch of a profile's accounts after an id (keyset walk for exports), passwords in clear. */
export async function accountsAfter(db: Kysely<DB>, profileId: number, afterId: number, limit: number): Promise<AccountRow[]> {
  const rows = await db.selectFrom('accounts').select(ACCOUNT_COLUMNS)
    .where('profile_id', '=', profileId).where('id', '>', afterId)
    .orderBy('id').limit(limit).execute();
  return withOpenPasswords(db, rows);
}

/** The accounts of a profile that already exist among the given identities. */
export async function existingKeys(db: Kysely<DB>, profileId: number, keys: readonly Pick<AccountFields, 'siteName' | 'email'>[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db.selectFrom('accounts').select(['site_name', 'email'])
    .where('profile_id', '=', profileId)
    .where((eb) => eb.or(keys.map((key) => eb.and([eb('site_name', '=', key.siteName), eb('email', '=', key.email)]))))
    .execute();
  return new Set(rows.map((row) => identityKey(row.site_name, row.email)));
}

/** One string per account identity (site + email) for maps and sets. */
export function identityKey(siteName: string, email: string): string {
  return `${siteName}\u0000${email}`;
}

/**
 * Inserts accounts, updating username and password of those whose identity already exists
 * (ON CONFLICT on the identity constraint: both dialects). Identities must be distinct. Passwords
 * are stored sealed (platform/crypto); the identity (site, email) stays plain for lookups.
 */
export async function upsertAccounts(db: Kysely<DB>, ownerId: number, profileId: number, accounts: readonly AccountFields[]): Promise<number[]> {
  if (accounts.length === 0) return [];
  const now = Date.now();
  const box = secretBoxOf(db);
  const rows = await db.insertInto('accounts')
    .values(accounts.map((a) => ({ owner_id: ownerId, profile_id: profileId, site_name: a.siteName, email: a.email, username: a.username, password: box.seal(a.password), created_at: now })))
    .onConflict((oc) => oc.columns(['profile_id', 'site_name', 'email']).doUpdateSet((eb) => ({
      username: eb.ref('excluded.username'),
      password: eb.ref('excluded.password'),
    })))
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/**
 * One chunk of an account import, inside the chunk's transaction: notes for the import's undo what
 * the accounts it updates were and which ones it creates (platform/imports/account-import-undo.ts),
 * then upserts them. Answers how many of them existed already.
 */
export async function upsertImportChunk(trx: Kysely<DB>, ownerId: number, profileId: number, importId: number, accounts: readonly AccountFields[]): Promise<number> {
  if (accounts.length === 0) return 0;
  const before = await trx.selectFrom('accounts').select(['id', 'username', 'password'])
    .where('profile_id', '=', profileId)
    .where((eb) => eb.or(accounts.map((key) => eb.and([eb('site_name', '=', key.siteName), eb('email', '=', key.email)]))))
    .execute();
  await rememberAccountsBefore(trx, importId, before);
  const touched = await upsertAccounts(trx, ownerId, profileId, accounts);
  const existed = new Set(before.map((row) => row.id));
  await rememberAccountsCreated(trx, importId, touched.filter((id) => !existed.has(id)));
  return before.length;
}

/** Deletes accounts of a profile by identity; the number deleted. */
export async function deleteAccounts(db: Kysely<DB>, profileId: number, keys: readonly AccountKey[]): Promise<number> {
  let deleted = 0;
  // A few hundred identities per statement keeps within both dialects' parameter limits.
  for (let start = 0; start < keys.length; start += 400) {
    const chunk = keys.slice(start, start + 400);
    const result = await db.deleteFrom('accounts')
      .where('profile_id', '=', profileId)
      .where((eb) => eb.or(chunk.map((key) => eb.and([eb('site_name', '=', key.siteName), eb('email', '=', key.email)]))))
      .executeTakeFirst();
    deleted += Number(result.numDeletedRows);
  }
  return deleted;
}
