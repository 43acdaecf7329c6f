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
 * Takes the links for this check as the scheduler's pass takes due links: next_check_at a lease
 * ahead (RECHECK_LEASE_MS), committed before the answer. The pass then leaves them to this check's
 * own sends (in per-host turns); should this process stop before they are all sent, they come due
 * again when the lease ends, as a link whose job was lost does. A check landing first sets the
 * planner's next due time.
 */
export async function takeLinks(db: Db, ownerId: number, ids: readonly number[], until: number): Promise<void> {
  for (const chunk of chunks(ids)) {
    await db.updateTable('url_items').set({ next_check_at: until }).where('owner_id', '=', ownerId).where('id', 'in', chunk).execute();
  }
}

/** What a look at the links still waited for found: those checked since `since` (by outcome) and those gone. */
export interface CheckedLinks {
  /** Links whose latest check is finished (not PENDING) and stored since `since`, with its status. */
  checked: { id: number; status: string }[];
  /** Links that no longer exist (deleted meanwhile): never to be checked. */
  gone: number[];
}

/**
 * Looks at the links a check still waits for: which have a finished check stored since `since`
 * (checked_at; a retrying PENDING is not done yet) and which were deleted. Only the waiting ones
 * are read, so a long check reads each link about once, not once per look.
 */
export async function readChecked(db: Db, ownerId: number, ids: readonly number[], since: number): Promise<CheckedLinks> {
  const found: CheckedLinks = { checked: [], gone: [] };
  for (const chunk of chunks(ids)) {
    const rows = await db.selectFrom('url_items').select(['id', 'check_status', 'checked_at'])
      .where('owner_id', '=', ownerId).where('id', 'in', chunk).execute();
    const existing = new Set<number>();
    for (const row of rows) {
      const id = Number(row.id);
      existing.add(id);
      if (row.checked_at !== null && Number(row.checked_at) >= since && row.check_status !== 'PENDING') found.checked.push({ id, status: row.check_status });
    }
    for (const id of chunk) if (!existing.has(id)) found.gone.push(id);
  }
  return found;
}
