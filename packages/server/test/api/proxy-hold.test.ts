/**
 * Use proxy for posting on and no live proxy (issue 15.3: "the engine's posting and verification
 * use only live proxies when Use Proxy is on"): a started project contacts no site directly — its
 * posts stay queued, handed from job to job without spending an attempt, and the run says once
 * why and what to do. Once a check in Options → Proxy finds a proxy alive, the posts go through it.
 * Likewise a backlink check and the platform verifier, with Use Proxy on, fetch no page until a
 * proxy is alive.
 * Real pieces: the server and engine on both databases, proxy-chain as the HTTP proxy, the proxy
 * check against a local judge URL, a local blog that counts every request it gets. The engine runs
 * on a compressed clock (test/support/compressed-clock.ts) so the hold's 30 s pass in about 1 s.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OptionsResponseSchema, type CustomSitesResponse } from '@linkloom/shared';
import { startEngine } from '../../src/engine/jobs/engine';
import { PROXY_WAIT_MESSAGES, PROXY_WAIT_MS } from '../../src/engine/runner/engine-options';
import { isJobAlive } from '../../src/engine/runner/job-fence';
import { verifyPost } from '../../src/engine/verify/verify-post.job';
import { runSiteVerifier } from '../../src/engine/site-verifier/site-verify.job';
import { beginVerifierRun } from '../../src/features/custom-sites/site-verifier.repository';
import { getVerifierState } from '../../src/features/custom-sites/custom-sites.repository';
import { buildPublishedPost } from '../support/engine-check-factories';
import { saveOptions } from '../../src/features/options/options.repository';
import { signedIn, type Agent } from '../support/agent';
import { CompressedClock } from '../support/compressed-clock';
import { createTestDatabase, DATABASES, type TestDatabaseHandle } from '../support/databases';
import { buildPrivateProjectWorld } from '../support/engine-world';
import { buildUser } from '../support/factories';
import { startHttpProxy, startJudge, type Peer, type ProxyPeer } from '../support/proxy-peers';
import { startTestApp, type TestApp } from '../support/test-app';
import { untilWithin } from '../support/until';

const until = untilWithin(30_000);
/** The hold (PROXY_WAIT_MS) lasts about a second of wall time. */
const FACTOR = PROXY_WAIT_MS / 1000;

process.env.PROXY_CHECK_TIMEOUT_MS = '1500';

describe.each(DATABASES)('posting held for a live proxy on $kind', ({ kind, skip }) => {
  let handle: TestDatabaseHandle;
  let server: TestApp;
  let agent: Agent;
  let ownerId = 0;
  let blog: Server;
  let blogHits = 0;
  let blogConnections = 0;
  let proxy: ProxyPeer;
  const peers: Peer[] = [];
  const login = { username: 'poster', password: 'right' };

  beforeAll(async () => {
    if (skip) return;
    handle = await createTestDatabase(kind);
    server = await startTestApp(handle, {}, { withLive: false, clock: new CompressedClock(Date.now(), FACTOR) });
    await startEngine(server.context);
    const user = await buildUser(server.database.db);
    ownerId = user.id;
    agent = await signedIn(server.app, user);
    // The blog refuses every post: reaching it at all is what the test watches.
    blog = createServer((_request, response) => {
      blogHits += 1;
      response.writeHead(500, { 'content-type': 'application/json' }).end('{"code":"down","message":"down"}');
    });
    blog.on('connection', () => (blogConnections += 1));
    await new Promise<void>((resolve) => blog.listen(0, '127.0.0.1', resolve));
    proxy = await startHttpProxy(login);
    const judge = await startJudge();
    peers.push(proxy, judge);
    await saveOptions(server.database.db, ownerId, { useProxyForPosting: true, maxNumberOfRetries: 0, proxyJudgeUrl: judge.url });
  });
  afterAll(async () => {
    if (skip) return;
    await server.close();
    await handle.drop();
    await Promise.all(peers.map((peer) => peer.close()));
    blog.closeAllConnections();
    await new Promise((resolve) => blog.close(resolve));
  });

  const db = () => server.database.db;
  const checkProxies = async () => {
    expect((await agent.request('GET', '/action/check/proxies')).json()).toEqual({ proxyMonitorState: 'CHECKING' });
    await until('the proxy check to end', async () => OptionsResponseSchema.parse((await agent.request('GET', '/rest/options')).json()).proxyMonitorState === 'NEW');
    return OptionsResponseSchema.parse((await agent.request('GET', '/rest/options')).json()).proxies.map((row) => row.proxyStatus);
  };
  /**
   * The jobs `work` sends to the queue the engine runs (the real queue, watched while `work` runs).
   * Only `work`'s own: the running engine sends its own jobs meanwhile (a scheduler tick), told
   * apart by their async context.
   */
  const jobsSentBy = async (work: () => Promise<unknown>) => {
    const sent: { name: string; id: string }[] = [];
    const queue = server.context.queue;
    const send = queue.send.bind(queue);
    const watched = new AsyncLocalStorage<true>();
    queue.send = (async (name: string, payload: never, options?: never) => {
      const id = await send(name as never, payload, options);
      if (watched.getStore()) sent.push({ name, id });
      return id;
    }) as typeof queue.send;
    try {
      await watched.run(true, work);
    } finally {
      queue.send = send;
    }
    return sent;
  };
  /** The user's only proxy: the test's HTTP proxy, as a check that found it alive leaves it. */
  const liveProxyOf = async (userId: number) => {
    await db().insertInto('proxies').values({ owner_id: userId, host: '127.0.0.1', port: proxy.port, username: login.username, password: login.password, created_at: Date.now() }).execute();
    await db().updateTable('proxies').set({ status: 'WORKING', protocol: 'http' }).where('owner_id', '=', userId).execute();
  };
  const runLines = async (projectId: number) => {
    const run = await db().selectFrom('project_runs').select('last_error').where('project_id', '=', projectId).executeTakeFirst();
    return run ? (JSON.parse(run.last_error) as string[]) : [];
  };

  it.skipIf(skip)('contacts no site while no proxy is alive (posts stay queued, one line says why), then posts through the proxy a check found alive', async () => {
    const blogUrl = `http://127.0.0.1:${(blog.address() as AddressInfo).port}`;
    // The only proxy refuses its login: the check finds it dead.
    expect((await agent.request('POST', '/rest/proxies', { body: [`127.0.0.1:${proxy.port}:${login.username}:wrong`] })).statusCode).toBe(200);
    expect(await checkProxies()).toEqual(['FAILED']);

    const world = await buildPrivateProjectWorld(db(), ownerId, [
      { url: blogUrl, username: 'admin', password: 'app password' },
      { url: `${blogUrl}/second`, username: 'admin', password: 'app password' },
    ]);
    expect((await agent.request('GET', `/action/start/project/${world.projectId}`)).statusCode).toBe(200);
    await until('the run to say it waits for a live proxy', async () => (await runLines(world.projectId)).includes(PROXY_WAIT_MESSAGES.posting));
    const posts = () => db().selectFrom('engine_posts').select(['id', 'state', 'attempts', 'job_id']).where('project_id', '=', world.projectId).orderBy('id').execute();
    const first = await posts();
    expect(first).toHaveLength(2);
    // Each post is held again (a new job) at least twice, never tried on the site.
    for (let round = 0; round < 2; round++) {
      const before = await posts();
      await until('every post to be handed to a later job', async () => {
        const now = await posts();
        return now.every((post, index) => post.job_id !== null && post.job_id !== before[index]!.job_id);
      });
    }
    const held = await posts();
    expect(held.map((post) => [post.state, post.attempts])).toEqual([['planned', 0], ['planned', 0]]);
    for (const post of held) expect(await isJobAlive(server.context.queue, post.job_id!)).toBe(true);
    // The project shows the line while it runs (View Error), not only once the run ends.
    const running = await db().selectFrom('projects').select(['status', 'last_error']).where('id', '=', world.projectId).executeTakeFirstOrThrow();
    expect(running.status).toBe('RUNNING');
    expect(JSON.parse(running.last_error)).toEqual([PROXY_WAIT_MESSAGES.posting]);
    expect((await runLines(world.projectId)).filter((line) => line === PROXY_WAIT_MESSAGES.posting)).toHaveLength(1);
    expect(blogHits).toBe(0);
    expect(blogConnections).toBe(0);
    expect(proxy.tunnels()).toEqual([]);

    // The right login, checked: the proxy is alive and the posts go through it.
    expect((await agent.request('POST', '/rest/proxies', { body: [`127.0.0.1:${proxy.port}:${login.username}:${login.password}`] })).statusCode).toBe(200);
    expect(await checkProxies()).toEqual(['WORKING']);
    const end = await until('the run to end', async () => {
      const row = await db().selectFrom('projects').select(['status', 'last_error']).where('id', '=', world.projectId).executeTakeFirstOrThrow();
      return ['COMPLETED', 'FAILED', 'STOPPED'].includes(row.status) ? { status: row.status, lastError: JSON.parse(row.last_error) as string[] } : undefined;
    });
    expect(end.status).toBe('FAILED');
    // Tried on the blog now (through the proxy), failing as the blog refuses.
    for (const post of await posts()) expect(post.state === 'failed' && post.attempts >= 1).toBe(true);
    expect(blogHits).toBeGreaterThan(0);
    // Every connection the blog took was a tunnel of the proxy: none came directly.
    const blogHost = new URL(blogUrl).host;
    expect(proxy.tunnels().filter((tunnel) => tunnel === blogHost)).toHaveLength(blogConnections);
    expect(end.lastError.filter((line) => line === PROXY_WAIT_MESSAGES.posting)).toHaveLength(1);
  });

  it.skipIf(skip)('a backlink check with Use Proxy on and no live proxy fetches nothing, stays queued and says why; with a live proxy it fetches through it', async () => {
    const user = await buildUser(db());
    await saveOptions(db(), user.id, { useProxy: true });
    const blogUrl = `http://127.0.0.1:${(blog.address() as AddressInfo).port}`;
    const published = await buildPublishedPost(db(), { ownerId: user.id, remoteUrl: `${blogUrl}/checked-post`, links: [{ url: 'https://money.example.test/', anchor: 'money' }] });
    const connectionsBefore = blogConnections;
    const tunnelsBefore = proxy.tunnels().length;
    const sent = await jobsSentBy(() => verifyPost(server.context, { payload: { ownerId: user.id, postId: published.postId }, signal: new AbortController().signal }));
    expect(blogConnections).toBe(connectionsBefore);
    expect(sent.map((job) => job.name)).toEqual(['post.verify']);
    expect(await isJobAlive(server.context.queue, sent[0]!.id)).toBe(true);
    const link = await db().selectFrom('url_items').select(['check_status', 'check_info']).where('id', '=', published.urlItemId).executeTakeFirstOrThrow();
    expect(link).toEqual({ check_status: 'PENDING', check_info: PROXY_WAIT_MESSAGES.fetching });

    // A live proxy (as a check that found it alive leaves it): the page is fetched through it.
    await liveProxyOf(user.id);
    await verifyPost(server.context, { payload: { ownerId: user.id, postId: published.postId, retry: 100 }, signal: new AbortController().signal });
    expect(blogConnections).toBeGreaterThan(connectionsBefore);
    expect(proxy.tunnels().slice(tunnelsBefore).filter((tunnel) => tunnel === new URL(blogUrl).host)).toHaveLength(blogConnections - connectionsBefore);
  });

  it.skipIf(skip)('the platform verifier with Use Proxy on and no live proxy probes nothing and runs again later; with a live proxy it probes through it', async () => {
    const user = await buildUser(db());
    const userAgent = await signedIn(server.app, user);
    await saveOptions(db(), user.id, { useProxy: true });
    const blogUrl = `http://127.0.0.1:${(blog.address() as AddressInfo).port}`;
    const added = await userAgent.request('PUT', '/rest/custom_sites', { body: { url: `${blogUrl}/verified-site`, module: 'Wiki' } });
    expect(added.statusCode, added.body).toBe(201);
    const since = Date.now();
    expect((await beginVerifierRun(db(), user.id, since)).started).toBe(true);
    const connectionsBefore = blogConnections;
    const tunnelsBefore = proxy.tunnels().length;
    const payload = { ownerId: user.id, since, chunk: 0 };

    const sent = await jobsSentBy(() => runSiteVerifier(server.context, { payload, signal: new AbortController().signal }));
    expect(blogConnections).toBe(connectionsBefore);
    expect(sent.map((job) => job.name)).toEqual(['site.verify']);
    expect(await isJobAlive(server.context.queue, sent[0]!.id)).toBe(true);
    expect(await getVerifierState(db(), user.id)).toMatchObject({ status: 'CHECKING', checked: 0 });
    // The screen says why nothing moves, on load; and the list of another user says nothing of it.
    const held = JSON.parse((await userAgent.request('GET', '/rest/custom_sites')).body) as CustomSitesResponse;
    expect(held).toMatchObject({ verifierStatus: 'CHECKING', verifierWaitInfo: PROXY_WAIT_MESSAGES.fetching });
    const other = await signedIn(server.app, await buildUser(db()));
    expect((JSON.parse((await other.request('GET', '/rest/custom_sites')).body) as CustomSitesResponse).verifierWaitInfo).toBeNull();

    await liveProxyOf(user.id);
    await runSiteVerifier(server.context, { payload, signal: new AbortController().signal });
    expect(await getVerifierState(db(), user.id)).toMatchObject({ status: 'DONE', checked: 1 });
    expect((JSON.parse((await userAgent.request('GET', '/rest/custom_sites')).body) as CustomSitesResponse).verifierWaitInfo).toBeNull();
    expect(blogConnections).toBeGreaterThan(connectionsBefore);
    expect(proxy.tunnels().slice(tunnelsBefore).filter((tunnel) => tunnel === new URL(blogUrl).host)).toHaveLength(blogConnections - connectionsBefore);
  });
});
