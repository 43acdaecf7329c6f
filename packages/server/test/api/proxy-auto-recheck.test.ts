/**
 * Work held for a live proxy re-checks the proxies by itself (issue 15 follow-up): with Use proxy
 * for posting / Use Proxy on and none alive, a hold starts the same check as Options → Proxy →
 * Check when the user's proxies were last checked longer ago than PROXY_CHECK.autoRecheckAfterMs,
 * at most one at a time, and never for a user without proxies; a proxy that came back is found
 * alive and the held posts publish through it without the user pressing anything. Other users'
 * proxies are never touched.
 * Real pieces: the server and engine on both databases, proxy-chain as the HTTP proxy, the proxy
 * check against a local judge URL, local WordPress stand-ins as the blogs. The engine runs on a
 * compressed clock so the hold's 30 s pass in about 1 s.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROXY_CHECK } from '@linkloom/shared';
import { startEngine } from '../../src/engine/jobs/engine';
import { PROXY_WAIT_MESSAGES, PROXY_WAIT_MS } from '../../src/engine/runner/engine-options';
import { verifyPost } from '../../src/engine/verify/verify-post.job';
import { saveOptions } from '../../src/features/options/options.repository';
import { readProxyMonitor } from '../../src/features/options/proxy-monitor.repository';
import { signedIn, type Agent } from '../support/agent';
import { CompressedClock } from '../support/compressed-clock';
import { createTestDatabase, DATABASES, type TestDatabaseHandle } from '../support/databases';
import { buildPublishedPost } from '../support/engine-check-factories';
import { buildPrivateProjectWorld } from '../support/engine-world';
import { buildUser } from '../support/factories';
import { microsocksAvailability, startHttpProxy, startJudge, startSocks5, type Peer, type ProxyPeer } from '../support/proxy-peers';
import { useTestServer } from '../support/lifecycle';
import { useTwoUsers } from '../support/scenario';
import { startTestApp, type TestApp } from '../support/test-app';
import { untilWithin } from '../support/until';
import { startWordPressStandIn, type WordPressStandIn } from '../support/wordpress-stand-in';

const until = untilWithin(30_000);
const FACTOR = PROXY_WAIT_MS / 1000;
/** A last check this long ago is due again (the interval and a minute). */
const LONG_AGO = PROXY_CHECK.autoRecheckAfterMs + 60_000;

process.env.PROXY_CHECK_TIMEOUT_MS = '1500';
// The live test's proxy is Debian's microsocks (SOCKS5); without it (and without REQUIRE_MICROSOCKS=1) that test skips.
const microsocks = await microsocksAvailability();

describe.each(DATABASES)('held work re-checks the proxies by itself on $kind', ({ kind, skip }) => {
  let handle: TestDatabaseHandle;
  let server: TestApp;
  let proxy: ProxyPeer;
  let judge: Peer & { url: string; hits: () => number };
  const blogs: WordPressStandIn[] = [];
  const peers: Peer[] = [];
  const login = { username: 'poster', password: 'right' };
  /** Every job sent to the queue while the tests run (the engine's own sends included). */
  const sent: { name: string; payload: unknown }[] = [];

  beforeAll(async () => {
    if (skip) return;
    handle = await createTestDatabase(kind);
    server = await startTestApp(handle, {}, { withLive: false, clock: new CompressedClock(Date.now(), FACTOR) });
    const queue = server.context.queue;
    const send = queue.send.bind(queue);
    queue.send = (async (name: string, payload: never, options?: never) => {
      sent.push({ name, payload });
      return send(name as never, payload, options);
    }) as typeof queue.send;
    await startEngine(server.context);
    blogs.push(await startWordPressStandIn(), await startWordPressStandIn());
    proxy = await startHttpProxy(login);
    judge = await startJudge();
    peers.push(proxy, judge);
  });
  afterAll(async () => {
    if (skip) return;
    await server.close();
    await handle.drop();
    await Promise.all([...peers, ...blogs].map((peer) => peer.close()));
  });

  const db = () => server.database.db;
  const checksOf = (userId: number) => sent.filter((job) => job.name === 'proxy.check' && (job.payload as { ownerId: number }).ownerId === userId).length;
  /** The test's proxy (which is up) as the user's only proxy, left FAILED by a check `ago` ms before now. */
  const deadProxyOf = async (userId: number, ago: number) => {
    await db().insertInto('proxies').values({ owner_id: userId, host: '127.0.0.1', port: proxy.port, username: login.username, password: login.password, created_at: Date.now() }).execute();
    await db().updateTable('proxies').set({ status: 'FAILED', protocol: '', check_reason: 'timed out', checked_at: Date.now() - ago }).where('owner_id', '=', userId).execute();
  };
  const proxyRows = (userId: number) => db().selectFrom('proxies').select(['status', 'checked_at', 'check_reason']).where('owner_id', '=', userId).orderBy('id').execute();
  const monitorBackToNew = (userId: number) => until('the proxy check to end', async () => (await readProxyMonitor(db(), userId)) === 'NEW');

  it.skipIf(skip)('a held post whose dead-marked proxy is up: a check starts by itself, finds it alive, and the posts publish through it; one check only; another user untouched', async () => {
    const user = await buildUser(db());
    const agent: Agent = await signedIn(server.app, user);
    await saveOptions(db(), user.id, { useProxyForPosting: true, proxyJudgeUrl: judge.url });
    await deadProxyOf(user.id, LONG_AGO);
    // Another user: the same proxy, dead-marked long ago too; nothing of theirs waits.
    const other = await buildUser(db());
    await saveOptions(db(), other.id, { useProxyForPosting: true, proxyJudgeUrl: judge.url });
    await deadProxyOf(other.id, LONG_AGO);
    const othersBefore = await proxyRows(other.id);

    const world = await buildPrivateProjectWorld(db(), user.id, blogs.map((blog) => ({ url: blog.url, username: 'admin', password: 'app password' })));
    expect((await agent.request('GET', `/action/start/project/${world.projectId}`)).statusCode).toBe(200);
    const end = await until('the run to end', async () => {
      const row = await db().selectFrom('projects').select(['status', 'last_error']).where('id', '=', world.projectId).executeTakeFirstOrThrow();
      return ['COMPLETED', 'FAILED', 'STOPPED'].includes(row.status) ? row.status : undefined;
    });
    expect(end).toBe('COMPLETED');
    const posts = await db().selectFrom('engine_posts').select(['state']).where('project_id', '=', world.projectId).execute();
    expect(posts.map((post) => post.state)).toEqual(['published', 'published']);
    for (const blog of blogs) expect(blog.posts).toHaveLength(1);
    // The posts waited first (the run said so), then went through the proxy the check found alive.
    const run = await db().selectFrom('project_runs').select('last_error').where('project_id', '=', world.projectId).executeTakeFirstOrThrow();
    expect(JSON.parse(run.last_error)).toContain(PROXY_WAIT_MESSAGES.posting);
    for (const blog of blogs) expect(proxy.tunnels()).toContain(new URL(blog.url).host);
    expect((await proxyRows(user.id)).map((row) => row.status)).toEqual(['WORKING']);
    expect(judge.hits()).toBeGreaterThan(0);
    await monitorBackToNew(user.id);
    // Two posts held, each possibly more than once: one check.
    expect(checksOf(user.id)).toBe(1);
    // The other user's proxies were neither checked nor changed.
    expect(checksOf(other.id)).toBe(0);
    expect(await proxyRows(other.id)).toEqual(othersBefore);
    expect(await readProxyMonitor(db(), other.id)).toBe('NEW');
  });

  it.skipIf(skip)('a hold within the interval after a check starts no second check; once the last check is old enough, the next hold starts one', async () => {
    const user = await buildUser(db());
    await saveOptions(db(), user.id, { useProxy: true, proxyJudgeUrl: judge.url });
    // Checked (and found dead) a minute ago: inside the interval.
    await deadProxyOf(user.id, 60_000);
    const published = await buildPublishedPost(db(), { ownerId: user.id, remoteUrl: `${blogs[0]!.url}/checked-post/`, links: [{ url: 'https://money.example.test/', anchor: 'money' }] });
    const hold = () => verifyPost(server.context, { payload: { ownerId: user.id, postId: published.postId }, signal: new AbortController().signal });

    await hold();
    await hold();
    expect(checksOf(user.id)).toBe(0);
    expect(await readProxyMonitor(db(), user.id)).toBe('NEW');
    expect((await proxyRows(user.id)).map((row) => row.status)).toEqual(['FAILED']);

    // The same proxy, its last check now older than the interval: the next hold checks it.
    await db().updateTable('proxies').set({ checked_at: Date.now() - LONG_AGO }).where('owner_id', '=', user.id).execute();
    await hold();
    expect(checksOf(user.id)).toBe(1);
    await monitorBackToNew(user.id);
    expect((await proxyRows(user.id)).map((row) => row.status)).toEqual(['WORKING']);
    // Found alive: the next try fetches through it and no further check starts.
    await hold();
    expect(checksOf(user.id)).toBe(1);
  });

  it.skipIf(skip)('a user without proxies gets no check when work is held', async () => {
    const user = await buildUser(db());
    await saveOptions(db(), user.id, { useProxy: true, proxyJudgeUrl: judge.url });
    const published = await buildPublishedPost(db(), { ownerId: user.id, remoteUrl: `${blogs[0]!.url}/unchecked-post/`, links: [{ url: 'https://money.example.test/', anchor: 'money' }] });
    const jobsBefore = sent.length;
    await verifyPost(server.context, { payload: { ownerId: user.id, postId: published.postId }, signal: new AbortController().signal });
    expect(sent.slice(jobsBefore).map((job) => job.name)).toEqual(['post.verify']);
    expect(checksOf(user.id)).toBe(0);
    expect(await readProxyMonitor(db(), user.id)).toBe('NEW');
    const link = await db().selectFrom('url_items').select(['check_status', 'check_info']).where('id', '=', published.urlItemId).executeTakeFirstOrThrow();
    expect(link).toEqual({ check_status: 'PENDING', check_info: PROXY_WAIT_MESSAGES.fetching });
  });
});

describe.each(DATABASES)('the automatic check shows live on the Proxy tab (SOCKS5 proxy) on $kind', ({ kind, skip }) => {
  const ctx = useTestServer(kind, skip, { withLive: true, startEngine: true });
  const { ann, bob, liveInbox } = useTwoUsers(ctx, skip, { listen: true });
  const peers: Peer[] = [];
  const login = { username: 'tester', password: 'pa:ss' };
  afterAll(async () => {
    await Promise.all(peers.map((peer) => peer.close()));
  });

  it.skipIf(skip || !microsocks.available)('a held backlink check starts the check; the user sees CHECKING, the proxy found alive, then NEW; the other user sees nothing', async () => {
    const judge = await startJudge();
    const socks = await startSocks5(login);
    peers.push(judge, socks);
    const db = ctx.server.database.db;
    await saveOptions(db, ann.id, { useProxy: true, proxyJudgeUrl: judge.url });
    expect((await ann.agent.request('POST', '/rest/proxies', { body: [`127.0.0.1:${socks.port}:${login.username}:${login.password}`] })).statusCode).toBe(200);
    // Found dead long ago (it is up now).
    await db.updateTable('proxies').set({ status: 'FAILED', checked_at: Date.now() - LONG_AGO }).where('owner_id', '=', ann.id).execute();
    const published = await buildPublishedPost(db, { ownerId: ann.id, remoteUrl: `${judge.url}/post/`, links: [{ url: 'https://money.example.test/', anchor: 'money' }] });
    const annInbox = await liveInbox(ann.agent, 'proxies');
    const bobInbox = await liveInbox(bob.agent, 'proxies');

    await verifyPost(ctx.server.context, { payload: { ownerId: ann.id, postId: published.postId }, signal: new AbortController().signal });
    const monitor = () => annInbox.messages.filter((m) => m.name === 'proxyMonitorStateChanged').map((m) => (m.payload as { proxyMonitorState: string }).proxyMonitorState);
    await expect.poll(monitor, { timeout: 20_000 }).toEqual(['CHECKING', 'NEW']);
    const rows = annInbox.messages.filter((m) => m.name === 'proxyStatusChanged').flatMap((m) => (m.payload as { proxies: { proxyStatus: string; protocol?: string }[] }).proxies);
    expect(rows.map((row) => [row.proxyStatus, row.protocol])).toEqual([['WORKING', 'socks5']]);
    expect(socks.tunnels().length).toBeGreaterThan(0);
    expect(bobInbox.messages).toEqual([]);
  });
});
