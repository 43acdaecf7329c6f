import http from 'node:http';
import { gzipSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchPage, PageFetchError, type FetchedPage } from '../../src/engine/verify/fetch-page';
import { judgePage } from '../../src/engine/verify/judge-page';

const LINK = { url: 'https://target.example/page', anchor: 'best shoes' };
const page = (overrides: Partial<FetchedPage>): FetchedPage => ({ status: 200, url: 'https://blog.example/post', html: '', robotsHeader: null, truncated: false, ...overrides });

describe('fetchPage', () => {
  let base: string;
  let server: http.Server;

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      switch (request.url) {
        case '/moved': return void response.writeHead(301, { location: '/post/' }).end();
        case '/post/': return void response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'x-robots-tag': 'noarchive' }).end('<a href="/x">é</a>');
        case '/latin': return void response.writeHead(200, { 'content-type': 'text/html; charset=iso-8859-1' }).end(Buffer.from([0x63, 0x61, 0x66, 0xe9]));
        case '/huge': {
          response.writeHead(200, { 'content-type': 'text/html' });
          const chunk = 'x'.repeat(64 * 1024);
          let sent = 0;
          const pump = () => {
            while (sent < 64 && response.write(chunk)) sent += 1;
            if (sent < 64) response.once('drain', pump);
            else response.end();
          };
          return void pump();
        }
        // A told length over the limit, and a compressed answer whose told length is not what is read.
        case '/sized': return void response.writeHead(200, { 'content-type': 'text/html', 'content-length': String(300_000) }).end('y'.repeat(300_000));
        case '/packed': {
          const packed = gzipSync(Buffer.from('z'.repeat(300_000)));
          return void response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-encoding': 'gzip', 'content-length': String(packed.length) }).end(packed);
        }
        case '/slow': return void setTimeout(() => response.end('late'), 2000);
        default: return void response.writeHead(404).end('gone');
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('follows redirects and reports where they ended, with the X-Robots-Tag', async () => {
    const fetched = await fetchPage(`${base}/moved`, { timeoutMs: 5000 });
    expect(fetched).toEqual({ status: 200, url: `${base}/post/`, html: '<a href="/x">é</a>', robotsHeader: 'noarchive', truncated: false });
  });

  it('decodes by the charset and answers other statuses as they are', async () => {
    expect((await fetchPage(`${base}/latin`, { timeoutMs: 5000 })).html).toBe('café');
    expect(await fetchPage(`${base}/nothing`, { timeoutMs: 5000 })).toMatchObject({ status: 404, html: 'gone' });
  });

  it('reads at most maxBytes', async () => {
    const fetched = await fetchPage(`${base}/huge`, { timeoutMs: 5000, maxBytes: 100_000 });
    expect(fetched.html.length).toBe(100_000);
    expect(fetched.truncated).toBe(true);
  });

  it('reads at most maxBytes whatever length the answer tells, compressed or not', async () => {
    expect(await fetchPage(`${base}/sized`, { timeoutMs: 5000, maxBytes: 300_000 })).toMatchObject({ html: 'y'.repeat(300_000), truncated: false });
    const cut = await fetchPage(`${base}/sized`, { timeoutMs: 5000, maxBytes: 100_000 });
    expect([cut.html.length, cut.truncated]).toEqual([100_000, true]);
    const unpacked = await fetchPage(`${base}/packed`, { timeoutMs: 5000, maxBytes: 100_000 });
    expect([unpacked.html, unpacked.truncated]).toEqual(['z'.repeat(100_000), true]);
    expect((await fetchPage(`${base}/packed`, { timeoutMs: 5000 })).html).toBe('z'.repeat(300_000));
  });

  it('fails with a timeout or a network error, and with the signal reason when aborted', async () => {
    await expect(fetchPage(`${base}/slow`, { timeoutMs: 200 })).rejects.toMatchObject({ name: 'PageFetchError', kind: 'timeout', message: 'The page did not answer within 0.2 s' });
    const refused = await fetchPage('http://127.0.0.1:9/post', { timeoutMs: 2000 }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PageFetchError);
    expect(refused).toMatchObject({ kind: 'network' });
    const controller = new AbortController();
    controller.abort(new Error('stopped'));
    await expect(fetchPage(`${base}/post/`, { timeoutMs: 2000, signal: controller.signal })).rejects.toThrow('stopped');
  });
});

describe('judgePage', () => {
  it('checks the placed links of a page that answers', () => {
    expect(judgePage(page({ html: '<a href="https://target.example/page">Best shoes</a>' }), [LINK])).toEqual({
      kind: 'result', status: 'OK', info: 'https://target.example/page: dofollow, anchor "Best shoes"',
    });
    expect(judgePage(page({ html: '<a href="https://target.example/page">best shoes</a>', robotsHeader: 'nofollow' }), [LINK])).toMatchObject({ kind: 'result', status: 'NOFOLLOW' });
    expect(judgePage(page({ html: '<p>nothing</p>', truncated: true }), [LINK])).toEqual({
      kind: 'result', status: 'MISSING', info: 'https://target.example/page: not found on the page\n(only the first 5 MB of the page were read)',
    });
  });

  it('retries a missing page, then calls it MISSING; retries server errors, then ERROR; 403 at once', () => {
    expect(judgePage(page({ status: 404 }), [LINK])).toEqual({
      kind: 'retry', reason: 'The page answers 404 Not Found', final: { status: 'MISSING', info: 'The page answers 404 Not Found: the post was deleted or is not published' },
    });
    expect(judgePage(page({ status: 503 }), [LINK])).toEqual({
      kind: 'retry', reason: 'The page answers 503 Service Unavailable', final: { status: 'ERROR', info: 'The page answers 503 Service Unavailable' },
    });
    expect(judgePage(page({ status: 403 }), [LINK])).toEqual({
      kind: 'result', status: 'ERROR', info: 'The page answers 403 Forbidden: the post is not public, or the site refuses automated visits',
    });
  });
});
