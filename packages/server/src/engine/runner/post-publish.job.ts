import { projectKind, type ContentProjectForm } from '@linkloom/shared';
import type { AppContext } from '../../app-context';
import { readProjectForm } from '../../features/projects/project-settings';
import { reusableQuery } from '../../platform/db/dialect';
import { postHoldUntil, readCampaignStatus } from './post-hold';
import { isPublishError, type Connector, type PublishOptions } from '../connectors/connector';
import { createDefaultConnectorRegistry, type ConnectorRegistry } from '../connectors/registry';
import { JOB, type EngineJob, type PostJobPayload } from '../jobs/job-names';
import type { JobContext } from '../queue/queue';
import { composePost, type ComposedPost } from './compose-post';
import { engineOptions, postingProxy, type EngineOptions } from './engine-options';
import { isJobAlive } from './job-fence';
import { perDatabase } from './memo';
import { PostingSlots } from './posting-slots';
import { nextAccount, resolveTarget, type PostTarget } from './publish-target';
import { finishPost, recordPublished, reloadPost } from './record-post';
import { findPost, findRun, OPEN_POST_STATES, type PostRow } from './runs.repository';
import { settleRun } from './settle-run';

/** Posts handled at once by one process (all users); each user's share is capped by maxPostingThreads. */
export const POSTING_CONCURRENCY = 32;
/** Queue-level retries of a post job (crashes, database hiccups); publishing retries are the options'. */
export const POST_JOB_RETRIES = { retryLimit: 5, retryDelaySeconds: 10 } as const;
/** A paused campaign's post looks again after this long (without counting an attempt). */

const PLATFORM_UNKNOWN_NOTE = "(the site's platform is not known yet, so it was tried as a WordPress site)";

type ContentKind = 'postingproject' | 'privateproject';

interface PostProject {
  id: number;
  module: string;
  status: string;
  settings: string;
  schedule: string | null;
  campaignId: number;
  kind: ContentKind;
  form: ContentProjectForm;
}

interface Step {
  ctx: AppContext;
  job: JobContext<PostJobPayload>;
  connectors: ConnectorRegistry;
  log: (error: unknown) => void;
  /** Runs talk with a site inside one of the user's posting slots (maxPostingThreads). */
  slot: <T>(talk: () => Promise<T>) => Promise<T>;
  /**
   * Builds a post in one of the user's building turns (as many as posting slots): no more of the
   * user's posts are built at once than can be posted at once, so the first ones reach their slots
   * without waiting for every post the process holds to be built in between.
   */
  build: <T>(work: () => Promise<T>) => Promise<T>;
}

/** A step before it holds its posting slots. */
type BaseStep = Omit<Step, 'slot' | 'build'>;

/** The connector of a site's platform; an Unknown platform is tried as WordPress (and the error says so). */
function connectorFor(connectors: ConnectorRegistry, platform: string): { connector: Connector; guessed: boolean } {
  if (connectors.has(platform)) return { connector: connectors.get(platform), guessed: false };
  if (platform.trim() === '' || platform.toLowerCase() === 'unknown') return { connector: connectors.get('WordPress'), guessed: true };
  return { connector: connectors.get(platform), guessed: false };
}

/** A line of the project's lastError: what happened on which site, and what to do. */
function failureLine(error: unknown, target: PostTarget | undefined, guessed: boolean): string {
  const message = error instanceof Error ? error.message : String(error);
  const site = target?.siteUrl;
  const withSite = site && !message.includes(site.replace(/\/+$/, '')) ? `${site}: ${message}` : message;
  const account = target?.accountEmail ? ` (account ${target.accountEmail})` : '';
  return `${withSite}${account}${guessed ? ` ${PLATFORM_UNKNOWN_NOTE}` : ''}`;
}

/**
 * Hands the post to a new job that runs at `atMs` (always at least a second ahead): the new job
 * is sent, then made the post's job in the same update that records why.
 */
async function sendLater(step: BaseStep, post: PostRow, atMs: number, changes: { state?: 'planned' | 'publishing'; lastError?: string | null } = {}): Promise<void> {
  const { ctx } = step;
  const startAfter = Math.max(atMs, Date.now() + 1000);
  const jobId = await ctx.queue.send(JOB.postPublish, { ownerId: post.owner_id, postId: post.id }, { startAfter: new Date(startAfter), ...POST_JOB_RETRIES });
  await ctx.database.db.updateTable('engine_posts')
    .set({ job_id: jobId, start_after: startAfter, updated_at: Date.now(), ...(changes.state ? { state: changes.state } : {}), ...(changes.lastError !== undefined ? { last_error: changes.lastError } : {}) })
    .where('id', '=', post.id).where('job_id', '=', step.job.id).execute();
}

const takeUnheldPost = reusableQuery((db, jobId: string, postId: number, ownerId: number) =>
  db.updateTable('engine_posts').set({ job_id: jobId })
    .where('id', '=', postId).where('owner_id', '=', ownerId).where('job_id', 'is', null).where('state', 'in', OPEN_POST_STATES)
    .returningAll());

/**
 * The usual case in one statement: an open post no job holds yet becomes this job's, and is read
 * as it is now. Undefined otherwise (finished, held, or gone): the caller looks closer.
 */
async function takeFreePost(step: BaseStep, ownerId: number, postId: number): Promise<PostRow | undefined> {
  return (await takeUnheldPost(step.ctx.database.db, step.job.id, postId, ownerId)).rows[0];
}

/** Makes this job the one responsible for the post; false when another live job is. */
async function takePost(step: BaseStep, post: PostRow): Promise<boolean> {
  if (post.job_id === step.job.id) return true;
  if (post.job_id !== null && (await isJobAlive(step.ctx.queue, post.job_id))) return false;
  const query = step.ctx.database.db.updateTable('engine_posts').set({ job_id: step.job.id }).where('id', '=', post.id);
  const taken = await (post.job_id === null ? query.where('job_id', 'is', null) : query.where('job_id', '=', post.job_id)).executeTakeFirst();
  if (Number(taken.numUpdatedRows) === 1) return true;
  // The sender may have recorded this very job as the post's meanwhile.
  const now = await findPost(step.ctx.database.db, post.owner_id, post.id);
  return now?.job_id === step.job.id;
}

/** A running project's form cannot be edited (canEdit): read and parsed once per run and period. */
const runProjects = perDatabase<number, PostProject | undefined>(5_000, 500);

function loadProject(step: BaseStep, post: PostRow): Promise<PostProject | undefined> {
  const { db } = step.ctx.database;
  return runProjects(db).get(post.run_id, async () => {
    const row = await db.selectFrom('projects').select(['id', 'module', 'status', 'settings', 'schedule', 'campaign_id'])
      .where('id', '=', post.project_id).where('owner_id', '=', post.owner_id).executeTakeFirst();
    if (!row) return undefined;
    const read = readProjectForm(projectKind(row.module), row.settings);
    if (read.kind !== 'postingproject' && read.kind !== 'privateproject') return undefined;
    return { id: row.id, module: row.module, status: row.status, settings: row.settings, schedule: row.schedule, campaignId: row.campaign_id, kind: read.kind, form: read.form };
  });
}

class Rollback extends Error {}

type Began = 'ok' | 'lost' | 'articleTaken';

const countArticleUse = reusableQuery((db, articleId: number) =>
  db.updateTable('articles').set((eb) => ({ usage_count: eb('usage_count', '+', 1) })).where('id', '=', articleId));

const countArticleUseUnder = reusableQuery((db, articleId: number, maxUsage: number) =>
  db.updateTable('articles').set((eb) => ({ usage_count: eb('usage_count', '+', 1) })).where('id', '=', articleId).where('usage_count', '<', maxUsage));

const markPublishing = reusableQuery((db, articleId: number, accountEmail: string | null, now: number, postId: number, jobId: string, from: PostRow['state']) =>
  db.updateTable('engine_posts')
    .set((eb) => ({ state: 'publishing', attempts: eb('attempts', '+', 1), article_id: articleId, account_email: accountEmail, start_after: null, updated_at: now }))
    .where('id', '=', postId).where('job_id', '=', jobId).where('state', 'in', [from]));

const forgetPostLinks = reusableQuery((db, postId: number) => db.deleteFrom('engine_post_links').where('post_id', '=', postId));

/**
 * Commits `publishing` before the site is called: the article's use is counted (first time only,
 * and only while it is under the group's maximum: else 'articleTaken' and the post is built again
 * from another article), the links the post carries are recorded, the attempt is counted. 'lost'
 * when the post is no longer this job's planned post (a Stop cancelled it meanwhile).
 */
async function beginPublishing(step: Step, post: PostRow, composed: ComposedPost, accountEmail: string | null): Promise<Began> {
  const now = Date.now();
  try {
    return await step.ctx.database.db.transaction().execute(async (trx): Promise<Began> => {
      if (post.article_id === null) {
        const counted = composed.maxUsage > 0 ? await countArticleUseUnder(trx, composed.articleId, composed.maxUsage) : await countArticleUse(trx, composed.articleId);
        if (Number(counted.numAffectedRows) !== 1) return 'articleTaken';
      }
      const marked = await markPublishing(trx, composed.articleId, accountEmail, now, post.id, step.job.id, post.state === 'planned' ? 'planned' : 'publishing');
      if (Number(marked.numAffectedRows) !== 1) throw new Rollback();
      await forgetPostLinks(trx, post.id);
      if (composed.built.links.length > 0) {
        await trx.insertInto('engine_post_links')
          .values(composed.built.links.map((link) => ({ owner_id: post.owner_id, post_id: post.id, url: link.url, anchor: link.anchor, created_at: now })))
          .execute();
      }
      return 'ok';
    });
  } catch (error) {
    if (error instanceof Rollback) return 'lost';
    throw error;
  }
}

async function recordFound(step: BaseStep, post: PostRow, project: PostProject, target: PostTarget, found: { url: string; remoteId: string }): Promise<void> {
  const composed = await composePost(step.ctx.database.db, post.owner_id, project.form, project.schedule, post);
  await recordPublished(step.ctx, post, {
    url: found.url, remoteId: found.remoteId,
    title: composed.ok ? composed.post.built.title : '', links: composed.ok ? composed.post.built.links : [],
    siteUrl: target.siteUrl, username: target.username, outputLinkSetId: project.form.urlListId, outputAnchor: project.form.outputAnchor,
  }, step.log);
}

/** After an unknown outcome: asks the site (in a posting slot) whether the post exists; records it when it does. */
async function reconcile(step: Step, post: PostRow, project: PostProject, target: PostTarget, connector: Connector, options: PublishOptions): Promise<boolean> {
  const find = connector.findPublished?.bind(connector);
  if (!find) return false;
  const found = await step.slot(() => find(target, post.idempotency_key, options));
  if (!found) return false;
  await recordFound(step, post, project, target, found);
  return true;
}

type Decision = { kind: 'retry'; atMs: number } | { kind: 'nextAccount' } | { kind: 'fail' };

function decide(error: unknown, post: PostRow, project: PostProject, options: EngineOptions): Decision {
  if (isPublishError(error)) {
    if (error.kind === 'auth' && project.kind === 'postingproject' && post.accounts_tried < options.maxAccountsToRetry) return { kind: 'nextAccount' };
    if (error.retryable && post.attempts <= options.maxNumberOfRetries) {
      const wait = Math.max(options.timeToWaitBeforeRetry * 1000, error.retryAfterMs ?? 0);
      return { kind: 'retry', atMs: Date.now() + wait };
    }
  }
  return { kind: 'fail' };
}

/** Resolves on the event loop's next turn, after what is already due now (e.g. a post just granted a slot). */
function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** Rebuilding after the chosen article reached its maximum meanwhile: at most this often. */
const MAX_ARTICLE_RETRIES = 20;

async function publishWithTarget(step: Step, start: PostRow, project: PostProject, options: EngineOptions): Promise<void> {
  const { ctx, job } = step;
  const { db } = ctx.database;
  let post = start;
  let articleRetries = 0;
  for (;;) {
    const resolved = await resolveTarget(db, post.owner_id, post, { kind: project.kind, profileId: project.form.profileId });
    if (!resolved.ok) {
      await finishPost(ctx, post.owner_id, post.id, { state: 'failed', error: resolved.error.includes('://') ? resolved.error : `Site ${post.site_key}: ${resolved.error}` }, step.log);
      return;
    }
    const target = resolved.target;
    let guessed = false;
    try {
      const chosen = connectorFor(step.connectors, target.platform);
      guessed = chosen.guessed;
      const proxy = await postingProxy(db, post.owner_id, options, post.id + post.attempts);
      const publishOptions: PublishOptions = { timeoutMs: options.waitTimeOut * 1000, signal: job.signal, ...(proxy ? { proxy } : {}) };

      if (post.state === 'publishing' && (await reconcile(step, post, project, target, chosen.connector, publishOptions))) return;
      // Built outside the slot: only the talk with the site waits for one.
      const composed = await step.build(() => composePost(db, post.owner_id, project.form, project.schedule, post));
      if (!composed.ok) {
        await finishPost(ctx, post.owner_id, post.id, { state: 'failed', error: `${target.siteUrl}: ${composed.error}` }, step.log);
        return;
      }
      const { built, featuredImageUrl } = composed.post;
      const sent = await step.slot(async () => {
        const began = await beginPublishing(step, post, composed.post, target.accountEmail);
        if (began !== 'ok') return began;
        post = { ...post, state: 'publishing', attempts: post.attempts + 1, article_id: composed.post.articleId, account_email: target.accountEmail };
        return chosen.connector.publish(target, {
          title: built.title, html: built.html, tags: built.tags, idempotencyKey: post.idempotency_key,
          ...(featuredImageUrl ? { featuredImage: { url: featuredImageUrl, alt: built.title } } : {}),
        }, publishOptions);
      });
      if (sent === 'lost') return;
      if (sent === 'articleTaken') {
        articleRetries += 1;
        if (articleRetries > MAX_ARTICLE_RETRIES) throw new Error('The articles of the content group are being used up by other posts: start the project again');
        continue;
      }
      // The post waiting for this slot commits its `publishing` and sends its request first: this
      // post's bookkeeping then runs while that site works, not in between.
      await nextTurn();
      await recordPublished(ctx, post, {
        url: sent.url, remoteId: sent.remoteId, title: built.title, links: built.links,
        siteUrl: target.siteUrl, username: target.username, outputLinkSetId: project.form.urlListId, outputAnchor: project.form.outputAnchor,
      }, step.log);
      return;
    } catch (error) {
      // Stop of the queue, a lost lease, a timeout of the whole job: the post stays as it is
      // (publishing = unknown outcome) and the next run of this job reconciles before posting.
      if (job.signal.aborted) throw error;
      post = await reloadPost(ctx, post);
      if (post.state !== 'planned' && post.state !== 'publishing') return;
      const line = failureLine(error, target, guessed);
      const unknown = isPublishError(error) && error.outcomeUnknown;
      const decision = decide(error, post, project, options);
      if (decision.kind === 'retry') {
        await sendLater(step, post, decision.atMs, { state: unknown ? 'publishing' : 'planned', lastError: line });
        return;
      }
      if (decision.kind === 'nextAccount' && project.form.profileId !== null) {
        const next = await nextAccount(db, post.owner_id, project.form.profileId, target.siteUrl, target.accountEmail);
        if (next) {
          await db.updateTable('engine_posts')
            .set((eb) => ({ account_email: next.email, accounts_tried: eb('accounts_tried', '+', 1), attempts: 0, state: 'planned', last_error: line, updated_at: Date.now() }))
            .where('id', '=', post.id).where('job_id', '=', job.id).execute();
          post = await reloadPost(ctx, post);
          continue;
        }
      }
      if (unknown) {
        // Out of retries with an unknown outcome: one last look before calling it failed.
        const found = await reconcile(step, post, project, target, connectorFor(step.connectors, target.platform).connector, {
          timeoutMs: options.waitTimeOut * 1000, signal: job.signal,
        }).catch(() => false);
        if (found) return;
      }
      await finishPost(ctx, post.owner_id, post.id, { state: 'failed', error: line }, step.log);
      return;
    }
  }
}


/** Runs `work` holding one of the user's `limit` places in `slots`. */
async function holding<T>(slots: PostingSlots, ownerId: number, limit: number, signal: AbortSignal, work: () => Promise<T>): Promise<T> {
  await slots.acquire(ownerId, limit, signal);
  try {
    return await work();
  } finally {
    slots.release(ownerId);
  }
}

interface ProcessSlots {
  posting: PostingSlots;
  building: PostingSlots;
}

async function publishPost(step: BaseStep, slots: ProcessSlots): Promise<void> {
  const { ctx, job } = step;
  const { db } = ctx.database;
  const { ownerId, postId } = job.payload;
  let owned = await takeFreePost(step, ownerId, postId);
  if (!owned) {
    const post = await findPost(db, ownerId, postId);
    if (!post) return;
    if (post.state !== 'planned' && post.state !== 'publishing') {
      await settleRun(ctx, ownerId, post.run_id, step.log);
      return;
    }
    if (!(await takePost(step, post))) return;
    owned = { ...post, job_id: job.id };
  }
  const run = await findRun(db, ownerId, owned.run_id);
  const project = await loadProject(step, owned);
  if (!run || !project) {
    await finishPost(ctx, ownerId, postId, { state: 'cancelled' }, step.log);
    return;
  }
  const stopping = run.state !== 'running';
  if (stopping && owned.state === 'planned') {
    await finishPost(ctx, ownerId, postId, { state: 'cancelled' }, step.log);
    return;
  }
  if (!stopping && owned.state === 'planned') {
    const campaign = (await readCampaignStatus(db, project.campaignId)).rows[0];
    const holdUntil = postHoldUntil(owned, campaign?.campaign_status, Date.now());
    if (holdUntil !== null) {
      await sendLater(step, owned, holdUntil);
      return;
    }
  }
  const options = await engineOptions(db, ownerId);
  const stepped: Step = {
    ...step,
    slot: (talk) => holding(slots.posting, ownerId, options.maxPostingThreads, job.signal, talk),
    build: (work) => holding(slots.building, ownerId, options.maxPostingThreads, job.signal, work),
  };
  if (stopping) {
    // Stopped while this post's outcome was unknown: finish it cleanly, recorded if it exists.
    const resolved = await resolveTarget(db, ownerId, owned, { kind: project.kind, profileId: project.form.profileId });
    const found = resolved.ok
      ? await reconcile(stepped, owned, project, resolved.target, connectorFor(step.connectors, resolved.target.platform).connector, { timeoutMs: options.waitTimeOut * 1000, signal: job.signal })
      : false;
    if (!found) await finishPost(ctx, ownerId, postId, { state: 'cancelled' }, step.log);
    return;
  }
  await publishWithTarget(stepped, owned, project, options);
}

/** The `post.publish` job (engine/README.md): builds, publishes and records one post. */
export function postPublishJob(ctx: AppContext, connectors: ConnectorRegistry = createDefaultConnectorRegistry()): EngineJob<'post.publish'> {
  const slots: ProcessSlots = { posting: new PostingSlots(), building: new PostingSlots() };
  const log = (error: unknown) => process.stderr.write(`A run-finished listener failed: ${error instanceof Error ? error.stack ?? error.message : String(error)}\n`);
  return {
    name: JOB.postPublish,
    handler: (job) => publishPost({ ctx, job, connectors, log }, slots),
    options: { concurrency: POSTING_CONCURRENCY, timeoutSeconds: 3600 },
  };
}
