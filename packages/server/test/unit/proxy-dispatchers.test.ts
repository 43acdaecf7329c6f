import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProxyDispatchers } from '../../src/engine/connectors/proxy-dispatcher';
import { fetchPage } from '../../src/engine/verify/fetch-page';
import { microsocksAvailability, startHttpProxy, startSocks5, type ProxyPeer } from '../support/proxy-peers';

// microsocks (Debian's) is the SOCKS5 proxy; without it (and without REQUIRE_MICROSOCKS=1) the SOCKS5 cases skip.
const socks = await microsocksAvailability();

/** The engine's page fetches through the proxies a check found alive: HTTP CONNECT (proxy-chain) and SOCKS5 (microsocks), with logins. */
describe('proxy dispatchers', () => {
  const login = { username: 'eng', password: 'p@ss:word' };
  let httpProxy: ProxyPeer;
  let socksProxy: ProxyPeer | undefined;
  let origin: Server;
  let pageUrl = '';
  const seen: string[] = [];

  beforeAll(async () => {
    origin = createServer((request, response) => {
      seen.push(request.headers['user-agent'] ?? '');
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<p><a href="https://example.com/">a link</a></p>');
    });
    await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
    pageUrl = `http://127.0.0.1:${(origin.address() as AddressInfo).port}/post`;
    httpProxy = await startHttpProxy(login);
    if (socks.available) socksProxy = await startSocks5(login);
  });
  afterAll(async () => {
    await Promise.all([httpProxy.close(), socksProxy?.close()]);
    origin.closeAllConnections();
    await new Promise((resolve) => origin.close(resolve));
  });

  const auth = `${encodeURIComponent(login.username)}:${encodeURIComponent(login.password)}`;

  const originHost = () => new URL(pageUrl).host;

  it('fetches a page through an HTTP CONNECT proxy; the proxy opened the tunnel to the page', async () => {
    const dispatcher = await new ProxyDispatchers().get(`http://${auth}@127.0.0.1:${httpProxy.port}`);
    const page = await fetchPage(pageUrl, { timeoutMs: 5000, dispatcher });
    expect([page.status, page.html]).toEqual([200, '<p><a href="https://example.com/">a link</a></p>']);
    expect(httpProxy.tunnels()).toEqual([originHost()]);
    expect(seen).toHaveLength(1);
  });

  it.skipIf(!socks.available)('fetches a page through a SOCKS5 proxy; the proxy opened the tunnel to the page', async () => {
    const dispatcher = await new ProxyDispatchers().get(`socks5://${auth}@127.0.0.1:${socksProxy!.port}`);
    const page = await fetchPage(pageUrl, { timeoutMs: 5000, dispatcher });
    expect([page.status, page.html]).toEqual([200, '<p><a href="https://example.com/">a link</a></p>']);
    await expect.poll(() => socksProxy!.tunnels()).toEqual([originHost()]);
  });

  it('an HTTP proxy refusing the login fails the fetch and opens no tunnel', async () => {
    const dispatcher = await new ProxyDispatchers().get(`http://eng:wrong@127.0.0.1:${httpProxy.port}`);
    const before = httpProxy.tunnels().length;
    await expect(fetchPage(pageUrl, { timeoutMs: 5000, dispatcher })).rejects.toThrow(/could not be fetched/);
    expect(httpProxy.tunnels()).toHaveLength(before);
  });

  it.skipIf(!socks.available)('a SOCKS5 proxy refusing the login fails the fetch as a network error', async () => {
    const dispatcher = await new ProxyDispatchers().get(`socks5://eng:wrong@127.0.0.1:${socksProxy!.port}`);
    await expect(fetchPage(pageUrl, { timeoutMs: 5000, dispatcher })).rejects.toThrow(/could not be fetched: the SOCKS5 proxy refused the user name or password/);
  });
});
