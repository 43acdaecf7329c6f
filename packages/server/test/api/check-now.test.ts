/**
 * Check now and dead fast (issue 36 items 1 and 2) on both databases, through the real queue:
 * private projects publish to a local WordPress stand-in, one post is deleted on the blog, "Check
 * now" on the campaign finds it gone at once (no retries for a re-check's 404), the planner looks
 * again minutes later (the test runs the scheduler's pass with a clock at that due time) and the
 * second dead check makes it dead — every check in the link's history. Progress comes live on the
 * user's link_checks topic. Scopes count only the user's published links; another user's scope is
 * 404 and changes nothing; bad bodies are 422 with the schema's message. Re-checks take at most
 * VERIFY_FETCHES_PER_HOST pages of one host at once; transient failures are retried and never dead.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHECK_NOW_MESSAGES, CheckNowResponseSchema, DEAD_CONFIRM_BACKOFF_MS, DEAD_CONFIRM_JITTER_MAX_MS, RECHECK_SCHEDULE_MESSAGES, type CheckProgress,
} from '@linkloom/shared';
import { RecheckFlow } from '../../src/engine/verify/recheck-flow';
import { VERIFY_FETCHES_PER_HOST } from '../../src/engine/verify/host-slots';
import { saveOptions } from '../../src/features/options/options.repository';
import { DATABASES } from '../support/databases';
import { buildPrivateProjectWorld, type PrivateProjectWorld } from '../support/engine-world';
import { buildPublishedPost } from '../support/engine-check-factories';
import { useTestServer } from '../support/lifecycle';
import { useTwoUsers, type LiveInbox } from '../support/scenario';
import { untilWithin } from '../support/until';
import { startWordPressStandIn, type WordPressStandIn } from '../support/wordpress-stand-in';

const until = untilWithin(30_000, 100);
const TARGET = 'https://money.example.test/landing';
const LIVE = `<p>Read the <a href="${TARGET}">landing page</a>.</p>`;

/** A blog on 127.0.0.1 whose pages answer after `delayMs`, counting the requests in flight at once (now and at most). */
async function startSlowBlog(delayMs: number) {
  const pages = new Map<string, { status: number; html: string }[]>();
  const state = { inFlight: 0, most: 0, requests: 0 };
  const server = http.createServer((request, response) => {
    state.inFlight += 1;
    state.requests += 1;
    state.most = Math.max(state.most, state.inFlight);
    setTimeout(() => {
      state.inFlight -= 1;
      // A page may answer a list of times: each answer once, the last one for good.
      const answers = pages.get(request.url ?? '') ?? [{ status: 404, html: 'Not found' }];
      const answer = answers.length > 1 ? answers.shift()! : answers[0]!;
      response.writeHead(answer.status, { 'content-type': 'text/html' }).end(answer.html);
    }, delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    pages,
    state,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

describe.each(DATABASES)('check now and dead fast on $kind', ({ kind, skip }) => {
  const ctx = useTestServer(kind, skip, { startEngine: true, withLive: true });
  const { ann, bob, liveInbox } = useTwoUsers(ctx, skip, { listen: true });
  const db = () => ctx.server.database.db;
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

  const checkNow = (agent: typeof ann.agent, body: unknown) => agent.request('POST', '/action/check_now', { body });
  const linkOf = (id: number) => db().selectFrom('url_items').select(['check_status', 'checked_at', 'next_check_at', 'dead_since', 'dead_reason']).where('id', '=', id).executeTakeFirstOrThrow();
  const historyOf = async (id: number) => (await db().selectFrom('link_check_history').select(['status', 'http_status', 'checked_at']).where('url_item_id', '=', id).orderBy('id').execute())
    .map((row) => ({ status: row.status, httpStatus: row.http_status, checkedAt: Number(row.checked_at) }));
  /** The check's last progress message once it says finished. */
  const finished = (inbox: LiveInbox, checkId: string) => until(`check ${checkId} to finish`, async () => inbox.messages
    .filter((m) => m.name === 'checkProgress' && (m.payload as CheckProgress).checkId === checkId)
    .map((m) => m.payload as CheckProgress).find((p) => p.finished));

  /** A private project of the campaign on the stand-in blog, saved and started through the API, its post published and verified OK. */
  async function publishedPost(campaignId?: number) {
    const w: PrivateProjectWorld = await buildPrivateProjectWorld(db(), ann.id, [{ url: blog.url, username: 'admin', password: 'app password' }], campaignId ? { campaignId } : {});
    const saved = await ann.agent.request('POST', '/rest/privateproject', {
      body: { project: { id: w.projectId, ...w.form }, sites: w.sites.map((site) => ({ id: { siteId: site.id, email: site.email }, checked: true })), sessionUuid: `check-now-${w.projectId}` },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await ann.agent.request('GET', `/action/start/project/${w.projectId}`)).statusCode).toBe(200);
    const post = await until('the post to be published and verified', async () => {
      const row = await db().selectFrom('engine_posts').select(['id', 'remote_id', 'remote_url', 'url_item_id']).where('project_id', '=', w.projectId).executeTakeFirst();
      if (!row?.url_item_id) return undefined;
      return (await linkOf(row.url_item_id)).check_status === 'OK' ? { ...row, urlItemId: row.url_item_id } : undefined;
    });
    await until('the project to complete', async () => ((await db().selectFrom('projects').select('status').where('id', '=', w.projectId).executeTakeFirstOrThrow()).status === 'COMPLETED' ? true : undefined));
    return { w, post };
  }

  it.skipIf(skip)('a post deleted on its blog: check now on the campaign finds it gone, the look minutes later makes it dead, all in its history, progress live', async () => {
    const first = await publishedPost();
    const second = await publishedPost(first.w.campaignId);
    const inbox = await liveInbox(ann.agent, 'link_checks');
    blog.deletePost(Number(first.post.remote_id));

    const answer = await checkNow(ann.agent, { campaignId: first.w.campaignId });
    expect(answer.statusCode, answer.body).toBe(200);
    const { checkId, total } = CheckNowResponseSchema.parse(answer.json());
    expect(total).toBe(2);
    expect(await finished(inbox, checkId)).toEqual({ checkId, done: 2, total: 2, live: 1, missing: 1, errors: 0, finished: true });
    // Live progress counted up to it.
    const dones = inbox.messages.filter((m) => (m.payload as CheckProgress).checkId === checkId).map((m) => (m.payload as CheckProgress).done);
    expect(dones).toEqual([...dones].sort((a, b) => a - b));

    // The re-check stored the 404 at once (no retries), and plans its confirmation minutes later, not days.
    const gone = await linkOf(first.post.urlItemId);
    expect(gone).toMatchObject({ check_status: 'MISSING', dead_since: null });
    const firstDead = Number(gone.checked_at);
    const confirmAt = Number(gone.next_check_at);
    expect(confirmAt - firstDead).toBeGreaterThanOrEqual(DEAD_CONFIRM_BACKOFF_MS);
    expect(confirmAt - firstDead).toBeLessThan(DEAD_CONFIRM_BACKOFF_MS + DEAD_CONFIRM_JITTER_MAX_MS);
    expect((await historyOf(first.post.urlItemId)).map((row) => [row.status, row.httpStatus])).toEqual([['OK', 200], ['GONE', 404]]);
    expect((await linkOf(second.post.urlItemId)).check_status).toBe('OK');
    expect((await historyOf(second.post.urlItemId)).map((row) => row.status)).toEqual(['OK', 'OK']);

    // The re-check flow's tick at the confirmation's due time (the test's clock) checks it; the second dead check in a row: dead.
    const flow = new RecheckFlow(ctx.server.context);
    expect(await flow.tick(firstDead + 60_000)).toBe(0);
    expect(await flow.tick(confirmAt)).toBe(1);
    const dead = await until('the post to be dead', async () => {
      const row = await linkOf(first.post.urlItemId);
      return row.dead_since !== null ? row : undefined;
    });
    await flow.stop();
    expect(dead).toMatchObject({ check_status: 'MISSING', dead_reason: 'GONE' });
    expect((await historyOf(first.post.urlItemId)).map((row) => row.status)).toEqual(['OK', 'GONE', 'GONE']);
    // Confirmed dead, the link goes back to the schedule's steps (days, not minutes).
    expect(Number((await linkOf(first.post.urlItemId)).next_check_at) - Number(dead.dead_since)).toBeGreaterThan(12 * 3_600_000);
    // GET /rest/url_item/{id}/checks answers the same history, newest first.
    const history = (await ann.agent.request('GET', `/rest/url_item/${first.post.urlItemId}/checks`)).json() as { checks: { status: string }[] };
    expect(history.checks.map((check) => check.status)).toEqual(['GONE', 'GONE', 'OK']);
  });

  it.skipIf(skip)('counts the published links of a selection, a link set and a project; another user gets 404 and changes nothing; bad bodies get 422', async () => {
    const site = await startSlowBlog(0);
    try {
      const one = await buildPublishedPost(db(), { ownerId: ann.id, remoteUrl: `${site.url}/one/`, links: [{ url: TARGET, anchor: 'landing page' }] });
      const same = { ownerId: ann.id, campaignId: one.campaignId, outputLinkSetId: one.outputLinkSetId };
      const two = await buildPublishedPost(db(), { ...same, remoteUrl: `${site.url}/two/`, links: [{ url: TARGET, anchor: 'landing page' }] });
      site.pages.set('/one/', [{ status: 200, html: LIVE }]);
      site.pages.set('/two/', [{ status: 200, html: '<p>no link</p>' }]);
      // A link typed in by hand (no post) is never checked.
      const manual = await db().insertInto('url_items').values({ owner_id: ann.id, url_list_id: one.outputLinkSetId, url: `${site.url}/manual/`, date_added: 1, created_at: 1 })
        .returning('id').executeTakeFirstOrThrow();
      const inbox = await liveInbox(ann.agent, 'link_checks');

      // Bob names Ann's scopes: 404, as for a scope that does not exist, and nothing of hers moves.
      const before = await db().selectFrom('url_items').select(['id', 'next_check_at', 'checked_at']).where('owner_id', '=', ann.id).orderBy('id').execute();
      const notFound = (await checkNow(ann.agent, { linkSetId: 999_999_999 })).json();
      for (const body of [{ urlItemIds: [one.urlItemId, two.urlItemId] }, { linkSetId: one.outputLinkSetId }, { projectId: one.projectId }, { campaignId: one.campaignId }]) {
        const refused = await checkNow(bob.agent, body);
        expect(refused.statusCode, JSON.stringify(body)).toBe(404);
        expect(refused.json()).toEqual(notFound);
      }
      expect(await db().selectFrom('url_items').select(['id', 'next_check_at', 'checked_at']).where('owner_id', '=', ann.id).orderBy('id').execute()).toEqual(before);

      for (const [body, message] of [
        [{}, CHECK_NOW_MESSAGES.oneScope],
        [{ linkSetId: one.outputLinkSetId, projectId: one.projectId }, CHECK_NOW_MESSAGES.oneScope],
        [{ ids: [one.urlItemId] }, CHECK_NOW_MESSAGES.oneScope],
        [{ linkSetId: String(one.outputLinkSetId) }, CHECK_NOW_MESSAGES.id],
        [{ urlItemIds: [one.urlItemId, 1.5] }, CHECK_NOW_MESSAGES.id],
        [{ urlItemIds: [] }, CHECK_NOW_MESSAGES.urlItemIds],
        [{ urlItemIds: Array.from({ length: 10_001 }, (_, i) => i + 1) }, CHECK_NOW_MESSAGES.urlItemIds],
      ] as const) {
        const refused = await checkNow(ann.agent, body);
        expect(refused.statusCode, JSON.stringify(body).slice(0, 80)).toBe(422);
        expect(refused.json().error.message).toBe(message);
      }

      // Ann's own: a selection with the hand-typed link and one of Bob's ids counts her two published links.
      const selection = await checkNow(ann.agent, { urlItemIds: [one.urlItemId, two.urlItemId, manual.id, 999_999_998] });
      expect(selection.statusCode, selection.body).toBe(200);
      const started = CheckNowResponseSchema.parse(selection.json());
      expect(started.total).toBe(2);
      expect(await finished(inbox, started.checkId)).toEqual({ checkId: started.checkId, done: 2, total: 2, live: 1, missing: 1, errors: 0, finished: true });
      expect((await linkOf(manual.id)).checked_at).toBeNull();

      const linkSet = CheckNowResponseSchema.parse((await checkNow(ann.agent, { linkSetId: one.outputLinkSetId })).json());
      expect(linkSet.total).toBe(2);
      expect(await finished(inbox, linkSet.checkId)).toMatchObject({ done: 2, total: 2, finished: true });
      const project = CheckNowResponseSchema.parse((await checkNow(ann.agent, { projectId: two.projectId })).json());
      expect(project.total).toBe(1);
      expect(await finished(inbox, project.checkId)).toEqual({ checkId: project.checkId, done: 1, total: 1, live: 0, missing: 1, errors: 0, finished: true });
      // Every check-now landed in the history: one + link set for /one/; selection, link set, project for /two/.
      expect((await historyOf(one.urlItemId)).map((row) => row.status)).toEqual(['OK', 'OK']);
      expect((await historyOf(two.urlItemId)).map((row) => row.status)).toEqual(['MISSING', 'MISSING', 'MISSING']);

      // A scope of the user's with no published link: 200, nothing to check, finished at once.
      const emptySet = await db().insertInto('url_lists').values({ owner_id: ann.id, campaign_id: one.campaignId, name: 'Empty', created_at: 1 }).returning('id').executeTakeFirstOrThrow();
      const empty = CheckNowResponseSchema.parse((await checkNow(ann.agent, { linkSetId: emptySet.id })).json());
      expect(empty.total).toBe(0);
      expect(await finished(inbox, empty.checkId)).toEqual({ checkId: empty.checkId, done: 0, total: 0, live: 0, missing: 0, errors: 0, finished: true });
      // The hours setting reaches the API: every 6 hours after publishing, then hourly.
      const hours = await ann.agent.request('POST', '/rest/options', { body: { recheckSchedule: { afterPublishDays: [0.25], thenEveryDays: 1 / 24 } } });
      expect(hours.statusCode, hours.body).toBe(200);
      expect(hours.json().options.recheckSchedule).toEqual({ afterPublishDays: [0.25], thenEveryDays: 1 / 24 });
      const halfHour = await ann.agent.request('POST', '/rest/options', { body: { recheckSchedule: { afterPublishDays: [0.5 / 24], thenEveryDays: 1 } } });
      expect(halfHour.statusCode).toBe(422);
      expect(halfHour.json().error.message).toBe(RECHECK_SCHEDULE_MESSAGES.afterPublishDays);
      await saveOptions(db(), ann.id, { recheckSchedule: { afterPublishDays: [1, 7, 30], thenEveryDays: 30 } });
    } finally {
      await site.close();
    }
  });

  it.skipIf(skip)('re-checks take at most VERIFY_FETCHES_PER_HOST pages of one site at once; transient failures are retried and never make a link dead', async () => {
    await saveOptions(db(), ann.id, { maxBrowserThreads: 8, maxNumberOfRetries: 1, timeToWaitBeforeRetry: 1 });
    const sites = [await startSlowBlog(300), await startSlowBlog(300)];
    try {
      const first = await buildPublishedPost(db(), { ownerId: ann.id, remoteUrl: `${sites[0]!.url}/p0/`, links: [{ url: TARGET, anchor: 'landing page' }] });
      const same = { ownerId: ann.id, campaignId: first.campaignId, outputLinkSetId: first.outputLinkSetId };
      const posts = [first];
      for (let n = 1; n < 12; n += 1) {
        posts.push(await buildPublishedPost(db(), { ...same, remoteUrl: `${sites[n % 2]!.url}/p${n}/`, links: [{ url: TARGET, anchor: 'landing page' }] }));
      }
      for (let n = 0; n < 12; n += 1) sites[n % 2]!.pages.set(`/p${n}/`, [{ status: 200, html: LIVE }]);
      // Two pages fail for a while: one answers 503 once, then the page (a passing outage); one never answers but 503.
      sites[0]!.pages.set('/p2/', [{ status: 503, html: 'busy' }, { status: 200, html: LIVE }]);
      sites[1]!.pages.set('/p3/', [{ status: 503, html: 'down' }]);
      const inbox = await liveInbox(ann.agent, 'link_checks');

      const started = CheckNowResponseSchema.parse((await checkNow(ann.agent, { linkSetId: first.outputLinkSetId })).json());
      expect(started.total).toBe(12);
      expect(await finished(inbox, started.checkId)).toEqual({ checkId: started.checkId, done: 12, total: 12, live: 11, missing: 0, errors: 1, finished: true });
      // Never more than the cap on one site, while the two sites were fetched side by side (maxBrowserThreads 8).
      for (const site of sites) expect(site.state.most).toBe(VERIFY_FETCHES_PER_HOST);
      expect((await historyOf(posts[2]!.urlItemId)).map((row) => row.status)).toEqual(['OK']);
      expect((await historyOf(posts[3]!.urlItemId)).map((row) => [row.status, row.httpStatus])).toEqual([['ERROR', 503]]);

      // Checked again and again, the failing page stays ERROR, never dead.
      for (let round = 0; round < 2; round += 1) {
        const again = CheckNowResponseSchema.parse((await checkNow(ann.agent, { urlItemIds: [posts[3]!.urlItemId] })).json());
        expect(await finished(inbox, again.checkId)).toMatchObject({ done: 1, errors: 1, finished: true });
      }
      expect(await linkOf(posts[3]!.urlItemId)).toMatchObject({ check_status: 'ERROR', dead_since: null });
      expect((await historyOf(posts[3]!.urlItemId)).map((row) => row.status)).toEqual(['ERROR', 'ERROR', 'ERROR']);
    } finally {
      await Promise.all(sites.map((site) => site.close()));
      await saveOptions(db(), ann.id, { maxBrowserThreads: 5 });
    }
  });
});
