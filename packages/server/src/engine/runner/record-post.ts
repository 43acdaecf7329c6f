import type { Kysely } from 'kysely';
import { createRng, outputLinkAnchor, projectKind, type OutputAnchor, type PostLink } from '@linkloom/shared';
import type { AppContext } from '../../app-context';
import { countLinks, findLinkSetWithCampaign, publishLinksChanged } from '../seams';
import { reusableQuery } from '../../platform/db/dialect';
import type { DB } from '../../platform/db/schema';
import { JOB, type PostJobPayload } from '../jobs/job-names';
import type { EnginePostState } from './engine.tables';
import { perDatabase } from './memo';
import { findPost, OPEN_POST_STATES, type PostRow } from './runs.repository';
import { progressNounOf, refreshSite } from './site-progress';
import { settleRun } from './settle-run';

export type PostOutcome =
  | { state: 'published'; remoteUrl?: string | null; remoteId?: string | null }
  | { state: 'failed'; error: string }
  | { state: 'cancelled' };

type Log = (error: unknown) => void;

/**
 * What the caller writes once a post's final state is committed and before its site row and run
 * are settled (its run-log line): a run seen ended has every line of its posts.
 */
export type AfterCommit = () => Promise<void>;

const nouns = perDatabase<number, string>(60_000);

/** What a site row counts: posts, submissions for indexer projects, accounts for account creation ones (a project's module never changes). */
export function progressNoun(ctx: AppContext, projectId: number): Promise<string> {
  return nouns(ctx.database.db).get(projectId, async () => {
    const project = await ctx.database.db.selectFrom('projects').select('module').where('id', '=', projectId).executeTakeFirst();
    return project ? progressNounOf(projectKind(project.module)) : 'posts';
  });
}

/** Live link counts of a busy output link set go out at most this often (one `linksAdded` for the posts of the period). */
const LINKS_ADDED_EVERY_MS = 250;
const pendingLinks = new WeakMap<AppContext, Map<string, { ownerId: number; urlListId: number; added: number }>>();

/** Tells the link set's screens (linksAdded) and the campaign (urlListEdited) about new output links, coalesced. */
function announceLinksAdded(ctx: AppContext, ownerId: number, urlListId: number, log?: Log): void {
  if (!ctx.live) return;
  let pending = pendingLinks.get(ctx);
  if (!pending) {
    pending = new Map();
    pendingLinks.set(ctx, pending);
  }
  const key = `${ownerId}:${urlListId}`;
  const waiting = pending.get(key);
  if (waiting) {
    waiting.added += 1;
    return;
  }
  const entry = { ownerId, urlListId, added: 1 };
  pending.set(key, entry);
  const flush = async () => {
    pending.delete(key);
    const { db } = ctx.database;
    const linkSet = await findLinkSetWithCampaign(db, ownerId, urlListId);
    if (linkSet) publishLinksChanged(ctx, ownerId, linkSet, await countLinks(db, ctx.database.dialect, urlListId), { name: 'linksAdded', added: entry.added });
  };
  setTimeout(() => void flush().catch((error: unknown) => log?.(error)), LINKS_ADDED_EVERY_MS).unref();
}

/** After a post reached a final state: its site row (siteStatusChanged), then its run if nothing is left. */
export async function afterPostFinished(ctx: AppContext, post: Pick<PostRow, 'owner_id' | 'project_id' | 'run_id' | 'site_key'>, log?: Log): Promise<void> {
  const site = await refreshSite(ctx, post.owner_id, post.project_id, post.run_id, post.site_key, await progressNoun(ctx, post.project_id));
  // A site with open posts (read after this post's commit) means a run with work left: settling
  // would find nothing to do. The run's last post always sees its site done, and settles it.
  if (site.status === 'RUNNING') return;
  await settleRun(ctx, post.owner_id, post.run_id, log);
}

/**
 * Gives a post its final state when it has no output link to write (indexer submissions, failures,
 * cancellations): compare-and-set from planned/publishing in one transaction with the run's
 * counters (a failed post gives its article's use back), then the site row and the run. False when
 * the post had already ended. Indexer handlers (engine/indexer) finish their posts through this.
 */
export async function finishPost(ctx: AppContext, ownerId: number, postId: number, outcome: PostOutcome, log?: Log, afterCommit?: AfterCommit): Promise<boolean> {
  const { db } = ctx.database;
  const now = ctx.clock.now();
  const finished = await db.transaction().execute(async (trx) => {
    const post = await trx.updateTable('engine_posts')
      .set({
        state: outcome.state as EnginePostState,
        updated_at: now,
        job_id: null,
        ...(outcome.state === 'failed' ? { last_error: outcome.error } : {}),
        ...(outcome.state === 'published' ? { remote_url: outcome.remoteUrl ?? null, remote_id: outcome.remoteId ?? null, last_error: null } : {}),
      })
      .where('id', '=', postId).where('owner_id', '=', ownerId).where('state', 'in', OPEN_POST_STATES)
      .returning(['id', 'owner_id', 'project_id', 'run_id', 'site_key', 'article_id']).executeTakeFirst();
    if (!post) return undefined;
    if (outcome.state === 'published') {
      await trx.updateTable('project_runs').set((eb) => ({ posts_done: eb('posts_done', '+', 1) })).where('id', '=', post.run_id).execute();
    } else if (outcome.state === 'failed') {
      await trx.updateTable('project_runs').set((eb) => ({ posts_failed: eb('posts_failed', '+', 1) })).where('id', '=', post.run_id).execute();
    }
    if (outcome.state !== 'published' && post.article_id !== null) {
      // The use was counted when publishing began; a post that never appeared gives it back.
      await trx.updateTable('articles').set((eb) => ({ usage_count: eb('usage_count', '-', 1) }))
        .where('id', '=', post.article_id).where('usage_count', '>', 0).execute();
      await trx.updateTable('engine_posts').set({ article_id: null }).where('id', '=', post.id).execute();
    }
    return post;
  });
  if (!finished) return false;
  await afterCommit?.();
  await afterPostFinished(ctx, finished, log);
  return true;
}

class AlreadyRecorded extends Error {}

const ownedLinkSet = reusableQuery((db, linkSetId: number, ownerId: number) =>
  db.selectFrom('url_lists').select('id').where('id', '=', linkSetId).where('owner_id', '=', ownerId));

interface OutputLink {
  ownerId: number;
  urlListId: number;
  url: string;
  anchor: string;
  linksOnPage: number;
  site: string;
  username: string;
  now: number;
  postId: number;
}

const insertOutputLink = reusableQuery((db, ownerId: number, urlListId: number, url: string, anchor: string, linksOnPage: number, site: string, username: string, now: number, postId: number) =>
  db.insertInto('url_items').values({
    owner_id: ownerId, url_list_id: urlListId, url, anchor, links_on_page: linksOnPage,
    site, username, date_added: now, created_at: now, post_id: postId, check_status: 'PENDING',
  }).returning('id'));

function appendOutputLink(db: Kysely<DB>, link: OutputLink) {
  return insertOutputLink(db, link.ownerId, link.urlListId, link.url, link.anchor, link.linksOnPage, link.site, link.username, link.now, link.postId);
}

const markPublished = reusableQuery((db, remoteUrl: string, remoteId: string, now: number, urlItemId: number | null, postId: number) =>
  db.updateTable('engine_posts')
    .set({ state: 'published', remote_url: remoteUrl, remote_id: remoteId, last_error: null, job_id: null, updated_at: now, url_item_id: urlItemId })
    .where('id', '=', postId).where('state', '=', 'publishing'));

const countPostDone = reusableQuery((db, runId: number) =>
  db.updateTable('project_runs').set((eb) => ({ posts_done: eb('posts_done', '+', 1) })).where('id', '=', runId));

/** What a published post's output link is written from. */
export interface PublishedPostInfo {
  url: string;
  remoteId: string;
  title: string;
  links: readonly PostLink[];
  siteUrl: string;
  username: string;
  outputLinkSetId: number | null;
  outputAnchor: OutputAnchor;
}

/**
 * A post that now exists on its site, recorded in ONE transaction: the post `published` (only from
 * publishing: a post is recorded once), its URL appended to the project's output link set (site,
 * username, date, anchor by the form's outputAnchor, verification PENDING) and the run's count.
 * Then, after commit: linksAdded/urlListEdited, post.verify, the site row and the run.
 */
export async function recordPublished(ctx: AppContext, post: PostRow, info: PublishedPostInfo, log?: Log, afterCommit?: AfterCommit): Promise<boolean> {
  const { db } = ctx.database;
  const now = ctx.clock.now();
  const anchor = outputLinkAnchor(info.outputAnchor, { title: info.title, links: info.links }, info.url, createRng(`${post.idempotency_key}/output`));
  const recorded = await db.transaction().execute(async (trx) => {
    const list = info.outputLinkSetId === null ? undefined : (await ownedLinkSet(trx, info.outputLinkSetId, post.owner_id)).rows[0];
    const item = list === undefined ? undefined : (await appendOutputLink(trx, {
      ownerId: post.owner_id, urlListId: list.id, url: info.url, anchor, linksOnPage: info.links.length,
      site: info.siteUrl, username: info.username, now, postId: post.id,
    })).rows[0];
    if (list !== undefined && item === undefined) throw new Error(`The output link of post ${post.id} was not stored`);
    const marked = await markPublished(trx, info.url, info.remoteId, now, item?.id ?? null, post.id);
    // Recorded already (another run of this job got there first): nothing of this write may stay.
    if (Number(marked.numAffectedRows) !== 1) throw new AlreadyRecorded();
    await countPostDone(trx, post.run_id);
    return { urlListId: list?.id ?? null };
  }).catch((error: unknown) => {
    if (error instanceof AlreadyRecorded) return undefined;
    throw error;
  });
  if (!recorded) return false;
  await afterCommit?.();
  if (recorded.urlListId !== null) announceLinksAdded(ctx, post.owner_id, recorded.urlListId, log);
  const payload: PostJobPayload = { ownerId: post.owner_id, postId: post.id };
  // Verification lags a little behind publishing: a fresh page may still be cached or re-rendered.
  await ctx.queue.send(JOB.postVerify, payload, { singletonKey: `verify-${post.id}`, startAfter: new Date(Date.now() + 1000) });
  await afterPostFinished(ctx, post, log);
  return true;
}

/** The post again, as stored now. */
export async function reloadPost(ctx: AppContext, post: PostRow): Promise<PostRow> {
  return (await findPost(ctx.database.db, post.owner_id, post.id)) ?? post;
}
