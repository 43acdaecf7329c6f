/**
 * Re-pointing a post from a dead page (issue 36 item 3): a lower-tier post that still links to an
 * upper-tier post tier health found dead is edited on its site so that link goes to another live
 * page of the same link set (the tier below's targets) instead. The user asks for it from the
 * campaign's dead pages or the post's link set (POST /action/repoint); the job `post.repoint` does
 * one post.
 *
 * The engine's discipline, as for publishing: the page chosen for each link is committed
 * (engine_post_links.repoint_to) before the site is called, so a crash or a lost answer edits
 * towards the same page when the job runs again; the connector's edit is idempotent (a post with
 * no link to the dead address left is not saved again). Done: the link names the new page
 * (repointed_from the dead one), a line "Edited" in the project's run log, the post's links checked
 * again, and the link set's screens and the campaign told. A platform without editing by API, or
 * a site that refuses the edit for good, leaves the link as it was, with the reason in the log.
 */
import type { AppContext } from '../../app-context';
import type { Connector, LinkChange, PublishOptions } from '../connectors/connector';
import { isPublishError } from '../connectors/connector';
import { createDefaultConnectorRegistry, type ConnectorRegistry } from '../connectors/registry';
import { addRunWarning } from '../indexing-services/run-warnings';
import { JOB, type EngineJob, type JobPayload } from '../jobs/job-names';
import type { JobContext } from '../queue/queue';
import { publishLinksChecked } from '../seams';
import { engineOptions, postingProxy, PROXY_WAIT_MS } from './engine-options';
import { postStyleOf } from '../modules/module-style';
import { REPUBLISHED_STYLES } from './dead-page-actions';
import { loadPostProject } from './post-publish.repository';
import { failureLine } from './post-step';
import { resolveTarget } from './publish-target';
import { abandonRepoint, beginRepoint, chooseReplacement, linksToRepoint, recordRepoint } from './repoint.repository';
import { logRun } from './run-log';
import { findPost, type PostRow } from './runs.repository';

export type RepointPayload = JobPayload<'post.repoint'>;

export const REPOINT_MESSAGES = {
  edited: (from: string, to: string) => `Edited the post: its link to ${from} (found dead) now goes to ${to}`,
  alreadyGone: (from: string, to: string) => `The post no longer links to ${from} (edited before, or by someone on the site): nothing changed; its link is recorded as going to ${to}`,
  noReplacement: (from: string) => `The post links to ${from}, found dead, and its link set has no other live page on another site to send it to: add links to the set, or re-publish the dead page`,
  notEditable: (platform: string) => `${platform} posts can't be edited by LinkLoom: the post keeps its link to the dead page; re-publish the dead page instead`,
  failed: (reason: string) => `Re-pointing the post from a dead page failed: ${reason}`,
  notAPost: 'A profile or a PDF is not edited to re-point its links: re-publish the dead page instead',
} as const;

/** Runs of post.repoint at once in one process (all users): edits are light, and the per-site pace comes from the retries. */
const REPOINT_CONCURRENCY = 4;

/** The site's connector; an Unknown platform is tried as WordPress (as post.publish does). */
function connectorFor(connectors: ConnectorRegistry, platform: string): Connector {
  return connectors.has(platform) ? connectors.get(platform) : connectors.get('WordPress');
}

/** The page chosen (or chosen before) for each dead link; links with no live page left are told in the log. */
async function plannedChanges(ctx: AppContext, post: PostRow): Promise<Array<LinkChange & { linkId: number }>> {
  const { db } = ctx.database;
  const links = await linksToRepoint(db, post.owner_id, post.id);
  const changes: Array<LinkChange & { linkId: number }> = [];
  const linked = links.map((link) => link.url);
  for (const link of links) {
    let to = link.repointTo;
    if (to === null) {
      const chosen = await chooseReplacement(db, post.owner_id, link.linkSetId, post.remote_url ?? '', [...linked, ...changes.map((change) => change.to)]);
      if (chosen === null) {
        await logRun(ctx, post, undefined, 'failed', REPOINT_MESSAGES.noReplacement(link.url), post.remote_url, { once: true });
        continue;
      }
      // Another run of the job may have chosen first: its page is the one.
      if (!(await beginRepoint(db, post.owner_id, link.id, chosen))) {
        to = (await linksToRepoint(db, post.owner_id, post.id)).find((again) => again.id === link.id)?.repointTo ?? null;
        if (to === null) continue;
      } else {
        to = chosen;
      }
    }
    changes.push({ linkId: link.id, from: link.url, to });
  }
  return changes;
}

/** The move done: recorded, logged, the post's links checked again, its link set and campaign told. */
async function finish(ctx: AppContext, post: PostRow, changes: ReadonlyArray<LinkChange & { linkId: number }>, changed: number): Promise<void> {
  await recordRepoint(ctx.database.db, post.owner_id, changes.map((change) => ({ linkId: change.linkId, from: change.from, to: change.to })), Date.now());
  for (const change of changes) {
    await logRun(ctx, post, undefined, 'edited', changed > 0 ? REPOINT_MESSAGES.edited(change.from, change.to) : REPOINT_MESSAGES.alreadyGone(change.from, change.to), post.remote_url);
  }
  await ctx.queue.send(JOB.postVerify, { ownerId: post.owner_id, postId: post.id }, { singletonKey: `verify-${post.id}-repointed`, startAfter: new Date(Date.now() + 1000) });
  if (post.url_item_id !== null) {
    const link = await ctx.database.db.selectFrom('url_items').select('url_list_id').where('id', '=', post.url_item_id).where('owner_id', '=', post.owner_id).executeTakeFirst();
    if (link) void publishLinksChecked(ctx, post.owner_id, link.url_list_id, [post.url_item_id]);
  }
}

/** Given up for good: the links keep their dead address (a later request chooses again), the reason in the log and the run's warnings. */
async function giveUp(ctx: AppContext, post: PostRow, linkIds: readonly number[], reason: string): Promise<void> {
  await abandonRepoint(ctx.database.db, post.owner_id, linkIds);
  await logRun(ctx, post, undefined, 'failed', reason, post.remote_url);
  await addRunWarning(ctx, post.owner_id, post.run_id, `${post.remote_url ?? ''}: ${reason}`);
}

/** One run of post.repoint (see the module's comment). */
export async function repointPost(
  ctx: AppContext, job: Pick<JobContext<RepointPayload>, 'payload' | 'signal'>, connectors: ConnectorRegistry = createDefaultConnectorRegistry(),
): Promise<void> {
  const { db } = ctx.database;
  const { ownerId, postId } = job.payload;
  const attempt = job.payload.attempt ?? 1;
  const post = await findPost(db, ownerId, postId);
  if (!post || post.state !== 'published' || post.remote_id === null || post.remote_url === null) return;
  const changes = await plannedChanges(ctx, post);
  if (changes.length === 0) return;
  const linkIds = changes.map((change) => change.linkId);

  const project = await loadPostProject(db, post);
  if (!project) return giveUp(ctx, post, linkIds, REPOINT_MESSAGES.failed('its project was deleted or is no longer a posting or private project'));
  if (!REPUBLISHED_STYLES.has(postStyleOf(project.module))) return giveUp(ctx, post, linkIds, REPOINT_MESSAGES.notAPost);
  const resolved = await resolveTarget(db, ownerId, post, { kind: project.kind, profileId: project.form.profileId });
  if (!resolved.ok) return giveUp(ctx, post, linkIds, REPOINT_MESSAGES.failed(resolved.error));
  const connector = connectorFor(connectors, resolved.target.platform);
  if (!connector.updateLinks) return giveUp(ctx, post, linkIds, REPOINT_MESSAGES.notEditable(connector.platform));

  const options = await engineOptions(db, ownerId);
  const route = await postingProxy(db, ownerId, options, post.id + attempt);
  if (route.kind === 'noLiveProxy') {
    // Use proxy for posting is on and none is alive: the site is not called directly; later, as it is.
    await ctx.queue.send(JOB.postRepoint, job.payload, { startAfter: new Date(Date.now() + PROXY_WAIT_MS), retryLimit: 3, retryDelaySeconds: 30 });
    return;
  }
  const publishOptions: PublishOptions = { timeoutMs: options.waitTimeOut * 1000, signal: job.signal, ...(route.kind === 'proxy' ? { proxy: route.url } : {}) };
  try {
    const { changed } = await connector.updateLinks(resolved.target, { remoteId: post.remote_id, url: post.remote_url }, changes, publishOptions);
    await finish(ctx, post, changes, changed);
  } catch (error) {
    // Stop of the queue, a lost lease: the chosen pages stay committed; the next run edits towards them.
    if (job.signal.aborted) throw error;
    if (isPublishError(error) && error.retryable && attempt <= options.maxNumberOfRetries) {
      const wait = Math.max(options.timeToWaitBeforeRetry * 1000, error.retryAfterMs ?? 0);
      await logRun(ctx, post, undefined, 'retry', `${failureLine(error, resolved.target, false)} (re-pointing, retry ${attempt} of ${options.maxNumberOfRetries} planned)`, post.remote_url);
      await ctx.queue.send(JOB.postRepoint, { ownerId, postId, attempt: attempt + 1 }, {
        singletonKey: `repoint-${postId}-${attempt + 1}`, startAfter: new Date(Date.now() + wait), retryLimit: 3, retryDelaySeconds: 30,
      });
      return;
    }
    await giveUp(ctx, post, linkIds, REPOINT_MESSAGES.failed(failureLine(error, { siteUrl: resolved.target.siteUrl, accountEmail: resolved.target.accountEmail }, false)));
  }
}

/** The post.repoint job as the registry lists it. */
export function repointPostJob(ctx: AppContext, connectors: ConnectorRegistry = createDefaultConnectorRegistry()): EngineJob<'post.repoint'> {
  return {
    name: JOB.postRepoint,
    handler: (job) => repointPost(ctx, job, connectors),
    options: { concurrency: REPOINT_CONCURRENCY, timeoutSeconds: 600 },
  };
}
