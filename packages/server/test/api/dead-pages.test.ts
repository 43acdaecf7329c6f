/**
 * Dead pages and what to do about them (issue 36 item 3) on both databases. Tier 1 is three
 * published posts on a local HTTP "blog" (pages this test serves and deletes); tier 2 is a private
 * project that really publishes through the engine to a WordPress stand-in (the real WordPress
 * connector talking to it), one link to a tier-1 page per post. The tier-1 page it links to is
 * deleted and checked dead; then:
 * - GET /rest/campaign/{id}/dead-pages lists it with the post at risk and the live pages left;
 * - POST /action/repoint edits the tier-2 post on the blog (its stored content, through
 *   POST /wp/v2/posts/{id}) so the link goes to another live tier-1 page, the link recorded moved,
 *   a line "Edited" in the run log, nothing at risk any more; asking again edits nothing;
 * - POST /action/republish re-publishes a dead own-site post whatever the project's setting, once;
 * - another user's ids change nothing, bad bodies answer 422.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContentProjectFormSchema, DeadPagesResponseSchema, RepointResponseSchema, RepublishResponseSchema } from '@linkloom/shared';
import { verifyPost } from '../../src/engine/verify/verify-post.job';
import { saveOptions } from '../../src/features/options/options.repository';
import { DATABASES } from '../support/databases';
import { buildPublishedPost } from '../support/engine-check-factories';
import { buildPrivateProjectWorld, pageAnchors } from '../support/engine-world';
import { useTestServer } from '../support/lifecycle';
import { usePageBlog } from '../support/page-blog';
import { useTwoUsers } from '../support/scenario';
import { untilWithin } from '../support/until';
import { standInLogin, startWordPressStandIn, type WordPressStandIn } from '../support/wordpress-stand-in';

const until = untilWithin(30_000, 100);
const MONEY = 'https://money.example.test/landing';
const signal = () => new AbortController().signal;

describe.each(DATABASES)('dead pages: re-point and re-publish on $kind', ({ kind, skip }) => {
  const ctx = useTestServer(kind, skip, { startEngine: true });
  const { ann, bob } = useTwoUsers(ctx, skip);
  const db = () => ctx.server.database.db;
  // Tier 1 on a domain of its own: tier 2 never links a page on its own post's domain.
  const tier1Blog = usePageBlog(skip, '127.0.0.2');
  let blog: WordPressStandIn;

  beforeAll(async () => {
    if (skip) return;
    blog = await startWordPressStandIn();
    await saveOptions(db(), ann.id, { maxNumberOfRetries: 1, timeToWaitBeforeRetry: 1 });
  });
  afterAll(async () => {
    if (skip) return;
    await blog.close();
  });

  /** A final check of a post at `at` (its retries over, so a 404 is stored at once). */
  const check = (postId: number, at: number) => verifyPost(ctx.server.context, { payload: { ownerId: ann.id, postId, retry: 100 }, signal: signal() }, () => at);
  const deadPages = async (campaignId: number) => {
    const answer = await ann.agent.request('GET', `/rest/campaign/${campaignId}/dead-pages`);
    expect(answer.statusCode, answer.body).toBe(200);
    return DeadPagesResponseSchema.parse(answer.json());
  };

  /** Tier 1 (three posts on the page blog, one output set) and tier 2 (a private project on the stand-in linking one tier-1 page per post), published. */
  async function twoTiers() {
    const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;
    const first = await buildPublishedPost(db(), { ownerId: ann.id, remoteUrl: `${tier1Blog.url}/t1-${stamp}-0/`, links: [{ url: MONEY, anchor: 'landing page' }] });
    const tier1 = [first];
    for (const n of [1, 2]) {
      tier1.push(await buildPublishedPost(db(), {
        ownerId: ann.id, campaignId: first.campaignId, outputLinkSetId: first.outputLinkSetId, remoteUrl: `${tier1Blog.url}/t1-${stamp}-${n}/`, links: [{ url: MONEY, anchor: 'landing page' }],
      }));
    }
    for (const post of tier1) {
      const { url } = await db().selectFrom('url_items').select('url').where('id', '=', post.urlItemId).executeTakeFirstOrThrow();
      tier1Blog.pages.set(new URL(url).pathname, `<p><a href="${MONEY}">landing page</a></p>`);
      // Checked live: tier 2 links to upper-tier posts verified alive.
      await check(post.postId, Date.now());
    }
    const w = await buildPrivateProjectWorld(db(), ann.id, [standInLogin(blog)], { campaignId: first.campaignId });
    const form = ContentProjectFormSchema.parse({ ...w.form, linkSetProfiles: [{ linkSetId: first.outputLinkSetId, name: 'Tier 1', minLinks: 1, maxLinks: 1, linkProb: 100 }] });
    const saved = await ann.agent.request('POST', '/rest/privateproject', {
      body: { project: { id: w.projectId, ...form }, sites: w.sites.map((site) => ({ id: { siteId: site.id, email: site.email }, checked: true })), sessionUuid: `dead-pages-${w.projectId}` },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await ann.agent.request('GET', `/action/start/project/${w.projectId}`)).statusCode).toBe(200);
    const post = await until('the tier-2 post to be published', async () => {
      const row = await db().selectFrom('engine_posts').select(['id', 'remote_id', 'remote_url', 'url_item_id']).where('project_id', '=', w.projectId).where('state', '=', 'published').executeTakeFirst();
      return row?.url_item_id ? row : undefined;
    });
    await until('the tier-2 project to complete', async () => ((await db().selectFrom('projects').select('status').where('id', '=', w.projectId).executeTakeFirstOrThrow()).status === 'COMPLETED' ? true : undefined));
    const link = await db().selectFrom('engine_post_links').select(['id', 'url']).where('post_id', '=', post.id).where('link_set_id', '=', first.outputLinkSetId).executeTakeFirstOrThrow();
    const itemUrls = await Promise.all(tier1.map(async (t) => ({ ...t, url: (await db().selectFrom('url_items').select('url').where('id', '=', t.urlItemId).executeTakeFirstOrThrow()).url })));
    const target = itemUrls.find((t) => t.url === link.url)!;
    expect(target, 'the tier-2 post links a tier-1 page').toBeDefined();
    return { w, post, link, target, tier1: itemUrls, campaignId: first.campaignId, tier1SetId: first.outputLinkSetId };
  }

  /** The tier-1 page is deleted and checked dead (two dead checks ten minutes apart). */
  async function kill(target: { postId: number; url: string }) {
    tier1Blog.pages.delete(new URL(target.url).pathname);
    const t0 = Date.now();
    await check(target.postId, t0 + 60_000);
    await check(target.postId, t0 + 12 * 60_000);
  }

  const storedContent = (remoteId: string | null) => blog.posts.find((post) => String(post.id) === remoteId)!.content;

  it.skipIf(skip)('a dead tier-1 page is listed with the post at risk; re-point edits the post on its blog to another live page, once', async () => {
    const { w, post, link, target, tier1, campaignId } = await twoTiers();
    expect((await deadPages(campaignId)).pages).toEqual([]);
    await kill(target);

    const listed = await deadPages(campaignId);
    expect(listed.total).toBe(1);
    expect(listed.pages[0]).toMatchObject({ urlItemId: target.urlItemId, url: target.url, reason: 'gone', atRisk: 1, livePages: 2, tier: 1, republish: 'possible' });
    expect((await ann.agent.request('GET', `/rest/campaign/${campaignId}/dropped-targets`)).json()).toMatchObject({ dropped: 1, atRisk: 1 });

    const updatesBefore = blog.updateRequests;
    const asked = await ann.agent.request('POST', '/action/repoint', { body: { deadUrlItemIds: [target.urlItemId] } });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(RepointResponseSchema.parse(asked.json())).toEqual({ posts: 1, message: '1 post will be edited on its site to link to a live page instead' });

    const moved = await until('the link to be re-pointed', async () => {
      const row = await db().selectFrom('engine_post_links').select(['url', 'repointed_from', 'repoint_to']).where('id', '=', link.id).executeTakeFirstOrThrow();
      return row.repointed_from !== null ? row : undefined;
    });
    const others = tier1.filter((t) => t.urlItemId !== target.urlItemId).map((t) => t.url);
    expect(others).toContain(moved.url);
    expect(moved).toMatchObject({ repointed_from: target.url, repoint_to: null });
    expect(blog.updateRequests).toBe(updatesBefore + 1);
    // The post on the blog: the dead page's link is gone, the new one carries the same anchor text.
    const before = pageAnchors(storedContent(post.remote_id)).map((anchor) => anchor.href);
    expect(before).toContain(moved.url);
    expect(before).not.toContain(target.url);
    const page = await (await fetch(post.remote_url!)).text();
    expect(pageAnchors(page).map((anchor) => anchor.href)).toContain(moved.url);
    // The run log says what was edited; nothing is at risk any more.
    const log = await db().selectFrom('run_log').select(['kind', 'message', 'url']).where('project_id', '=', w.projectId).where('kind', '=', 'edited').execute();
    expect(log).toEqual([{ kind: 'edited', message: `Edited the post: its link to ${target.url} (found dead) now goes to ${moved.url}`, url: post.remote_url }]);
    expect((await deadPages(campaignId)).pages[0]).toMatchObject({ urlItemId: target.urlItemId, atRisk: 0 });
    expect((await ann.agent.request('GET', `/rest/campaign/${campaignId}/dropped-targets`)).json()).toMatchObject({ dropped: 1, atRisk: 0 });

    // Asked again: no post links to the dead page any more, nothing is sent to the blog.
    const again = await ann.agent.request('POST', '/action/repoint', { body: { deadUrlItemIds: [target.urlItemId] } });
    expect(again.json()).toEqual({ posts: 0, message: 'No published post links to these dead pages any more: nothing to re-point' });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(blog.updateRequests).toBe(updatesBefore + 1);
  });

  it.skipIf(skip)('re-point by the post itself (its link set row); another user\'s ids and bad bodies change nothing', async () => {
    const { post, link, target, campaignId } = await twoTiers();
    await kill(target);
    const updatesBefore = blog.updateRequests;
    // Bob names Ann's dead page and Ann's post: nothing of Ann's is touched.
    for (const body of [{ deadUrlItemIds: [target.urlItemId] }, { urlItemIds: [post.url_item_id!] }]) {
      expect((await bob.agent.request('POST', '/action/repoint', { body })).json()).toMatchObject({ posts: 0 });
    }
    expect((await bob.agent.request('GET', `/rest/campaign/${campaignId}/dead-pages`)).statusCode).toBe(404);
    expect((await bob.agent.request('POST', '/action/republish', { body: { urlItemIds: [target.urlItemId] } })).json()).toMatchObject({ queued: 0, refused: [{ urlItemId: target.urlItemId, why: 'notFound' }] });
    for (const body of [{}, { deadUrlItemIds: ['1'] }, { deadUrlItemIds: [1], urlItemIds: [1] }, { deadUrlItemIds: [] }, { urlItemIds: [1.5] }, { deadUrlItemIds: [1], extra: true }]) {
      const refused = await ann.agent.request('POST', '/action/repoint', { body });
      expect(refused.statusCode, JSON.stringify(body)).toBe(422);
    }
    expect((await ann.agent.request('POST', '/action/republish', { body: { urlItemIds: [true] } })).statusCode).toBe(422);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(blog.updateRequests).toBe(updatesBefore);
    expect((await db().selectFrom('engine_post_links').select('url').where('id', '=', link.id).executeTakeFirstOrThrow()).url).toBe(target.url);

    // Ann names her post (its row in tier 2's link set): it is edited.
    const asked = await ann.agent.request('POST', '/action/repoint', { body: { urlItemIds: [post.url_item_id!] } });
    expect(asked.json()).toMatchObject({ posts: 1 });
    await until('the post to be edited', async () => (blog.updateRequests > updatesBefore ? true : undefined));
    expect(pageAnchors(storedContent(post.remote_id)).map((anchor) => anchor.href)).not.toContain(target.url);
  });

  it.skipIf(skip)('re-publish from the dead pages works whatever the project setting, once; a live page is refused', async () => {
    const { post, tier1 } = await twoTiers();
    // The tier-2 post itself dies on its blog (its project has "Re-publish dead posts" off).
    blog.deletePost(Number(post.remote_id));
    const t0 = Date.now();
    await check(post.id, t0 + 60_000);
    await check(post.id, t0 + 12 * 60_000);
    const created = blog.posts.length;

    const asked = await ann.agent.request('POST', '/action/republish', { body: { urlItemIds: [post.url_item_id!, tier1[1]!.urlItemId] } });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(RepublishResponseSchema.parse(asked.json())).toEqual({
      queued: 1, refused: [{ urlItemId: tier1[1]!.urlItemId, why: 'alive' }], message: '1 dead page will be re-published on its site',
    });
    const copied = await until('the post to be re-published', async () => {
      const row = await db().selectFrom('engine_posts').select(['republish_state', 'remote_url']).where('id', '=', post.id).executeTakeFirstOrThrow();
      return row.republish_state === 'published' ? row : undefined;
    });
    expect(blog.posts.length).toBe(created + 1);
    expect(copied.remote_url).toBe(blog.posts.at(-1)!.link);
    // Once: asked again, it is refused with the reason.
    const again = await ann.agent.request('POST', '/action/republish', { body: { urlItemIds: [post.url_item_id!] } });
    expect(again.json()).toMatchObject({ queued: 0, refused: [{ why: expect.stringMatching(/alreadyRepublished|alive/) }] });
  });
});
