import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CustomSitesResponseSchema, SiteListResponseSchema, SiteVerifierActionResponseSchema, type CustomSiteRow } from '@linkloom/shared';
import { DATABASES } from '../support/databases';
import { useTestServer } from '../support/lifecycle';
import { useTwoUsers } from '../support/scenario';
import { signedIn, type Agent } from '../support/agent';
import { buildUser } from '../support/factories';
import { closedPort, microsocksAvailability, startHttpProxy, startSocks5 } from '../support/proxy-peers';
import { beginVerifierRun } from '../../src/features/custom-sites/site-verifier.repository';
import { runSiteVerifier } from '../../src/engine/site-verifier/site-verify.job';
import { secretBoxOf } from '../../src/platform/crypto/database-secrets';

/**
 * The platform verifier's Start / Stop and its job on both databases, against local pages (the
 * real WordPress and MediaWiki are probed in test/integration/site-probe.test.ts): each site's
 * platform, status, reason and checked_at, the run's progress, live messages, Stop, and that one
 * user's run never touches another's sites.
 */

interface Page {
  url: string;
  close(): Promise<void>;
}

async function startPage(handler: http.RequestListener): Promise<Page> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

// The SOCKS5 proxy is Debian's microsocks; without it (and without REQUIRE_MICROSOCKS=1) that case skips.
const microsocks = await microsocksAvailability();

describe.each(DATABASES)('platform verifier on $kind', ({ kind, skip }) => {
  const ctx = useTestServer(kind, skip, { withLive: true, startEngine: true });
  const { ann, bob, liveInbox } = useTwoUsers(ctx, skip, { listen: true });
  const pages: Page[] = [];
  let staticPage: Page;
  let slowPage: Page;
  let port = 0;

  beforeAll(async () => {
    if (skip) return;
    staticPage = await startPage((request, response) => {
      if (request.url === '/' || request.url?.startsWith('/site')) response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><html><body><p>Static</p></body></html>');
      else response.writeHead(404, { 'content-type': 'text/html' }).end('<p>Not found</p>');
    });
    // Its pages answer after 1 s: probes are in flight long enough for a Stop to meet them.
    slowPage = await startPage((request, response) => {
      if (/^\/site-\d+$/.test(request.url ?? '')) setTimeout(() => response.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>slow</body></html>'), 1000);
      else response.writeHead(404).end();
    });
    pages.push(staticPage, slowPage);
    port = await closedPort();
  });
  afterAll(async () => {
    await Promise.all(pages.map((page) => page.close()));
  });

  const sitesOf = async (agent: Agent) => CustomSitesResponseSchema.parse((await agent.request('GET', '/rest/custom_sites')).json());
  const add = async (agent: Agent, url: string, module = 'Wiki') => {
    const response = await agent.request('PUT', '/rest/custom_sites', { body: { url, module } });
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as { site: CustomSiteRow }).site;
  };
  const action = async (agent: Agent, verb: 'start' | 'stop') => {
    const response = await agent.request('POST', `/action/${verb}/site_verifier`);
    expect(response.statusCode, response.body).toBe(200);
    return SiteVerifierActionResponseSchema.parse(response.json()).verifierStatus;
  };

  it.skipIf(skip)('probes every site of the user: platform, status, reason and checked_at, progress and live rows; DONE at the end', async () => {
    const unknown = await add(ann.agent, staticPage.url);
    const down = await add(ann.agent, `http://127.0.0.1:${port}`, 'Bookmarking');
    const missing = await add(ann.agent, `${staticPage.url}/nothing-here`);
    const bobsSite = await add(bob.agent, staticPage.url);
    const inbox = await liveInbox(ann.agent, 'site_verifier');
    // The verifier's progress goes on a topic of its own: the site list's topic carries none of it.
    const listInbox = await liveInbox(ann.agent, 'custom_sites');
    const bobsInbox = await liveInbox(bob.agent, 'site_verifier');

    // Two Starts at once make one run (each site probed once: checked ends at 3 of 3).
    expect(await Promise.all([action(ann.agent, 'start'), action(ann.agent, 'start')])).toEqual(['CHECKING', 'CHECKING']);
    await expect.poll(async () => (await sitesOf(ann.agent)).verifierStatus, { timeout: 30_000 }).toBe('DONE');
    const body = await sitesOf(ann.agent);
    expect(body.verifierProgress).toEqual({ checked: 3, total: 3 });
    const byId = new Map(body.sites.map((site) => [site.id, site]));
    expect(byId.get(unknown.id)).toMatchObject({
      platform: 'Unknown', status: 'FAILED', canRegister: null, credentialsOk: null,
      reason: 'A web page, but none of the platforms LinkLoom publishes to was found (WordPress, MediaWiki, DokuWiki, Shaarli, Ghost): the engine cannot post there',
    });
    expect(byId.get(down.id)).toMatchObject({ platform: 'Unknown', status: 'FAILED', reason: 'Could not reach the site (connection refused)' });
    expect(byId.get(missing.id)).toMatchObject({ status: 'FAILED', reason: `The site answers HTTP 404 Not Found at ${staticPage.url}/nothing-here` });
    for (const site of body.sites) expect(site.checkedAt).toBeGreaterThan(0);

    // Live on `site_verifier`: the run's status first and last, and each site's row once.
    await expect.poll(() => inbox.messages.filter((m) => m.name === 'verifierStatusChanged').at(-1)?.payload).toEqual({ status: 'DONE', checked: 3, total: 3, waitInfo: null });
    expect(new Set(inbox.messages.map((m) => m.topic))).toEqual(new Set(['site_verifier']));
    expect(listInbox.messages).toEqual([]);
    // Scoped to the user: Bob, listening on his own verifier topic, heard nothing of Ann's run.
    expect(bobsInbox.messages).toEqual([]);
    const statuses = inbox.messages.filter((m) => m.name === 'verifierStatusChanged').map((m) => (m.payload as { status: string }).status);
    expect(statuses[0]).toBe('CHECKING');
    const checked = inbox.messages.filter((m) => m.name === 'siteChecked').map((m) => (m.payload as { site: CustomSiteRow }).site);
    expect(checked.map((site) => site.id).sort((a, b) => a - b)).toEqual([unknown.id, down.id, missing.id].sort((a, b) => a - b));
    // The live row is the stored row (the list also carries the measured dofollow share, which siteChecked leaves out).
    expect(byId.get(down.id)).toMatchObject(checked.find((site) => site.id === down.id)!);

    // Bob's site was not touched, and his verifier never ran.
    const bobs = await sitesOf(bob.agent);
    expect(bobs.verifierStatus).toBe('NEW');
    expect(bobs.sites.find((site) => site.id === bobsSite.id)).toMatchObject({ status: 'NEW', checkedAt: null, reason: '' });
  });

  it.skipIf(skip)('Stop takes no further site: the probes in flight finish, the rest stay as they were; a new Start checks them all', async () => {
    const user = bob;
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) ids.push((await add(user.agent, `${slowPage.url}/site-${i}`, 'SocialNetwork')).id);
    const before = (await sitesOf(user.agent)).sites.length;

    expect(await action(user.agent, 'start')).toBe('CHECKING');
    // Pressing Start again while it runs changes nothing.
    expect(await action(user.agent, 'start')).toBe('CHECKING');
    await expect.poll(async () => (await sitesOf(user.agent)).sites.filter((site) => site.status === 'CHECKING').length, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(await action(user.agent, 'stop')).toBe('STOPPED');
    // Stop again: nothing to stop, it answers the state.
    expect(await action(user.agent, 'stop')).toBe('STOPPED');

    // The probes in flight end (the page answers after 1 s) and store their results; no other site is taken.
    await expect.poll(async () => (await sitesOf(user.agent)).sites.filter((site) => site.status === 'CHECKING').length, { timeout: 10_000 }).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const stopped = await sitesOf(user.agent);
    expect(stopped.verifierStatus).toBe('STOPPED');
    const slow = stopped.sites.filter((site) => ids.includes(site.id));
    const probed = slow.filter((site) => site.checkedAt !== null);
    // The default maxBrowserThreads is 5: at most that many were in flight when Stop came.
    expect(probed.length).toBeGreaterThan(0);
    expect(probed.length).toBeLessThanOrEqual(5);
    // Bob's earlier site (a quick page) may have been probed too.
    expect(stopped.verifierProgress.checked).toBe(stopped.sites.filter((site) => site.checkedAt !== null).length);
    expect(stopped.verifierProgress.total).toBe(before);
    for (const site of slow.filter((s) => s.checkedAt === null)) expect(site.status).toBe('NEW');

    expect(await action(user.agent, 'start')).toBe('CHECKING');
    await expect.poll(async () => (await sitesOf(user.agent)).verifierStatus, { timeout: 30_000 }).toBe('DONE');
    const done = await sitesOf(user.agent);
    expect(done.verifierProgress).toEqual({ checked: before, total: before });
    expect(done.sites.every((site) => site.status === 'FAILED' && site.checkedAt !== null)).toBe(true);
  });

  /** A new user with one site (the static page) and Use Proxy on. */
  async function proxiedUser() {
    const user = await buildUser(ctx.server.database.db);
    const agent = await signedIn(ctx.server.app, user);
    const site = await add(agent, staticPage.url);
    expect((await agent.request('POST', '/rest/options', { body: { useProxy: true } })).statusCode).toBe(200);
    /** The user's only proxy: this port, WORKING with this protocol as a check that found it alive would leave it. */
    const useOnly = async (port: number, protocol: 'http' | 'socks5') => {
      await ctx.server.database.db.deleteFrom('proxies').where('owner_id', '=', user.id).execute();
      expect((await agent.request('POST', '/rest/proxies', { body: [`127.0.0.1:${port}`] })).statusCode).toBe(200);
      await ctx.server.database.db.updateTable('proxies').set({ status: 'WORKING', protocol }).where('owner_id', '=', user.id).execute();
    };
    const runOnce = async () => {
      expect(await action(agent, 'start')).toBe('CHECKING');
      await expect.poll(async () => (await sitesOf(agent)).verifierStatus, { timeout: 20_000 }).toBe('DONE');
      return (await sitesOf(agent)).sites.find((row) => row.id === site.id)!;
    };
    return { useOnly, runOnce };
  }
  const staticHost = () => new URL(staticPage.url).host;
  const unknownPlatform = { platform: 'Unknown', reason: expect.stringMatching(/^A web page, but none of the platforms LinkLoom publishes to was found/) };

  it.skipIf(skip)('probes through the working HTTP proxy when Use Proxy is on, and says which proxy a failure went through', async () => {
    const { useOnly, runOnce } = await proxiedUser();
    const proxy = await startHttpProxy();
    pages.push({ url: '', close: () => proxy.close() });
    const deadPort = await closedPort();

    await useOnly(deadPort, 'http');
    expect((await runOnce()).reason).toBe(`Could not reach the site (connection refused), through the proxy http://127.0.0.1:${deadPort}`);
    await useOnly(proxy.port, 'http');
    expect(await runOnce()).toMatchObject(unknownPlatform);
    // The probes went through the proxy (proxy-chain saw tunnels to the page, and to nothing else).
    expect(proxy.tunnels().length).toBeGreaterThan(0);
    expect(new Set(proxy.tunnels())).toEqual(new Set([staticHost()]));
  });

  it.skipIf(skip || !microsocks.available)('probes through a working SOCKS5 proxy (microsocks); one that is gone fails the site naming it', async () => {
    const { useOnly, runOnce } = await proxiedUser();
    const socks = await startSocks5();
    pages.push({ url: '', close: () => socks.close() });
    await useOnly(socks.port, 'socks5');
    expect(await runOnce()).toMatchObject(unknownPlatform);
    await expect.poll(() => new Set(socks.tunnels())).toEqual(new Set([staticHost()]));
    await socks.close();
    const gone = await runOnce();
    expect(gone.reason).toMatch(new RegExp(`through the proxy socks5://127\\.0\\.0\\.1:${socks.port}$`));
  });

  it.skipIf(skip)('hands a long run over to a new job after a chunk; the next job goes on where it stopped', async () => {
    const user = await buildUser(ctx.server.database.db);
    const agent = await signedIn(ctx.server.app, user);
    for (let i = 0; i < 7; i++) await add(agent, `${staticPage.url}/site-${i}`);
    const since = Date.now();
    expect((await beginVerifierRun(ctx.server.database.db, user.id, since)).started).toBe(true);
    // One chunk of 3 sites run here; it sends the next chunk's job, which the server's engine runs.
    await runSiteVerifier(ctx.server.context, { payload: { ownerId: user.id, since, chunk: 0 }, signal: new AbortController().signal }, { concurrency: 1, timeoutMs: 5000, chunkSites: 3 });
    await expect.poll(async () => (await sitesOf(agent)).verifierStatus, { timeout: 20_000 }).toBe('DONE');
    const done = await sitesOf(agent);
    expect(done.verifierProgress).toEqual({ checked: 7, total: 7 });
    expect(done.sites.every((site) => site.checkedAt !== null && site.checkedAt >= since)).toBe(true);
  });

  it.skipIf(skip)('stores what the page says about following links (issue 39 item 5): the Dofollow column and the site lists show it until links there are checked', async () => {
    // Wiki-like pages: outbound links nofollow (as MediaWiki and DokuWiki write them by default), or followed.
    const linksPage = await startPage((request, response) => {
      const links = request.url === '/nofollow'
        ? '<a class="external" rel="nofollow" href="https://docs.example.com/a">a</a> <a rel="ugc nofollow" href="https://b.example.net/">b</a>'
        : '<a href="https://docs.example.com/a">a</a> <a href="https://b.example.net/" rel="noopener">b</a>';
      if (request.url === '/nofollow' || request.url === '/followed') response.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html><html><body><p>${links}</p></body></html>`);
      else response.writeHead(404, { 'content-type': 'text/html' }).end('<p>Not found</p>');
    });
    pages.push(linksPage);
    const user = await buildUser(ctx.server.database.db);
    const agent = await signedIn(ctx.server.app, user);
    const nofollow = await add(agent, `${linksPage.url}/nofollow`);
    const followed = await add(agent, `${linksPage.url}/followed`, 'SocialNetwork');
    const plain = await add(agent, staticPage.url);
    expect([nofollow, followed, plain].map((site) => site.dofollowFound)).toEqual([null, null, null]);
    const inbox = await liveInbox(agent, 'site_verifier');

    expect(await action(agent, 'start')).toBe('CHECKING');
    await expect.poll(async () => (await sitesOf(agent)).verifierStatus, { timeout: 30_000 }).toBe('DONE');
    const byId = new Map((await sitesOf(agent)).sites.map((site) => [site.id, site]));
    expect([nofollow, followed, plain].map((site) => byId.get(site.id)?.dofollowFound)).toEqual([false, true, null]);
    // No link of the user's was checked there: the measured share is null, the finding stands.
    expect(byId.get(followed.id)?.dofollow).toBeNull();
    // Live: each siteChecked row carries the finding, so the grid shows it without a reload.
    await expect.poll(() => inbox.messages.filter((m) => m.name === 'siteChecked').length).toBe(3);
    const live = new Map(inbox.messages.filter((m) => m.name === 'siteChecked').map((m) => {
      const site = (m.payload as { site: CustomSiteRow }).site;
      return [site.id, site.dofollowFound];
    }));
    expect([live.get(nofollow.id), live.get(followed.id), live.get(plain.id)]).toEqual([false, true, null]);
    // The site lists (project screens, site selections, the wizard) give it as the share 0 or 1.
    const entries = SiteListResponseSchema.parse((await agent.request('GET', '/sites.json')).json()).sites.filter((entry) => entry.source === 'custom');
    expect(new Map(entries.map((entry) => [entry.id.siteId, entry.dofollow]))).toEqual(new Map([[nofollow.id, 0], [followed.id, 1], [plain.id, null]]));
  });

  it.skipIf(skip)("probes the private networks' sites too: /sites.json and /rest/sites give the platform it detected and its status", async () => {
    // A site that answers as WordPress's REST API does (its public docs: the index lists the
    // wp/v2 namespace; users/me refuses a wrong application password with 401).
    const wordpressLike = await startPage((request, response) => {
      const url = request.url ?? '/';
      if (url === '/') response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><html><body>Blog</body></html>');
      else if (url === '/wp-json/') response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ name: 'Blog', namespaces: ['oembed/1.0', 'wp/v2'] }));
      else if (url.startsWith('/wp-json/wp/v2/users/me')) response.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 'invalid_username', message: 'Unknown username.', data: { status: 401 } }));
      else response.writeHead(404, { 'content-type': 'text/html' }).end('<p>Not found</p>');
    });
    pages.push(wordpressLike);
    const user = await buildUser(ctx.server.database.db);
    const agent = await signedIn(ctx.server.app, user);
    const custom = await add(agent, staticPage.url);
    const db = ctx.server.database.db;
    const box = secretBoxOf(db);
    const network = await db.insertInto('private_networks').values({ owner_id: user.id, name: 'Mine', created_at: Date.now() }).returning('id').executeTakeFirstOrThrow();
    const privateSite = async (siteUrl: string, platform: string) => (await db.insertInto('private_sites').values({
      owner_id: user.id, private_network_id: network.id, module: 'Private', platform, site_url: siteUrl, email: `${platform}-${siteUrl.length}@example.test`,
      username: 'editor', password: box.seal('not the password'), created_at: Date.now(),
    }).returning('id').executeTakeFirstOrThrow()).id;
    const blog = await privateSite(wordpressLike.url, 'Unknown');
    // Imported as self-hosted (WordPress), but a plain page: the verifier says what it found.
    const plain = await privateSite(staticPage.url, 'WordPress');
    // A port closed only now: the one taken in beforeAll may since have gone to wordpressLike (the
    // system hands a just-closed port out again), which made this site the blog's twin.
    const downPort = await closedPort();
    const down = await privateSite(`http://127.0.0.1:${downPort}`, 'Unknown');
    const listed = async (url: '/sites.json' | '/rest/sites') => {
      const response = await agent.request('GET', url);
      expect(response.statusCode, response.body).toBe(200);
      return new Map(SiteListResponseSchema.parse(response.json()).sites.filter((entry) => entry.source === 'private_network').map((entry) => [entry.id.siteId, entry]));
    };
    expect([...(await listed('/sites.json')).values()].map((entry) => entry.status)).toEqual(['NEW', 'NEW', 'NEW']);

    expect(await action(agent, 'start')).toBe('CHECKING');
    await expect.poll(async () => (await sitesOf(agent)).verifierStatus, { timeout: 30_000 }).toBe('DONE');
    // The run counts the custom site and the three private ones.
    expect((await sitesOf(agent)).verifierProgress).toEqual({ checked: 4, total: 4 });
    expect((await sitesOf(agent)).sites.find((site) => site.id === custom.id)?.checkedAt).toBeGreaterThan(0);
    for (const url of ['/sites.json', '/rest/sites'] as const) {
      const entries = await listed(url);
      expect(entries.get(blog)).toMatchObject({ platform: 'WordPress', status: 'FAILED' });
      expect(entries.get(plain)).toMatchObject({ platform: 'Unknown', status: 'FAILED' });
      expect(entries.get(down)).toMatchObject({ platform: 'Unknown', status: 'FAILED' });
    }
    const stored = new Map((await db.selectFrom('private_sites').select(['id', 'reason', 'checked_at']).where('owner_id', '=', user.id).execute()).map((row) => [row.id, row]));
    expect(stored.get(blog)?.reason).toMatch(/^WordPress \(REST API at .*\); the stored login editor is refused/);
    expect(stored.get(plain)?.reason).toMatch(/^A web page, but none of the platforms LinkLoom publishes to was found/);
    expect(stored.get(down)?.reason).toBe('Could not reach the site (connection refused)');
    for (const row of stored.values()) expect(Number(row.checked_at)).toBeGreaterThan(0);
    // The private network screen shows the detected platform too.
    const screen = await agent.request('GET', `/rest/private_network/${network.id}`);
    expect(screen.statusCode, screen.body).toBe(200);
    expect(JSON.stringify(screen.json())).toContain('"platform":"WordPress"');
  });

  it.skipIf(skip)('a user without sites gets DONE with 0 of 0; the calls need a session', async () => {
    const response = await ctx.server.app.inject({ method: 'POST', url: '/action/start/site_verifier' });
    expect([401, 403]).toContain(response.statusCode);
    const agent = await signedIn(ctx.server.app, await buildUser(ctx.server.database.db));
    expect(await action(agent, 'stop')).toBe('NEW');
    expect(await action(agent, 'start')).toBe('CHECKING');
    await expect.poll(async () => (await sitesOf(agent)).verifierStatus, { timeout: 10_000 }).toBe('DONE');
    expect((await sitesOf(agent)).verifierProgress).toEqual({ checked: 0, total: 0 });
  });
});
