/**
 * Re-publishing a dead own-site post once (issue 18.2) against a real WordPress blog (Debian's
 * WordPress, scripts/peers): a private blog project with "Re-publish dead posts" on publishes a post
 * and verifies it; the post is then deleted on the blog (moved to the trash through its REST API).
 * Two re-checks find it gone: the engine re-publishes it through the queue (post.republish) — a new
 * post on the blog with the same links, the link set's item pointing at it, verified OK. A third
 * check finds the copy alive and re-publishes nothing; when the copy is deleted in turn, it stays
 * dead: one re-publish per post, ever. The re-checks run through post.verify with their own clock.
 */
import { describe, expect, it } from 'vitest';
import { DAY_MS } from '@linkloom/shared';
import { republishPost } from '../../src/engine/runner/republish-post.job';
import { verifyPost } from '../../src/engine/verify/verify-post.job';
import { buildPrivateProjectWorld, pageAnchors } from '../support/engine-world';
import { wordPressAvailability, type WordPressPeerSite } from '../support/wordpress-peers';
import { useEngineApp } from '../support/engine-app';
import { untilWithin } from '../support/until';

const availability = await wordPressAvailability();
const skipReason = availability.available ? '' : ` (SKIPPED: ${availability.reason})`;
const until = untilWithin(90_000, 200);

describe.skipIf(!availability.available)(`re-publishing a dead post on real WordPress${skipReason}`, () => {
  const app = useEngineApp({ wordPressBlogs: 1 });

  const db = () => app.server.database.db;
  const signal = () => new AbortController().signal;
  /** The blog's REST API as its admin (application password). */
  const wp = (site: WordPressPeerSite, method: string, route: string) => fetch(`${site.url}/wp-json/wp/v2/${route}`, {
    method, headers: { authorization: `Basic ${Buffer.from(`${site.username}:${site.applicationPassword}`).toString('base64')}` },
  });
  const postsOnBlog = async (site: WordPressPeerSite) => ((await (await wp(site, 'GET', 'posts?per_page=100&_fields=id,link')).json()) as { id: number; link: string }[]);

  it('deleted on the blog and found gone twice, the post is published again once with the same links; the link set points at the copy', async () => {
    const blog = app.peers.sites[0]!;
    const world = await buildPrivateProjectWorld(db(), app.ownerId, [{ url: blog.url, username: blog.username, password: blog.applicationPassword }]);
    const saved = await app.agent.request('POST', '/rest/privateproject', {
      body: { project: { id: world.projectId, ...world.form, republishDeadPosts: true }, sites: world.sites.map((site) => ({ id: { siteId: site.id, email: site.email }, checked: true })), sessionUuid: 'republish-1' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await app.agent.request('GET', `/action/start/project/${world.projectId}`)).statusCode).toBe(200);
    const output = await until('the post to be published and verified', async () => {
      const item = await db().selectFrom('url_items').innerJoin('engine_posts', 'engine_posts.id', 'url_items.post_id')
        .select(['url_items.id', 'url_items.url', 'url_items.check_status', 'engine_posts.id as postId', 'engine_posts.remote_id'])
        .where('url_items.url_list_id', '=', world.outputLinkSetId).executeTakeFirst();
      return item?.check_status === 'OK' ? item : undefined;
    });
    const moneyLinks = (html: string) => pageAnchors(html).filter((anchor) => world.links.includes(anchor.href)).map((anchor) => [anchor.href, anchor.text]).sort();
    const placed = moneyLinks(await (await fetch(output.url)).text());
    expect(placed.length).toBe(2);
    const onBlog = (await postsOnBlog(blog)).length;

    // Deleted on the blog (trash): its page answers 404; two checks find it gone.
    expect((await wp(blog, 'DELETE', `posts/${output.remote_id}`)).status).toBe(200);
    expect((await fetch(output.url)).status).toBe(404);
    const t0 = Date.now();
    const recheck = (at: number) => verifyPost(app.server.context, { payload: { ownerId: app.ownerId, postId: output.postId, retry: 100 }, signal: signal() }, () => at);
    await recheck(t0 + DAY_MS);
    await recheck(t0 + 7 * DAY_MS);

    const copy = await until('the post to be re-published and the copy verified', async () => {
      const item = await db().selectFrom('url_items').select(['url', 'check_status', 'dead_since']).where('id', '=', output.id).executeTakeFirstOrThrow();
      return item.url !== output.url && item.check_status === 'OK' ? item : undefined;
    });
    const page = await fetch(copy.url);
    expect(page.status).toBe(200);
    expect(moneyLinks(await page.text())).toEqual(placed);
    // One new post on the blog in place of the deleted one.
    const listed = await postsOnBlog(blog);
    expect(listed).toHaveLength(onBlog);
    expect(listed.map((post) => post.link)).toContain(copy.url);
    expect(listed.map((post) => String(post.id))).not.toContain(output.remote_id);
    expect(await db().selectFrom('engine_posts').select(['republish_state', 'remote_url', 'replaced_url']).where('id', '=', output.postId).executeTakeFirstOrThrow())
      .toEqual({ republish_state: 'published', remote_url: copy.url, replaced_url: output.url });
    const project = await db().selectFrom('projects').select('last_error').where('id', '=', world.projectId).executeTakeFirstOrThrow();
    expect(JSON.parse(project.last_error)).toEqual(expect.arrayContaining([expect.stringContaining(`re-published once, with the same article and links: ${copy.url}`)]));

    // A third check finds the copy alive: nothing is published again.
    await recheck(t0 + 8 * DAY_MS);
    expect(await db().selectFrom('url_items').select(['url', 'check_status', 'dead_since']).where('id', '=', output.id).executeTakeFirstOrThrow())
      .toEqual({ url: copy.url, check_status: 'OK', dead_since: null });
    // The copy deleted in turn and found gone twice: it stays dead, never re-published a second time.
    const copyId = (await db().selectFrom('engine_posts').select('remote_id').where('id', '=', output.postId).executeTakeFirstOrThrow()).remote_id;
    expect((await wp(blog, 'DELETE', `posts/${copyId}`)).status).toBe(200);
    await recheck(t0 + 30 * DAY_MS);
    await recheck(t0 + 60 * DAY_MS);
    // A post.republish for it (a retry, a duplicate) finds nothing to do.
    await republishPost(app.server.context, { payload: { ownerId: app.ownerId, postId: output.postId }, signal: signal() });
    expect(await db().selectFrom('url_items').select(['url', 'dead_reason']).where('id', '=', output.id).executeTakeFirstOrThrow()).toEqual({ url: copy.url, dead_reason: 'GONE' });
    expect(await postsOnBlog(blog)).toHaveLength(onBlog - 1);
  });
});
