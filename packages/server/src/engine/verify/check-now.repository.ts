import type { Kysely } from 'kysely';
import type { CheckNowScope } from '@linkloom/shared';
import type { DB } from '../../platform/db/schema';

type Db = Kysely<DB>;

/** Ids per statement (SQLite and PostgreSQL both take far more parameters; this keeps each plan small). */
const ID_CHUNK = 1000;

/** A published link a check-now re-checks: its output link, its post and the post's page (for the per-host order). */
export interface LinkToCheck {
  id: number;
  postId: number;
  url: string;
}

function chunks<T>(items: readonly T[], size = ID_CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * The published links of the scope (output links whose post is published, the link post.verify
 * checks for that post) that are the user's; undefined when the scope is not the user's (another
 * user's or a missing link set, project or campaign; a list naming none of the user's links).
 */
export async function linksInScope(db: Db, ownerId: number, scope: CheckNowScope): Promise<LinkToCheck[] | undefined> {
  if (!(await scopeIsOwned(db, ownerId, scope))) return undefined;
  const published = () => db.selectFrom('url_items as u')
    .innerJoin('engine_posts as p', (join) => join.onRef('p.id', '=', 'u.post_id').onRef('p.owner_id', '=', 'u.owner_id'))
    .select(['u.id', 'u.post_id', 'p.remote_url'])
    .where('u.owner_id', '=', ownerId).where('p.state', '=', 'published').where('p.remote_url', 'is not', null)
    // The link post.verify stores the post's checks on: its own output link (or, for an older post without one recorded, any naming it).
    .where((eb) => eb.or([eb('p.url_item_id', 'is', null), eb('p.url_item_id', '=', eb.ref('u.id'))]));
  const rows: { id: number; post_id: number | null; remote_url: string | null }[] = [];
  switch (scope.kind) {
    case 'links':
      for (const ids of chunks([...new Set(scope.ids)])) rows.push(...await published().where('u.id', 'in', ids).execute());
      break;
    case 'linkSet':
      rows.push(...await published().where('u.url_list_id', '=', scope.id).execute());
      break;
    case 'project':
      rows.push(...await published().where('p.project_id', '=', scope.id).execute());
      break;
    case 'campaign':
      rows.push(...await published().where('p.project_id', 'in', (eb) => eb.selectFrom('projects').select('id')
        .where('campaign_id', '=', scope.id).where('owner_id', '=', ownerId)).execute());
      break;
  }
  return rows.map((row) => ({ id: Number(row.id), postId: Number(row.post_id), url: row.remote_url ?? '' })).sort((a, b) => a.id - b.id);
}

async function scopeIsOwned(db: Db, ownerId: number, scope: CheckNowScope): Promise<boolean> {
  switch (scope.kind) {
    case 'links': {
      for (const ids of chunks([...new Set(scope.ids)])) {
        if (await db.selectFrom('url_items').select('id').where('owner_id', '=', ownerId).where('id', 'in', ids).limit(1).executeTakeFirst()) return true;
      }
      return false;
    }
    case 'linkSet':
      return Boolean(await db.selectFrom('url_lists').select('id').where('id', '=', scope.id).where('owner_id', '=', ownerId).executeTakeFirst());
    case 'project':
      return Boolean(await db.selectFrom('projects').select('id').where('id', '=', scope.id).where('owner_id', '=', ownerId).executeTakeFirst());
    case 'campaign':
      return Boolean(await db.selectFrom('campaigns').select('id').where('id', '=', scope.id).where('owner_id', '=', ownerId).executeTakeFirst());
  }
}

/**
 * Takes the given links for this check (they are due: the scheduler's pass would take them too):
 * moves them a lease ahead, as the pass does, and returns those this statement moved, so a link the
 * pass or another check took meanwhile is not sent twice.
 */
export async function claimLinks(db: Db, ownerId: number, ids: readonly number[], now: number, leaseMs: number): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.updateTable('url_items').set({ next_check_at: now + leaseMs })
    .where('owner_id', '=', ownerId).where('id', 'in', ids).where('next_check_at', '<=', now)
    .returning('id').execute();
  return rows.map((row) => Number(row.id));
}

/** Makes the links due now (url_items.next_check_at): what the sender claims, and what the scheduler's pass takes should this process stop first. */
export async function makeDue(db: Db, ownerId: number, ids: readonly number[], now: number): Promise<void> {
  for (const chunk of chunks(ids)) {
    await db.updateTable('url_items').set({ next_check_at: now }).where('owner_id', '=', ownerId).where('id', 'in', chunk).execute();
  }
}

/** How far the links are: those existing, and those whose latest check is finished (not PENDING) since `since`, by outcome. */
export interface CheckCounts {
  existing: number;
  live: number;
  missing: number;
  errors: number;
}

/** Counts the links' checks stored since `since` (checked_at; a retrying PENDING is not done yet). */
export async function countChecked(db: Db, ownerId: number, ids: readonly number[], since: number): Promise<CheckCounts> {
  const counts: CheckCounts = { existing: 0, live: 0, missing: 0, errors: 0 };
  for (const chunk of chunks(ids)) {
    const rows = await db.selectFrom('url_items').select((eb) => [
      'check_status',
      eb.fn.countAll<number>().as('n'),
      eb.fn.sum<number>(eb.case().when('checked_at', '>=', since).then(1).else(0).end()).as('fresh'),
    ]).where('owner_id', '=', ownerId).where('id', 'in', chunk).groupBy('check_status').execute();
    for (const row of rows) {
      counts.existing += Number(row.n);
      const fresh = Number(row.fresh ?? 0);
      if (row.check_status === 'OK' || row.check_status === 'NOFOLLOW') counts.live += fresh;
      else if (row.check_status === 'MISSING') counts.missing += fresh;
      else if (row.check_status === 'ERROR') counts.errors += fresh;
    }
  }
  return counts;
}
