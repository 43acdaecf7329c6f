import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OptionsResponseSchema, PROXY_CHECK_MESSAGES } from '@linkloom/shared';
import { DATABASES } from '../support/databases';
import { useTestServer } from '../support/lifecycle';
import { useTwoUsers } from '../support/scenario';
import type { Agent } from '../support/agent';
import { closedPort, microsocksAvailability, startHttpProxy, startHungServer, startJudge, startSocks5, type Peer, type ProxyPeer } from '../support/proxy-peers';
import { workingProxies } from '../../src/features/options/options.repository';

// Every check ends within this (the hung proxy's reason says so).
process.env.PROXY_CHECK_TIMEOUT_MS = '1500';
// The SOCKS5 proxies are Debian's microsocks; without it (and without REQUIRE_MICROSOCKS=1) the check of both kinds skips.
const microsocks = await microsocksAvailability();

describe.each(DATABASES)('proxy checks against real local proxies (proxy-chain, microsocks) on $kind', ({ kind, skip }) => {
  const ctx = useTestServer(kind, skip, { withLive: true, startEngine: true });
  const { ann, bob, liveInbox } = useTwoUsers(ctx, skip, { listen: true });
  const peers: Peer[] = [];
  let judge: Awaited<ReturnType<typeof startJudge>>;
  const ports = { http: 0, socks: 0, openSocks: 0, hung: 0, closed: 0 };
  const proxies: Record<'http' | 'socks' | 'openSocks', ProxyPeer | undefined> = { http: undefined, socks: undefined, openSocks: undefined };
  const login = { username: 'tester', password: 'pa:ss' };

  beforeAll(async () => {
    if (skip) return;
    judge = await startJudge();
    const http = await startHttpProxy(login);
    const hung = await startHungServer();
    peers.push(judge, http, hung);
    Object.assign(proxies, { http });
    Object.assign(ports, { http: http.port, hung: hung.port, closed: await closedPort() });
    if (!microsocks.available) return;
    const socks = await startSocks5(login);
    const openSocks = await startSocks5();
    peers.push(socks, openSocks);
    Object.assign(proxies, { socks, openSocks });
    Object.assign(ports, { socks: socks.port, openSocks: openSocks.port });
  });
  afterAll(async () => {
    await Promise.all(peers.map((peer) => peer.close()));
  });

  async function options(agent: Agent) {
    return OptionsResponseSchema.parse((await agent.request('GET', '/rest/options')).json());
  }

  it.skipIf(skip || !microsocks.available)('checks every proxy through HTTP CONNECT or SOCKS5 to the judge URL, records alive/dead, latency and reason, live', async () => {
    expect((await ann.agent.request('POST', '/rest/options', { body: { proxyJudgeUrl: judge.url } })).statusCode).toBe(200);
    const lines = [
      `127.0.0.1:${ports.http}:${login.username}:${login.password}`,
      `127.0.0.1:${ports.socks}:${login.username}:${login.password}`,
      `127.0.0.1:${ports.openSocks}`,
      `localhost:${ports.http}:${login.username}:wrong`,
      `localhost:${ports.socks}:${login.username}:wrong`,
      `127.0.0.1:${ports.closed}`,
      `127.0.0.1:${ports.hung}`,
    ];
    expect((await ann.agent.request('POST', '/rest/proxies', { body: [lines.join('\n')] })).statusCode).toBe(200);
    const inbox = await liveInbox(ann.agent, 'proxies');

    const started = await ann.agent.request('GET', '/action/check/proxies');
    expect(started.json()).toEqual({ proxyMonitorState: 'CHECKING' });
    // Pressing Check again while it runs changes nothing.
    expect((await ann.agent.request('GET', '/action/check/proxies')).json()).toEqual({ proxyMonitorState: 'CHECKING' });
    expect((await options(ann.agent)).proxyMonitorState).toBe('CHECKING');
    await expect.poll(async () => (await options(ann.agent)).proxyMonitorState, { timeout: 20_000 }).toBe('NEW');

    const rows = (await options(ann.agent)).proxies;
    const byLine = rows.map((row) => [row.id.address, row.id.port, row.proxyStatus, row.protocol, row.reason]);
    expect(byLine).toEqual([
      ['127.0.0.1', ports.http, 'WORKING', 'http', undefined],
      ['127.0.0.1', ports.socks, 'WORKING', 'socks5', undefined],
      ['127.0.0.1', ports.openSocks, 'WORKING', 'socks5', undefined],
      ['localhost', ports.http, 'FAILED', 'http', 'the proxy refused the user name or password'],
      ['localhost', ports.socks, 'FAILED', 'socks5', 'the SOCKS5 proxy refused the user name or password'],
      ['127.0.0.1', ports.closed, 'FAILED', undefined, 'connection refused'],
      ['127.0.0.1', ports.hung, 'FAILED', undefined, 'no answer within 1.5 s'],
    ]);
    for (const row of rows.slice(0, 3)) expect(row.latencyMs).toBeGreaterThan(0);
    expect(judge.hits()).toBe(3);
    // Each live proxy opened one tunnel, to the judge; the refused logins opened none.
    const judgeHost = new URL(judge.url).host;
    for (const proxy of [proxies.http, proxies.socks, proxies.openSocks]) await expect.poll(() => proxy!.tunnels()).toEqual([judgeHost]);

    // Live: the monitor CHECKING then NEW, and every row's outcome.
    const names = () => inbox.messages.map((message) => message.name);
    await expect.poll(() => names().at(-1)).toBe('proxyMonitorStateChanged');
    const monitor = inbox.messages.filter((m) => m.name === 'proxyMonitorStateChanged').map((m) => (m.payload as { proxyMonitorState: string }).proxyMonitorState);
    expect(monitor).toEqual(['CHECKING', 'NEW']);
    const live = inbox.messages.filter((m) => m.name === 'proxyStatusChanged').flatMap((m) => (m.payload as { proxies: { proxyStatus: string }[] }).proxies);
    expect(live).toHaveLength(7);

    // The engine uses only the proxies found alive.
    expect((await workingProxies(ctx.server.database.db, ann.id)).map((proxy) => [proxy.port, proxy.protocol])).toEqual([
      [ports.http, 'http'], [ports.socks, 'socks5'], [ports.openSocks, 'socks5'],
    ]);
    // Bob sees none of it and has nothing to check.
    expect((await options(bob.agent)).proxies).toEqual([]);
    const refused = await bob.agent.request('GET', '/action/check/proxies');
    expect([refused.statusCode, refused.json().error.message]).toEqual([409, PROXY_CHECK_MESSAGES.noProxies]);
    expect((await bob.agent.request('GET', '/action/stop_checking/proxies')).json()).toEqual({ proxyMonitorState: 'NEW' });
  });

  it.skipIf(skip)('Stop checking: STOPPING at once, then NEW; the proxies in flight are abandoned unrecorded', async () => {
    // Ten hung servers on ports none of Ann's proxies has yet (the system may hand out a port a closed peer had, and
    // adding a proxy that is already in the list merges it with the checked row).
    const taken = new Set((await options(ann.agent)).proxies.map((row) => row.id.port));
    const hungPeers: Peer[] = [];
    while (hungPeers.length < 10) {
      const peer = await startHungServer();
      peers.push(peer);
      if (!taken.has(peer.port)) hungPeers.push(peer);
    }
    const hung = hungPeers.map((peer) => `127.0.0.1:${peer.port}`).join('\n');
    expect((await ann.agent.request('POST', '/rest/proxies', { body: [hung] })).statusCode).toBe(200);
    expect((await ann.agent.request('GET', '/action/check/proxies')).json()).toEqual({ proxyMonitorState: 'CHECKING' });
    expect((await ann.agent.request('GET', '/action/stop_checking/proxies')).json()).toEqual({ proxyMonitorState: 'STOPPING' });
    await expect.poll(async () => (await options(ann.agent)).proxyMonitorState, { timeout: 10_000 }).toBe('NEW');
    const rows = (await options(ann.agent)).proxies.filter((row) => hungPeers.some((peer) => peer.port === row.id.port));
    expect(rows).toHaveLength(10);
    expect(rows.every((row) => row.proxyStatus === 'NEW')).toBe(true);
  });
});
