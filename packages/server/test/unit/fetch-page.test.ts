import http from 'node:http';
import net, { type AddressInfo, type Socket } from 'node:net';
import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProxyDispatchers, httpProxyDispatcher } from '../../src/engine/connectors/proxy-dispatcher';
import { fetchPage, PageFetchError } from '../../src/engine/verify/fetch-page';
import { closedPort, microsocksAvailability, startHttpProxy, startSocks5, type ProxyPeer } from '../support/proxy-peers';

const socks = await microsocksAvailability();

const PAGE = '<p><a href="https://money.example/">the shop</a> é</p>';
const PACKED = Buffer.from('z'.repeat(300_000));
/** Each coding's page as a server sends it: the Content-Encoding and the bytes. */
const CODED: Record<string, [string, Buffer]> = {
  gzip: ['gzip', gzipSync(PAGE)],
  'x-gzip': ['x-gzip', gzipSync(PAGE)],
  deflate: ['deflate', deflateSync(PAGE)],
  'deflate-raw': ['deflate', deflateRawSync(PAGE)],
  br: ['br', brotliCompressSync(PAGE)],
  // Codings listed in the order they were applied: gzip first, then br.
  'gzip-br': ['GZIP, br', brotliCompressSync(gzipSync(PAGE))],
  identity: ['identity', Buffer.from(PAGE)],
  // A coding fetch did not know: the bytes as they came.
  unknown: ['compress', Buffer.from('as sent')],
};

/** The local blog the pages come from: redirect chains, coded pages, endless, hung and stalled answers. */
describe('fetchPage over undici.request', () => {
  let server: http.Server;
  let base = '';
  const requests: { url: string; headers: http.IncomingHttpHeaders }[] = [];
  /** The server side of the connection that carried each path's answer. */
  const sockets = new Map<string, Socket>();

  const closed = (path: string) => sockets.get(path)?.destroyed === true;

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      const url = request.url ?? '/';
      requests.push({ url, headers: request.headers });
      sockets.set(url, request.socket);
      const redirect = (status: number, location: string, body = 'moved') => void response.writeHead(status, { location, 'content-type': 'text/plain' }).end(body);
      const page = (headers: http.OutgoingHttpHeaders, body: string | Buffer) => void response.writeHead(200, headers).end(body);
      const counted = /^\/(count|loop)\/(\d+)$/.exec(url);
      if (counted) {
        const n = Number(counted[2]);
        return counted[1] === 'count' && n === 20 ? page({}, 'after twenty') : redirect(301, `/${counted[1]}/${n + 1}`);
      }
      const coded = /^\/coded\/([\w-]+)$/.exec(url);
      if (coded && CODED[coded[1]!]) {
        const [encoding, bytes] = CODED[coded[1]!]!;
        return page({ 'content-type': 'text/html; charset=utf-8', 'content-encoding': encoding }, bytes);
      }
      switch (url) {
        // 302 relative to the current path, 303 to an absolute path, 307 to an absolute URL, 308 relative again.
        case '/r/start': return redirect(302, 'next');
        case '/r/next': return redirect(303, '/r/temp?x=1');
        case '/r/temp?x=1': return redirect(307, `${base}/r/perm`);
        case '/r/perm': return redirect(308, 'page', 'x'.repeat(200_000));
        case '/r/page': return page({ 'content-type': 'text/html; charset=utf-8' }, PAGE);
        case '/r/elsewhere': return redirect(302, 'mailto:someone@example.com');
        case '/r/smtp': return redirect(302, 'http://127.0.0.1:25/');
        case '/r/nowhere': return void response.writeHead(302, { 'content-type': 'text/plain' }).end('no location');
        // A redirect whose body never ends: followed at once, its connection dropped when the page is read.
        case '/r/stalled': {
          response.writeHead(301, { location: '/r/page', 'content-length': '1000' });
          return void response.write('0123456789');
        }
        case '/latin': return page({ 'content-type': 'text/html; charset=ISO-8859-1' }, Buffer.from([0x63, 0x61, 0x66, 0xe9]));
        case '/robots': {
          response.setHeader('x-robots-tag', ['noindex', 'nofollow']);
          return page({ 'content-type': 'text/html' }, PAGE);
        }
        case '/big/gzip': return page({ 'content-type': 'text/html', 'content-encoding': 'gzip' }, gzipSync(PACKED));
        case '/big/told': return page({ 'content-type': 'text/html', 'content-length': String(PACKED.length) }, PACKED);
        case '/endless': {
          response.writeHead(200, { 'content-type': 'text/html' });
          const chunk = 'e'.repeat(16 * 1024);
          const timer = setInterval(() => response.write(chunk), 1);
          return void response.on('close', () => clearInterval(timer));
        }
        case '/hang': return;
        case '/stall-body': {
          response.writeHead(200, { 'content-type': 'text/html', 'content-length': '1000' });
          return void response.write('<p>only the start');
        }
        default: return page({}, 'unknown');
      }
    });
    server.keepAliveTimeout = 30_000;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const hits = (prefix: string) => requests.filter((request) => request.url.startsWith(prefix));

  it('follows a chain of 302, 303, 307 and 308 with relative and absolute Locations, each a GET with the same headers', async () => {
    const before = requests.length;
    const fetched = await fetchPage(`${base}/r/start#comments`, { timeoutMs: 5000 });
    expect(fetched).toEqual({ status: 200, url: `${base}/r/page`, html: PAGE, robotsHeader: null, truncated: false });
    const chain = requests.slice(before);
    expect(chain.map((request) => request.url)).toEqual(['/r/start', '/r/next', '/r/temp?x=1', '/r/perm', '/r/page']);
    for (const { headers } of chain) {
      expect(headers).toMatchObject({
        'user-agent': 'Mozilla/5.0 (compatible; LinkLoom backlink check; +https://github.com/linkloom)',
        accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5',
        'accept-language': '*',
        'accept-encoding': 'gzip, deflate',
      });
    }
  });

  it('follows 20 redirects; a 21st is a network error', async () => {
    expect(await fetchPage(`${base}/count/0`, { timeoutMs: 5000 })).toMatchObject({ status: 200, url: `${base}/count/20`, html: 'after twenty' });
    const error = await fetchPage(`${base}/loop/0`, { timeoutMs: 5000 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PageFetchError);
    expect(error).toMatchObject({ kind: 'network', message: 'The page could not be fetched: redirect count exceeded' });
    expect(hits('/loop/')).toHaveLength(21);
  });

  it('answers a redirect without Location as it is, and refuses a Location that is not HTTP', async () => {
    expect(await fetchPage(`${base}/r/nowhere`, { timeoutMs: 5000 })).toMatchObject({ status: 302, url: `${base}/r/nowhere`, html: 'no location' });
    await expect(fetchPage(`${base}/r/elsewhere`, { timeoutMs: 5000 })).rejects.toMatchObject({
      kind: 'network', message: 'The page could not be fetched: URL scheme must be a HTTP(S) scheme',
    });
  });

  it('drops the connection of a redirect body still coming when the page is read', async () => {
    expect(await fetchPage(`${base}/r/stalled`, { timeoutMs: 5000 })).toMatchObject({ status: 200, url: `${base}/r/page`, html: PAGE });
    await expect.poll(() => closed('/r/stalled')).toBe(true);
  });

  it.each(Object.keys(CODED).filter((name) => name !== 'unknown'))('decodes a %s page', async (name) => {
    expect(await fetchPage(`${base}/coded/${name}`, { timeoutMs: 5000 })).toMatchObject({ status: 200, html: PAGE, truncated: false });
  });

  it('reads the bytes as they came under a coding it does not know', async () => {
    expect((await fetchPage(`${base}/coded/unknown`, { timeoutMs: 5000 })).html).toBe('as sent');
  });

  it('applies maxBytes to the decoded page: the decoded prefix, truncated, the connection dropped', async () => {
    const cut = await fetchPage(`${base}/big/gzip`, { timeoutMs: 5000, maxBytes: 100_000 });
    expect([cut.html, cut.truncated]).toEqual(['z'.repeat(100_000), true]);
    expect(await fetchPage(`${base}/big/gzip`, { timeoutMs: 5000, maxBytes: PACKED.length })).toMatchObject({ html: PACKED.toString(), truncated: false });
    // A told length over the limit is read up to it; exactly the limit is the whole page.
    expect(await fetchPage(`${base}/big/told`, { timeoutMs: 5000, maxBytes: 250_000 })).toMatchObject({ html: 'z'.repeat(250_000), truncated: true });
    expect(await fetchPage(`${base}/big/told`, { timeoutMs: 5000, maxBytes: PACKED.length })).toMatchObject({ html: PACKED.toString(), truncated: false });
    const endless = await fetchPage(`${base}/endless`, { timeoutMs: 5000, maxBytes: 100_000 });
    expect([endless.html.length, endless.truncated]).toEqual([100_000, true]);
    await expect.poll(() => closed('/endless')).toBe(true);
  });

  it('decodes by the charset and joins repeated X-Robots-Tag headers', async () => {
    expect((await fetchPage(`${base}/latin`, { timeoutMs: 5000 })).html).toBe('café');
    expect((await fetchPage(`${base}/robots`, { timeoutMs: 5000 })).robotsHeader).toBe('noindex, nofollow');
  });

  it('times out the whole exchange, before the headers or in the body, and drops the connection', async () => {
    await expect(fetchPage(`${base}/hang`, { timeoutMs: 200 })).rejects.toMatchObject({ name: 'PageFetchError', kind: 'timeout', message: 'The page did not answer within 0.2 s' });
    await expect(fetchPage(`${base}/stall-body`, { timeoutMs: 300 })).rejects.toMatchObject({ kind: 'timeout', message: 'The page did not answer within 0.3 s' });
    await expect.poll(() => closed('/hang') && closed('/stall-body')).toBe(true);
  });

  it('throws the caller signal reason, aborted before or during the fetch', async () => {
    const stopped = new Error('stopped');
    await expect(fetchPage(`${base}/r/page`, { timeoutMs: 5000, signal: AbortSignal.abort(stopped) })).rejects.toBe(stopped);
    const controller = new AbortController();
    setTimeout(() => controller.abort(stopped), 50);
    await expect(fetchPage(`${base}/stall-body`, { timeoutMs: 5000, signal: controller.signal })).rejects.toBe(stopped);
  });

  it('fails a refused connection or an address that is not HTTP as a network error naming the cause', async () => {
    const port = await closedPort();
    await expect(fetchPage(`http://127.0.0.1:${port}/post`, { timeoutMs: 2000 })).rejects.toMatchObject({
      name: 'PageFetchError', kind: 'network', message: `The page could not be fetched: connect ECONNREFUSED 127.0.0.1:${port}`,
    });
    await expect(fetchPage('ftp://127.0.0.1/post', { timeoutMs: 2000 })).rejects.toMatchObject({ kind: 'network', message: 'The page could not be fetched: unknown scheme' });
    await expect(fetchPage('not a url', { timeoutMs: 2000 })).rejects.toMatchObject({ kind: 'network', message: 'The page could not be fetched: Invalid URL' });
  });

  it('never sends a request to a bad port (SMTP, IRC, ...), as fetch did not, nor follows a redirect there', async () => {
    // Nothing listens there: without the guard these would be refused connections.
    await expect(fetchPage('http://127.0.0.1:6667/post', { timeoutMs: 2000 })).rejects.toMatchObject({ kind: 'network', message: 'The page could not be fetched: bad port' });
    await expect(fetchPage(`${base}/r/smtp`, { timeoutMs: 2000 })).rejects.toMatchObject({ kind: 'network', message: 'The page could not be fetched: bad port' });
  });

  describe('through the proxies of ProxyDispatchers', () => {
    let httpProxy: ProxyPeer;
    let socksProxy: ProxyPeer | undefined;
    beforeAll(async () => {
      httpProxy = await startHttpProxy();
      if (socks.available) socksProxy = await startSocks5();
    });
    afterAll(async () => {
      await Promise.all([httpProxy.close(), socksProxy?.close()]);
    });

    it('follows redirects and decodes through an HTTP CONNECT proxy', async () => {
      const dispatcher = await new ProxyDispatchers().get(`http://127.0.0.1:${httpProxy.port}`);
      expect(await fetchPage(`${base}/r/start`, { timeoutMs: 5000, dispatcher })).toMatchObject({ status: 200, url: `${base}/r/page`, html: PAGE });
      expect((await fetchPage(`${base}/coded/gzip`, { timeoutMs: 5000, dispatcher })).html).toBe(PAGE);
      expect(httpProxy.tunnels().length).toBeGreaterThan(0);
      expect(new Set(httpProxy.tunnels())).toEqual(new Set([new URL(base).host]));
    });

    it.skipIf(!socks.available)('follows redirects and decodes through a SOCKS5 proxy', async () => {
      const dispatcher = await new ProxyDispatchers().get(`socks5://127.0.0.1:${socksProxy!.port}`);
      expect(await fetchPage(`${base}/r/start`, { timeoutMs: 5000, dispatcher })).toMatchObject({ status: 200, url: `${base}/r/page`, html: PAGE });
      expect((await fetchPage(`${base}/coded/br`, { timeoutMs: 5000, dispatcher })).html).toBe(PAGE);
      await expect.poll(() => socksProxy!.tunnels().length).toBeGreaterThan(0);
    });

    describe('an HTTP proxy that takes the connection and never answers its CONNECT', () => {
      let hung: net.Server;
      let hungUrl = '';
      const held: net.Socket[] = [];
      beforeAll(async () => {
        hung = net.createServer((socket) => {
          held.push(socket);
          socket.on('data', () => undefined);
        });
        await new Promise<void>((resolve) => hung.listen(0, '127.0.0.1', resolve));
        hungUrl = `http://127.0.0.1:${(hung.address() as AddressInfo).port}`;
      });
      afterAll(async () => {
        for (const socket of held) socket.destroy();
        await new Promise<void>((resolve) => hung.close(() => resolve()));
      });

      // undici's ProxyAgent sends the CONNECT on a client of its own, deaf to the request's signal:
      // before, both waits below lasted undici's 300 s headers timeout (this test's own limit fails first).
      it('a page check gives up at its own timeout, as with any server that does not answer', { timeout: 15_000 }, async () => {
        const dispatcher = await new ProxyDispatchers().get(hungUrl);
        await expect(fetchPage(`${base}/r/page`, { timeoutMs: 300, dispatcher })).rejects.toMatchObject({ kind: 'timeout', message: 'The page did not answer within 0.3 s' });
        const stopped = new Error('Stopped by the user');
        const caller = new AbortController();
        setTimeout(() => caller.abort(stopped), 100);
        await expect(fetchPage(`${base}/r/page`, { timeoutMs: 60_000, dispatcher, signal: caller.signal })).rejects.toBe(stopped);
      });

      it('posting through it (fetch) fails once the tunnel takes longer than it may', { timeout: 15_000 }, async () => {
        const error = await fetch(`${base}/r/page`, { dispatcher: httpProxyDispatcher(hungUrl, 300) as never }).then(() => null, (failure: unknown) => failure as Error);
        expect(error?.cause).toMatchObject({ name: 'HeadersTimeoutError' });
      });
    });
  });
});
