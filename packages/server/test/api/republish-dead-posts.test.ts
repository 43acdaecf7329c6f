/**
 * Re-publishing a dead own-site post once (issue 18.2, the project's "Re-publish dead posts") on
 * both databases. A private project publishes through the queue to a local WordPress stand-in
 * (test/support/wordpress-stand-in.ts, the real WordPress connector talking to it); the post is then
 * deleted on the blog and checked through post.verify with the test's own clock. Dead twice in a
 * row with the setting on, the engine re-publishes it through post.republish: one new post on the
 * blog with the same links, the output link moved to it, a line in the project's log. Never a
 * second time: not when the copy dies too, not when the job runs again, not after a lost answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '@linkloom/shared';
import { JOB } from '../../src/engine/jobs/job-names';
import { isJobAlive } from '../../src/engine/runner/job-fence';
import { republishPost, REPUBLISH_MESSAGES } from '../../src/engine/runner/republish-post.job';
import { verifyPost } from '../../src/engine/verify/verify-post.job';
import { saveOptions } from '../../src/features/options/options.repository';
import { DATABASES } from '../support/databases';
import { buildPrivateProjectWorld, pageAnchors, type PrivateProjectWorld } from '../support/engine-world';
import { useTestServer } from '../support/lifecycle';
import { useTwoUsers } from '../support/scenario';
import { untilWithin } from '../support/until';
import { startWordPressStandIn, type WordPressStandIn } from '../support/wordpress-stand-in';

const until = untilWithin(30_000, 100);
const signal = () => new AbortController().signal;

describe.each(DATABASES)('re-publishing dead own-site posts on $kind', ({ kind, skip }) => {
  const ctx = useTestServer(kind, skip, { startEngine: true, withLive: true });
  const { ann, bob, liveInbox } = useTwoUsers(ctx, skip, { listen: true });
  const db = () => ctx.server.database.db;
  let blog: WordPressStandIn;

  beforeAll(async () => {
    if (skip) return;
    blog = await startWordPressStandIn();
    await saveOptions(db(), ann.id, { maxNumberOfRetries: 2, timeToWaitBeforeRetry: 1 });
  });
  afterAll(async () => {
    if (skip) return;
    await blog.close();
  });

  const postOf = (w: PrivateProjectWorld) => db().selectFrom('engine_posts')
    .select(['id', 'state', 'remote_url', 'remote_id', 'republish_state', 'republished_at', 'replaced_url', 'idempotency_key', 'url_item_id', 'intent_name', 'replaced_name'])
    .where('project_id', '=', w.projectId).executeTakeFirstOrThrow();
  const linkOf = (id: number) => db().selectFrom('url_items').select(['url', 'check_status', 'dead_since', 'post_id']).where('id', '=', id).executeTakeFirstOrThrow();
  const lastError = async (w: PrivateProjectWorld) =>
    JSON.parse((await db().selectFrom('projects').select('last_error').where('id', '=', w.projectId).executeTakeFirstOrThrow()).last_error) as string[];
  /** A final check of the post at `at` (its retries over, so a 404 is stored at once). */
  const check = (postId: number, at: number) => verifyPost(ctx.server.context, { payload: { ownerId: ann.id, postId, retry: 100 }, signal: signal() }, () => at);
  const standInPost = (url: string | null) => blog.posts.find((post) => post.link === url);
  const hrefs = (html: string) => pageAnchors(html).map((anchor) => [anchor.href, anchor.text]).sort();

  /** A private project on the stand-in blog, saved through the API with the setting, started and verified (OK). */
  async function publishedProject(republishDeadPosts: boolean | undefined) {
    const w = await buildPrivateProjectWorld(db(), ann.id, [{ url: blog.url, username: 'admin', password: 'app password' }]);
    const saved = await ann.agent.request('POST', '/rest/privateproject', {
      body: {
        project: { id: w.projectId, ...w.form, ...(republishDeadPosts === undefined ? {} : { republishDeadPosts }) },
        sites: w.sites.map((site) => ({ id: { siteId: site.id, email: site.email }, checked: true })), sessionUuid: `republish-${w.projectId}`,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await ann.agent.request('GET', `/action/start/project/${w.projectId}`)).statusCode).toBe(200);
    const post = await until('the post to be published and verified', async () => {
      const row = await postOf(w).catch(() => undefined);
      if (!row || row.url_item_id === null) return undefined;
      return (await linkOf(row.url_item_id)).check_status === 'OK' ? row : undefined;
    });
    await until('the project to complete', async () => ((await db().selectFrom('projects').select('status').where('id', '=', w.projectId).executeTakeFirstOrThrow()).status === 'COMPLETED' ? true : undefined));
    return { w, post, itemId: post.url_item_id! };
  }

  it.skipIf(skip)('the setting is off by default and saved by the project form', async () => {
    const { w } = await publishedProject(true);
    const read = await ann.agent.request('GET', `/rest/project/${w.projectId}`);
    expect(read.statusCode).toBe(200);
    expect(JSON.stringify(read.json())).toContain('"republishDeadPosts":true');
    const plain = await buildPrivateProjectWorld(db(), ann.id, [{ url: blog.url, username: 'admin', password: 'x' }]);
    expect(JSON.stringify((await ann.agent.request('GET', `/rest/project/${plain.projectId}`)).json())).toContain('"republishDeadPosts":false');
  });

  it.skipIf(skip)('off: a dead post is left dead, nothing is published again', async () => {
    const { w, post, itemId } = await publishedProject(undefined);
    const created = blog.posts.length;
    blog.deletePost(Number(post.remote_id));
    const t0 = Date.now();
    await check(post.id, t0 + DAY_MS);
    await check(post.id, t0 + 7 * DAY_MS);
    expect((await linkOf(itemId)).dead_since).not.toBeNull();
    // Even a post.republish job arriving for it does nothing.
    await republishPost(ctx.server.context, { payload: { ownerId: ann.id, postId: post.id }, signal: signal() });
    expect(blog.posts.length).toBe(created);
    expect(await postOf(w)).toMatchObject({ republish_state: null, remote_url: post.remote_url });
    expect((await linkOf(itemId)).url).toBe(post.remote_url);
  });

  it.skipIf(skip)('on: dead twice in a row → re-published once with the same links; the link set points at it; never again', async () => {
    const { w, post, itemId } = await publishedProject(true);
    const original = standInPost(post.remote_url)!;
    const created = blog.posts.length;
    const inbox = await liveInbox(ann.agent, `project/${w.projectId}`);
    blog.deletePost(original.id);
    const t0 = Date.now();
    await check(post.id, t0 + DAY_MS);
    // One dead check alone is no verdict: nothing happens yet.
    expect((await postOf(w)).republish_state).toBeNull();
    await check(post.id, t0 + 7 * DAY_MS);

    const copied = await until('the post to be re-published', async () => {
      const row = await postOf(w);
      return row.republish_state === 'published' ? row : undefined;
    });
    expect(blog.posts.length).toBe(created + 1);
    const copy = blog.posts.at(-1)!;
    expect(copied).toMatchObject({ state: 'published', remote_url: copy.link, remote_id: String(copy.id), replaced_url: post.remote_url });
    expect(copy.link).not.toBe(post.remote_url);
    expect(copy.title).toBe(original.title);
    expect(hrefs(copy.content)).toEqual(hrefs(original.content));
    const link = await until('the copy to be verified', async () => {
      const row = await linkOf(itemId);
      return row.check_status === 'OK' ? row : undefined;
    });
    expect(link).toMatchObject({ url: copy.link, post_id: post.id });
    // On the test's clock (the dead checks were days ahead of the engine's own check): alive again.
    await check(post.id, t0 + 8 * DAY_MS);
    expect(await linkOf(itemId)).toMatchObject({ url: copy.link, check_status: 'OK', dead_since: null });
    expect(await lastError(w)).toContain(REPUBLISH_MESSAGES.republished(post.remote_url!, copy.link));
    // Live, as other post changes: the project's screens get the log line.
    await until('the live log line', async () => (inbox.messages.some((m) => m.name === 'projectStatusChanged'
      && (m.payload as { lastError: string[] }).lastError.includes(REPUBLISH_MESSAGES.republished(post.remote_url!, copy.link))) ? true : undefined));

    // The job again (a retry, a duplicate): nothing new.
    await republishPost(ctx.server.context, { payload: { ownerId: ann.id, postId: post.id }, signal: signal() });
    await republishPost(ctx.server.context, { payload: { ownerId: ann.id, postId: post.id, attempt: 2 }, signal: signal() });
    // The copy dies too: checked dead again and again, it is not re-published a second time.
    blog.deletePost(copy.id);
    for (const days of [31, 60, 90]) await check(post.id, t0 + days * DAY_MS);
    expect((await linkOf(itemId)).dead_since).not.toBeNull();
    // Sent through the queue once more, the engine's handler runs it and finds nothing to do.
    const again = await ctx.server.context.queue.send(JOB.postRepublish, { ownerId: ann.id, postId: post.id });
    await until('the job sent again to be run', async () => ((await isJobAlive(ctx.server.context.queue, again)) ? undefined : true));
    expect((await ctx.server.context.queue.getJob(again))?.state).toBe('completed');
    expect(blog.posts.length).toBe(created + 1);
    expect(await postOf(w)).toMatchObject({ republish_state: 'published', remote_url: copy.link });
  });

  it.skipIf(skip)("after a re-publish, dead counts only the copy's own checks: its first MISSING is no verdict, the second is", async () => {
    const { w, post, itemId } = await publishedProject(true);
    blog.deletePost(Number(post.remote_id));
    // The copy is made without the links: every check of it finds them MISSING.
    blog.unlinkNextCreates = 1;
    const t0 = Date.now();
    await check(post.id, t0 + DAY_MS);
    await check(post.id, t0 + 7 * DAY_MS);
    const copied = await until('the post to be re-published', async () => {
      const row = await postOf(w);
      return row.republish_state === 'published' ? row : undefined;
    });
    expect(blog.unlinkNextCreates).toBe(0);
    // The engine's own first check of the copy: MISSING, but the two dead checks before it were the
    // original URL's, so the copy is not dead and tier 2 keeps linking it.
    const first = await until("the copy's first check", async () => {
      const row = await linkOf(itemId);
      return row.check_status === 'MISSING' ? row : undefined;
    });
    expect(first).toMatchObject({ url: copied.remote_url, dead_since: null });
    expect(await db().selectFrom('link_check_history').select(['status', 'url']).where('url_item_id', '=', itemId).orderBy('id').execute())
      .toEqual([{ status: 'OK', url: post.remote_url }, { status: 'GONE', url: post.remote_url }, { status: 'GONE', url: post.remote_url }, { status: 'MISSING', url: copied.remote_url }]);
    // The second MISSING of the copy: dead.
    await check(post.id, t0 + 8 * DAY_MS);
    const dead = await linkOf(itemId);
    expect(dead.check_status).toBe('MISSING');
    expect(dead.dead_since).not.toBeNull();
  });

  it.skipIf(skip)('never re-published: two dead checks in a row are dead, as before', async () => {
    const { post, itemId } = await publishedProject(undefined);
    blog.deletePost(Number(post.remote_id));
    const t0 = Date.now();
    await check(post.id, t0 + DAY_MS);
    expect((await linkOf(itemId)).dead_since).toBeNull();
    await check(post.id, t0 + 7 * DAY_MS);
    expect((await linkOf(itemId)).dead_since).toBe(t0 + 7 * DAY_MS);
    expect((await db().selectFrom('link_check_history').select('url').where('url_item_id', '=', itemId).execute()).map((row) => row.url))
      .toEqual([post.remote_url, post.remote_url, post.remote_url]);
  });

  it.skipIf(skip)('a lost answer (the copy made, the reply lost) is looked up by its own intent: still one copy', async () => {
    const { w, post } = await publishedProject(true);
    const created = blog.posts.length;
    const requests = blog.publishRequests;
    blog.deletePost(Number(post.remote_id));
    blog.failAfterNextCreate = true;
    const t0 = Date.now();
    await check(post.id, t0 + DAY_MS);
    await check(post.id, t0 + 7 * DAY_MS);
    const copied = await until('the lost copy to be found and recorded', async () => {
      const row = await postOf(w);
      return row.republish_state === 'published' ? row : undefined;
    });
    // One publish request (answered 500 after the post was made); the retry found the copy by its intent.
    expect(blog.publishRequests).toBe(requests + 1);
    expect(blog.failAfterNextCreate).toBe(false);
    expect(blog.posts.length).toBe(created + 1);
    expect(copied.remote_url).toBe(blog.posts.at(-1)!.link);
    // The copy's own name, never the dead original's (free again, but a copy there would inherit its dead checks).
    expect(blog.posts.at(-1)!.slug).not.toBe(standInPost(post.remote_url)?.slug);
    expect(copied.intent_name).toBe(blog.posts.at(-1)!.slug);
    expect(copied.replaced_name).toBe(standInPost(post.remote_url)?.slug);
  });

  it.skipIf(skip)("another user's job cannot touch the post", async () => {
    const { w, post, itemId } = await publishedProject(true);
    const created = blog.posts.length;
    blog.deletePost(Number(post.remote_id));
    const t0 = Date.now();
    // Bob's payload naming Ann's post: not found for Bob, nothing happens.
    await republishPost(ctx.server.context, { payload: { ownerId: bob.id, postId: post.id }, signal: signal() });
    await verifyPost(ctx.server.context, { payload: { ownerId: bob.id, postId: post.id, retry: 100 }, signal: signal() }, () => t0 + DAY_MS);
    await verifyPost(ctx.server.context, { payload: { ownerId: bob.id, postId: post.id, retry: 100 }, signal: signal() }, () => t0 + 7 * DAY_MS);
    expect(blog.posts.length).toBe(created);
    expect(await postOf(w)).toMatchObject({ republish_state: null, remote_url: post.remote_url });
    expect(await linkOf(itemId)).toMatchObject({ url: post.remote_url, check_status: 'OK', dead_since: null });
  });
});
