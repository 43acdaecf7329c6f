/**
 * Link health (issue 18) on both databases: each finished check of a published link appends to its
 * history and schedules its next re-check from the planner (same transaction as the status), and
 * the re-check flow claims the due links in bounded batches and checks them as post.verify does. Times come from the
 * tests' own clock (verifyPost and the pass take `now`); pages from a local HTTP server.
 */
import { describe, expect, it } from 'vitest';
import { DAY_MS, DEAD_CONFIRM_BACKOFF_MS, DEAD_CONFIRM_JITTER_MAX_MS, LinkCheckHistoryResponseSchema, OPTION_DEFAULTS, RECHECK_SCHEDULE_MESSAGES, nextRecheckAt } from '@linkloom/shared';
import { verifyPost } from '../../src/engine/verify/verify-post.job';
import { DUE_CANDIDATES_FRESH_MS, DueLinkCandidates, RECHECK_BATCH, RECHECK_LEASE_MS, claimDueRechecks } from '../../src/engine/verify/recheck-due-links';
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
  /** Five blogs of their own hosts, for the re-check flow's spread over the hosts. */
  const flowBlogs = ['127.0.0.21', '127.0.0.22', '127.0.0.23', '127.0.0.24', '127.0.0.25'].map((host) => usePageBlog(skip, host));
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

  it.skipIf(skip)('a claim takes the due links in bounded batches, once each, and leaves the others', async () => {
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

    const claim = async (at: number, batch = RECHECK_BATCH) => (await claimDueRechecks(db(), at, batch)).claimed;
    const first = await claim(now);
    expect(first).toHaveLength(RECHECK_BATCH);
    expect(first[0]).toMatchObject({ ownerId: ann.id, postId: post.postId, host: new URL(blog.url).host });
    expect(await claim(now)).toHaveLength(RECHECK_BATCH);
    expect(await claim(now)).toHaveLength(50);
    expect(await claim(now)).toHaveLength(0);

    const leased = await db().selectFrom('url_items').select(({ fn }) => fn.countAll<number | string>().as('n'))
      .where('url_list_id', '=', post.outputLinkSetId).where('next_check_at', '=', now + RECHECK_LEASE_MS).executeTakeFirstOrThrow();
    expect(Number(leased.n)).toBe(dueCount);
    // A check that lands replaces the lease with the planner's time; a lost one comes due again after the lease.
    expect(await claim(now + RECHECK_LEASE_MS - 1)).toHaveLength(0);
    expect(await claim(now + RECHECK_LEASE_MS, 10)).toHaveLength(10);
  });

  it.skipIf(skip)('claims that keep their due candidates take what the hosts have room for, never a link twice, and find links fallen due after a while', async () => {
    const now = Date.UTC(2102, 0, 1);
    await db().updateTable('url_items').set({ next_check_at: null }).where('owner_id', '=', ann.id).execute();
    // Thirty posts on each of two blogs, in a row; the pages are never fetched (claims only).
    const [hostA, hostB] = flowBlogs.slice(0, 2).map((flowBlog) => new URL(flowBlog.url).host) as [string, string];
    const links: number[] = [];
    for (const flowBlog of flowBlogs.slice(0, 2)) {
      for (let i = 0; i < 30; i += 1) {
        const post = await buildPublishedPost(db(), { ownerId: ann.id, remoteUrl: `${flowBlog.url}/kept/${i}/`, links: [{ url: TARGET, anchor: 'landing' }] });
        links.push(post.urlItemId);
      }
    }
    await db().updateTable('url_items').set({ check_status: 'OK', next_check_at: now - 1_000 }).where('id', 'in', links).execute();

    const candidates = new DueLinkCandidates();
    const inFlight = new Map<string, number>();
    const seen = new Set<number>();
    const kept = async (at: number) => {
      const { claimed, noneDue } = await claimDueRechecks(db(), at, RECHECK_BATCH, (host) => 4 - (inFlight.get(host) ?? 0), candidates);
      for (const link of claimed) {
        expect(seen.has(link.linkId), `link ${link.linkId} claimed twice`).toBe(false);
        seen.add(link.linkId);
        inFlight.set(link.host, (inFlight.get(link.host) ?? 0) + 1);
      }
      return { claimed, noneDue };
    };
    const first = await kept(now);
    expect(first.claimed.map((link) => link.host).sort()).toEqual([hostA, hostA, hostA, hostA, hostB, hostB, hostB, hostB]);
    // Full hosts: nothing more, though links are due.
    expect(await kept(now + 1)).toEqual({ claimed: [], noneDue: false });

    // Another process claims ten of the first blog's links meanwhile (its own read, no host limit).
    const elsewhere = (await claimDueRechecks(db(), now + 2, 10)).claimed;
    expect(elsewhere).toHaveLength(10);
    for (const link of elsewhere) {
      expect(seen.has(link.linkId)).toBe(false);
      seen.add(link.linkId);
    }
    // Checks end: the kept claims take the freed room from what they read, skipping what was taken elsewhere.
    inFlight.clear();
    const second = await kept(now + 3);
    expect(second.claimed.filter((link) => link.host === hostB)).toHaveLength(4);
    expect(second.claimed.filter((link) => link.host === hostA).length).toBeLessThanOrEqual(4);
    for (let n = 0; n < 20 && seen.size < links.length; n += 1) {
      inFlight.clear();
      await kept(now + 4 + n);
    }
    expect(seen.size).toBe(links.length);
    expect([...seen].sort((a, b) => a - b)).toEqual([...links].sort((a, b) => a - b));

    // A link falling due after the read is found once the candidates are read again.
    const late = await buildPublishedPost(db(), { ownerId: ann.id, remoteUrl: `${flowBlogs[2]!.url}/kept/late/`, links: [{ url: TARGET, anchor: 'landing' }] });
    await db().updateTable('url_items').set({ check_status: 'OK', next_check_at: now + 50 }).where('id', '=', late.urlItemId).execute();
    inFlight.clear();
    const again = await kept(now + DUE_CANDIDATES_FRESH_MS);
    expect(again.claimed.map((link) => link.linkId)).toEqual([late.urlItemId]);
    expect(await kept(now + DUE_CANDIDATES_FRESH_MS + 1)).toEqual({ claimed: [], noneDue: true });
  });

  it.skipIf(skip)('the re-check flow spreads its claims over the hosts, at most RECHECK_IN_FLIGHT_PER_HOST each, checks them itself and claims again as checks end, without a tick', async () => {
    const now = Date.UTC(2101, 0, 1);
    await db().updateTable('url_items').set({ next_check_at: null }).where('owner_id', '=', ann.id).execute();
    // Ten posts on each of five blogs, in a row, as a campaign's are (one blog's posts are published together).
    const links: number[] = [];
    for (const flowBlog of flowBlogs) {
      for (let i = 0; i < 10; i += 1) {
        flowBlog.pages.set(`/flow/${i}/`, { html: `<p><a href="${TARGET}">landing</a></p>` });
        const post = await buildPublishedPost(db(), { ownerId: ann.id, remoteUrl: `${flowBlog.url}/flow/${i}/`, links: [{ url: TARGET, anchor: 'landing' }] });
        links.push(post.urlItemId);
      }
    }
    await db().updateTable('url_items').set({ check_status: 'OK', next_check_at: now - 1_000 }).where('id', 'in', links).execute();
    const hosts = flowBlogs.map((flowBlog) => new URL(flowBlog.url).host);

    const flow = new RecheckFlow(ctx.server.context);
    const claimed = await flow.tick(now);
    expect(claimed).toBe(hosts.length * RECHECK_IN_FLIGHT_PER_HOST);
    let peak = Math.max(...flow.inFlightByHost().values());
    expect([...flow.inFlightByHost().keys()].sort()).toEqual([...hosts].sort());
    // As checks end the flow claims the next links itself: all fifty are checked with no other tick,
    // on the tick's clock, never more than the cap of one host in flight.
    const checked = await until('every post of the five blogs to be checked', async () => {
      peak = Math.max(peak, ...flow.inFlightByHost().values());
      const rows = await db().selectFrom('url_items').select(['check_status', 'checked_at', 'next_check_at']).where('id', 'in', links).execute();
      return rows.every((row) => row.checked_at !== null && Number(row.checked_at) >= now) ? rows : undefined;
    });
    expect(peak).toBeLessThanOrEqual(RECHECK_IN_FLIGHT_PER_HOST);
    expect(checked.every((row) => row.check_status === 'OK' && Number(row.next_check_at) > now)).toBe(true);
    const history = await db().selectFrom('link_check_history').select(({ fn }) => fn.countAll<number | string>().as('n')).where('url_item_id', 'in', links).executeTakeFirstOrThrow();
    expect(Number(history.n)).toBe(links.length);
    await until('the flow to be empty', async () => flow.inFlight === 0 || undefined);
    await flow.stop();
    expect(await flow.tick(now + DAY_MS)).toBe(0);
  });
});
