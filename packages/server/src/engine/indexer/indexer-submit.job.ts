import { INDEXNOW_ENGINES, projectKind, siteKey } from '@linkloom/shared';
import type { AppContext } from '../../app-context';
import { blockedDomains, readEngineOptions, readProjectForm } from '../seams';
import { JOB, type EngineJob, type PostJobPayload } from '../jobs/job-names';
import type { JobContext } from '../queue/queue';
import { isJobAlive } from '../runner/job-fence';
import { PLAN_MESSAGES } from '../runner/plan-run';
import { postHoldUntil, readCampaignStatus } from '../runner/post-hold';
import { finishPost } from '../runner/record-post';
import { findPost, findRun, type PostRow } from '../runner/runs.repository';
import { settleRun } from '../runner/settle-run';
import { submitLinkSet, type SubmissionReport } from './submit-link-set';
import { extraDomainUrls, pacedUntil } from './indexer-pacing';
import { addRunWarning } from '../indexing-services/run-warnings';

/** Tests point every engine at a local stand-in that follows the IndexNow documentation. */
const ENDPOINT_OVERRIDE_ENV = 'INDEXNOW_ENDPOINT_OVERRIDE';

type Log = (error: unknown) => void;

interface Step {
  ctx: AppContext;
  job: JobContext<PostJobPayload>;
  log: Log;
}

/** The IndexNow engine a site row of an indexer project names, with the endpoint to call. */
export function indexNowEngineFor(key: string, env: NodeJS.ProcessEnv = process.env): { name: string; endpoint: string } | undefined {
  const engine = INDEXNOW_ENGINES.find((candidate) => siteKey({ module: 'Indexer', siteId: candidate.siteId }) === key);
  if (!engine) return undefined;
  const override = env[ENDPOINT_OVERRIDE_ENV]?.trim();
  return { name: engine.name, endpoint: override ? override : engine.siteUrl };
}

/** Makes this job the one responsible for the submission; false when another live job is. */
async function takePost(step: Step, post: PostRow): Promise<boolean> {
  if (post.job_id === step.job.id) return true;
  if (post.job_id !== null && (await isJobAlive(step.ctx.queue, post.job_id))) return false;
  const query = step.ctx.database.db.updateTable('engine_posts').set({ job_id: step.job.id }).where('id', '=', post.id);
  const taken = await (post.job_id === null ? query.where('job_id', 'is', null) : query.where('job_id', '=', post.job_id)).executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1;
}

/** Hands the submission to a new job run at `atMs`, releasing it in the same update. */
async function sendLater(step: Step, post: PostRow, atMs: number, lastError?: string): Promise<void> {
  await step.ctx.database.db.updateTable('engine_posts')
    .set({ job_id: null, state: 'planned', start_after: atMs, updated_at: Date.now(), ...(lastError !== undefined ? { last_error: lastError } : {}) })
    .where('id', '=', post.id).where('job_id', '=', step.job.id).execute();
  await step.ctx.queue.send(JOB.indexerSubmit, { ownerId: post.owner_id, postId: post.id }, { startAfter: new Date(atMs), retryLimit: 5, retryDelaySeconds: 10 });
}

/** The run's log line when links were held back (issue 18.3: only live links go to indexers). */
export function heldBackLine(engineName: string, heldBack: number, linkSetName: string): string {
  const links = heldBack === 1 ? '1 link' : `${heldBack} links`;
  return `${links} of "${linkSetName}" held back from ${engineName}: their latest check found them dead (Missing or Error) or is still retrying`;
}

/** The line a failed submission leaves in the project's lastError. */
export function submissionFailure(engineName: string, report: SubmissionReport, linkSetName: string): string | null {
  const total = report.submitted + report.refused;
  if (report.errors.length > 0) {
    return `${report.errors.join(' ')} (${report.submitted} of ${total} URLs were submitted to ${engineName})`;
  }
  if (total === 0 && (report.heldBack ?? 0) > 0) {
    return `No link of "${linkSetName}" is live: the latest check of each of its ${report.heldBack} links found it dead (Missing or Error), so nothing was submitted to ${engineName}`;
  }
  if (total === 0) {
    const skipped = report.skipped > 0 ? ` (${report.skipped} links are not http(s) URLs)` : '';
    return `The link set "${linkSetName}" holds no URLs to submit${skipped}: add links to it and start the project again`;
  }
  return null;
}

/**
 * The indexer.submit handler (engine/README.md): one engine_posts row of an indexer project names
 * an IndexNow engine (its site row); the project's link set is submitted to it host by host, and
 * the post ends published, or failed with what to do. Engines asking to come back later (429,
 * 5xx, timeouts) are tried again maxNumberOfRetries times, timeToWaitBeforeRetry seconds apart (or
 * the engine's Retry-After). Resubmitting is harmless (IndexNow takes repeated notifications), so
 * a run after a crash simply submits again.
 */
export async function submitIndexerPost(step: Step): Promise<void> {
  const { ctx, job, log } = step;
  const { db } = ctx.database;
  const { ownerId, postId } = job.payload;
  const post = await findPost(db, ownerId, postId);
  if (!post) return;
  if (post.state !== 'planned' && post.state !== 'publishing') {
    await settleRun(ctx, ownerId, post.run_id, log);
    return;
  }
  if (!(await takePost(step, post))) return;
  const owned = { ...post, job_id: job.id };
  const run = await findRun(db, ownerId, post.run_id);
  const project = await db.selectFrom('projects').select(['module', 'settings', 'campaign_id'])
    .where('id', '=', post.project_id).where('owner_id', '=', ownerId).executeTakeFirst();
  if (!run || !project || run.state !== 'running' || projectKind(project.module) !== 'indexerproject') {
    await finishPost(ctx, ownerId, postId, { state: 'cancelled' }, log);
    return;
  }
  const campaign = (await readCampaignStatus(db, project.campaign_id)).rows[0];
  const holdUntil = postHoldUntil(owned, campaign?.campaign_status, Date.now());
  if (holdUntil !== null) {
    await sendLater(step, owned, holdUntil);
    return;
  }

  const engine = indexNowEngineFor(post.site_key);
  if (!engine) {
    await finishPost(ctx, ownerId, postId, { state: 'failed', error: `Site ${post.site_key} is not an IndexNow engine: untick it on the Sites tab and save` }, log);
    return;
  }
  const read = readProjectForm('indexerproject', project.settings);
  const linkSetId = read.kind === 'indexerproject' ? read.form.linkSetId : null;
  const linkSet = linkSetId === null ? undefined
    : await db.selectFrom('url_lists').select(['id', 'name']).where('id', '=', linkSetId).where('owner_id', '=', ownerId).executeTakeFirst();
  if (!linkSet) {
    await finishPost(ctx, ownerId, postId, { state: 'failed', error: PLAN_MESSAGES.linkSetGone }, log);
    return;
  }

  const options = await readEngineOptions(db, ownerId);
  // The LinkLoom Indexer tab's pacing: threads, the daily limit per engine, the delay between submissions.
  // The check and the move to `publishing` are one step per user: two submissions cannot both take
  // the last free thread (PostgreSQL: the user's row is locked; SQLite writes one at a time).
  const claim = await db.transaction().execute(async (trx): Promise<{ pacedTo: number } | { began: boolean }> => {
    if (ctx.database.dialect === 'postgres') await trx.selectFrom('users').select('id').where('id', '=', ownerId).forUpdate().execute();
    const pacedTo = await pacedUntil(trx, { id: postId, ownerId, projectId: post.project_id, siteKey: post.site_key }, options);
    if (pacedTo !== null) return { pacedTo };
    const began = await trx.updateTable('engine_posts')
      .set((eb) => ({ state: 'publishing', attempts: eb('attempts', '+', 1), start_after: null, updated_at: Date.now() }))
      .where('id', '=', postId).where('job_id', '=', job.id).where('state', 'in', ['planned', 'publishing'])
      .executeTakeFirst();
    return { began: Number(began.numUpdatedRows) === 1 };
  });
  if ('pacedTo' in claim) {
    await sendLater(step, owned, claim.pacedTo);
    return;
  }
  if (!claim.began) return;
  const attempts = owned.attempts + 1;

  const report = await submitLinkSet(db, linkSet.id, {
    endpoint: engine.endpoint, engineName: engine.name, key: options.indexNowKey, timeoutMs: options.waitTimeOut * 1000, signal: job.signal,
    blocked: await blockedDomains(db, ownerId),
    extraUrls: extraDomainUrls(options),
  });
  if (report.retryLater) {
    const message = report.retryLater.message;
    if (attempts <= options.maxNumberOfRetries) {
      const wait = Math.max(options.timeToWaitBeforeRetry * 1000, report.retryLater.details.retryAfterMs ?? 0);
      await sendLater(step, owned, Date.now() + wait, message);
      return;
    }
    await finishPost(ctx, ownerId, postId, { state: 'failed', error: `${message} (gave up after ${attempts} tries)` }, log);
    return;
  }
  const failure = submissionFailure(engine.name, report, linkSet.name);
  if (failure === null && report.heldBack) await addRunWarning(ctx, ownerId, post.run_id, heldBackLine(engine.name, report.heldBack, linkSet.name));
  await finishPost(ctx, ownerId, postId, failure === null ? { state: 'published', remoteUrl: null, remoteId: null } : { state: 'failed', error: failure }, log);
}

/** The indexer.submit job as the registry lists it. */
export function indexerSubmitJob(ctx: AppContext): EngineJob<'indexer.submit'> {
  const log: Log = (error) => process.stderr.write(`indexer.submit: ${error instanceof Error ? error.stack ?? error.message : String(error)}\n`);
  return {
    name: JOB.indexerSubmit,
    handler: (job) => submitIndexerPost({ ctx, job, log }),
    options: { concurrency: 4, timeoutSeconds: 3600 },
  };
}
