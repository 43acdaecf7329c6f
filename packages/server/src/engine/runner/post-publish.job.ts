import { RUN_LOG_MESSAGES } from '@linkloom/shared';
import type { AppContext } from '../../app-context';
import { PublishError, type Connector, type PublishedPost, type PublishOptions } from '../connectors/connector';
import { createDefaultConnectorRegistry, type ConnectorRegistry } from '../connectors/registry';
import { JOB, type EngineJob, type PostJobPayload } from '../jobs/job-names';
import type { JobContext } from '../queue/queue';
import { composePost } from './compose-post';
import { addRunWarning } from '../indexing-services/run-warnings';
import { engineOptions, postingProxy, PROXY_WAIT_MESSAGES, PROXY_WAIT_MS, type EngineOptions } from './engine-options';
import { isJobAlive } from './job-fence';
import { readCampaignStatus } from './post-hold';
import { beginPublishing, countFailedAttempt, handPostToJob, markFound, loadPostProject, switchPostAccount, takeFreePost, takePostFrom, type PostProject } from './post-publish.repository';
import { decidePostStep, type PostAction } from './post-step';
import { holdingSlot, PostingSlots } from './posting-slots';
import { recordedIntent } from './publish-intent';
import { nextAccount, resolveTarget, type PostTarget } from './publish-target';
import { finishPost, recordPublished, reloadPost } from './record-post';
import { findPost, findRun, type PostRow } from './runs.repository';
import { settleRun } from './settle-run';
import { publishRunProgress } from './run-progress';
import { recheckProxiesForHeldWork } from '../proxies/proxy-checks';
import { logRun } from './run-log';
import { findModuleItem, MODULE_POST_MESSAGES, prepareModulePost } from '../modules/module-post';
import { postStyleOf, type PostStyle } from '../modules/module-style';
import { authorIdentity, projectModuleOf, releaseEndedIntent } from '../modules/modules.repository';

/** Posts handled at once by one process (all users); each user's share is capped by maxPostingThreads. */
export const POSTING_CONCURRENCY = 32;
/** Queue-level retries of a post job (crashes, database hiccups); publishing retries are the options'. */
export const POST_JOB_RETRIES = { retryLimit: 5, retryDelaySeconds: 10 } as const;
/** Names chosen for one attempt at most, when other posts of ours record each one first. */
const MAX_NAME_CHOICES = 5;

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

/**
 * The post's project with its module and what the module makes of a post (engine/modules,
 * issue 37 items 3–4): a new post, one with an author box and category, the account's profile,
 * a PDF document.
 */
interface ModuleProject extends PostProject {
  module: string;
  style: PostStyle;
}

/** The connector of a site's platform; an Unknown platform is tried as WordPress (and the error says so). */
function connectorFor(connectors: ConnectorRegistry, platform: string): { connector: Connector; guessed: boolean } {
  if (connectors.has(platform)) return { connector: connectors.get(platform), guessed: false };
  if (platform.trim() === '' || platform.toLowerCase() === 'unknown') return { connector: connectors.get('WordPress'), guessed: true };
  return { connector: connectors.get(platform), guessed: false };
}

/**
 * Hands the post to a new job that runs at `atMs` (always at least a second ahead): the new job
 * is sent, then made the post's job in the same update that records why.
 */
async function sendLater(step: BaseStep, post: PostRow, atMs: number, changes: { state?: 'planned' | 'publishing'; lastError?: string | null } = {}): Promise<void> {
  const { clock } = step.ctx;
  const startAfter = Math.max(atMs, clock.now() + 1000);
  // At least a second of wall time ahead, whatever the clock (tests may run a faster one).
  const wall = Math.max(clock.wallTime(startAfter), Date.now() + 1000);
  const jobId = await step.ctx.queue.send(JOB.postPublish, { ownerId: post.owner_id, postId: post.id }, { startAfter: new Date(wall), ...POST_JOB_RETRIES });
  await handPostToJob(step.ctx.database.db, post.id, step.job.id, jobId, startAfter, changes, clock.now());
}

/** Makes this job the one responsible for the post; false when another live job is. */
async function takePost(step: BaseStep, post: PostRow): Promise<boolean> {
  if (post.job_id === step.job.id) return true;
  if (post.job_id !== null && (await isJobAlive(step.ctx.queue, post.job_id))) return false;
  return takePostFrom(step.ctx.database.db, post, post.job_id, step.job.id);
}

/** After an unknown outcome: asks the site (in a posting slot) whether the post exists, by its recorded intent; records it when it does. */
async function reconcile(step: Step, post: PostRow, project: ModuleProject, target: PostTarget, connector: Connector, options: PublishOptions): Promise<boolean> {
  const found = await step.slot(() => findModuleItem(project.style, connector, target, recordedIntent(post, target.platform), options));
  if (!found) return false;
  await recordFound(step, post, project, target, found);
  return true;
}

/** Records a post found on the site (its outcome was unknown): title and links as built for it. */
async function recordFound(step: BaseStep, post: PostRow, project: PostProject, target: PostTarget, found: PublishedPost): Promise<void> {
  const composed = await composePost(step.ctx.database.db, post.owner_id, project.form, project.schedule, post);
  await recordPublished(step.ctx, post, {
    url: found.url, remoteId: found.remoteId,
    title: composed.ok ? composed.post.built.title : post.intent_title ?? '', links: composed.ok ? composed.post.built.links : [],
    siteUrl: target.siteUrl, username: target.username, outputLinkSetId: project.form.urlListId, outputAnchor: project.form.outputAnchor,
  }, step.log, () => logRun(step.ctx, post, target.siteUrl, 'found', RUN_LOG_MESSAGES.found, found.url));
}

/**
 * reconcile() with the site's own connector, through a live proxy when Use proxy for posting is on
 * (with none alive the site is not asked: false, as if the post were not found).
 */
async function lookUp(step: Step, post: PostRow, project: ModuleProject, target: PostTarget, options: EngineOptions): Promise<boolean> {
  const route = await postingProxy(step.ctx.database.db, post.owner_id, options, post.id + post.attempts);
  if (route.kind === 'noLiveProxy') return false;
  const proxy = route.kind === 'proxy' ? { proxy: route.url } : {};
  return reconcile(step, post, project, target, connectorFor(step.connectors, target.platform).connector, { timeoutMs: options.waitTimeOut * 1000, signal: step.job.signal, ...proxy });
}

/** Carries out an action that ends this job's work on the post without calling a site. */
async function end(step: BaseStep, post: PostRow, action: PostAction, siteUrl?: string): Promise<void> {
  const { ctx, log } = step;
  switch (action.kind) {
    case 'leave':
      return;
    case 'settleRun':
      return settleRun(ctx, post.owner_id, post.run_id, log);
    case 'cancel':
      await finishPost(ctx, post.owner_id, post.id, { state: 'cancelled' }, log);
      return;
    case 'fail':
      await finishPost(ctx, post.owner_id, post.id, { state: 'failed', error: action.error }, log,
        () => logRun(ctx, post, siteUrl, 'failed', RUN_LOG_MESSAGES.failed(action.error)));
      return;
    case 'hold':
      return sendLater(step, post, action.untilMs);
    case 'retryLater':
      return sendLater(step, post, action.atMs, { state: action.state, lastError: action.lastError });
    default:
      throw new Error(`post.publish: "${action.kind}" does not end a post's step`);
  }
}

/**
 * Use proxy for posting is on and no proxy is alive: the post is not sent directly (that would show
 * the user's address) but handed to a job PROXY_WAIT_MS later, as it is (no attempt spent); the
 * run says why once, however many posts wait.
 */
async function waitForProxy(step: BaseStep, post: PostRow, siteUrl: string): Promise<void> {
  const { ctx } = step;
  await addRunWarning(ctx, post.owner_id, post.run_id, PROXY_WAIT_MESSAGES.posting, { whileRunning: true });
  const untilMs = ctx.clock.now() + PROXY_WAIT_MS;
  await end(step, post, { kind: 'hold', untilMs });
  publishRunProgress(ctx, post, siteUrl, { step: 'wait', number: 0, of: 0, dueAt: Math.max(untilMs, Date.now() + 1000) });
  await logRun(ctx, post, siteUrl, 'wait', RUN_LOG_MESSAGES.waitProxy, null, { once: true });
  await recheckProxiesForHeldWork(ctx, post.owner_id);
}

/** Resolves on the event loop's next turn, after what is already due now (e.g. a post just granted a slot). */
function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** Builds, commits `publishing`, publishes and records the post; failures go through decidePostStep. */
async function publishWithTarget(step: Step, start: PostRow, project: ModuleProject, options: EngineOptions): Promise<void> {
  const { ctx, job } = step;
  const { db } = ctx.database;
  let post = start;
  let articleRetries = 0;
  for (;;) {
    const resolved = await resolveTarget(db, post.owner_id, post, { kind: project.kind, profileId: project.form.profileId });
    const targeted = decidePostStep({ at: 'target', post, target: resolved.ok ? { ok: true, siteUrl: resolved.target.siteUrl } : resolved });
    if (!resolved.ok) return end(step, post, targeted);
    const target = resolved.target;
    let guessed = false;
    try {
      const chosen = connectorFor(step.connectors, target.platform);
      guessed = chosen.guessed;
      const route = await postingProxy(db, post.owner_id, options, post.id + post.attempts);
      if (route.kind === 'noLiveProxy') return await waitForProxy(step, post, target.siteUrl);
      const proxy = route.kind === 'proxy' ? route.url : undefined;
      const publishOptions: PublishOptions = { timeoutMs: options.waitTimeOut * 1000, signal: job.signal, ...(proxy ? { proxy } : {}) };

      if (targeted.kind === 'reconcileFirst' && (await reconcile(step, post, project, target, chosen.connector, publishOptions))) return;
      // Built outside the slot: only the talk with the site waits for one.
      const spinning = { service: options.spinnerService, settings: options.spinners, timeoutMs: options.waitTimeOut * 1000, signal: job.signal, youtubeApiKey: options.youtubeApiKey };
      const composed = await step.build(() => composePost(db, post.owner_id, project.form, project.schedule, { ...post, siteUrl: target.siteUrl }, spinning));
      if (!composed.ok) return end(step, post, decidePostStep({ at: 'built', siteUrl: target.siteUrl, composed }), target.siteUrl);
      for (const warning of composed.post.warnings ?? []) await addRunWarning(ctx, post.owner_id, post.run_id, warning);
      // What the module makes of the post (engine/modules): its links those the item will carry.
      const author = project.style === 'article' ? { name: '', firstName: '', bio: '' }
        : await authorIdentity(db, post.owner_id, { profileId: project.form.profileId, siteUrl: target.siteUrl, email: target.accountEmail, username: target.username });
      const made = await step.build(() => prepareModulePost({
        style: project.style, module: project.module, connector: chosen.connector, composed: composed.post, author, seed: post.idempotency_key, now: Date.now(), signal: job.signal,
      }));
      const { built } = made.composed;
      let releasedHolder = false;
      const sent = await step.slot(async () => {
        // The attempt begins with the talk with the site: choosing the name is its first request.
        publishRunProgress(ctx, post, target.siteUrl, { step: 'attempt', number: post.attempts + 1, of: options.maxNumberOfRetries + 1, dueAt: null });
        await logRun(ctx, post, target.siteUrl, 'sent', RUN_LOG_MESSAGES.sent(built.title, post.attempts + 1, options.maxNumberOfRetries + 1));
        for (let choices = 1; ; choices += 1) {
          const intent = await made.intent(db, target, post, publishOptions).catch(async (error: unknown) => {
            if (!job.signal.aborted) await countFailedAttempt(db, post.id, job.id, ctx.clock.now());
            throw error;
          });
          if (post.intent_name !== null && post.intent_site === intent.site && intent.name !== post.intent_name) {
            // The name an earlier try recorded is taken now: maybe by that try's own post, arrived
            // late (also after a later try failed surely unposted and left the post `planned`).
            const late = await findModuleItem(project.style, chosen.connector, target, recordedIntent(post, target.platform), publishOptions);
            if (late) return { late };
          }
          const began = await beginPublishing(db, post, job.id, made.composed, target.accountEmail, intent, ctx.clock.now());
          if (began === 'nameTaken' && project.style === 'profile') {
            // One post of ours holds an account's profile: one that ended without it lets it go; a live one keeps it.
            if (!releasedHolder && (await releaseEndedIntent(db, intent.site, intent.name, post.id))) {
              releasedHolder = true;
              continue;
            }
            throw new PublishError('rejected', MODULE_POST_MESSAGES.profileHeld(target.username, target.siteUrl), { retryable: false });
          }
          if (began === 'nameTaken') {
            if (choices < MAX_NAME_CHOICES) continue;
            throw new PublishError('rejected', `Other posts took every name chosen for this post on ${target.siteUrl} first; it will be tried again.`, { retryable: true });
          }
          if (began !== 'ok') return began;
          post = {
            ...post, state: 'publishing', attempts: post.attempts + 1, article_id: composed.post.articleId, account_email: target.accountEmail,
            intent_title: intent.title, intent_name: intent.name, intent_site: intent.site, intent_at: intent.at,
          };
          return made.send(target, { title: intent.title, name: intent.name, at: intent.at }, publishOptions);
        }
      });
      if (sent === 'lost' || sent === 'articleTaken') {
        const action = decidePostStep({ at: 'began', began: sent, articleRetries });
        if (action.kind === 'giveUp') throw new Error(action.error);
        if (action.kind !== 'rebuild') return end(step, post, action);
        articleRetries += 1;
        continue;
      }
      if ('late' in sent) {
        if (!(await markFound(db, post.id, job.id, ctx.clock.now()))) return;
        return await recordFound(step, post, project, target, sent.late);
      }
      // The post waiting for this slot commits its `publishing` and sends its request first: this
      // post's bookkeeping then runs while that site works, not in between.
      await nextTurn();
      // A module's item tells what went wrong without stopping it (a category it may not create, a theme without author bios).
      if (project.style !== 'article') for (const warning of sent.warnings) await addRunWarning(ctx, post.owner_id, post.run_id, warning);
      await recordPublished(ctx, post, {
        url: sent.url, remoteId: sent.remoteId, title: built.title, links: built.links,
        siteUrl: target.siteUrl, username: target.username, outputLinkSetId: project.form.urlListId, outputAnchor: project.form.outputAnchor,
      }, step.log, () => logRun(ctx, post, target.siteUrl, 'published', RUN_LOG_MESSAGES.published, sent.url));
      return;
    } catch (error) {
      // Stop of the queue, a lost lease, a timeout of the whole job: the post stays as it is
      // (publishing = unknown outcome) and the next run of this job reconciles before posting.
      if (decidePostStep({ at: 'thrown', aborted: job.signal.aborted }).kind === 'rethrow') throw error;
      const again = await afterFailure(step, post, { project, target, guessed, options }, error);
      if (!again) return;
      post = again;
    }
  }
}

/**
 * After a failed attempt on the site: a retry later, the profile's next account (the post as it
 * is now is returned: the caller tries again with it) or the post's end.
 */
async function afterFailure(
  step: Step, failed: PostRow, attempt: { project: ModuleProject; target: PostTarget; guessed: boolean; options: EngineOptions }, error: unknown,
): Promise<PostRow | undefined> {
  const { ctx, job } = step;
  const { project, target, options } = attempt;
  const post = await reloadPost(ctx, failed);
  let action = decidePostStep({
    at: 'failed', post, error, target, platformGuessed: attempt.guessed,
    project: { kind: project.kind, profileId: project.form.profileId }, options, now: ctx.clock.now(),
  });
  if (action.kind === 'nextAccount' && project.form.profileId !== null) {
    const next = await nextAccount(ctx.database.db, post.owner_id, project.form.profileId, target.siteUrl, target.accountEmail);
    if (next) {
      await switchPostAccount(ctx.database.db, post.id, job.id, next.email, action.lastError);
      await logRun(ctx, post, target.siteUrl, 'retry', RUN_LOG_MESSAGES.nextAccount(action.lastError, next.email));
      return reloadPost(ctx, post);
    }
    action = action.otherwise;
  }
  // Out of retries with an unknown outcome: one last look before calling it failed.
  if (action.kind === 'lookThenFail') {
    if (await lookUp(step, post, project, target, options).catch(() => false)) return undefined;
    action = { kind: 'fail', error: action.error };
  }
  await end(step, post, action, target.siteUrl);
  if (action.kind === 'retryLater') {
    publishRunProgress(ctx, post, target.siteUrl, { step: 'retry', number: post.attempts, of: options.maxNumberOfRetries, dueAt: Math.max(action.atMs, Date.now() + 1000) });
    await logRun(ctx, post, target.siteUrl, 'retry', RUN_LOG_MESSAGES.retry(action.lastError, post.attempts, options.maxNumberOfRetries));
  }
  return undefined;
}

interface ProcessSlots {
  posting: PostingSlots;
  building: PostingSlots;
}

/** One run of `post.publish`: takes the post, decides whether it runs now, then publishes it. */
async function publishPost(step: BaseStep, slots: ProcessSlots): Promise<void> {
  const { ctx, job } = step;
  const { db } = ctx.database;
  const { ownerId, postId } = job.payload;
  let owned = await takeFreePost(db, job.id, ownerId, postId);
  if (!owned) {
    const post = await findPost(db, ownerId, postId);
    const found = decidePostStep({ at: 'found', post });
    if (found.kind === 'leave' || !post) return;
    if (found.kind !== 'take') return end(step, post, found);
    if (!(await takePost(step, post))) return;
    owned = { ...post, job_id: job.id };
  }
  const run = await findRun(db, ownerId, owned.run_id);
  const loaded = await loadPostProject(db, owned);
  const module = loaded ? await projectModuleOf(db, owned) : undefined;
  const project: ModuleProject | undefined = loaded && module !== undefined
    ? { ...loaded, module, style: loaded.kind === 'postingproject' ? postStyleOf(module) : 'article' } : undefined;
  const campaignStatus = project ? (await readCampaignStatus(db, project.campaignId)).rows[0]?.campaign_status : undefined;
  const action = decidePostStep({ at: 'owned', post: owned, run, projectFound: project !== undefined, campaignStatus, now: ctx.clock.now() });
  if (!project || (action.kind !== 'proceed' && action.kind !== 'reconcileStopped')) {
    await end(step, owned, action);
    if (action.kind === 'hold') publishRunProgress(ctx, owned, undefined, { step: 'wait', number: 0, of: 0, dueAt: Math.max(action.untilMs, Date.now() + 1000) });
    return;
  }

  const options = await engineOptions(db, ownerId);
  const stepped: Step = {
    ...step,
    slot: (talk) => holdingSlot(slots.posting, ownerId, options.maxPostingThreads, job.signal, talk),
    build: (work) => holdingSlot(slots.building, ownerId, options.maxPostingThreads, job.signal, work),
  };
  if (action.kind === 'reconcileStopped') {
    // Stopped while this post's outcome was unknown: finish it cleanly, recorded if it exists.
    const resolved = await resolveTarget(db, ownerId, owned, { kind: project.kind, profileId: project.form.profileId });
    const found = resolved.ok ? await lookUp(stepped, owned, project, resolved.target, options) : false;
    if (!found) await end(step, owned, { kind: 'cancel' });
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
