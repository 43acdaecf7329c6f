import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  INDEXNOW_MAX_URLS, batchUrlsByHost, keyLocationFor, submitIndexNowBatch, type IndexNowBatch, type IndexNowError,
} from '../../src/engine/indexer/indexnow-client';
import { startIndexNowStandIn, type IndexNowStandIn } from '../support/indexnow-stand-in';

const KEY = 'a1b2c3d4e5f60718';

describe('batchUrlsByHost', () => {
  it('groups by origin in first-seen order and skips what is not an http(s) URL', () => {
    const { batches, skipped } = batchUrlsByHost([
      'https://a.example/1', 'http://b.example/x', 'https://a.example/2', 'ftp://c.example/f', 'not a url', 'https://a.example:8443/3', ' https://b.example/y ',
      'www.d.example/page',
    ]);
    expect(batches).toEqual([
      { host: 'a.example', origin: 'https://a.example', urls: ['https://a.example/1', 'https://a.example/2'] },
      { host: 'b.example', origin: 'http://b.example', urls: ['http://b.example/x'] },
      { host: 'a.example', origin: 'https://a.example:8443', urls: ['https://a.example:8443/3'] },
      { host: 'b.example', origin: 'https://b.example', urls: ['https://b.example/y'] },
      { host: 'www.d.example', origin: 'https://www.d.example', urls: ['https://www.d.example/page'] },
    ]);
    expect(skipped).toBe(2);
  });

  it('never puts more than the protocol allows in one request', () => {
    const urls = Array.from({ length: INDEXNOW_MAX_URLS * 2 + 5 }, (_, i) => `https://a.example/${i}`);
    expect(batchUrlsByHost(urls).batches.map((b) => b.urls.length)).toEqual([INDEXNOW_MAX_URLS, INDEXNOW_MAX_URLS, 5]);
    expect(batchUrlsByHost(['https://a.example/1', 'https://a.example/2', 'https://a.example/3'], 2).batches.map((b) => b.urls)).toEqual([
      ['https://a.example/1', 'https://a.example/2'], ['https://a.example/3'],
    ]);
  });

  it('puts the key file at the root of the batch host', () => {
    expect(keyLocationFor({ origin: 'https://a.example:8443' }, KEY)).toBe(`https://a.example:8443/${KEY}.txt`);
  });
});

describe('submitIndexNowBatch against a stand-in that follows the IndexNow documentation', () => {
  let standIn: IndexNowStandIn;
  const batch: IndexNowBatch = { host: 'blog.example', origin: 'https://blog.example', urls: ['https://blog.example/a', 'https://blog.example/b'] };
  const submit = (overrides: Partial<Parameters<typeof submitIndexNowBatch>[1]> = {}, which: IndexNowBatch = batch) =>
    submitIndexNowBatch(which, { endpoint: standIn.endpoint, engineName: 'Bing', key: KEY, keyLocation: keyLocationFor(which, KEY), timeoutMs: 5000, ...overrides });
  const failure = (promise: Promise<unknown>) => promise.then(() => { throw new Error('expected a refusal'); }, (error: unknown) => error as IndexNowError);

  beforeAll(async () => {
    standIn = await startIndexNowStandIn();
  });
  afterAll(() => standIn.close());
  beforeEach(() => {
    standIn.received.length = 0;
    standIn.knownKeys = new Set([KEY]);
    standIn.pendingKeys = new Set();
  });

  it('POSTs the documented JSON and takes 200 and 202', async () => {
    expect(await submit()).toBe(200);
    expect(standIn.received).toEqual([{
      host: 'blog.example', key: KEY, keyLocation: `https://blog.example/${KEY}.txt`, urlList: batch.urls, contentType: 'application/json; charset=utf-8',
    }]);
    standIn.knownKeys.clear();
    standIn.pendingKeys.add(KEY);
    expect(await submit()).toBe(202);
  });

  it('maps 403, 422 and 400 to refusals a user can act on, never retried', async () => {
    standIn.knownKeys.clear();
    const forbidden = await failure(submit());
    expect(forbidden).toMatchObject({ kind: 'forbidden', retryable: false });
    expect(forbidden.message).toBe(`Bing did not accept the IndexNow key for blog.example (403 Forbidden): publish the key file at https://blog.example/${KEY}.txt (its content is the key) and start the project again.`);

    standIn.knownKeys.add(KEY);
    const foreign = await failure(submit({}, { ...batch, urls: ['https://other.example/x'] }));
    expect(foreign).toMatchObject({ kind: 'unprocessable', retryable: false });
    expect(foreign.message).toContain('422 Unprocessable Entity');
    expect((await failure(submit({ key: 'short' }))).kind).toBe('unprocessable');
    expect((await failure(submit({}, { ...batch, urls: [] })))).toMatchObject({ kind: 'badRequest', retryable: false, details: { status: 400 } });
  });

  it('maps 429 to a retry after the engine Retry-After', async () => {
    standIn.busy(1, 42);
    const busy = await failure(submit());
    expect(busy).toMatchObject({ kind: 'rateLimited', retryable: true, details: { status: 429, retryAfterMs: 42_000 } });
    expect(busy.message).toBe('Bing is limiting submissions (429 Too Many Requests); they will be tried again later.');
  });

  it('retries server errors, silence and refused connections', async () => {
    const server = http.createServer((request, response) => {
      if (request.url === '/slow') return void setTimeout(() => response.end('late'), 2000);
      response.writeHead(503, { 'retry-after': '7' }).end('<h1>Down for maintenance</h1>');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const down = await failure(submit({ endpoint: `${base}/indexnow` }));
      expect(down).toMatchObject({ kind: 'server', retryable: true, details: { status: 503, retryAfterMs: 7000 } });
      expect(down.message).toBe('Bing answered 503: Down for maintenance; it will be tried again.');
      expect(await failure(submit({ endpoint: `${base}/slow`, timeoutMs: 200 }))).toMatchObject({ kind: 'timeout', retryable: true });
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
    expect(await failure(submit({ endpoint: 'http://127.0.0.1:9/indexnow' }))).toMatchObject({ kind: 'network', retryable: true });
  });

  it('rejects with the signal reason when aborted', async () => {
    const controller = new AbortController();
    controller.abort(new Error('stopped'));
    await expect(submit({ signal: controller.signal })).rejects.toThrow('stopped');
  });
});
