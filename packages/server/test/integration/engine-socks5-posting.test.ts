/**
 * Issue 15.3 end to end: with Use Proxy on, a posting project publishes to real WordPress blogs
 * through a real SOCKS5 proxy (Debian's microsocks, with a login), and never through a proxy the
 * check found dead (a listener that drops every connection, counting them). The proxies are added
 * and checked as a user does (the judge URL is one of the blogs, reached through each proxy);
 * microsocks logs every tunnel it opens, so the test sees where the engine's traffic went.
 */
import { createServer, type AddressInfo, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OptionsResponseSchema } from '@linkloom/shared';
import { startEngineApp, type EngineApp } from '../support/engine-app';
import { buildPostingProjectWorld } from '../support/posting-world';
import { microsocksAvailability, startSocks5, type ProxyPeer } from '../support/proxy-peers';
import { startWordPressPeers, wordPressAvailability, type WordPressPeers } from '../support/wordpress-peers';
import { untilWithin } from '../support/until';

const wordpress = await wordPressAvailability();
const microsocks = await microsocksAvailability();
const missing = [wordpress, microsocks].flatMap((peer) => (peer.available ? [] : [peer.reason]));
const skipReason = missing.length === 0 ? '' : ` (SKIPPED: ${missing.join('; ')})`;
const until = untilWithin(90_000, 200);

describe.skipIf(missing.length > 0)(`engine: posting through a SOCKS5 proxy (microsocks) to real WordPress${skipReason}`, () => {
  const login = { username: 'poster', password: 's0cks:pw' };
  let peers: WordPressPeers;
  let socks: ProxyPeer;
  /** A dead proxy: it accepts and at once drops every connection, and counts them. */
  let dead: Server;
  let deadConnections = 0;
  let app: EngineApp;

  beforeAll(async () => {
    peers = await startWordPressPeers(2);
    socks = await startSocks5(login);
    dead = createServer((socket) => {
      deadConnections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => dead.listen(0, '127.0.0.1', resolve));
    app = await startEngineApp();
  });

  afterAll(async () => {
    await app?.close();
    await socks?.close();
    await new Promise((resolve) => dead?.close(resolve));
    await peers?.stop();
  });

  const db = () => app.server.database.db;
  const agent = () => app.agent;
  const options = async () => OptionsResponseSchema.parse((await agent().request('GET', '/rest/options')).json());

  it('checks the proxies, then posts and verifies only through the SOCKS5 proxy found alive', async () => {
    const hosts = peers.sites.map((site) => new URL(site.url).host);
    const deadPort = (dead.address() as AddressInfo).port;

    // As a user: the judge URL (a blog, so it is reachable through the proxy), Use Proxy on, two proxies, Check.
    const saved = await agent().request('POST', '/rest/options', { body: { proxyJudgeUrl: peers.sites[0]!.url, useProxy: true, useProxyForPosting: true } });
    expect(saved.statusCode, saved.body).toBe(200);
    const added = await agent().request('POST', '/rest/proxies', { body: [`127.0.0.1:${deadPort}\n127.0.0.1:${socks.port}:${login.username}:${login.password}`] });
    expect(added.statusCode, added.body).toBe(200);
    expect((await agent().request('GET', '/action/check/proxies')).json()).toEqual({ proxyMonitorState: 'CHECKING' });
    await until('the check to end', async () => ((await options()).proxyMonitorState === 'NEW' ? true : undefined));
    const checked = (await options()).proxies.map((row) => [row.id.port, row.proxyStatus, row.protocol ?? null]);
    expect(checked).toEqual([[deadPort, 'FAILED', null], [socks.port, 'WORKING', 'socks5']]);
    // The check tried the dead one (HTTP CONNECT, then SOCKS5); nothing may connect to it from here on.
    expect(deadConnections).toBeGreaterThan(0);
    const deadAfterCheck = deadConnections;
    // The check itself went through microsocks to the judge.
    await expect.poll(() => socks.tunnels()).toEqual([hosts[0]]);

    // A posting project: both blogs as sites of its module, an account for each in the profile.
    const world = await buildPostingProjectWorld(db(), app.ownerId, peers.sites.map((site) => ({ url: site.url, username: site.username, password: site.applicationPassword })));
    const postingId = world.postingProjectId;

    const started = await agent().request('GET', `/action/start/project/${postingId}`);
    expect(started.statusCode, started.body).toBe(200);
    const end = await until('the posting run', async () => {
      const row = await db().selectFrom('projects').select(['status', 'last_error']).where('id', '=', postingId).executeTakeFirstOrThrow();
      return row.status === 'COMPLETED' || row.status === 'FAILED' ? row : undefined;
    });
    expect(end, end.last_error).toEqual({ status: 'COMPLETED', last_error: '[]' });
    const posts = await db().selectFrom('engine_posts').selectAll().where('project_id', '=', postingId).orderBy('id').execute();
    expect(posts.map((post) => [post.state, post.last_error])).toEqual([['published', null], ['published', null]]);
    const published = posts.map((post) => post.remote_url!);
    for (const url of published) expect((await fetch(url)).status).toBe(200);

    // The verification of the posts (Use Proxy) found every link.
    let checks: { check_status: string; check_info: string | null }[] = [];
    await until('the links to be verified', async () => {
      checks = await db().selectFrom('url_items').select(['check_status', 'check_info']).where('url_list_id', '=', world.outputLinkSetId).execute();
      return checks.length === 2 && checks.every((check) => check.check_status === 'OK') ? true : undefined;
    }, 60_000).catch((error: Error) => {
      throw new Error(`${error.message}: ${JSON.stringify(checks)}`);
    });

    // Every connection the engine opened (posting, then verifying) went through microsocks, to the two blogs, each of them.
    const engineTunnels = socks.tunnels().slice(1);
    expect(engineTunnels.length).toBeGreaterThanOrEqual(4);
    expect(new Set(engineTunnels)).toEqual(new Set(hosts));
    // The dead proxy was never handed a post or a page fetch.
    expect(deadConnections).toBe(deadAfterCheck);
  });
});
