import { sql, type Kysely } from 'kysely';
import type { SiteVerifierStatus } from '@linkloom/shared';
import type { DB } from '../../platform/db/schema';
import { CUSTOM_SITE_COLUMNS, getVerifierState, type CustomSiteRecord } from './custom-sites.repository';

/**
 * The platform verifier's queries (issue 13.2): its per-user state in site_verifier_state (NEW →
 * CHECKING → DONE / STOPPED, checked of total) and what it writes on custom_sites and, after
 * them, on the user's private-network sites (issue 13.3). A run is
 * identified by the instant it started (`since`): it probes the user's sites not checked since
 * then, so a restarted or repeated job never probes a site twice for one run.
 */

export interface VerifierState {
  status: SiteVerifierStatus;
  checked: number;
  total: number;
}

/** What one probe found, as stored on the site. */
export interface SiteCheck {
  platform: string;
  status: 'OK' | 'FAILED';
  reason: string;
  canRegister: boolean | null;
  credentialsOk: boolean | null;
  /** Whether most outbound links of the site's page are followed; null or absent: could not tell. */
  dofollow?: boolean | null;
}

const asInteger = (value: boolean | null): number | null => (value === null ? null : value ? 1 : 0);

/** The sites a run checks: the user's custom sites and private-network sites (issue 13.3). */
async function countSites(db: Kysely<DB>, ownerId: number): Promise<number> {
  const custom = await db.selectFrom('custom_sites').select((eb) => eb.fn.countAll<number | string>().as('n')).where('owner_id', '=', ownerId).executeTakeFirstOrThrow();
  const network = await db.selectFrom('private_sites').select((eb) => eb.fn.countAll<number | string>().as('n')).where('owner_id', '=', ownerId).executeTakeFirstOrThrow();
  return Number(custom.n) + Number(network.n);
}

/**
 * Start: CHECKING with every site of the user to check, unless a run is already CHECKING (then
 * nothing changes and `started` is false). A compare-and-set: of two Starts at once, one starts the
 * run. One short transaction; the caller sends the job after it commits.
 */
export async function beginVerifierRun(db: Kysely<DB>, ownerId: number, since: number): Promise<{ started: boolean; state: VerifierState }> {
  return db.transaction().execute(async (trx) => {
    const total = await countSites(trx, ownerId);
    const moved = await trx
      .insertInto('site_verifier_state')
      .values({ owner_id: ownerId, status: 'CHECKING', checked: 0, total, updated_at: since })
      .onConflict((oc) => oc.column('owner_id')
        .doUpdateSet({ status: 'CHECKING', checked: 0, total, updated_at: since })
        .where('site_verifier_state.status', '<>', 'CHECKING'))
      .returning('owner_id')
      .executeTakeFirst();
    if (!moved) return { started: false, state: await getVerifierState(trx, ownerId) };
    // Sites a process left CHECKING when it died mid-probe: this run checks them again.
    await releaseUnprobed(trx, ownerId);
    return { started: true, state: { status: 'CHECKING', checked: 0, total } };
  });
}

/**
 * Stop: CHECKING → STOPPED (compare-and-set); answers the state as it now is. The sites being
 * probed stay CHECKING until their results are stored; the job then releases any left.
 */
export async function stopVerifierRun(db: Kysely<DB>, ownerId: number): Promise<{ stopped: boolean; state: VerifierState }> {
  const result = await db.updateTable('site_verifier_state').set({ status: 'STOPPED', updated_at: Date.now() })
    .where('owner_id', '=', ownerId).where('status', '=', 'CHECKING').executeTakeFirst();
  return { stopped: Number(result.numUpdatedRows) > 0, state: await getVerifierState(db, ownerId) };
}

/** The run's end: CHECKING → DONE (a Stop in between wins). True when this call ended it. */
export async function finishVerifierRun(db: Kysely<DB>, ownerId: number): Promise<boolean> {
  const result = await db.updateTable('site_verifier_state').set({ status: 'DONE', updated_at: Date.now() })
    .where('owner_id', '=', ownerId).where('status', '=', 'CHECKING').executeTakeFirst();
  await releaseUnprobed(db, ownerId);
  return Number(result.numUpdatedRows) > 0;
}

/** Sites left CHECKING by a run that ended (or a process that died mid-probe) show NEW again. */
export async function releaseUnprobed(db: Kysely<DB>, ownerId: number): Promise<void> {
  await db.updateTable('custom_sites').set({ status: 'NEW' }).where('owner_id', '=', ownerId).where('status', '=', 'CHECKING').execute();
  await db.updateTable('private_sites').set({ status: 'NEW' }).where('owner_id', '=', ownerId).where('status', '=', 'CHECKING').execute();
}

/** The next sites of the run after `afterId` (id order) not yet checked since the run began. */
export function sitesToProbe(db: Kysely<DB>, ownerId: number, since: number, afterId: number, limit: number): Promise<CustomSiteRecord[]> {
  return db.selectFrom('custom_sites').select(CUSTOM_SITE_COLUMNS)
    .where('owner_id', '=', ownerId).where('id', '>', afterId)
    .where((eb) => eb.or([eb('checked_at', 'is', null), eb('checked_at', '<', since)]))
    .orderBy('id').limit(limit).execute();
}

/** The site is being probed now (no live message: its result follows in a moment). */
export async function markChecking(db: Kysely<DB>, ownerId: number, siteId: number): Promise<void> {
  await db.updateTable('custom_sites').set({ status: 'CHECKING' }).where('owner_id', '=', ownerId).where('id', '=', siteId).execute();
}

/**
 * Stores a probe's result and counts it in the run's progress (also when a Stop came while it was
 * in flight: it was checked).
 * Answers the stored row (null when the site was deleted meanwhile) and the progress.
 */
export async function storeSiteCheck(db: Kysely<DB>, ownerId: number, siteId: number, check: SiteCheck, checkedAt: number): Promise<{ site: CustomSiteRecord | null; state: VerifierState }> {
  return db.transaction().execute(async (trx) => {
    await trx.updateTable('custom_sites').set({
      platform: check.platform,
      status: check.status,
      reason: check.reason.slice(0, 2000),
      can_register: asInteger(check.canRegister),
      credentials_ok: asInteger(check.credentialsOk),
      dofollow_found: asInteger(check.dofollow ?? null),
      checked_at: checkedAt,
    }).where('owner_id', '=', ownerId).where('id', '=', siteId).execute();
    await trx.updateTable('site_verifier_state')
      .set({ checked: sql<number>`checked + 1`, updated_at: checkedAt })
      .where('owner_id', '=', ownerId).where('status', 'in', ['CHECKING', 'STOPPED']).execute();
    const site = await trx.selectFrom('custom_sites').select(CUSTOM_SITE_COLUMNS).where('owner_id', '=', ownerId).where('id', '=', siteId).executeTakeFirst();
    return { site: site ?? null, state: await getVerifierState(trx, ownerId) };
  });
}

/** A private-network site as the verifier probes it (its stored login; the password still sealed). */
export interface PrivateSiteToProbe {
  id: number;
  site_url: string;
  username: string;
  password: string;
}

/** The next private-network sites of the run after `afterId` (id order) not yet checked since the run began. */
export function privateSitesToProbe(db: Kysely<DB>, ownerId: number, since: number, afterId: number, limit: number): Promise<PrivateSiteToProbe[]> {
  return db.selectFrom('private_sites').select(['id', 'site_url', 'username', 'password'])
    .where('owner_id', '=', ownerId).where('id', '>', afterId)
    .where((eb) => eb.or([eb('checked_at', 'is', null), eb('checked_at', '<', since)]))
    .orderBy('id').limit(limit).execute();
}

/** The private site is being probed now. */
export async function markPrivateChecking(db: Kysely<DB>, ownerId: number, siteId: number): Promise<void> {
  await db.updateTable('private_sites').set({ status: 'CHECKING' }).where('owner_id', '=', ownerId).where('id', '=', siteId).execute();
}

/**
 * Stores a probe of a private-network site and counts it in the run's progress: the platform the
 * verifier detected (it replaces what an import said; Unknown when it found neither, which the
 * engine still tries as WordPress), its status and reason. Answers the progress.
 */
export async function storePrivateSiteCheck(db: Kysely<DB>, ownerId: number, siteId: number, check: SiteCheck, checkedAt: number): Promise<VerifierState> {
  return db.transaction().execute(async (trx) => {
    await trx.updateTable('private_sites').set({
      platform: check.platform,
      status: check.status,
      reason: check.reason.slice(0, 2000),
      checked_at: checkedAt,
    }).where('owner_id', '=', ownerId).where('id', '=', siteId).execute();
    await trx.updateTable('site_verifier_state')
      .set({ checked: sql<number>`checked + 1`, updated_at: checkedAt })
      .where('owner_id', '=', ownerId).where('status', 'in', ['CHECKING', 'STOPPED']).execute();
    return getVerifierState(trx, ownerId);
  });
}
