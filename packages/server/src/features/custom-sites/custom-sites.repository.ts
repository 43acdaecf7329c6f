import type { Kysely, Selectable } from 'kysely';
import type { CustomSiteFields, SiteVerifierStatus } from '@linkloom/shared';
import type { DB } from '../../platform/db/schema';
import type { CustomSitesTable, SiteVerifierStateTable } from './custom-sites.tables';
import { secretBoxOf } from '../../platform/crypto/database-secrets';

/** Columns every screen and list shows (no password). */
export const CUSTOM_SITE_COLUMNS = [
  'id', 'module', 'url', 'host', 'login', 'da', 'premium', 'platform', 'status', 'reason',
  'can_register', 'credentials_ok', 'checked_at', 'password_sealed', 'dofollow_found',
] as const;

/** A custom site as stored (password still sealed). */
export type CustomSiteRecord = Pick<Selectable<CustomSitesTable>, (typeof CUSTOM_SITE_COLUMNS)[number]>;

/** A custom site with its password opened (exports, the verifier, the engine). */
export type CustomSiteWithSecret = Omit<CustomSiteRecord, 'password_sealed'> & { password: string | null };

/** Opens the sealed passwords of rows (the box of the database they came from). */
export function openPasswords(db: Kysely<DB>, rows: readonly CustomSiteRecord[]): CustomSiteWithSecret[] {
  const box = secretBoxOf(db);
  return rows.map(({ password_sealed: sealed, ...row }) => ({ ...row, password: sealed === null ? null : box.open(sealed) }));
}

/** Every custom site of the user, in module, platform, URL order (the screen groups them so). */
export function listCustomSites(db: Kysely<DB>, ownerId: number): Promise<CustomSiteRecord[]> {
  return db.selectFrom('custom_sites').select(CUSTOM_SITE_COLUMNS).where('owner_id', '=', ownerId)
    .orderBy('module').orderBy('platform').orderBy('url').orderBy('id').execute();
}

/** Sites of the user by id (only the user's; others' ids are simply absent). */
export function customSitesByIds(db: Kysely<DB>, ownerId: number, ids: readonly number[]): Promise<CustomSiteRecord[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('custom_sites').select(CUSTOM_SITE_COLUMNS).where('owner_id', '=', ownerId).where('id', 'in', [...ids]).orderBy('id').execute();
}

/** A page of the user's sites after an id (keyset paging: exports, site lists, the verifier's walk), optionally of one module. */
export function customSitesAfter(db: Kysely<DB>, ownerId: number, module?: string) {
  return (afterId: number, limit: number): Promise<CustomSiteRecord[]> => {
    let query = db.selectFrom('custom_sites').select(CUSTOM_SITE_COLUMNS).where('owner_id', '=', ownerId).where('id', '>', afterId);
    if (module) query = query.where('module', '=', module);
    return query.orderBy('id').limit(limit).execute();
  };
}

/** Columns of a site-list entry: no credentials, no verifier detail (the lists carry 20,000 sites). */
const ENTRY_COLUMNS = ['id', 'module', 'url', 'host', 'da', 'premium', 'platform', 'status', 'dofollow_found'] as const;
export type CustomSiteEntryRecord = Pick<Selectable<CustomSitesTable>, (typeof ENTRY_COLUMNS)[number]>;

/** A page of the user's sites after an id without credentials (the site lists), optionally of one module or of some. */
export function customSiteEntriesAfter(db: Kysely<DB>, ownerId: number, module?: string | readonly string[]) {
  return (afterId: number, limit: number): Promise<CustomSiteEntryRecord[]> => {
    let query = db.selectFrom('custom_sites').select(ENTRY_COLUMNS).where('owner_id', '=', ownerId).where('id', '>', afterId);
    if (typeof module === 'string' && module) query = query.where('module', '=', module);
    else if (Array.isArray(module)) query = query.where('module', 'in', module.length > 0 ? [...module] : ['']);
    return query.orderBy('id').limit(limit).execute();
  };
}

// 12 bound values per row; SQLite allows 32,766 per statement, PostgreSQL 65,535.
const ROWS_PER_STATEMENT = 500;

/**
 * Adds or updates sites by their identity (user + module + normalised URL): a re-import never
 * duplicates. A line's DA and login replace the stored ones; a line without them keeps what is
 * stored (a list of URLs and DAs does not wipe the logins); premium is what the line says. New
 * credentials mean the verifier's verdict no longer holds: the site goes back to NEW. Passwords are
 * stored sealed. Returns the ids written, in input order. Call inside a transaction so an import
 * is all written or not at all.
 */
export async function upsertCustomSites(db: Kysely<DB>, ownerId: number, sites: readonly CustomSiteFields[]): Promise<number[]> {
  const now = Date.now();
  const box = secretBoxOf(db);
  const ids: number[] = [];
  for (let start = 0; start < sites.length; start += ROWS_PER_STATEMENT) {
    const values = sites.slice(start, start + ROWS_PER_STATEMENT).map((site) => ({
      owner_id: ownerId,
      module: site.module,
      url: site.url,
      host: site.host,
      login: site.login,
      password_sealed: site.password === null ? null : box.seal(site.password),
      da: site.da,
      premium: site.premium ? 1 : 0,
      created_at: now,
    }));
    const rows = await db
      .insertInto('custom_sites')
      .values(values)
      .onConflict((oc) => oc.columns(['owner_id', 'module', 'url']).doUpdateSet((eb) => {
        const newLogin = eb('excluded.login', 'is not', null);
        return {
          login: eb.fn.coalesce('excluded.login', 'custom_sites.login'),
          password_sealed: eb.fn.coalesce('excluded.password_sealed', 'custom_sites.password_sealed'),
          da: eb.fn.coalesce('excluded.da', 'custom_sites.da'),
          premium: eb.ref('excluded.premium'),
          status: eb.case().when(newLogin).then('NEW').else(eb.ref('custom_sites.status')).end(),
          reason: eb.case().when(newLogin).then('').else(eb.ref('custom_sites.reason')).end(),
          credentials_ok: eb.case().when(newLogin).then(null).else(eb.ref('custom_sites.credentials_ok')).end(),
        };
      }))
      .returning('id')
      .execute();
    ids.push(...rows.map((row) => row.id));
  }
  return ids;
}

/** Deletes the user's sites of these ids; answers the ids that went. */
export async function deleteCustomSites(db: Kysely<DB>, ownerId: number, ids: readonly number[]): Promise<number[]> {
  const rows = await db.deleteFrom('custom_sites').where('owner_id', '=', ownerId).where('id', 'in', [...ids]).returning('id').execute();
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

/** Sets the premium flag of these sites of the user; answers the ids changed, ascending. */
export async function setCustomSitesPremium(db: Kysely<DB>, ownerId: number, ids: readonly number[], premium: boolean): Promise<number[]> {
  const rows = await db.updateTable('custom_sites').set({ premium: premium ? 1 : 0 })
    .where('owner_id', '=', ownerId).where('id', 'in', [...ids]).returning('id').execute();
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

/** How many of these ids are the user's sites (a delete with a foreign id changes nothing). */
export async function countOwnedCustomSites(db: Kysely<DB>, ownerId: number, ids: readonly number[]): Promise<number> {
  const row = await db.selectFrom('custom_sites').select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('owner_id', '=', ownerId).where('id', 'in', [...new Set(ids)]).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The verifier's state of the user; NEW with nothing checked when it never ran. */
export async function getVerifierState(db: Kysely<DB>, ownerId: number): Promise<{ status: SiteVerifierStatus; checked: number; total: number }> {
  const row: Pick<Selectable<SiteVerifierStateTable>, 'status' | 'checked' | 'total'> | undefined = await db
    .selectFrom('site_verifier_state').select(['status', 'checked', 'total']).where('owner_id', '=', ownerId).executeTakeFirst();
  return row ? { status: row.status as SiteVerifierStatus, checked: row.checked, total: row.total } : { status: 'NEW', checked: 0, total: 0 };
}
