/**
 * What a user can do about a dead upper-tier page (issue 36 item 3), as the features ask for it:
 * re-point the lower-tier posts that still link to it (post.repoint per post), or re-publish it
 * (post.republish, asked: the project's "Re-publish dead posts" setting is not needed, the other
 * rules of republishDecision hold — a post of the user's own site, published, dead, never
 * re-published). Only the user's own rows are read; ids of others are ignored.
 */
import { sql } from 'kysely';
import { republishDecision } from '@linkloom/shared';
import type { AppContext } from '../../app-context';
import { JOB } from '../jobs/job-names';
import { postStyleOf, type PostStyle } from '../modules/module-style';
import { loadPostProject } from './post-publish.repository';
import { findPost } from './runs.repository';

/**
 * The published posts to re-point: those linking to the given dead pages (their url items), or the
 * given posts' own links (their output url items) when they link to a dead page.
 */
async function postsToRepoint(ctx: AppContext, ownerId: number, scope: { deadUrlItemIds: readonly number[] } | { urlItemIds: readonly number[] }): Promise<number[]> {
  const { db } = ctx.database;
  if ('deadUrlItemIds' in scope) {
    if (scope.deadUrlItemIds.length === 0) return [];
    const { rows } = await sql<{ post_id: number | string }>`
      select distinct l.post_id
      from url_items t
      join engine_post_links l on l.link_set_id = t.url_list_id and l.url = t.url and l.owner_id = t.owner_id
      join engine_posts p on p.id = l.post_id and p.owner_id = l.owner_id
      where t.owner_id = ${ownerId} and t.id in (${sql.join(scope.deadUrlItemIds)}) and t.dead_since is not null and t.post_id is not null
        and p.state = 'published'
      order by l.post_id`.execute(db);
    return rows.map((row) => Number(row.post_id));
  }
  if (scope.urlItemIds.length === 0) return [];
  const { rows } = await sql<{ post_id: number | string }>`
    select distinct o.post_id
    from url_items o
    join engine_post_links l on l.post_id = o.post_id and l.owner_id = o.owner_id
    join url_items t on t.url_list_id = l.link_set_id and t.url = l.url and t.owner_id = o.owner_id
    where o.owner_id = ${ownerId} and o.id in (${sql.join(scope.urlItemIds)}) and o.post_id is not null
      and t.dead_since is not null and t.post_id is not null
    order by o.post_id`.execute(db);
  return rows.map((row) => Number(row.post_id));
}

/** Queues post.repoint for each post in the scope; answers how many posts will be edited. */
export async function requestRepoint(ctx: AppContext, ownerId: number, scope: { deadUrlItemIds: readonly number[] } | { urlItemIds: readonly number[] }): Promise<{ posts: number }> {
  const postIds = await postsToRepoint(ctx, ownerId, scope);
  for (const postId of postIds) {
    await ctx.queue.send(JOB.postRepoint, { ownerId, postId }, { singletonKey: `repoint-${postId}`, retryLimit: 3, retryDelaySeconds: 30 });
  }
  return { posts: postIds.length };
}

/** The posts that are put back by publishing them again: articles (a profile or a PDF is not a post). */
export const REPUBLISHED_STYLES: ReadonlySet<PostStyle> = new Set(['article', 'directory']);

export type RepublishRefusal = 'notFound' | 'notOwnSite' | 'notPublished' | 'alreadyRepublished' | 'alive' | 'notAnArticle';

/**
 * Queues post.republish (asked) for each dead page (a url item of a published post) that may be
 * re-published; answers how many were queued and why the others were not.
 */
export async function requestRepublish(ctx: AppContext, ownerId: number, urlItemIds: readonly number[]): Promise<{ queued: number; refused: Array<{ urlItemId: number; why: RepublishRefusal }> }> {
  const { db } = ctx.database;
  const items = urlItemIds.length === 0 ? [] : await db.selectFrom('url_items').select(['id', 'post_id', 'dead_since'])
    .where('owner_id', '=', ownerId).where('id', 'in', [...urlItemIds]).execute();
  const byId = new Map(items.map((item) => [item.id, item]));
  const refused: Array<{ urlItemId: number; why: RepublishRefusal }> = [];
  let queued = 0;
  for (const urlItemId of urlItemIds) {
    const item = byId.get(urlItemId);
    const post = item?.post_id ? await findPost(db, ownerId, item.post_id) : undefined;
    if (!item || !post) {
      refused.push({ urlItemId, why: 'notFound' });
      continue;
    }
    const project = await loadPostProject(db, post);
    if (project && !REPUBLISHED_STYLES.has(postStyleOf(project.module))) {
      refused.push({ urlItemId, why: 'notAnArticle' });
      continue;
    }
    const decision = republishDecision({
      projectKind: project?.kind ?? 'none', republishDeadPosts: true, postState: post.state, republishState: post.republish_state, deadSince: item.dead_since,
    });
    if (!decision.republish) {
      refused.push({ urlItemId, why: decision.why === 'settingOff' ? 'notOwnSite' : decision.why });
      continue;
    }
    await ctx.queue.send(JOB.postRepublish, { ownerId, postId: post.id, asked: true }, { singletonKey: `republish-${post.id}`, retryLimit: 3, retryDelaySeconds: 30 });
    queued += 1;
  }
  return { queued, refused };
}
