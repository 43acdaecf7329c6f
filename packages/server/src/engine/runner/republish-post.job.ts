/**
 * Re-publishing a dead post on the user's own site, once (issue 18.2; engine/README.md "Link
 * health"). When a check leaves a post's output link dead by the tier-health rule and its project
 * has "Re-publish dead posts" on (shared republishDecision), post.verify sends `post.republish`
 * (singleton key `republish-{postId}`). The job puts the same post back on the same site as the
 * same account: the article the post was built from, rebuilt with the post's own seed, carrying
 * the links recorded for it (engine_post_links), under a name of its own chosen as for any post
 * (the title's, free on the site: the dead original's when it is gone, else told apart by a word).
 *
 * The engine's idempotency discipline: `republish_state = publishing` is committed with the copy's
 * intent (publish-intent.ts: title, name, site, time) before the site is called; a run that finds
 * it so (crash, timeout, a retry) asks the site for the copy by that intent first (findPublished)
 * and records the one it finds. Retryable failures try again
 * timeToWaitBeforeRetry later, maxNumberOfRetries times, through new jobs. Recorded in ONE
 * transaction: the post's remote_url / remote_id name the copy (replaced_url the dead URL,
 * republished_at when), republish_state `published`, and the output link moves to the new URL with
 * a fresh check (PENDING, alive, its re-check schedule counted from now). Then post.verify, the link
 * set's live message and a line in the project's log. A state other than null is never re-published
 * again: not the post, not its copy.
 */
import { republishDecision, type AnchorType, type LinkHistoryStatus } from '@linkloom/shared';
import type { AppContext } from '../../app-context';
import { isUniqueViolation } from '../../platform/db/unique-violation';
import type { Connector, PublishIntent, PublishOptions, PublishTarget } from '../connectors/connector';
import { isPublishError, PublishError } from '../connectors/connector';
import { createDefaultConnectorRegistry, type ConnectorRegistry } from '../connectors/registry';
import { addRunWarning } from '../indexing-services/run-warnings';
import { JOB, type EngineJob, type RepublishPayload } from '../jobs/job-names';
import type { JobContext } from '../queue/queue';
import { publishLinksChecked } from '../seams';
import { composePost } from './compose-post';
import { engineOptions, postingProxy, PROXY_WAIT_MS } from './engine-options';
import { postStyleOf } from '../modules/module-style';
import { REPUBLISHED_STYLES } from './dead-page-actions';
import { loadPostProject } from './post-publish.repository';
import { failureLine } from './post-step';
import { chooseIntent, recordedIntent, type RecordedIntent } from './publish-intent';
import { resolveTarget } from './publish-target';
import { findPost, type PostRow } from './runs.repository';

export const REPUBLISH_MESSAGES = {
  republished: (deadUrl: string, newUrl: string) => `${deadUrl} was found dead twice in a row and was re-published once, with the same article and links: ${newUrl}`,
  failed: (deadUrl: string, reason: string) => `${deadUrl} was found dead twice in a row; re-publishing it failed: ${reason}`,
  outputLinkGone: 'its output link was deleted',
} as const;

/** Runs of post.republish at once in one process (all users). */
const REPUBLISH_CONCURRENCY = 8;
/** Names chosen for the copy at most, when other posts of ours record each one first. */
const MAX_NAME_CHOICES = 5;

const isDeadStatus = (status: LinkHistoryStatus | undefined) => status === 'MISSING' || status === 'GONE';

/** The output link of a post with its health verdict. */
async function outputLink(ctx: AppContext, ownerId: number, post: PostRow) {
  if (post.url_item_id === null) return undefined;
  return ctx.database.db.selectFrom('url_items').select(['id', 'url_list_id', 'dead_since'])
    .where('id', '=', post.url_item_id).where('owner_id', '=', ownerId).executeTakeFirst();
}

/**
 * After post.verify stored a check: when that check was dead and left the post's output link dead,
 * and the post is to be re-published (republishDecision), post.republish is sent. Cheap for every
 * other check: nothing is read unless the check was dead and the post was never re-published.
 */
export async function republishIfDead(ctx: AppContext, post: PostRow, checked: LinkHistoryStatus | undefined): Promise<boolean> {
  if (!isDeadStatus(checked) || post.republish_state !== null || post.state !== 'published') return false;
  const ownerId = post.owner_id;
  const link = await outputLink(ctx, ownerId, post);
  if (!link || link.dead_since === null) return false;
  const project = await loadPostProject(ctx.database.db, post);
  const decision = republishDecision({
    projectKind: project?.kind ?? 'none', republishDeadPosts: project?.form.republishDeadPosts ?? false,
    postState: post.state, republishState: post.republish_state, deadSince: link.dead_since,
  });
  if (!decision.republish) return false;
  await ctx.queue.send(JOB.postRepublish, { ownerId, postId: post.id }, { singletonKey: `republish-${post.id}`, retryLimit: 3, retryDelaySeconds: 30 });
  return true;
}

/** The site's connector; an Unknown platform is tried as WordPress (as post.publish does). */
function connectorFor(connectors: ConnectorRegistry, platform: string): Connector {
  return connectors.has(platform) ? connectors.get(platform) : connectors.get('WordPress');
}

/** The links recorded for the post when it was published: what its copy carries again. */
async function recordedLinks(ctx: AppContext, ownerId: number, postId: number) {
  const rows = await ctx.database.db.selectFrom('engine_post_links').select(['url', 'anchor', 'link_set_id', 'anchor_type'])
    .where('post_id', '=', postId).where('owner_id', '=', ownerId).orderBy('id').execute();
  return rows.map((row) => ({ linkSetId: row.link_set_id ?? 0, url: row.url, anchor: row.anchor, anchorType: (row.anchor_type ?? 'linkAnchor') as AnchorType }));
}

/** Ends the re-publish for good without a copy, with a line in the project's log. */
async function fail(ctx: AppContext, post: PostRow, reason: string): Promise<void> {
  const ended = await ctx.database.db.updateTable('engine_posts').set({ republish_state: 'failed' })
    .where('id', '=', post.id).where('owner_id', '=', post.owner_id)
    .where((eb) => eb.or([eb('republish_state', 'is', null), eb('republish_state', '=', 'publishing')]))
    .executeTakeFirst();
  if (Number(ended.numUpdatedRows) === 1) await addRunWarning(ctx, post.owner_id, post.run_id, REPUBLISH_MESSAGES.failed(post.remote_url ?? '', reason));
}

/**
 * The copy exists on the site: recorded in one transaction (see the module's comment); false when
 * it was recorded already (another run of the job got there first).
 */
async function record(ctx: AppContext, post: PostRow, link: { id: number; url_list_id: number }, copy: { url: string; remoteId: string }): Promise<boolean> {
  const now = ctx.clock.now();
  const deadUrl = post.remote_url ?? '';
  const recorded = await ctx.database.db.transaction().execute(async (trx) => {
    const marked = await trx.updateTable('engine_posts')
      // updated_at stays: it is when the post was published, which the posts-per-day report counts.
      .set({ republish_state: 'published', republished_at: now, replaced_url: deadUrl, remote_url: copy.url, remote_id: copy.remoteId })
      .where('id', '=', post.id).where('owner_id', '=', post.owner_id).where('republish_state', '=', 'publishing')
      .executeTakeFirst();
    if (Number(marked.numUpdatedRows) !== 1) return false;
    await trx.updateTable('url_items')
      .set({ url: copy.url, check_status: 'PENDING', check_info: null, checked_at: null, date_added: now, next_check_at: null, dead_since: null, dead_reason: null })
      .where('id', '=', link.id).where('owner_id', '=', post.owner_id)
      .execute();
    return true;
  });
  if (!recorded) return false;
  await ctx.queue.send(JOB.postVerify, { ownerId: post.owner_id, postId: post.id }, { singletonKey: `verify-${post.id}-republished`, startAfter: new Date(Date.now() + 1000) });
  void publishLinksChecked(ctx, post.owner_id, link.url_list_id, [link.id]);
  await addRunWarning(ctx, post.owner_id, post.run_id, REPUBLISH_MESSAGES.republished(deadUrl, copy.url));
  return true;
}

/**
 * Commits `republish_state = publishing` with the copy's intent, before the site is called:
 * 'nameTaken' when another post of ours recorded that name on the site first, 'lost' when the post
 * is no longer to be re-published (recorded or failed meanwhile).
 */
async function beginCopy(ctx: AppContext, post: PostRow, intent: RecordedIntent, original: string | null): Promise<'ok' | 'lost' | 'nameTaken'> {
  try {
    const began = await ctx.database.db.updateTable('engine_posts')
      .set({ republish_state: 'publishing', intent_title: intent.title, intent_name: intent.name, intent_site: intent.site, intent_at: intent.at, replaced_name: original })
      .where('id', '=', post.id).where('owner_id', '=', post.owner_id).where('state', '=', 'published')
      .where((eb) => eb.or([eb('republish_state', 'is', null), eb('republish_state', '=', 'publishing')]))
      .executeTakeFirst();
    return Number(began.numUpdatedRows) === 1 ? 'ok' : 'lost';
  } catch (error) {
    if (isUniqueViolation(error)) return 'nameTaken';
    throw error;
  }
}

/** One run of post.republish (see the module's comment). */
export async function republishPost(
  ctx: AppContext, job: Pick<JobContext<RepublishPayload>, 'payload' | 'signal'>, connectors: ConnectorRegistry = createDefaultConnectorRegistry(),
): Promise<void> {
  const { db } = ctx.database;
  const { ownerId, postId } = job.payload;
  const attempt = job.payload.attempt ?? 1;
  const post = await findPost(db, ownerId, postId);
  if (!post || post.state !== 'published' || post.republish_state === 'published' || post.republish_state === 'failed') return;
  const project = await loadPostProject(db, post);
  const link = await outputLink(ctx, ownerId, post);
  if (post.republish_state === null) {
    const decision = republishDecision({
      // Asked for by the user: the project's setting is not needed (the other rules hold).
      projectKind: project?.kind ?? 'none', republishDeadPosts: job.payload.asked === true || (project?.form.republishDeadPosts ?? false),
      postState: post.state, republishState: null, deadSince: link?.dead_since ?? null,
    });
    if (!decision.republish) return;
  }
  // Begun before (publishing): finished whatever the project says now, as a post in flight is.
  if (!project) return fail(ctx, post, 'its project was deleted or is no longer a posting or private project');
  if (!REPUBLISHED_STYLES.has(postStyleOf(project.module))) return fail(ctx, post, 'a profile or a PDF is not re-published: its project writes the account\'s profile or uploads a document');
  if (!link) return fail(ctx, post, REPUBLISH_MESSAGES.outputLinkGone);

  const options = await engineOptions(db, ownerId);
  const resolved = await resolveTarget(db, ownerId, post, { kind: project.kind, profileId: project.form.profileId });
  if (!resolved.ok) return fail(ctx, post, resolved.error);
  const target: PublishTarget = resolved.target;
  const connector = connectorFor(connectors, resolved.target.platform);
  const route = await postingProxy(db, ownerId, options, post.id + attempt);
  if (route.kind === 'noLiveProxy') {
    // Use proxy for posting is on and none is alive: the site is not called directly; later, as it is.
    await ctx.queue.send(JOB.postRepublish, job.payload, { startAfter: new Date(Date.now() + PROXY_WAIT_MS), retryLimit: 3, retryDelaySeconds: 30 });
    return;
  }
  const publishOptions: PublishOptions = { timeoutMs: options.waitTimeOut * 1000, signal: job.signal, ...(route.kind === 'proxy' ? { proxy: route.url } : {}) };
  const platform = resolved.target.platform;
  const lookUp = async (intent: PublishIntent) => {
    const found = await connector.findPublished(target, intent, publishOptions);
    return found ? record(ctx, post, link, found) : false;
  };

  // An earlier run may have made the copy (its outcome unknown): the site is asked first, by the copy's intent.
  if (post.republish_state === 'publishing' && (await lookUp(recordedIntent(post, platform, true)))) return;
  const spinning = { service: options.spinnerService, settings: options.spinners, timeoutMs: options.waitTimeOut * 1000, signal: job.signal, youtubeApiKey: options.youtubeApiKey };
  const composed = await composePost(db, ownerId, project.form, project.schedule, {
    id: post.id, idempotency_key: post.idempotency_key, article_id: post.article_id, fixedLinks: await recordedLinks(ctx, ownerId, post.id),
  }, spinning);
  if (!composed.ok) return fail(ctx, post, composed.error);

  const { built, featuredImageUrl } = composed.post;
  let intent: RecordedIntent | undefined;
  try {
    // The copy's own name and time: the original's intent (in the same columns until now) is not the
    // copy's, and its name is never the copy's (a copy at the dead URL would inherit its dead checks).
    const copyOf = post.republish_state === 'publishing' ? post : { ...post, intent_at: null };
    const original = post.republish_state === 'publishing' ? post.replaced_name : post.intent_name;
    for (let choices = 1; intent === undefined; choices += 1) {
      const chosen = await chooseIntent(db, connector, target, copyOf, built, publishOptions, original);
      if (post.republish_state === 'publishing' && post.intent_name !== null && chosen.name !== post.intent_name) {
        // The name the earlier run recorded is taken now: maybe by that run's own copy, arrived late.
        if (await lookUp(recordedIntent(post, platform, true))) return;
      }
      const began = await beginCopy(ctx, post, chosen, original);
      if (began === 'lost') return;
      if (began === 'ok') intent = chosen;
      else if (choices >= MAX_NAME_CHOICES) throw new PublishError('rejected', `Other posts took every name chosen for the copy on ${target.siteUrl} first; it will be tried again.`, { retryable: true });
    }
    const sent = await connector.publish(target, {
      title: built.title, html: built.html, tags: built.tags, intent: { title: intent.title, name: intent.name, at: intent.at },
      ...(featuredImageUrl ? { featuredImage: { url: featuredImageUrl, alt: built.title } } : {}),
    }, publishOptions);
    await record(ctx, post, link, sent);
  } catch (error) {
    // Stop of the queue, a lost lease, a timeout: the state stays `publishing`; the next run looks first.
    if (job.signal.aborted) throw error;
    if (isPublishError(error) && error.retryable && attempt <= options.maxNumberOfRetries) {
      const wait = Math.max(options.timeToWaitBeforeRetry * 1000, error.retryAfterMs ?? 0);
      await ctx.queue.send(JOB.postRepublish, { ownerId, postId, attempt: attempt + 1, ...(job.payload.asked ? { asked: true } : {}) }, {
        singletonKey: `republish-${postId}-${attempt + 1}`, startAfter: new Date(Date.now() + wait), retryLimit: 3, retryDelaySeconds: 30,
      });
      return;
    }
    if (isPublishError(error) && error.outcomeUnknown && intent && (await lookUp(intent).catch(() => false))) return;
    await fail(ctx, post, failureLine(error, { siteUrl: target.siteUrl, accountEmail: resolved.target.accountEmail }, false));
  }
}

/** The post.republish job as the registry lists it. */
export function republishPostJob(ctx: AppContext, connectors: ConnectorRegistry = createDefaultConnectorRegistry()): EngineJob<'post.republish'> {
  return {
    name: JOB.postRepublish,
    handler: (job) => republishPost(ctx, job, connectors),
    options: { concurrency: REPUBLISH_CONCURRENCY, timeoutSeconds: 3600 },
  };
}
