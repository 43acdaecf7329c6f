/**
 * Link health (issue 18) on both databases: each finished check of a published link appends to its
 * history and schedules its next re-check from the planner (same transaction as the status), and
 * the scheduler's pass hands the due links to post.verify in bounded batches. Times come from the
 * tests' own clock (verifyPost and the pass take `now`); pages from a local HTTP server.
 */
import { describe, expect, it } from 'vitest';
import { DAY_MS, DEAD_CONFIRM_BACKOFF_MS, DEAD_CONFIRM_JITTER_MAX_MS, LinkCheckHistoryResponseSchema, OPTION_DEFAULTS, RECHECK_SCHEDULE_MESSAGES, nextRecheckAt } from '@linkloom/shared';
import { JOB } from '../../src/engine/jobs/job-names';
import { verifyPost } from '../../src/engine/verify/verify-post.job';
import { RECHECK_BATCH, RECHECK_LEASE_MS, recheckDueLinks } from '../../src/engine/verify/recheck-due-links';
import { RECHECK_IN_FLIGHT_PER_HOST, RecheckFlow } from '../../src/engine/verify/recheck-flow';
import { DATABASES } from '../support/databases';
import { usePageBlog } from '../support/page-blog';
import { buildPublishedPost } from '../support/engine-check-factories';
import { useTestServer } from '../support/lifecycle';
import { useTwoUsers } from '../support/scenario';
import { untilWithin } from '../support/until';

const until = untilWithin(10_000);

const TARGET = 'https://money.example.test/landing';
const signal = () => new AbortController().signal;

describe.each(DATABASES)('link health on $kind', ({ kind, skip }) => {
  const ctx = useTestServer(kind, skip);
  const { ann, bob } = useTwoUsers(ctx, skip);
  const db = () => ctx.server.database.db;
  const blog = usePageBlog(skip);
  const { pages } = blog;


  const verify = (postId: number, at: number, retry?: number) =>
    verifyPost(ctx.server.context, { payload: { ownerId: ann.id, postId, ...(retry === undefined ? {} : { retry }) }, signal: signal() }, () => at);
  const linkOf = (id: number) => db().selectFrom('url_items').select(['check_status', 'next_check_at', 'date_added']).where('id', '=', id).executeTakeFirstOrThrow();
  const historyOf = async (id: number) => (await db().selectFrom('link_check_history')
    .select(['owner_id', 'checked_at', 'status', 'http_status', 'anchor_found', 'reason']).where('url_item_id', '=', id).orderBy('id').execute())
    .map((row) => ({ ...row, checked_at: Number(row.checked_at) }));

  it.skipIf(skip)('appends each finished check to the history and schedules the next one from the planner', async () => {
    pages.set('/live/', { html: `<p><a href="${TARGET}">landing page</a></p>` });
    const post = await buildPublishedPost(db(), { ownerId: ann.id, remoteUrl: `${blog.url}/live/`, links: [{ url: TARGET, anchor: 'landing page' }] });
    const published = Number((await linkOf(post.urlItemId)).date_added);

    await verify(post.postId, published + 60_000);
    expect(await historyOf(post.urlItemId)).toEqual([
      { owner_id: ann.id, checked_at: published + 60_000, status: 'OK', http_status: 200, anchor_found: 1, reason: `${TARGET}: dofollow, anchor "landing page"` },
    ]);
    const firstDue = nextRecheckAt({ linkId: post.urlItemId, publishedAt: published, checks: [{ checkedAt: published + 60_000, status: 'OK' }] });
    expect(await linkOf(post.urlItemId)).toMatchObject({ check_status: 'OK' });
    expect(Number((await linkOf(post.urlItemId)).next_check_at)).toBe(firstDue);
    expect(firstDue).toBeGreaterThanOrEqual(published + DAY_MS);

    // Day 1: the link was edited out; the page still answers. One dead check is no verdict: it is
    // looked at again minutes later, not at the next step of the schedule (issue 36).
    pages.set('/live/', { html: '<p>No link here any more.</p>' });
    await verify(post.postId, firstDue);
    const confirmDue = Number((await linkOf(post.urlItemId)).next_check_at);
    expect(confirmDue - firstDue).toBeGreaterThanOrEqual(DEAD_CONFIRM_BACKOFF_MS);
    expect(confirmDue - firstDue).toBeLessThan(DEAD_CONFIRM_BACKOFF_MS + DEAD_CONFIRM_JITTER_MAX_MS);
    // The confirmation is taken on day 7 (the server was off meanwhile).
    const secondDue = published + 7 * DAY_MS;
    expect((await historyOf(post.urlItemId)).at(-1)).toMatchObject({ status: 'MISSING', http_status: 200, anchor_found: 0 });

    // Day 7: the post is deleted (404). On the last try the check is final: GONE in the history.
    pages.delete('/live/');
    await verify(post.postId, secondDue, 100);
    expect(await linkOf(post.urlItemId)).toMatchObject({ check_status: 'MISSING' });
    expect((await historyOf(post.urlItemId)).at(-1)).toMatchObject({
      status: 'GONE', http_status: 404, anchor_found: null, reason: 'The page answers 404 Not Found: the post was deleted or is not published',
    });
    expect(Number((await linkOf(post.urlItemId)).next_check_at)).toBeGreaterThanOrEqual(published + 30 * DAY_MS);
    expect((await historyOf(post.urlItemId)).map((row) => row.status)).toEqual(['OK', 'MISSING', 'GONE']);

    // GET /rest/url_item/{id}/checks: newest first, with the next check; another user's id is 404.
    const answer = await ann.agent.request('GET', `/rest/url_item/${post.urlItemId}/checks`);
    expect(answer.statusCode).toBe(200);
    const body = LinkCheckHistoryResponseSchema.parse(answer.json());
    expect(body.urlItemId).toBe(post.urlItemId);
    expect(body.nextCheckAt).toBe(Number((await linkOf(post.urlItemId)).next_check_at));
    expect(body.checks.map(({ status, httpStatus, anchorFound, checkedAt }) => ({ status, httpStatus, anchorFound, checkedAt }))).toEqual([
      { status: 'GONE', httpStatus: 404, anchorFound: null, checkedAt: secondDue },
      { status: 'MISSING', httpStatus: 200, anchorFound: false, checkedAt: firstDue },
      { status: 'OK', httpStatus: 200, anchorFound: true, checkedAt: published + 60_000 },
    ]);
    expect(body.checks[2]?.reason).toBe(`${TARGET}: dofollow, anchor "landing page"`);
    const foreign = await bob.agent.request('GET', `/rest/url_item/${post.urlItemId}/checks`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual((await bob.agent.request('GET', '/rest/url_item/999999999/checks')).json());
  });

  it.skipIf(skip)("plans with the user's re-check schedule from the options, and refuses a schedule it cannot plan with", async () => {
    expect((await ann.agent.request('GET', '/rest/options')).json().options.recheckSchedule).toEqual({ afterPublishDays: [1, 7, 30], thenEveryDays: 30 });
    expect(OPTION_DEFAULTS.recheckSchedule).toEqual({ afterPublishDays: [1, 7, 30], thenEveryDays: 30 });
    const schedule = { afterPublishDays: [2, 14], thenEveryDays: 10 };
    const saved = await ann.agent.request('POST', '/rest/options', { body: { recheckSchedule: schedule } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().options.recheckSchedule).toEqual(schedule);
    for (const [bad, message] of [
      [{ afterPublishDays: [7, 1], thenEveryDays: 30 }, RECHECK_SCHEDULE_MESSAGES.ascending],
      [{ afterPublishDays: [0], thenEveryDays: 30 }, RECHECK_SCHEDULE_MESSAGES.afterPublishDays],
      [{ afterPublishDays: [1], thenEveryDays: 0 }, RECHECK_SCHEDULE_MESSAGES.thenEveryDays],
      [{ afterPublishDays: [1] }, RECHECK_SCHEDULE_MESSAGES.thenEveryDays],
    ] as const) {
      const refused = await ann.agent.request('POST', '/rest/options', { body: { recheckSchedule: bad } });
      expect(refused.statusCode, JSON.stringify(bad)).toBe(422);
      expect(JSON.stringify(refused.json())).toContain(message);
    }
    pages.set('/scheduled/', { html: `<p><a href="${TARGET}">landing</a></p>` });
    const post = await buildPublishedPost(db(), { ownerId: ann.id, remoteUrl: `${blog.url}/scheduled/`, links: [{ url: TARGET, anchor: 'landing' }] });
    const published = Number((await linkOf(post.urlItemId)).date_added);
    await verify(post.postId, published + 1_000);
    const due = Number((await linkOf(post.urlItemId)).next_check_at);
    expect(due).toBe(nextRecheckAt({ linkId: post.urlItemId, publishedAt: published, checks: [{ checkedAt: published + 1_000, status: 'OK' }], schedule }));
    expect(due).toBeGreaterThanOrEqual(published + 2 * DAY_MS);
    expect(due).toBeLessThan(published + 2 * DAY_MS + DAY_MS / 2);
    await ann.agent.request('POST', '/rest/options', { body: { recheckSchedule: OPTION_DEFAULTS.recheckSchedule } });
  });

  it.skipIf(skip)('a link never checked answers an empty history and no next check', async () => {
    const post = await buildPublishedPost(db(), { ownerId: ann.id, remoteUrl: `${blog.url}/fresh/`, links: [] });
    const body = LinkCheckHistoryResponseSchema.parse((await ann.agent.request('GET', `/rest/url_item/${post.urlItemId}/checks`)).json());
    expect(body).toEqual({ urlItemId: post.urlItemId, nextCheckAt: null, checks: [] });
  });

  it.skipIf(skip)('backs off a link whose page cannot be read, and a retrying check (PENDING) leaves it unscheduled', async () => {
    await ann.agent.request('POST', '/rest/options', { body: { maxNumberOfRetries: 1, timeToWaitBeforeRetry: 1 } });
    const down = await buildPublishedPost(db(), { ownerId: ann.id, remoteUrl: 'http://127.0.0.1:9/post/', links: [{ url: TARGET, anchor: 'landing' }] });
    const published = Number((await linkOf(down.urlItemId)).date_added);
    await verify(down.postId, published + 1_000);
    expect(await linkOf(down.urlItemId)).toMatchObject({ check_status: 'PENDING', next_check_at: null });
    expect(await historyOf(down.urlItemId)).toEqual([]);
    await verify(down.postId, published + 3_000, 1);
    const history = await historyOf(down.urlItemId);
    expect(history).toEqual([expect.objectContaining({ status: 'ERROR', http_status: null, anchor_found: null, checked_at: published + 3_000 })]);
    const due = Number((await linkOf(down.urlItemId)).next_check_at);
    expect(due).toBe(nextRecheckAt({ linkId: down.urlItemId, publishedAt: published, checks: [{ checkedAt: published + 3_000, status: 'ERROR' }] }));
    expect(due - (published + 3_000)).toBeGreaterThanOrEqual(3_600_000);
    expect(due - (published + 3_000)).toBeLessThan(3_600_000 * 1.25);
  });

  it.skipIf(skip)('the pass sends the due links to post.verify in bounded batches, once each, and leaves the others', async () => {
    pages.set('/many/', { html: `<p><a href="${TARGET}">landing</a></p>` });
    const post = await buildPublishedPost(db(), { ownerId: ann.id, remoteUrl: `${blog.url}/many/`, links: [{ url: TARGET, anchor: 'landing' }] });
    // A far future instant of the test's clock; the earlier tests' links are taken off the schedule.
    const now = Date.UTC(2100, 0, 1);
    await db().updateTable('url_items').set({ next_check_at: null }).where('owner_id', '=', ann.id).execute();
    const dueCount = RECHECK_BATCH * 2 + 50;
    const rows = Array.from({ length: dueCount + 5 }, (_, i) => ({
      owner_id: ann.id, url_list_id: post.outputLinkSetId, url: `${blog.url}/many/?n=${i}`, date_added: now - 40 * DAY_MS, created_at: now,
      post_id: post.postId, check_status: 'OK', next_check_at: i < dueCount ? now - 1_000 + (i % 7) : now + DAY_MS,
    }));
    for (let i = 0; i < rows.length; i += 100) await db().insertInto('url_items').values(rows.slice(i, i + 100)).execute();
    // Links without a post (imported by hand) are never due, whatever next_check_at says.
    await db().insertInto('url_items').values({ owner_id: ann.id, url_list_id: post.outputLinkSetId, url: 'https://manual.test/', date_added: now, created_at: now, next_check_at: 1 }).execute();

    const first = await recheckDueLinks(ctx.server.context, now);
    expect(first).toHaveLength(RECHECK_BATCH);
    const job = await ctx.server.context.queue.getJob(first[0]!);
    expect(job).toMatchObject({ name: JOB.postVerify, payload: { ownerId: ann.id, postId: post.postId } });
    expect(await recheckDueLinks(ctx.server.context, now)).toHaveLength(RECHECK_BATCH);
    expect(await recheckDueLinks(ctx.server.context, now)).toHaveLength(50);
    expect(await recheckDueLinks(ctx.server.context, now)).toHaveLength(0);

    const leased = await db().selectFrom('url_items').select(({ fn }) => fn.countAll<number | string>().as('n'))
      .where('url_list_id', '=', post.outputLinkSetId).where('next_check_at', '=', now + RECHECK_LEASE_MS).executeTakeFirstOrThrow();
    expect(Number(leased.n)).toBe(dueCount);
    // A check that lands replaces the lease with the planner's time; a lost one comes due again after the lease.
    expect(await recheckDueLinks(ctx.server.context, now + RECHECK_LEASE_MS - 1)).toHaveLength(0);
    expect(await recheckDueLinks(ctx.server.context, now + RECHECK_LEASE_MS, 10)).toHaveLength(10);
  });

  it.skipIf(skip)('the re-check flow spreads its claims over the hosts, at most RECHECK_IN_FLIGHT_PER_HOST each, and claims again as checks end, without a tick', async () => {
    pages.set('/flow/', { html: `<p><a href="${TARGET}">landing</a></p>` });
    const post = await buildPublishedPost(db(), { ownerId: ann.id, remoteUrl: `${blog.url}/flow/`, links: [{ url: TARGET, anchor: 'landing' }] });
    const now = Date.UTC(2101, 0, 1);
    await db().updateTable('url_items').set({ next_check_at: null }).where('owner_id', '=', ann.id).execute();
    // Five blogs' links in a row, as a campaign's are (one blog's posts are published together).
    const hosts = ['a', 'b', 'c', 'd', 'e'].map((name) => `http://${name}.flow.test`);
    const rows = hosts.flatMap((host) => Array.from({ length: 10 }, (_, i) => ({
      owner_id: ann.id, url_list_id: post.outputLinkSetId, url: `${host}/p/${i}/`, date_added: now - 40 * DAY_MS, created_at: now,
      post_id: post.postId, check_status: 'OK', next_check_at: now - 1_000,
    })));
    await db().insertInto('url_items').values(rows).execute();
    const leasedPerHost = async () => {
      const leased = await db().selectFrom('url_items').select('url')
        .where('url_list_id', '=', post.outputLinkSetId).where('next_check_at', '>', now).where('url', 'like', '%.flow.test/%').execute();
      const counts = new Map<string, number>();
      for (const { url } of leased) counts.set(new URL(url).origin, (counts.get(new URL(url).origin) ?? 0) + 1);
      return hosts.map((host) => counts.get(host) ?? 0);
    };

    const flow = new RecheckFlow(ctx.server.context);
    const sent = await flow.tick(now);
    expect(sent).toBe(hosts.length * RECHECK_IN_FLIGHT_PER_HOST);
    expect(await leasedPerHost()).toEqual(hosts.map(() => RECHECK_IN_FLIGHT_PER_HOST));
    expect(flow.inFlight).toBe(sent);

    // Two checks end: their places are claimed again shortly, without a tick.
    const [first, second] = flow.jobsInFlight();
    flow.finished(first!);
    flow.finished(second!);
    flow.finished('not a job of the flow');
    expect(flow.inFlight).toBe(sent - 2);
    await until('the flow to claim again', async () => flow.inFlight === sent, 5_000);
    expect((await leasedPerHost()).reduce((a, b) => a + b, 0)).toBe(sent + 2);
    expect(Math.max(...(await leasedPerHost()))).toBeLessThanOrEqual(RECHECK_IN_FLIGHT_PER_HOST + 2);
    flow.stop();
  });
});
