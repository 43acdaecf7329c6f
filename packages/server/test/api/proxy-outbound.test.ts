import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OptionsResponseSchema, PROXY_MESSAGES } from '@linkloom/shared';
import { DATABASES } from '../support/databases';
import { useTestServer } from '../support/lifecycle';
import { useTwoUsers } from '../support/scenario';
import type { Agent } from '../support/agent';
import { startConnectionCounter, type ConnectionCounter } from '../support/connection-counter';
import { microsocksAvailability, startHttpProxy, startJudge, startSocks5, type Peer, type ProxyPeer } from '../support/proxy-peers';
import { upsertProxies } from '../../src/features/options/proxies.repository';
import { OutboundRefusedError } from '../../src/platform/egress/outbound-policy';

/**
 * Issue 33: the proxy check is no port scanner. A proxy on this machine or a private network is
 * refused by the outbound policy before any byte is sent (the listener standing for an internal
 * service counts zero connections), with the policy's message as the proxy's reason; OUTBOUND_ALLOW
 * opens exactly what it names; a judge URL that is a refused IP literal is refused too.
 */

// A refusal that waited for the timeout would read "no answer within 3 s", not the policy's message.
process.env.PROXY_CHECK_TIMEOUT_MS = '3000';
const microsocks = await microsocksAvailability();

const loopback = (address: string, host = address) => new OutboundRefusedError(address, 'loopback', host).message;
const linkLocal = (address: string) => new OutboundRefusedError(address, 'link-local', address).message;

async function options(agent: Agent) {
  return OptionsResponseSchema.parse((await agent.request('GET', '/rest/options')).json());
}

/** Check, wait for the monitor to come back to NEW, answer the rows as [address, port, status, protocol, reason]. */
async function checkAll(agent: Agent) {
  expect((await agent.request('GET', '/action/check/proxies')).json()).toEqual({ proxyMonitorState: 'CHECKING' });
  await expect.poll(async () => (await options(agent)).proxyMonitorState, { timeout: 20_000 }).toBe('NEW');
  return (await options(agent)).proxies.map((row) => [row.id.address, row.id.port, row.proxyStatus, row.protocol, row.reason]);
}

describe.each(DATABASES)('proxy checks through the outbound policy on $kind', ({ kind, skip }) => {
  describe('OUTBOUND_ALLOW empty: this machine and link-local are refused', () => {
    const ctx = useTestServer(kind, skip, { env: { OUTBOUND_ALLOW: '' }, startEngine: true });
    const { ann } = useTwoUsers(ctx, skip);
    let counter: ConnectionCounter;

    beforeAll(async () => {
      if (!skip) counter = await startConnectionCounter(['127.0.0.1', '::1']);
    });
    afterAll(async () => {
      await counter?.close();
    });

    it.skipIf(skip)('every spelling of this machine, and 169.254.169.254, ends dead with the policy\'s reason; nothing connects', async () => {
      // A judge by host name is the proxy's to resolve; it is never reached here (no proxy gets that far).
      expect((await ann.agent.request('POST', '/rest/options', { body: { proxyJudgeUrl: 'http://judge.invalid/judge' } })).statusCode).toBe(200);
      const port = counter.port;
      const lines = [`127.0.0.1:${port}`, '169.254.169.254:80', `localhost:${port}:user:pass`, `0x7f000001:${port}`];
      expect((await ann.agent.request('POST', '/rest/proxies', { body: [lines.join('\n')] })).statusCode).toBe(200);
      // The line format takes neither a decimal address nor IPv6; rows of an older import might still hold them.
      const refusedLines = await ann.agent.request('POST', '/rest/proxies', { body: [`2130706433:${port}`] });
      expect(JSON.stringify(refusedLines.json())).toContain(PROXY_MESSAGES.address);
      await upsertProxies(ctx.server.database.db, ann.id, [
        { host: '2130706433', port, username: '', password: '' },
        { host: '[::1]', port, username: '', password: '' },
      ]);

      const rows = await checkAll(ann.agent);
      expect(rows).toEqual([
        ['127.0.0.1', port, 'FAILED', undefined, loopback('127.0.0.1')],
        ['169.254.169.254', 80, 'FAILED', undefined, linkLocal('169.254.169.254')],
        ['localhost', port, 'FAILED', undefined, expect.stringMatching(/^Refused to connect to localhost \((127\.0\.0\.1|::1)\): it is a loopback address/)],
        ['0x7f000001', port, 'FAILED', undefined, loopback('127.0.0.1', '0x7f000001')],
        ['2130706433', port, 'FAILED', undefined, loopback('127.0.0.1', '2130706433')],
        ['[::1]', port, 'FAILED', undefined, loopback('::1')],
      ]);
      for (const [, , , , reason] of rows) expect(reason).toContain('OUTBOUND_ALLOW');
      expect(counter.connections()).toBe(0);
    });
  });

  describe('OUTBOUND_ALLOW=127.0.0.1: the real proxies check alive, anything else on this machine stays refused', () => {
    const ctx = useTestServer(kind, skip, { env: { OUTBOUND_ALLOW: '127.0.0.1' }, startEngine: true });
    const { ann } = useTwoUsers(ctx, skip);
    const peers: Peer[] = [];
    let judge: Awaited<ReturnType<typeof startJudge>>;
    let http: ProxyPeer;
    let socks: ProxyPeer | undefined;
    let elsewhere: ConnectionCounter;
    const login = { username: 'tester', password: 'pa:ss' };

    beforeAll(async () => {
      if (skip) return;
      judge = await startJudge();
      http = await startHttpProxy(login);
      // 127.0.0.2 is this machine too, but OUTBOUND_ALLOW names 127.0.0.1 only.
      elsewhere = await startConnectionCounter(['127.0.0.2']);
      peers.push(judge, http, elsewhere);
      if (microsocks.available) {
        socks = await startSocks5(login);
        peers.push(socks);
      }
    });
    afterAll(async () => {
      await Promise.all(peers.map((peer) => peer.close()));
    });

    it.skipIf(skip)('proxy-chain and microsocks check alive through 127.0.0.1 (and localhost); 127.0.0.2 is refused unconnected', async () => {
      expect((await ann.agent.request('POST', '/rest/options', { body: { proxyJudgeUrl: judge.url } })).statusCode).toBe(200);
      const lines = [
        `127.0.0.1:${http.port}:${login.username}:${login.password}`,
        `localhost:${http.port}:${login.username}:${login.password}`,
        `127.0.0.2:${elsewhere.port}`,
        ...(socks ? [`127.0.0.1:${socks.port}:${login.username}:${login.password}`] : []),
      ];
      expect((await ann.agent.request('POST', '/rest/proxies', { body: [lines.join('\n')] })).statusCode).toBe(200);

      expect(await checkAll(ann.agent)).toEqual([
        ['127.0.0.1', http.port, 'WORKING', 'http', undefined],
        ['localhost', http.port, 'WORKING', 'http', undefined],
        ['127.0.0.2', elsewhere.port, 'FAILED', undefined, loopback('127.0.0.2')],
        ...(socks ? [['127.0.0.1', socks.port, 'WORKING', 'socks5', undefined]] : []),
      ]);
      expect(elsewhere.connections()).toBe(0);
      expect(judge.hits()).toBe(socks ? 3 : 2);
    });

    it.skipIf(skip)('a judge URL on a refused IP literal fails every proxy with the policy\'s reason; no proxy is asked to go there', async () => {
      const tunnels = () => [http.tunnels().length, socks?.tunnels().length];
      const before = tunnels();
      const hits = judge.hits();
      expect((await ann.agent.request('POST', '/rest/options', { body: { proxyJudgeUrl: 'http://169.254.169.254/latest/meta-data/' } })).statusCode).toBe(200);

      const rows = await checkAll(ann.agent);
      const judgeRefused = `the judge URL: ${linkLocal('169.254.169.254')}`;
      expect(rows.map(([address, port, status, , reason]) => [address, port, status, reason])).toEqual([
        ['127.0.0.1', http.port, 'FAILED', judgeRefused],
        ['localhost', http.port, 'FAILED', judgeRefused],
        ['127.0.0.2', elsewhere.port, 'FAILED', judgeRefused],
        ...(socks ? [['127.0.0.1', socks.port, 'FAILED', judgeRefused]] : []),
      ]);
      expect(tunnels()).toEqual(before);
      expect([judge.hits(), elsewhere.connections()]).toEqual([hits, 0]);
    });
  });
});
