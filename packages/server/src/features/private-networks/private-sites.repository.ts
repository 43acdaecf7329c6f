import type { Kysely, Selectable } from 'kysely';
import type { PrivateSitesTable } from './private-networks.tables';
import { DEFAULT_PRIVATE_MODULE, type PrivateModule, type PrivateSiteFields, privateSitePlatform } from '@linkloom/shared';
import type { DB } from '../../platform/db/schema';
import { secretBoxOf } from '../../platform/crypto/database-secrets';

const SITE_COLUMNS = ['id', 'private_network_id', 'module', 'platform', 'site_url', 'email', 'username', 'password'] as const;

/** A site as the screens need it: the table's row, these columns. */
export type PrivateSiteRow = Pick<Selectable<PrivateSitesTable>, (typeof SITE_COLUMNS)[number]>;

/** Columns of a site without its login: site lists and project site grids (nothing to open). */
const ENTRY_COLUMNS = ['id', 'private_network_id', 'module', 'platform', 'site_url', 'email', 'status'] as const;

/** A site without its credentials. */
export type PrivateSiteEntryRow = Pick<Selectable<PrivateSitesTable>, (typeof ENTRY_COLUMNS)[number]>;

/** Sites as stored → sites as callers use them: the password opened (it is stored sealed, platform/crypto). */
function withOpenPasswords(db: Kysely<DB>, rows: PrivateSiteRow[]): PrivateSiteRow[] {
  const box = secretBoxOf(db);
  return rows.map((row) => ({ ...row, password: box.open(row.password) }));
}

/** The sites of one network (already checked to be the user's), grouped-display order. */
export async function listNetworkSites(db: Kysely<DB>, ownerId: number, networkId: number): Promise<PrivateSiteRow[]> {
  const rows = await db
    .selectFrom('private_sites')
    .select(SITE_COLUMNS)
    .where('owner_id', '=', ownerId)
    .where('private_network_id', '=', networkId)
    .orderBy('module').orderBy('platform').orderBy('site_url').orderBy('email')
    .execute();
  return withOpenPasswords(db, rows);
}

/** A page of a network's sites after an id (keyset paging for streamed exports). */
export function networkSitesAfter(db: Kysely<DB>, ownerId: number, networkId: number) {
  return async (afterId: number, limit: number): Promise<PrivateSiteRow[]> => withOpenPasswords(db, await db
    .selectFrom('private_sites')
    .select(SITE_COLUMNS)
    .where('owner_id', '=', ownerId)
    .where('private_network_id', '=', networkId)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute());
}

/** A page of a network's sites after an id without their credentials (a project's site grid of up to 20,000 sites). */
export function networkSiteEntriesAfter(db: Kysely<DB>, ownerId: number, networkId: number) {
  return (afterId: number, limit: number): Promise<PrivateSiteEntryRow[]> => db
    .selectFrom('private_sites')
    .select(ENTRY_COLUMNS)
    .where('owner_id', '=', ownerId)
    .where('private_network_id', '=', networkId)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** A page of all the user's sites after an id (the site lists, which carry no credentials), optionally of one module. */
export function userSitesAfter(db: Kysely<DB>, ownerId: number, module: string | undefined) {
  return (afterId: number, limit: number): Promise<PrivateSiteEntryRow[]> => {
    let query = db.selectFrom('private_sites').select(ENTRY_COLUMNS).where('owner_id', '=', ownerId).where('id', '>', afterId);
    if (module) query = query.where('module', '=', module);
    return query.orderBy('id').limit(limit).execute();
  };
}

export interface UpsertOptions {
  ownerId: number;
  networkId: number;
  selfHosted: boolean;
  module: PrivateModule | undefined;
}

// 10 bound values per row; SQLite allows 32,766 per statement, PostgreSQL 65,535.
const ROWS_PER_STATEMENT = 500;

/**
 * Adds or updates sites by their identity (network + site URL + email): a re-import updates the
 * username and password and never duplicates. The platform detected so far is kept unless the
 * import says the site is a self-hosted blog (then WordPress); the module changes only when given.
 * Passwords are stored sealed (platform/crypto). Call inside a transaction so an import is all
 * written or not at all.
 */
export async function upsertSites(db: Kysely<DB>, sites: readonly PrivateSiteFields[], options: UpsertOptions): Promise<void> {
  const now = Date.now();
  const box = secretBoxOf(db);
  for (let start = 0; start < sites.length; start += ROWS_PER_STATEMENT) {
    const values = sites.slice(start, start + ROWS_PER_STATEMENT).map((site) => ({
      owner_id: options.ownerId,
      private_network_id: options.networkId,
      module: options.module ?? DEFAULT_PRIVATE_MODULE,
      platform: privateSitePlatform(options.selfHosted),
      site_url: site.siteUrl,
      email: site.email,
      username: site.username,
      password: box.seal(site.password),
      self_hosted: options.selfHosted ? 1 : 0,
      created_at: now,
    }));
    await db
      .insertInto('private_sites')
      .values(values)
      .onConflict((oc) => oc.columns(['private_network_id', 'site_url', 'email']).doUpdateSet((eb) => ({
        username: eb.ref('excluded.username'),
        password: eb.ref('excluded.password'),
        ...(options.selfHosted ? { platform: eb.ref('excluded.platform'), self_hosted: eb.ref('excluded.self_hosted') } : {}),
        ...(options.module ? { module: eb.ref('excluded.module') } : {}),
      })))
      .execute();
  }
}

/**
 * Deletes the listed sites of one network of the user. A key must match the row's id, email and
 * module, so a stale screen cannot delete a site it did not show. Returns how many went.
 */
export async function deleteSites(
  db: Kysely<DB>, ownerId: number, networkId: number, keys: readonly { group: string; siteId: number; email: string }[],
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom('private_sites')
      .select(['id', 'module', 'email'])
      .where('owner_id', '=', ownerId)
      .where('private_network_id', '=', networkId)
      .where('id', 'in', [...new Set(keys.map((k) => k.siteId))])
      .execute();
    const wanted = new Set(keys.map((k) => `${k.siteId}\u0000${k.group}\u0000${k.email}`));
    const ids = rows.filter((r) => wanted.has(`${r.id}\u0000${r.module}\u0000${r.email}`)).map((r) => r.id);
    if (ids.length === 0) return 0;
    await trx.deleteFrom('private_sites').where('owner_id', '=', ownerId).where('id', 'in', ids).execute();
    return ids.length;
  });
}
