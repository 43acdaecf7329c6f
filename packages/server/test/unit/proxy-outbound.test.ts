import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { request } from 'undici';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ProxyDispatchers } from '../../src/engine/connectors/proxy-dispatcher';
import { checkProxy, reasonOf } from '../../src/engine/proxies/check-proxy';
import { findOutboundRefusal, parseOutboundAllow, setOutboundPolicy, type AddressClass } from '../../src/platform/egress/outbound-policy';
import { startConnectionCounter, type ConnectionCounter } from '../support/connection-counter';
import { microsocksAvailability, startHttpProxy, startJudge, startSocks5, type ProxyPeer } from '../support/proxy-peers';

/**
 * Issue 33: the proxies as used for posting (fetch) and page checks (undici.request) go through the
 * outbound policy — a refused proxy fails with OutboundRefusedError and the listener behind it sees
 * nothing; a target that is a refused IP literal is refused before the proxy is asked — and the
 * proxy check's reasons are phrases of our own, never what the remote end sent.
 */

const socks = await microsocksAvailability();

/** The refusal along the failure's cause chain: its class and whether it came before any connection. */
async function refusalOf(attempt: Promise<unknown>): Promise<AddressClass | 'not refused'> {
  try {
    await attempt;
    return 'not refused';
  } catch (error) {
    return findOutboundRefusal(error)?.addressClass ?? 'not refused';
  }
}

/** A request as posting sends it (fetch) and as a page check sends it (undici.request). */
function bothWays(url: string, dispatcher: Awaited<ReturnType<ProxyDispatchers['get']>>): Array<Promise<unknown>> {
  return [
    fetch(url, { dispatcher, signal: AbortSignal.timeout(5000) }).then((response) => response.arrayBuffer()),
    request(url, { dispatcher, signal: AbortSignal.timeout(5000) }).then((answer) => answer.body.dump()),
  ];
}

afterAll(() => {
  // Back to the test project's policy (loopback open) for whatever runs next in this worker.
  setOutboundPolicy(parseOutboundAllow(process.env.OUTBOUND_ALLOW));
});

describe('OUTBOUND_ALLOW empty: a proxy on this machine or link-local is refused before connecting', () => {
  let counter: ConnectionCounter;

  beforeAll(async () => {
    setOutboundPolicy(parseOutboundAllow(''));
    counter = await startConnectionCounter(['127.0.0.1', '::1']);
  });
  afterAll(async () => {
    await counter.close();
  });

  const proxies = (port: number): Array<[string, AddressClass]> => [
    [`127.0.0.1:${port}`, 'loopback'],
    [`localhost:${port}`, 'loopback'],
    [`[::1]:${port}`, 'loopback'],
    [`2130706433:${port}`, 'loopback'],
    [`user:pass@127.0.0.1:${port}`, 'loopback'],
    ['169.254.169.254:80', 'link-local'],
  ];

  it('an HTTP proxy (undici ProxyAgent): posting and page checks fail with the refusal; the listener sees nothing', async () => {
    for (const [address, addressClass] of proxies(counter.port)) {
      const dispatcher = await new ProxyDispatchers().get(`http://${address}`);
      for (const attempt of bothWays('http://example.com/', dispatcher)) expect([address, await refusalOf(attempt)]).toEqual([address, addressClass]);
      for (const attempt of bothWays('https://example.com/', dispatcher)) expect([address, await refusalOf(attempt)]).toEqual([address, addressClass]);
    }
    expect(counter.connections()).toBe(0);
  });

  it('a SOCKS5 proxy: posting and page checks fail with the refusal; the listener sees nothing', async () => {
    for (const [address, addressClass] of proxies(counter.port)) {
      const dispatcher = await new ProxyDispatchers().get(`socks5://${address}`);
      for (const attempt of bothWays('http://example.com/', dispatcher)) expect([address, await refusalOf(attempt)]).toEqual([address, addressClass]);
    }
    expect(counter.connections()).toBe(0);
  });

  it('the proxy check: refused with the policy\'s message, neither protocol tried', async () => {
    for (const [host, addressClass] of [['127.0.0.1', 'loopback'], ['localhost', 'loopback'], ['[::1]', 'loopback'], ['::1', 'loopback'], ['169.254.169.254', 'link-local']] as const) {
      const port = host === '169.254.169.254' ? 80 : counter.port;
      const result = await checkProxy({ host, port, username: 'u', password: 'p' }, 'http://judge.invalid/', 5000);
      expect(result).toEqual({ alive: false, reason: expect.stringContaining(`it is a ${addressClass === 'loopback' ? 'loopback' : 'link-local'} address`) });
    }
    expect(counter.connections()).toBe(0);
  });
});

describe('OUTBOUND_ALLOW=127.0.0.1: proxies there work; a refused IP-literal target is refused before the proxy is asked', () => {
  const login = { username: 'eng', password: 'p@ss' };
  const auth = `${login.username}:${encodeURIComponent(login.password)}`;
  let httpProxy: ProxyPeer;
  let socksProxy: ProxyPeer | undefined;
  let target: ConnectionCounter;
  let origin: HttpServer;
  let originUrl = '';

  beforeAll(async () => {
    setOutboundPolicy(parseOutboundAllow('127.0.0.1'));
    httpProxy = await startHttpProxy(login);
    if (socks.available) socksProxy = await startSocks5(login);
    // This machine too, on addresses OUTBOUND_ALLOW does not name.
    target = await startConnectionCounter(['127.0.0.2', '::1']);
    origin = createHttpServer((_request, response) => response.writeHead(200).end('ok'));
    await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
    originUrl = `http://127.0.0.1:${(origin.address() as AddressInfo).port}/`;
  });
  afterAll(async () => {
    origin.closeAllConnections();
    await Promise.all([httpProxy.close(), socksProxy?.close(), target.close(), new Promise((resolve) => origin.close(resolve))]);
  });

  const proxyUrls = () => [`http://${auth}@127.0.0.1:${httpProxy.port}`, ...(socksProxy ? [`socks5://${auth}@127.0.0.1:${socksProxy.port}`] : [])];

  it('reaches an origin OUTBOUND_ALLOW names, through either proxy', async () => {
    for (const proxyUrl of proxyUrls()) {
      const dispatcher = await new ProxyDispatchers().get(proxyUrl);
      for (const attempt of bothWays(originUrl, dispatcher)) await expect(attempt).resolves.toBeDefined();
    }
  });

  it('refuses targets at 127.0.0.2 and [::1] before the proxy opens a tunnel; the target sees nothing', async () => {
    const tunnelsBefore = [httpProxy.tunnels().length, socksProxy?.tunnels().length];
    for (const proxyUrl of proxyUrls()) {
      const dispatcher = await new ProxyDispatchers().get(proxyUrl);
      for (const url of [`http://127.0.0.2:${target.port}/`, `http://[::1]:${target.port}/`, `https://127.0.0.2:${target.port}/`]) {
        for (const attempt of bothWays(url, dispatcher)) expect([proxyUrl, url, await refusalOf(attempt)]).toEqual([proxyUrl, url, 'loopback']);
      }
    }
    expect([httpProxy.tunnels().length, socksProxy?.tunnels().length]).toEqual(tunnelsBefore);
    expect(target.connections()).toBe(0);
  });
});

describe('the proxy check\'s reasons are our own phrases, never the remote bytes', () => {
  const SECRET = 'internal-banner-5f3a';
  const servers: Server[] = [];
  let judge: Awaited<ReturnType<typeof startJudge>>;

  beforeAll(async () => {
    setOutboundPolicy(parseOutboundAllow('127.0.0.1'));
    judge = await startJudge();
  });
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
  });
  afterAll(async () => {
    await judge.close();
  });

  /** A fake proxy on 127.0.0.1 that plays `script` on each connection. */
  async function fakeProxy(script: (socket: Socket) => void): Promise<number> {
    const server = createServer((socket) => {
      socket.on('error', () => undefined);
      script(socket);
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return (server.address() as AddressInfo).port;
  }

  const cases: Array<[string, (socket: Socket) => void, string]> = [
    ['an SSH server (banner, then a mismatch and close)', (socket) => {
      socket.write(`SSH-2.0-OpenSSH_9.2 ${SECRET}\r\n`);
      socket.once('data', () => socket.end(`Protocol mismatch. ${SECRET}\n`));
    }, 'speaks neither HTTP CONNECT nor SOCKS5'],
    ['an HTTP server answering CONNECT with its own page', (socket) => {
      socket.once('data', () => socket.end(`HTTP/1.1 404 ${SECRET}\r\nX-Secret: ${SECRET}\r\n\r\n${SECRET}`));
    }, 'the proxy answered 404 to CONNECT'],
    ['a tunnel to a judge that answers 500 with a body', (socket) => {
      socket.once('data', () => {
        socket.write('HTTP/1.1 200 Connection established\r\n\r\n');
        socket.once('data', () => socket.end(`HTTP/1.1 500 ${SECRET}\r\n\r\n${SECRET}`));
      });
    }, 'the judge URL answered 500 through the proxy'],
    ['a server that resets the connection on the first bytes (both protocols tried)', (socket) => {
      socket.once('data', () => socket.resetAndDestroy());
    }, 'connection reset'],
  ];

  it.each(cases)('%s', async (_name, script, reason) => {
    const port = await fakeProxy(script);
    const result = await checkProxy({ host: '127.0.0.1', port, username: '', password: '' }, judge.url, 5000);
    expect(result).toMatchObject({ alive: false, reason });
    expect(JSON.stringify(result)).not.toContain(SECRET);
  });

  it('an error\'s free text is never a reason; its code is classified', () => {
    expect(reasonOf(new Error(SECRET))).toBe('the connection failed');
    expect(reasonOf(Object.assign(new Error(SECRET), { code: 'ECONNRESET' }))).toBe('connection reset');
    expect(reasonOf(Object.assign(new Error(SECRET), { code: 'ERR_SSL_WRONG_VERSION_NUMBER' }))).toBe('TLS with the judge URL failed');
    expect(reasonOf(Object.assign(new Error(SECRET), { code: 'EPROTO' }))).toBe('the connection failed (EPROTO)');
  });
});
