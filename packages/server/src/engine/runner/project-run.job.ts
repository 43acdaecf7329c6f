import { projectKind } from '@linkloom/shared';
import type { AppContext } from '../../app-context';
import { findProject, presentProject, publishProjectStatus, readProjectForm } from '../seams';
import { JOB, type EngineJob, type ProjectRunPayload } from '../jobs/job-names';
import { installationId } from '../../platform/db/installation';
import { engineOptions } from './engine-options';
import { isJobAlive } from './job-fence';
import { planRun, type PlannedPost } from './plan-run';
import { planRunArticles, planRunTargets } from './post-plan';
import { POST_JOB_RETRIES } from './post-publish.job';
import { cancelPlannedPosts, findRun, idempotencyKey, OPEN_POST_STATES } from './runs.repository';
import { progressNounOf, refreshSite, siteProgress, writeSiteProgress } from './site-progress';
import { endRun, isFinalRunState, settleRun } from './settle-run';
import { sendProjectRun } from './start-project-run';
import { pruneRunLog } from './run-log';

/** A project waiting for a free slot under maxConcurrentProjects looks again after this long. */
export const SLOT_RECHECK_MS = 5_000;
const INSERT_ROWS = 500;

type Log = (error: unknown) => void;

type StartOutcome = 'waiting' | 'failed' | 'started' | 'changed';

/**
 * STARTING → RUNNING with the run's posts, in one transaction: only while the owner has fewer
 * RUNNING projects than maxConcurrentProjects (else 'waiting'), and only while the project is
 * still STARTING (a Stop wins otherwise: 'changed'). A plan a user must fix fails the run.
 */
async function startRun(ctx: AppContext, payload: ProjectRunPayload, log: Log): Promise<StartOutcome> {
  const { db, dialect } = ctx.database;
  const { ownerId, projectId, runId } = payload;
  const options = await engineOptions(db, ownerId);
  const runningCount = async (query = db) => Number((await query.selectFrom('projects').select((eb) => eb.fn.countAll<number>().as('n'))
    .where('owner_id', '=', ownerId).where('status', '=', 'RUNNING').executeTakeFirstOrThrow()).n);
  if ((await runningCount()) >= options.maxConcurrentProjects) return 'waiting';

  const project = await db.selectFrom('projects').select(['id', 'module', 'settings', 'schedule'])
    .where('id', '=', projectId).where('owner_id', '=', ownerId).executeTakeFirst();
  if (!project) return 'changed';
  const now = ctx.clock.now();
  const plan = await planRun(db, ownerId, project, now);
  if (!plan.ok) {
    await endRun(ctx, ownerId, runId, { runState: 'failed', status: 'FAILED', lastError: [plan.error] }, log);
    return 'failed';
  }

  const installation = await installationId(db);
  const outcome = await db.transaction().execute(async (trx): Promise<StartOutcome> => {
    // PostgreSQL: one owner's starts take turns, so two cannot both take the last free slot.
    if (dialect === 'postgres') await trx.selectFrom('users').select('id').where('id', '=', ownerId).forUpdate().execute();
    if ((await runningCount(trx)) >= options.maxConcurrentProjects) return 'waiting';
    const moved = await trx.updateTable('projects').set({ status: 'RUNNING' })
      .where('id', '=', projectId).where('owner_id', '=', ownerId).where('status', '=', 'STARTING').executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) return 'changed';
    const run = await trx.selectFrom('project_runs').select('state').where('id', '=', runId).executeTakeFirst();
    if (run?.state !== 'running') throw new Error(`Run ${runId} is ${run?.state ?? 'gone'}: its project was moved meanwhile`);
    const keys = plan.posts.map((post: PlannedPost) => idempotencyKey(installation, projectId, runId, post.siteId, post.seq));
    // Content projects: each post's article and links chosen now, for the whole run (post-plan.ts).
    const read = readProjectForm(plan.kind, project.settings);
    const content = read.kind === 'postingproject' || read.kind === 'privateproject' ? read.form : null;
    const seed = `p${projectId}-r${runId}`;
    const articles = content ? await planRunArticles(trx, ownerId, projectId, content.contentGroupId, keys.length, seed) : [];
    const targets = content ? await planRunTargets(trx, ownerId, content, project.schedule, plan.posts.map((post, i) => ({ key: keys[i]!, siteUrl: post.siteUrl })), seed) : null;
    const rows = plan.posts.map((post: PlannedPost, i) => ({
      owner_id: ownerId, project_id: projectId, run_id: runId, site_key: post.siteKey, seq: post.seq,
      idempotency_key: keys[i]!, state: 'planned' as const,
      start_after: post.startAfter, account_email: post.accountEmail, created_at: now, updated_at: now,
      planned_article_id: articles[i]?.articleId ?? null, article_variant: articles[i]?.variant ?? 0, targets_planned: targets ? 1 : 0,
    }));
    for (let start = 0; start < rows.length; start += INSERT_ROWS) {
      const inserted = await trx.insertInto('engine_posts').values(rows.slice(start, start + INSERT_ROWS)).returning(['id', 'idempotency_key']).execute();
      if (!targets) continue;
      const idOf = new Map(inserted.map((row) => [row.idempotency_key, row.id]));
      const targetRows = rows.slice(start, start + INSERT_ROWS).flatMap((row, n) => targets[start + n]!.map((target) => ({
        owner_id: ownerId, post_id: idOf.get(row.idempotency_key)!, link_set_id: target.linkSetId, url: target.url, anchor: target.anchor,
        anchor_type: target.anchorType, created_at: now,
      })));
      for (let t = 0; t < targetRows.length; t += INSERT_ROWS) await trx.insertInto('engine_post_targets').values(targetRows.slice(t, t + INSERT_ROWS)).execute();
    }
    await trx.updateTable('project_runs').set({ posts_planned: rows.length }).where('id', '=', runId).execute();
    return 'started';
  });
  if (outcome !== 'started') return outcome;

  await pruneRunLog(db, ownerId, projectId);
  const record = await findProject(db, ownerId, projectId);
  if (record) publishProjectStatus(ctx, ownerId, presentProject(record));
  const perSite = new Map<string, number>();
  for (const post of plan.posts) perSite.set(post.siteKey, (perSite.get(post.siteKey) ?? 0) + 1);
  const noun = progressNounOf(plan.kind);
  await writeSiteProgress(ctx, ownerId, projectId, [...perSite].map(([key, count]) => siteProgress(key, { planned: count }, noun)), runId);
  return 'started';
}

/**
 * Sends the job of every open post of the run that has no live job (all of them right after
 * planning; after a crash, the ones whose job was lost): `post.publish`, `indexer.submit` for
 * indexer projects, `account.register` for account creation projects (one per ticked site). Spread posts wait for their start.
 */
async function dispatchPosts(ctx: AppContext, payload: ProjectRunPayload, module: string): Promise<void> {
  const { db } = ctx.database;
  const kind = projectKind(module);
  const name = kind === 'indexerproject' ? JOB.indexerSubmit : kind === 'acproject' ? JOB.accountRegister : JOB.postPublish;
  const posts = await db.selectFrom('engine_posts').select(['id', 'job_id', 'start_after', 'not_before'])
    .where('run_id', '=', payload.runId).where('state', 'in', OPEN_POST_STATES).orderBy('id', 'asc').execute();
  for (const post of posts) {
    if (post.job_id !== null && (await isJobAlive(ctx.queue, post.job_id))) continue;
    // The job makes itself the post's job when it runs (engine_posts.job_id); sending again while
    // it waits finds it by its singleton key. Not before its planned start nor its retry's wait.
    const due = post.start_after === null && post.not_before === null ? null : Math.max(post.start_after ?? 0, post.not_before ?? 0);
    await ctx.queue.send(name, { ownerId: payload.ownerId, postId: post.id }, {
      singletonKey: `post-${post.id}`, ...POST_JOB_RETRIES, ...(due !== null ? { startAfter: new Date(ctx.clock.wallTime(due)) } : {}),
    });
  }
}

/** Stop: no planned post of the run starts any more; the run ends once nothing is in flight. */
async function stopRun(ctx: AppContext, payload: ProjectRunPayload, log: Log): Promise<void> {
  const { db } = ctx.database;
  await db.updateTable('project_runs').set({ state: 'stopping' }).where('id', '=', payload.runId).where('state', '=', 'running').execute();
  await cancelPlannedPosts(db, payload.runId, Date.now());
  const sites = await db.selectFrom('engine_posts').select('site_key').distinct().where('run_id', '=', payload.runId).execute();
  for (const site of sites) await refreshSite(ctx, payload.ownerId, payload.projectId, payload.runId, site.site_key);
  await settleRun(ctx, payload.ownerId, payload.runId, log);
}

/** One step of a run (engine/README.md `project.run`): start it, keep its posts moving, or settle a Stop. */
export async function runProject(ctx: AppContext, payload: ProjectRunPayload, log: Log): Promise<void> {
  const { db } = ctx.database;
  const run = await findRun(db, payload.ownerId, payload.runId);
  if (!run || isFinalRunState(run.state) || run.project_id !== payload.projectId) return;
  const project = await db.selectFrom('projects').select(['status', 'module'])
    .where('id', '=', payload.projectId).where('owner_id', '=', payload.ownerId).executeTakeFirst();
  if (!project) return;
  if (run.state === 'stopping' || project.status === 'STOPPING') return stopRun(ctx, payload, log);
  if (project.status === 'STARTING') {
    const outcome = await startRun(ctx, payload, log);
    if (outcome === 'waiting') {
      await ctx.queue.send(JOB.projectRun, payload, { startAfter: new Date(Date.now() + SLOT_RECHECK_MS), retryLimit: 5, retryDelaySeconds: 5 });
      return;
    }
    if (outcome === 'changed') return runProject(ctx, payload, log);
    if (outcome === 'failed') return;
  }
  const now = await db.selectFrom('projects').select('status').where('id', '=', payload.projectId).executeTakeFirst();
  if (now?.status === 'RUNNING') await dispatchPosts(ctx, payload, project.module);
  await settleRun(ctx, payload.ownerId, payload.runId, log);
}

/**
 * Runs that were under way when the engine last stopped (a crash between a Start's commit and its
 * job, a lost post job): each gets its `project.run` again, which re-sends what is missing.
 */
export async function resumeRuns(ctx: AppContext): Promise<number> {
  const runs = await ctx.database.db.selectFrom('project_runs').select(['id', 'owner_id', 'project_id'])
    .where('state', 'in', ['running', 'stopping']).orderBy('id', 'asc').execute();
  for (const run of runs) await sendProjectRun(ctx, { ownerId: run.owner_id, projectId: run.project_id, runId: run.id });
  return runs.length;
}

/** The `project.run` job. */
export function projectRunJob(ctx: AppContext): EngineJob<'project.run'> {
  const log: Log = (error) => process.stderr.write(`A run-finished listener failed: ${error instanceof Error ? error.stack ?? error.message : String(error)}\n`);
  return {
    name: JOB.projectRun,
    handler: (job) => runProject(ctx, job.payload, log),
    options: { concurrency: 4, timeoutSeconds: 30 * 60 },
  };
}
