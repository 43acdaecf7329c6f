import type { Kysely, Selectable } from 'kysely';
import { reusableQuery } from '../../platform/db/dialect';
import type { DB } from '../../platform/db/schema';
import type { EnginePostsTable, ProjectRunsTable } from './engine.tables';

type Db = Kysely<DB>;

export type RunRow = Selectable<ProjectRunsTable>;
export type PostRow = Selectable<EnginePostsTable>;

/** Posts that still have work to do: the run is not over while one is left. */
export const OPEN_POST_STATES = ['planned', 'publishing'] as const;

/**
 * The idempotency key of a post (engine/README.md): unique, and what the connector marks the post
 * with; it starts with the installation's random id, as the counters after it start again at 1 in
 * every database.
 */
export function idempotencyKey(installation: string, projectId: number, runId: number, siteId: number, seq: number): string {
  return `i${installation}-p${projectId}-r${runId}-s${siteId}-n${seq}`;
}

const runById = reusableQuery((db, runId: number, ownerId: number) =>
  db.selectFrom('project_runs').selectAll().where('id', '=', runId).where('owner_id', '=', ownerId));

export async function findRun(db: Db, ownerId: number, runId: number): Promise<RunRow | undefined> {
  return (await runById(db, runId, ownerId)).rows[0];
}

/** A project's newest run (its current one), if it was ever started. */
export function newestRun(db: Db, ownerId: number, projectId: number): Promise<RunRow | undefined> {
  return db.selectFrom('project_runs').selectAll()
    .where('project_id', '=', projectId).where('owner_id', '=', ownerId)
    .orderBy('id', 'desc').limit(1).executeTakeFirst();
}

const postById = reusableQuery((db, postId: number, ownerId: number) =>
  db.selectFrom('engine_posts').selectAll().where('id', '=', postId).where('owner_id', '=', ownerId));

export async function findPost(db: Db, ownerId: number, postId: number): Promise<PostRow | undefined> {
  return (await postById(db, postId, ownerId)).rows[0];
}

/** Cancels a run's posts that have not begun publishing (Stop): none of them will start. */
export async function cancelPlannedPosts(db: Db, runId: number, now: number): Promise<number> {
  const result = await db.updateTable('engine_posts').set({ state: 'cancelled', updated_at: now })
    .where('run_id', '=', runId).where('state', '=', 'planned').executeTakeFirst();
  return Number(result.numUpdatedRows);
}

const openPosts = reusableQuery((db, runId: number) =>
  db.selectFrom('engine_posts').select((eb) => eb.fn.countAll<number>().as('n')).where('run_id', '=', runId).where('state', 'in', OPEN_POST_STATES));

/** How many of a run's posts are still planned or publishing. */
export async function openPostCount(db: Db, runId: number): Promise<number> {
  return Number((await openPosts(db, runId)).rows[0]?.n ?? 0);
}

const postsOfSiteByState = reusableQuery((db, runId: number, siteKey: string) =>
  db.selectFrom('engine_posts').select(['state', (eb) => eb.fn.countAll<number>().as('n')])
    .where('run_id', '=', runId).where('site_key', '=', siteKey).groupBy('state'));

/** Per state, the posts of one site in a run (the site row's progress). */
export async function sitePostCounts(db: Db, runId: number, siteKey: string): Promise<Record<string, number>> {
  const { rows } = await postsOfSiteByState(db, runId, siteKey);
  return Object.fromEntries(rows.map((row) => [row.state, Number(row.n)]));
}

/** The newest error of each site whose posts failed in a run, in site order. */
export async function failedSiteErrors(db: Db, runId: number): Promise<{ siteKey: string; error: string }[]> {
  const rows = await db.selectFrom('engine_posts').select(['site_key', 'last_error', 'id'])
    .where('run_id', '=', runId).where('state', '=', 'failed').orderBy('id', 'asc').execute();
  const bySite = new Map<string, string>();
  for (const row of rows) bySite.set(row.site_key, row.last_error ?? 'The post failed');
  return [...bySite].map(([siteKey, error]) => ({ siteKey, error }));
}
