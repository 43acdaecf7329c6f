/**
 * "Use indexing service" of content projects (posting and private): when a run has ended (the
 * runner's onRunFinished, whatever the status: every published post is live), one `indexing.submit`
 * job per chosen service submits the run's published post URLs, in post order, with the user's key
 * for that service (options `indexer` map; IndexNow uses the user's IndexNow key).
 *
 * The project never fails because of an indexing service: the run and the project keep their
 * status, and a refusal adds one warning line to the run's lastError (and the project's, while that
 * run is its current one), saying what to do. Services that ask to come back later (rate limits,
 * overload, no answer) are tried again maxNumberOfRetries times, max(timeToWaitBeforeRetry,
 * Retry-After) apart, from the first URL they have not taken yet. Indexer projects are not touched
 * here (engine/indexer submits their link set).
 */
import { isBlockedBy, isIndexable, projectKind } from '@linkloom/shared';
import type { AppContext } from '../../app-context';
import { blockedDomains, readEngineOptions, readProjectForm } from '../seams';
import { JOB, type EngineJob, type IndexingSubmitPayload } from '../jobs/job-names';
import type { JobContext } from '../queue/queue';
import { onRunFinished, type RunFinished } from '../runner/run-events';
import { findRun } from '../runner/runs.repository';
import { isFinalRunState } from '../runner/settle-run';
import { isIndexingServiceError, type IndexingServiceError } from './indexing-service';
import { indexingServiceClient, indexingServiceName } from './registry';
import { addRunWarning } from './run-warnings';

/** A paused campaign's submission looks again after this long (without counting an attempt). */
const PAUSED_RECHECK_MS = 60_000;

type Log = (error: unknown) => void;

/** The line a service's refusal leaves in the run's lastError: a warning, the posts themselves are fine. */
export function indexingWarning(service: string, message: string, tries?: number): string {
  const name = indexingServiceName(service);
  const gaveUp = tries !== undefined && tries > 1 ? ` (gave up after ${tries} tries)` : '';
  return `Warning, indexing service ${name}: ${message.replace(/[.\s]+$/, '')}${gaveUp}. The posts are published; only their submission to ${name} failed.`;
}

/** The payload with its counters filled in: a first submission starts at the run's first URL, as try 1. */
function withCounters(payload: IndexingSubmitPayload): Required<IndexingSubmitPayload> {
  return { ...payload, offset: payload.offset ?? 0, attempt: payload.attempt ?? 1 };
}

/** The services a project's form asks for, when it is a content project that ticked "Use indexing service". */
async function chosenServices(ctx: AppContext, ownerId: number, projectId: number): Promise<{ services: string[]; name: string; campaignId: number } | undefined> {
  const project = await ctx.database.db.selectFrom('projects').select(['module', 'settings', 'name', 'campaign_id'])
    .where('id', '=', projectId).where('owner_id', '=', ownerId).executeTakeFirst();
  if (!project) return undefined;
  const kind = projectKind(project.module);
  if (kind !== 'postingproject' && kind !== 'privateproject') return undefined;
  const read = readProjectForm(kind, project.settings);
  if (read.kind !== 'postingproject' && read.kind !== 'privateproject') return undefined;
  if (!read.form.useIndexers) return undefined;
  return { services: [...new Set<string>(read.form.indexers)], name: project.name, campaignId: project.campaign_id };
}

/**
 * The run's published post URLs, in post order; none of the user's blocked sites is submitted for.
 * Only live posts go (issue 18.3): a post whose output link's latest check found it dead (MISSING,
 * ERROR, or PENDING while a failed fetch is retried) is held back and counted; a post not checked
 * yet goes (its publish call succeeded a moment ago).
 */
async function publishedUrls(ctx: AppContext, ownerId: number, runId: number): Promise<{ urls: string[]; heldBack: number }> {
  const rows = await ctx.database.db.selectFrom('engine_posts')
    .leftJoin('url_items', (join) => join.onRef('url_items.id', '=', 'engine_posts.url_item_id'))
    .select(['engine_posts.remote_url', 'url_items.check_status'])
    .where('engine_posts.run_id', '=', runId).where('engine_posts.owner_id', '=', ownerId).where('engine_posts.state', '=', 'published')
    .where('engine_posts.remote_url', 'is not', null)
    .orderBy('engine_posts.id', 'asc').execute();
  const blocked = await blockedDomains(ctx.database.db, ownerId);
  const listed = rows.filter((row) => row.remote_url && !isBlockedBy(row.remote_url, blocked));
  const live = listed.filter((row) => isIndexable(row.check_status ?? 'NONE'));
  return { urls: live.map((row) => row.remote_url!), heldBack: listed.length - live.length };
}

/** The run's log line when posts were held back from a service. */
export function heldBackWarning(service: string, heldBack: number): string {
  const posts = heldBack === 1 ? '1 post was' : `${heldBack} posts were`;
  return `${posts} held back from indexing service ${indexingServiceName(service)}: their latest check found them dead (Missing or Error) or is still retrying.`;
}

/** The runner's onRunFinished listener: one indexing.submit per chosen service of a run that published something. */
export async function sendIndexingSubmissions(ctx: AppContext, event: RunFinished): Promise<number> {
  const chosen = await chosenServices(ctx, event.ownerId, event.projectId);
  if (!chosen || chosen.services.length === 0) return 0;
  const published = await ctx.database.db.selectFrom('engine_posts').select('id')
    .where('run_id', '=', event.runId).where('state', '=', 'published').where('remote_url', 'is not', null).limit(1).executeTakeFirst();
  if (!published) return 0;
  for (const service of chosen.services) {
    const payload: IndexingSubmitPayload = { ownerId: event.ownerId, runId: event.runId, service };
    await ctx.queue.send(JOB.indexingSubmit, payload, { singletonKey: `indexing-${event.runId}-${service}`, retryLimit: 3, retryDelaySeconds: 30 });
  }
  return chosen.services.length;
}

/** Hands the rest of the submission to a new job run at `atMs`. */
async function sendLater(ctx: AppContext, payload: Required<IndexingSubmitPayload>, atMs: number): Promise<void> {
  await ctx.queue.send(JOB.indexingSubmit, payload, { startAfter: new Date(atMs), retryLimit: 3, retryDelaySeconds: 30 });
}

/** The indexing.submit handler: see the file's comment. */
export async function submitRunToService(ctx: AppContext, job: Pick<JobContext<IndexingSubmitPayload>, 'payload' | 'signal'>): Promise<void> {
  const payload = withCounters(job.payload);
  const { ownerId, runId, service, offset } = payload;
  const { db } = ctx.database;
  const run = await findRun(db, ownerId, runId);
  if (!run || !isFinalRunState(run.state)) return;
  const chosen = await chosenServices(ctx, ownerId, run.project_id);
  // The form no longer asks for this service (edited since): nothing to do.
  if (!chosen?.services.includes(service)) return;
  const campaign = await db.selectFrom('campaigns').select('campaign_status').where('id', '=', chosen.campaignId).executeTakeFirst();
  if (campaign?.campaign_status === 'PAUSED') {
    await sendLater(ctx, payload, Date.now() + PAUSED_RECHECK_MS);
    return;
  }
  const published = await publishedUrls(ctx, ownerId, runId);
  if (published.heldBack > 0) await addRunWarning(ctx, ownerId, runId, heldBackWarning(service, published.heldBack));
  const urls = published.urls.slice(offset);
  if (urls.length === 0) return;

  const options = await readEngineOptions(db, ownerId);
  try {
    const client = indexingServiceClient(service);
    const apiKey = (service === 'IndexNow' ? options.indexNowKey : options.indexer[service] ?? '').trim();
    if (apiKey === '') {
      const name = indexingServiceName(service);
      await addRunWarning(ctx, ownerId, runId, indexingWarning(service, `there is no ${name} API key: add it on the Options screen, Indexer tab, for the next runs.`));
      return;
    }
    await client.submit(urls, apiKey, { signal: job.signal, timeoutMs: options.waitTimeOut * 1000, title: `LinkLoom: ${chosen.name} (run ${runId})` });
  } catch (error) {
    if (job.signal.aborted || !isIndexingServiceError(error)) throw error;
    await afterRefusal(ctx, payload, error, options);
  }
}

async function afterRefusal(
  ctx: AppContext,
  payload: Required<IndexingSubmitPayload>,
  error: IndexingServiceError,
  options: { maxNumberOfRetries: number; timeToWaitBeforeRetry: number },
): Promise<void> {
  const next = { ...payload, offset: payload.offset + error.submittedBefore };
  if (error.retryable && payload.attempt <= options.maxNumberOfRetries) {
    const wait = Math.max(options.timeToWaitBeforeRetry * 1000, error.retryAfterMs ?? 0);
    await sendLater(ctx, { ...next, attempt: payload.attempt + 1 }, Date.now() + wait);
    return;
  }
  await addRunWarning(ctx, payload.ownerId, payload.runId, indexingWarning(payload.service, error.message, error.retryable ? payload.attempt : undefined));
}

let listening = false;

/** The run listener is process-wide (it gets each run's context): added once however many queues register. */
function listenForFinishedRuns(log: Log): void {
  if (listening) return;
  listening = true;
  onRunFinished(async (ctx, event) => {
    try {
      await sendIndexingSubmissions(ctx, event);
    } catch (error) {
      log(error);
    }
  });
}

/** The indexing.submit job as the registry lists it; registering it also listens for finished runs. */
export function indexingServiceJobs(ctx: AppContext): EngineJob<'indexing.submit'>[] {
  const log: Log = (error) => process.stderr.write(`indexing.submit: ${error instanceof Error ? error.stack ?? error.message : String(error)}\n`);
  listenForFinishedRuns(log);
  return [{
    name: JOB.indexingSubmit,
    handler: (job) => submitRunToService(ctx, job),
    options: { concurrency: 4, timeoutSeconds: 15 * 60 },
  }];
}
