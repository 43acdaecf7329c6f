import type { Kysely } from 'kysely';
import { projectKind, type ContentProjectForm } from '@linkloom/shared';
import { reusableQuery } from '../../platform/db/dialect';
import type { DB } from '../../platform/db/schema';
import { isUniqueViolation } from '../../platform/db/unique-violation';
import { readProjectForm } from '../seams';
import type { ComposedPost } from './compose-post';
import { perDatabase } from './memo';
import type { RecordedIntent } from './publish-intent';
import { findPost, OPEN_POST_STATES, type PostRow } from './runs.repository';

type Db = Kysely<DB>;

/** The project of a content post, with its parsed form. */
export interface PostProject {
  id: number;
  schedule: string | null;
  campaignId: number;
  kind: 'postingproject' | 'privateproject';
  /** The project's module (what its posts are: engine/modules/module-style.ts). */
  module: string;
  form: ContentProjectForm;
}

const takeUnheldPost = reusableQuery((db, jobId: string, postId: number, ownerId: number) =>
  db.updateTable('engine_posts').set({ job_id: jobId })
    .where('id', '=', postId).where('owner_id', '=', ownerId).where('job_id', 'is', null).where('state', 'in', OPEN_POST_STATES)
    .returningAll());

/**
 * The usual case in one statement: an open post no job holds yet becomes this job's, and is read
 * as it is now. Undefined otherwise (finished, held, or gone): the caller looks closer.
 */
export async function takeFreePost(db: Db, jobId: string, ownerId: number, postId: number): Promise<PostRow | undefined> {
  return (await takeUnheldPost(db, jobId, postId, ownerId)).rows[0];
}

/**
 * Makes `jobId` the post's job in place of `fromJobId` (null: none), compare-and-set; true when
 * the post is this job's now (also when its sender recorded this very job meanwhile).
 */
export async function takePostFrom(db: Db, post: PostRow, fromJobId: string | null, jobId: string): Promise<boolean> {
  const query = db.updateTable('engine_posts').set({ job_id: jobId }).where('id', '=', post.id);
  const taken = await (fromJobId === null ? query.where('job_id', 'is', null) : query.where('job_id', '=', fromJobId)).executeTakeFirst();
  if (Number(taken.numUpdatedRows) === 1) return true;
  const now = await findPost(db, post.owner_id, post.id);
  return now?.job_id === jobId;
}

/**
 * Hands the post from job `fromJobId` to `toJobId`, due at `startAfter`, recording why (state, last
 * error). The instant goes to not_before: start_after keeps the plan's instant, so a retried post
 * still counts on its planned day in the posts-per-day report.
 */
export async function handPostToJob(
  db: Db, postId: number, fromJobId: string, toJobId: string, startAfter: number,
  changes: { state?: 'planned' | 'publishing'; lastError?: string | null }, now = Date.now(),
): Promise<void> {
  await db.updateTable('engine_posts')
    .set({ job_id: toJobId, not_before: startAfter, updated_at: now, ...(changes.state ? { state: changes.state } : {}), ...(changes.lastError !== undefined ? { last_error: changes.lastError } : {}) })
    .where('id', '=', postId).where('job_id', '=', fromJobId).execute();
}

/** After an auth refusal: the post starts over with the profile's next account (attempts reset). */
export async function switchPostAccount(db: Db, postId: number, jobId: string, accountEmail: string, lastError: string): Promise<void> {
  await db.updateTable('engine_posts')
    .set((eb) => ({ account_email: accountEmail, accounts_tried: eb('accounts_tried', '+', 1), attempts: 0, state: 'planned', last_error: lastError, updated_at: Date.now() }))
    .where('id', '=', postId).where('job_id', '=', jobId).execute();
}

/** A running project's form cannot be edited (canEdit): read and parsed once per run and period. */
const runProjects = perDatabase<number, PostProject | undefined>(5_000, 500);

/** The content project of a post (undefined when it is gone or not a content project). */
export function loadPostProject(db: Db, post: PostRow): Promise<PostProject | undefined> {
  return runProjects(db).get(post.run_id, async () => {
    const row = await db.selectFrom('projects').select(['id', 'module', 'settings', 'schedule', 'campaign_id'])
      .where('id', '=', post.project_id).where('owner_id', '=', post.owner_id).executeTakeFirst();
    if (!row) return undefined;
    const read = readProjectForm(projectKind(row.module), row.settings);
    if (read.kind !== 'postingproject' && read.kind !== 'privateproject') return undefined;
    return { id: row.id, schedule: row.schedule, campaignId: row.campaign_id, kind: read.kind, module: row.module, form: read.form };
  });
}

class Rollback extends Error {}

/** What committing `publishing` came to (see beginPublishing). */
export type Began = 'ok' | 'lost' | 'articleTaken' | 'nameTaken';

const countArticleUse = reusableQuery((db, articleId: number) =>
  db.updateTable('articles').set((eb) => ({ usage_count: eb('usage_count', '+', 1) })).where('id', '=', articleId));

const countArticleUseUnder = reusableQuery((db, articleId: number, maxUsage: number) =>
  db.updateTable('articles').set((eb) => ({ usage_count: eb('usage_count', '+', 1) })).where('id', '=', articleId).where('usage_count', '<', maxUsage));

const markPublishing = reusableQuery((
  db, articleId: number, accountEmail: string | null, now: number, intentTitle: string, intentName: string, intentSite: string, intentAt: number, postId: number, jobId: string, from: PostRow['state'],
) =>
  db.updateTable('engine_posts')
    .set((eb) => ({
      state: 'publishing', attempts: eb('attempts', '+', 1), article_id: articleId, account_email: accountEmail, updated_at: now,
      intent_title: intentTitle, intent_name: intentName, intent_site: intentSite, intent_at: intentAt,
    }))
    .where('id', '=', postId).where('job_id', '=', jobId).where('state', 'in', [from]));

/**
 * An attempt that failed while choosing the post's name on the site (before `publishing` was
 * committed) still counts: a site that never answers runs out of retries like any other failure.
 */
export async function countFailedAttempt(db: Db, postId: number, jobId: string, now: number): Promise<void> {
  await db.updateTable('engine_posts').set((eb) => ({ attempts: eb('attempts', '+', 1), updated_at: now }))
    .where('id', '=', postId).where('job_id', '=', jobId).execute();
}

/**
 * A `planned` post whose earlier try's item turned up on the site (its request arrived late) is
 * `publishing` again, so that it is recorded as any post found after an unknown outcome; false when
 * the post is no longer this job's open post.
 */
export async function markFound(db: Db, postId: number, jobId: string, now: number): Promise<boolean> {
  const marked = await db.updateTable('engine_posts').set({ state: 'publishing', updated_at: now })
    .where('id', '=', postId).where('job_id', '=', jobId).where('state', 'in', OPEN_POST_STATES).executeTakeFirst();
  return Number(marked.numUpdatedRows) === 1;
}

const forgetPostLinks = reusableQuery((db, postId: number) => db.deleteFrom('engine_post_links').where('post_id', '=', postId));

/**
 * Commits `publishing` before the site is called: the article's use is counted (first time only,
 * and only while it is under the group's maximum: else 'articleTaken' and the post is built again
 * from another article), the intent is recorded (the name it is published under, found again by
 * after an unknown outcome: 'nameTaken' when another post of ours recorded that name on the site
 * meanwhile, and a name is chosen again), the links the post carries are recorded, the attempt is
 * counted. 'lost' when the post is no longer this job's planned post (a Stop cancelled it meanwhile). The post's
 * start_after stays: it is the instant the plan gave it (Spread), which the posts-per-day report
 * compares with when it was published. `now`: the engine's clock (ctx.clock).
 */
export async function beginPublishing(
  db: Db, post: PostRow, jobId: string, composed: ComposedPost, accountEmail: string | null, intent: RecordedIntent, now: number,
): Promise<Began> {
  try {
    return await db.transaction().execute(async (trx): Promise<Began> => {
      if (post.article_id === null) {
        const counted = composed.maxUsage > 0 ? await countArticleUseUnder(trx, composed.articleId, composed.maxUsage) : await countArticleUse(trx, composed.articleId);
        if (Number(counted.numAffectedRows) !== 1) return 'articleTaken';
      }
      const marked = await markPublishing(
        trx, composed.articleId, accountEmail, now, intent.title, intent.name, intent.site, intent.at, post.id, jobId, post.state === 'planned' ? 'planned' : 'publishing',
      );
      if (Number(marked.numAffectedRows) !== 1) throw new Rollback();
      await forgetPostLinks(trx, post.id);
      if (composed.built.links.length > 0) {
        await trx.insertInto('engine_post_links')
          .values(composed.built.links.map((link) => ({
            owner_id: post.owner_id, post_id: post.id, url: link.url, anchor: link.anchor, link_set_id: link.linkSetId, anchor_type: link.anchorType, created_at: now,
          })))
          .execute();
      }
      return 'ok';
    });
  } catch (error) {
    if (error instanceof Rollback) return 'lost';
    if (isUniqueViolation(error)) return 'nameTaken';
    throw error;
  }
}
