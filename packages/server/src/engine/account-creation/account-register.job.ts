import { EMAIL_MESSAGES, RUN_LOG_MESSAGES, nicheTopics, projectKind, type AccountCreationForm } from '@linkloom/shared';
import type { AppContext } from '../../app-context';
import { isPublishError, type AccountToRegister, type Connector, type PublishOptions, type PublishTarget } from '../connectors/connector';
import { createDefaultConnectorRegistry, type ConnectorRegistry } from '../connectors/registry';
import { JOB, type EngineJob, type PostJobPayload } from '../jobs/job-names';
import type { JobContext } from '../queue/queue';
import {
  campaignKeywordFields, findCatchAll, findProfileWithCampaign, presentAccount, projectSettings, publishAccountsChanged, readProjectForm, takeUnusedEmail,
} from '../seams';
import { engineOptions, postingProxy, PROXY_WAIT_MESSAGES, PROXY_WAIT_MS, type EngineOptions } from '../runner/engine-options';
import { addRunWarning } from '../indexing-services/run-warnings';
import { isJobAlive } from '../runner/job-fence';
import { readCampaignStatus } from '../runner/post-hold';
import { handPostToJob, takeFreePost, takePostFrom } from '../runner/post-publish.repository';
import { POST_JOB_RETRIES } from '../runner/post-publish.job';
import { decidePostStep, failureLine } from '../runner/post-step';
import { holdingSlot, PostingSlots } from '../runner/posting-slots';
import { afterPostFinished, finishPost, reloadPost } from '../runner/record-post';
import { logRun } from '../runner/run-log';
import { findPost, findRun, type PostRow } from '../runner/runs.repository';
import { settleRun } from '../runner/settle-run';
import { catchAllAddress, freshRng, manualAddress, registrationIdentity, suffixedUsername } from './registration-identity';
import { registrationSite, REGISTRATION_MESSAGES, type RegistrationSite } from './registration-site';
import { beginRegistering, chooseRegistration, findRegistration, recordRegistered, takeNextSuffix, type Registration } from './registrations.repository';
import { recheckProxiesForHeldWork } from '../proxies/proxy-checks';

/** Registrations handled at once by one process (all users); each user's share is capped by maxPostingThreads. */
export const REGISTER_CONCURRENCY = 32;
/** "User name taken" answers met before the registration fails: the name and this many variants minus one. */
export const MAX_NAME_TRIES = 5;

type Log = (error: unknown) => void;

interface Step {
  ctx: AppContext;
  job: JobContext<PostJobPayload>;
  connectors: ConnectorRegistry;
  slots: PostingSlots;
  log: Log;
}

interface Project {
  campaignId: number;
  form: AccountCreationForm;
}

/** The project of a registration with its form, the credentials opened (they are stored sealed). */
async function loadProject(ctx: AppContext, post: PostRow): Promise<Project | undefined> {
  const { db } = ctx.database;
  const row = await db.selectFrom('projects').select(['module', 'campaign_id'])
    .where('id', '=', post.project_id).where('owner_id', '=', post.owner_id).executeTakeFirst();
  if (!row || projectKind(row.module) !== 'acproject') return undefined;
  const settings = await projectSettings(db, post.owner_id, post.project_id);
  if (settings === undefined) return undefined;
  const read = readProjectForm('acproject', settings);
  return read.kind === 'acproject' ? { campaignId: row.campaign_id, form: read.form } : undefined;
}

/** The connector that creates accounts on the platform (an Unknown platform is tried as WordPress), or none. */
function registrar(connectors: ConnectorRegistry, platform: string): Connector | undefined {
  const name = connectors.has(platform) ? platform : platform.trim() === '' || platform.toLowerCase() === 'unknown' ? 'WordPress' : platform;
  if (!connectors.has(name)) return undefined;
  const connector = connectors.get(name);
  return connector.register && connector.findRegistered ? connector : undefined;
}

/** The address a new registration uses, by the form's email source (issue 14.3). */
function addressTaker(ctx: AppContext, ownerId: number, form: AccountCreationForm) {
  return async (trx: AppContext['database']['db']): Promise<string | { error: string }> => {
    if (form.emailSource === 'MANUAL') {
      const address = manualAddress(form.verificationInfo.emailAddress, freshRng());
      return address === '' ? { error: REGISTRATION_MESSAGES.noManualAddress } : address;
    }
    if (form.emailSource === 'LIST') {
      const taken = await takeUnusedEmail(trx, ownerId);
      return taken ? taken.address : { error: REGISTRATION_MESSAGES.noAddress };
    }
    const catchAll = await findCatchAll(trx, ownerId);
    return catchAll ? catchAllAddress(catchAll.address, freshRng()) : { error: EMAIL_MESSAGES.noCatchAll };
  };
}

function accountOf(registration: Registration): AccountToRegister {
  return {
    username: registration.username, email: registration.email, password: registration.password,
    firstName: registration.first_name, lastName: registration.last_name, blogTitle: registration.blog_title, blogName: registration.blog_name, bio: registration.bio,
  };
}

/** Records the account the site now has and tells the screens: newAccount on the profile, the site row, the run. */
async function record(step: Step, post: PostRow, project: Project, registration: Registration, created: PublishTarget, siteUrl: string): Promise<void> {
  const { ctx } = step;
  const { db } = ctx.database;
  const profileId = project.form.profileId;
  if (profileId === null) throw new Error(`Account creation post ${post.id} has no profile`);
  const account = { siteName: siteUrl, email: registration.email, username: created.username, password: created.password };
  const recorded = await recordRegistered(db, post, profileId, registration, account);
  if (!recorded) return;
  await logRun(ctx, post, siteUrl, 'account', RUN_LOG_MESSAGES.registered(created.username));
  const profile = await findProfileWithCampaign(db, profileId, post.owner_id).catch(() => undefined);
  if (profile) {
    const shown = presentAccount({ profile_id: profileId, site_name: account.siteName, email: account.email, username: account.username, password: account.password });
    publishAccountsChanged(ctx, post.owner_id, profile, recorded.created ? 'newAccount' : 'accountEdited', { profileId, account: shown, total: recorded.total }, recorded.total);
  }
  await afterPostFinished(ctx, post, step.log);
}

/** Hands the registration to a new job at `atMs`, keeping it `publishing`: the next attempt looks the account up first. */
async function retryLater(step: Step, post: PostRow, atMs: number, lastError: string, retries: number, siteUrl: string): Promise<void> {
  const startAfter = Math.max(atMs, Date.now() + 1000);
  const jobId = await step.ctx.queue.send(JOB.accountRegister, { ownerId: post.owner_id, postId: post.id }, { startAfter: new Date(startAfter), ...POST_JOB_RETRIES });
  await handPostToJob(step.ctx.database.db, post.id, step.job.id, jobId, startAfter, { lastError });
  await logRun(step.ctx, post, siteUrl, 'retry', RUN_LOG_MESSAGES.retry(lastError, post.attempts, retries));
}

/**
 * Use proxy for posting is on and no proxy is alive: the site is not called directly; the
 * registration goes to a job PROXY_WAIT_MS later as it is (no attempt spent) and the run says why once.
 */
async function waitForProxy(step: Step, post: PostRow, siteUrl: string): Promise<void> {
  const { ctx } = step;
  await addRunWarning(ctx, post.owner_id, post.run_id, PROXY_WAIT_MESSAGES.posting, { whileRunning: true });
  const startAfter = Date.now() + PROXY_WAIT_MS;
  const jobId = await ctx.queue.send(JOB.accountRegister, { ownerId: post.owner_id, postId: post.id }, { startAfter: new Date(startAfter), ...POST_JOB_RETRIES });
  await handPostToJob(ctx.database.db, post.id, step.job.id, jobId, startAfter, {});
  await logRun(ctx, post, siteUrl, 'wait', RUN_LOG_MESSAGES.waitProxy, null, { once: true });
  await recheckProxiesForHeldWork(ctx, post.owner_id);
}

/**
 * Looks up the account a previous attempt may have made (its outcome unknown: crash, timeout,
 * Stop): found as ours → recorded (true). 'taken' → the name is someone else's.
 */
async function lookUp(
  step: Step, post: PostRow, project: Project, registration: Registration, site: RegistrationSite, connector: Connector, options: PublishOptions,
): Promise<'recorded' | 'taken' | 'absent'> {
  const found = await connector.findRegistered!(site.admin, accountOf(registration), options);
  if (found.state !== 'ours') return found.state;
  await record(step, post, project, registration, found.target, site.admin.siteUrl);
  return 'recorded';
}

/** "User name taken": the registration with the name's next variant, stored before it is tried. */
async function nextName(db: AppContext['database']['db'], post: PostRow, registration: Registration): Promise<Registration> {
  const base = registration.suffix === 0 ? registration.username : registration.username.slice(0, -String(registration.suffix + 1).length);
  await takeNextSuffix(db, registration, suffixedUsername(base, registration.suffix + 1));
  return (await findRegistration(db, post.id))!;
}

/** The site refused before creating anything (a taken name): the next attempt, with the next name, needs no look-up. */
async function untried(db: AppContext['database']['db'], post: PostRow, jobId: string): Promise<PostRow> {
  await db.updateTable('engine_posts').set({ state: 'planned' }).where('id', '=', post.id).where('job_id', '=', jobId).execute();
  return { ...post, state: 'planned' };
}

async function fail(step: Step, post: PostRow, error: string, siteUrl?: string): Promise<void> {
  await finishPost(step.ctx, post.owner_id, post.id, { state: 'failed', error }, step.log,
    () => logRun(step.ctx, post, siteUrl, 'failed', RUN_LOG_MESSAGES.failed(error)));
}

/** The registration on the site, attempt after attempt, until it is recorded, handed to a later job or failed. */
async function register(step: Step, owned: PostRow, project: Project, options: EngineOptions): Promise<void> {
  const { ctx, job } = step;
  const { db } = ctx.database;
  let post = owned;
  const found = await registrationSite(db, post.owner_id, post.site_key);
  if (!found.ok) return fail(step, post, found.error.includes('://') ? found.error : `Site ${post.site_key}: ${found.error}`);
  const { site } = found;
  const connector = registrar(step.connectors, site.platform);
  if (!connector) return fail(step, post, REGISTRATION_MESSAGES.noRegister(site.admin.siteUrl, site.platform));
  if (connector.platform === 'WordPress' && (site.admin.username === '' || site.admin.password === '')) return fail(step, post, REGISTRATION_MESSAGES.noAdmin(site.admin.siteUrl));

  // Generated names and blogs are about the campaign's subject (its link sets' keywords).
  const rng = freshRng();
  const topics = nicheTopics(await campaignKeywordFields(db, post.owner_id, project.campaignId), rng);
  const chosen = await chooseRegistration(db, post, registrationIdentity(project.form, rng, topics), addressTaker(ctx, post.owner_id, project.form));
  if ('error' in chosen) return fail(step, post, `${site.admin.siteUrl}: ${chosen.error}`);
  let registration = chosen;
  const route = await postingProxy(db, post.owner_id, options, post.id + post.attempts);
  if (route.kind === 'noLiveProxy') return waitForProxy(step, post, site.admin.siteUrl);
  const callOptions: PublishOptions = { timeoutMs: options.waitTimeOut * 1000, signal: job.signal, ...(route.kind === 'proxy' ? { proxy: route.url } : {}) };
  const slot = <T>(talk: () => Promise<T>) => holdingSlot(step.slots, post.owner_id, options.maxPostingThreads, job.signal, talk);
  const target = { siteUrl: site.admin.siteUrl, accountEmail: registration.email };

  for (;;) {
    try {
      const outcome = await slot(async (): Promise<{ kind: 'lost' } | { kind: 'taken' } | { kind: 'made'; target: PublishTarget }> => {
        // A previous attempt whose outcome is unknown may have made the account: this attempt
        // (counted like any other) asks the site first.
        const unknown = post.state === 'publishing';
        if (!(await beginRegistering(db, post, job.id, registration.email))) return { kind: 'lost' };
        post = { ...post, state: 'publishing', attempts: post.attempts + 1, account_email: registration.email };
        await logRun(ctx, post, site.admin.siteUrl, 'sent', RUN_LOG_MESSAGES.registerSent(registration.username, post.attempts, options.maxNumberOfRetries + 1));
        if (unknown) {
          const found = await connector.findRegistered!(site.admin, accountOf(registration), callOptions);
          if (found.state === 'ours') return { kind: 'made', target: found.target };
          if (found.state === 'taken') return { kind: 'taken' };
        }
        return { kind: 'made', target: await connector.register!(site.admin, accountOf(registration), callOptions) };
      });
      if (outcome.kind === 'lost') return;
      if (outcome.kind === 'made') return await record(step, post, project, registration, outcome.target, site.admin.siteUrl);
      if (registration.suffix + 1 >= MAX_NAME_TRIES) return fail(step, post, REGISTRATION_MESSAGES.namesTaken(site.admin.siteUrl, MAX_NAME_TRIES), site.admin.siteUrl);
      registration = await nextName(db, post, registration);
      post = await untried(db, post, job.id);
      continue;
    } catch (error) {
      // Stop of the queue, a lost lease: the post stays `publishing` and the next run looks it up.
      if (job.signal.aborted) throw error;
      post = await reloadPost(ctx, post);
      if (post.state !== 'planned' && post.state !== 'publishing') return;
      if (isPublishError(error) && error.code === 'accountExists' && !/email/i.test(error.message)) {
        // The name is taken (ours would have been found above): the next variant, recorded first.
        if (registration.suffix + 1 >= MAX_NAME_TRIES) return fail(step, post, REGISTRATION_MESSAGES.namesTaken(site.admin.siteUrl, MAX_NAME_TRIES), site.admin.siteUrl);
        registration = await nextName(db, post, registration);
        post = await untried(db, post, job.id);
        continue;
      }
      const line = failureLine(error, target, false);
      if (isPublishError(error) && error.retryable && post.attempts <= options.maxNumberOfRetries) {
        return retryLater(step, post, Date.now() + Math.max(options.timeToWaitBeforeRetry * 1000, error.retryAfterMs ?? 0), line, options.maxNumberOfRetries, site.admin.siteUrl);
      }
      // Out of tries: one last look whether an attempt made it after all.
      const last = await slot(() => lookUp(step, post, project, registration, site, connector, callOptions)).catch(() => 'absent' as const);
      if (last === 'recorded') return;
      return fail(step, post, line, site.admin.siteUrl);
    }
  }
}

/** One run of `account.register`: takes the registration, decides whether it runs now, then registers. */
async function registerPost(step: Step): Promise<void> {
  const { ctx, job } = step;
  const { db } = ctx.database;
  const { ownerId, postId } = job.payload;
  let owned = await takeFreePost(db, job.id, ownerId, postId);
  if (!owned) {
    const post = await findPost(db, ownerId, postId);
    const found = decidePostStep({ at: 'found', post });
    if (found.kind === 'leave' || !post) return;
    if (found.kind === 'settleRun') return settleRun(ctx, ownerId, post.run_id, step.log);
    if (post.job_id !== null && post.job_id !== job.id && (await isJobAlive(ctx.queue, post.job_id))) return;
    if (!(await takePostFrom(db, post, post.job_id, job.id))) return;
    owned = { ...post, job_id: job.id };
  }
  const run = await findRun(db, ownerId, owned.run_id);
  const project = await loadProject(ctx, owned);
  const campaignStatus = project ? (await readCampaignStatus(db, project.campaignId)).rows[0]?.campaign_status : undefined;
  const action = decidePostStep({ at: 'owned', post: owned, run, projectFound: project !== undefined, campaignStatus, now: Date.now() });
  if (action.kind === 'cancel' || !project) {
    await finishPost(ctx, ownerId, owned.id, { state: 'cancelled' }, step.log);
    return;
  }
  if (action.kind === 'hold') {
    const jobId = await ctx.queue.send(JOB.accountRegister, { ownerId, postId }, { startAfter: new Date(Math.max(action.untilMs, Date.now() + 1000)), ...POST_JOB_RETRIES });
    await handPostToJob(db, owned.id, job.id, jobId, action.untilMs, {});
    return;
  }
  const options = await engineOptions(db, ownerId);
  if (action.kind === 'reconcileStopped') {
    // Stopped while an attempt's outcome was unknown: recorded if the site has the account, else cancelled.
    const registration = await findRegistration(db, owned.id);
    const found = await registrationSite(db, ownerId, owned.site_key);
    const connector = found.ok ? registrar(step.connectors, found.site.platform) : undefined;
    // Through a live proxy when Use proxy for posting is on; with none alive the site is not asked.
    const route = await postingProxy(db, ownerId, options, owned.id + owned.attempts);
    const seen = registration && found.ok && connector && route.kind !== 'noLiveProxy'
      ? await holdingSlot(step.slots, ownerId, options.maxPostingThreads, job.signal, () => lookUp(step, owned, project, registration, found.site, connector, {
        timeoutMs: options.waitTimeOut * 1000, signal: job.signal, ...(route.kind === 'proxy' ? { proxy: route.url } : {}),
      }))
        .catch(() => 'absent' as const)
      : 'absent';
    if (seen !== 'recorded') await finishPost(ctx, ownerId, owned.id, { state: 'cancelled' }, step.log);
    return;
  }
  await register(step, owned, project, options);
}

/**
 * The `account.register` job (engine/README.md, issue 14.4): one account of an account creation
 * run on one site. The identity (user name, address, password) is chosen and stored before the
 * site is called, the attempt is committed `publishing` before the call, and an attempt whose
 * outcome is unknown is looked up on the site before another is made: nothing is created twice.
 */
export function accountRegisterJob(ctx: AppContext, connectors: ConnectorRegistry = createDefaultConnectorRegistry()): EngineJob<'account.register'> {
  const slots = new PostingSlots();
  const log: Log = (error) => process.stderr.write(`A run-finished listener failed: ${error instanceof Error ? error.stack ?? error.message : String(error)}\n`);
  return {
    name: JOB.accountRegister,
    handler: (job) => registerPost({ ctx, job, connectors, slots, log }),
    options: { concurrency: REGISTER_CONCURRENCY, timeoutSeconds: 3600 },
  };
}
