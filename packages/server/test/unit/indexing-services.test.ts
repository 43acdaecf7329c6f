import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { INDEXING_SERVICES } from '@linkloom/shared';
import { gigaIndexerClient, gigaIndexerCredentials } from '../../src/engine/indexing-services/giga-indexer';
import { indexNowClient } from '../../src/engine/indexing-services/index-now';
import { IndexingServiceError, chunk } from '../../src/engine/indexing-services/indexing-service';
import { omegaIndexerClient } from '../../src/engine/indexing-services/omega-indexer';
import {
  SUPPORTED_INDEXING_SERVICES, indexingServiceClient, indexingServiceName, isSupportedIndexingService,
} from '../../src/engine/indexing-services/registry';
import { BASE_URL_OVERRIDE_ENV, endpointFor } from '../../src/engine/indexing-services/service-http';
import { speedyIndexClient } from '../../src/engine/indexing-services/speedy-index';
import { indexingWarning } from '../../src/engine/indexing-services/indexing-submit.job';
import {
  GIGA_PATH, OMEGA_PATH, OMEGA_REDIRECTED_PATH, SPEEDY_PATH, startIndexingServicesStandIn, type IndexingServicesStandIn,
} from '../support/indexing-services-stand-in';
import { startIndexNowStandIn, type IndexNowStandIn } from '../support/indexnow-stand-in';
import { freePort } from '../support/server-process';

const URLS = ['https://blog-a.example/post-1', 'https://blog-b.example/post-2'];
const refusal = (promise: Promise<unknown>) => promise.then(
  () => { throw new Error('expected a refusal'); },
  (error: unknown) => error as IndexingServiceError,
);
const many = (count: number) => Array.from({ length: count }, (_, i) => `https://blog.example/p/${i}`);

describe('the indexing-service registry', () => {
  it('lists the services LinkLoom has a documented client for, in the order of INDEXING_SERVICES', () => {
    expect(SUPPORTED_INDEXING_SERVICES).toEqual(['IndexNow', 'SpeedyIndex', 'OmegaIndexer', 'GigaIndexer']);
    for (const key of SUPPORTED_INDEXING_SERVICES) {
      expect(INDEXING_SERVICES.map(([value]) => value)).toContain(key);
      expect(indexingServiceClient(key).key).toBe(key);
      expect(indexingServiceClient(key).docUrl).toMatch(/^https:\/\//);
    }
  });

  it('answers "not supported yet" for the others, naming the supported ones', () => {
    expect(isSupportedIndexingService('Linkdexing')).toBe(false);
    let error: unknown;
    try {
      indexingServiceClient('Linkdexing');
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(IndexingServiceError);
    expect(error).toMatchObject({ kind: 'unsupported', retryable: false });
    expect((error as Error).message).toBe(
      'LinkLoom cannot submit to Linkdexing yet (no public API documentation to build on): choose one of IndexNow, SpeedyIndex, Omega Indexer, Giga Indexer on the project\'s Indexer tab.',
    );
  });

  it('names services as the options screen does', () => {
    expect(indexingServiceName('IndexNow')).toBe('IndexNow');
    expect(indexingServiceName('OmegaIndexer')).toBe('Omega Indexer');
    expect(indexingServiceName('Unknown')).toBe('Unknown');
  });

  it('sends to the documented endpoint, or to the same path on the test override', () => {
    expect(endpointFor('https://api.speedyindex.com/v2/task/google/indexer/create', {})).toBe('https://api.speedyindex.com/v2/task/google/indexer/create');
    expect(endpointFor('https://gigaindexer.com/wp-json/index/api/v1/order', { [BASE_URL_OVERRIDE_ENV]: 'http://127.0.0.1:9999/' }))
      .toBe('http://127.0.0.1:9999/wp-json/index/api/v1/order');
  });

  it('words a refusal as a warning that keeps the posts apart', () => {
    expect(indexingWarning('SpeedyIndex', 'SpeedyIndex is overloaded (code 2).', 3)).toBe(
      'Warning, indexing service SpeedyIndex: SpeedyIndex is overloaded (code 2) (gave up after 3 tries). The posts are published; only their submission to SpeedyIndex failed.',
    );
    expect(chunk([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
  });
});

describe('the commercial clients against stand-ins that follow their documentation', () => {
  let standIn: IndexingServicesStandIn;

  beforeAll(async () => {
    standIn = await startIndexingServicesStandIn();
    process.env[BASE_URL_OVERRIDE_ENV] = standIn.url;
  });
  afterAll(async () => {
    delete process.env[BASE_URL_OVERRIDE_ENV];
    await standIn.close();
  });
  beforeEach(() => standIn.reset());

  describe('SpeedyIndex', () => {
    it('creates a google/indexer task: Authorization is the key itself, JSON {title, urls}', async () => {
      const result = await speedyIndexClient.submit(URLS, 'speedy-key', { title: 'LinkLoom run 7', timeoutMs: 5000 });
      expect(result).toEqual({ accepted: 2, taskId: expect.stringMatching(/^task-\d+$/), message: expect.stringContaining('SpeedyIndex took 2 URLs (task task-') });
      expect(standIn.requests).toHaveLength(1);
      const [request] = standIn.requests;
      expect(request).toMatchObject({ method: 'POST', path: SPEEDY_PATH });
      expect(request!.headers.authorization).toBe('speedy-key');
      expect(request!.headers['content-type']).toBe('application/json');
      expect(JSON.parse(request!.body)).toEqual({ title: 'LinkLoom run 7', urls: URLS });
    });

    it('maps the documented codes: 1 top up the balance, 2 overloaded (retryable), anything else refused', async () => {
      standIn.script(SPEEDY_PATH, { body: '{"code":1}' }, { body: '{"code":2}' }, { body: '{"code":7,"message":"Links are banned"}' }, { body: '<html>oops</html>' });
      expect(await refusal(speedyIndexClient.submit(URLS, 'speedy-key'))).toMatchObject({
        kind: 'quota', retryable: false, message: 'Your SpeedyIndex balance is too low for these URLs (code 1): top up your SpeedyIndex balance.',
      });
      expect(await refusal(speedyIndexClient.submit(URLS, 'speedy-key'))).toMatchObject({ kind: 'unavailable', retryable: true, message: 'SpeedyIndex is overloaded (code 2).' });
      expect(await refusal(speedyIndexClient.submit(URLS, 'speedy-key'))).toMatchObject({ kind: 'rejected', retryable: false, message: 'SpeedyIndex refused the task (code 7: Links are banned).' });
      expect(await refusal(speedyIndexClient.submit(URLS, 'speedy-key'))).toMatchObject({ kind: 'rejected', message: 'SpeedyIndex answered without the documented JSON (200: oops).' });
    });

    it('reads HTTP errors with their general meaning: 401 the key, 429 with Retry-After, 5xx later', async () => {
      expect(await refusal(speedyIndexClient.submit(URLS, 'wrong-key'))).toMatchObject({
        kind: 'auth', status: 401, message: 'SpeedyIndex refused the API key (401: Unauthorized): check the SpeedyIndex API key on the Options screen, Indexer tab.',
      });
      standIn.script(SPEEDY_PATH, { status: 429, body: '', headers: { 'retry-after': '120' } }, { status: 503, body: 'maintenance' });
      expect(await refusal(speedyIndexClient.submit(URLS, 'speedy-key'))).toMatchObject({ kind: 'rateLimited', retryable: true, retryAfterMs: 120_000, status: 429 });
      expect(await refusal(speedyIndexClient.submit(URLS, 'speedy-key'))).toMatchObject({
        kind: 'unavailable', retryable: true, status: 503, message: 'SpeedyIndex is not available (503: maintenance).',
      });
    });

    it('splits more than 10,000 URLs over requests; a later failure says how many went through', async () => {
      const urls = many(10_001);
      expect((await speedyIndexClient.submit(urls, 'speedy-key')).accepted).toBe(10_001);
      expect(standIn.requests.map((request) => (JSON.parse(request.body) as { urls: string[] }).urls.length)).toEqual([10_000, 1]);
      standIn.requests.length = 0;
      standIn.script(SPEEDY_PATH, { body: '{"code":0,"task_id":"a"}' }, { body: '{"code":2}' });
      expect(await refusal(speedyIndexClient.submit(urls, 'speedy-key'))).toMatchObject({ kind: 'unavailable', submittedBefore: 10_000 });
    });
  });

  describe('Omega Indexer', () => {
    it('posts the documented form (apikey, campaignname, dripfeed 0, |-joined urls) and takes "done"', async () => {
      const result = await omegaIndexerClient.submit(URLS, 'omega-key', { title: 'LinkLoom: PBN (run 3)' });
      expect(result).toEqual({ accepted: 2, message: 'Omega Indexer took 2 URLs' });
      const [request] = standIn.requests;
      expect(request).toMatchObject({ method: 'POST', path: OMEGA_PATH });
      expect(request!.headers['content-type']).toBe('application/x-www-form-urlencoded');
      const form = new URLSearchParams(request!.body);
      expect(Object.fromEntries(form)).toEqual({ apikey: 'omega-key', campaignname: 'LinkLoom: PBN (run 3)', dripfeed: '0', urls: URLS.join('|') });
      standIn.script(OMEGA_PATH, { body: 'done' });
      expect((await omegaIndexerClient.submit(URLS, 'omega-key')).accepted).toBe(2);
    });

    it('follows the 307 to app.omegaindexer.com with method and body kept', async () => {
      standIn.omegaRedirect = true;
      expect((await omegaIndexerClient.submit(URLS, 'omega-key')).accepted).toBe(2);
      expect(standIn.requests.map((request) => [request.method, request.path])).toEqual([['POST', OMEGA_PATH], ['POST', OMEGA_REDIRECTED_PATH]]);
      expect(new URLSearchParams(standIn.requests[1]!.body).get('urls')).toBe(URLS.join('|'));
    });

    it('shows any other answer as the refusal it is, and HTTP errors with their general meaning', async () => {
      expect(await refusal(omegaIndexerClient.submit(URLS, 'not-a-key'))).toMatchObject({
        kind: 'rejected', retryable: false,
        message: 'Omega Indexer did not take the URLs ("Invalid API key"): check the Omega Indexer API key on the Options screen, Indexer tab, and your Omega Indexer credits.',
      });
      standIn.script(OMEGA_PATH, { status: 403, body: 'Forbidden' }, { status: 502, body: '' });
      expect(await refusal(omegaIndexerClient.submit(URLS, 'omega-key'))).toMatchObject({ kind: 'auth', status: 403 });
      expect(await refusal(omegaIndexerClient.submit(URLS, 'omega-key'))).toMatchObject({ kind: 'unavailable', retryable: true, message: 'Omega Indexer is not available (502).' });
    });

    it('makes one campaign per 1,000 URLs', async () => {
      await omegaIndexerClient.submit(many(1_001), 'omega-key');
      expect(standIn.requests.map((request) => (new URLSearchParams(request.body).get('urls') ?? '').split('|').length)).toEqual([1_000, 1]);
    });
  });

  describe('GigaIndexer', () => {
    const key = 'me@example.test:abcd efgh ijkl mnop';

    it('orders with HTTP Basic (email, API key) and JSON {urls}; answers the order', async () => {
      const result = await gigaIndexerClient.submit(URLS, key);
      expect(result).toEqual({ accepted: 2, taskId: expect.stringMatching(/^\d+$/), message: expect.stringContaining('GigaIndexer took 2 URLs (order ') });
      const [request] = standIn.requests;
      expect(request).toMatchObject({ method: 'POST', path: GIGA_PATH });
      expect(request!.headers.authorization).toBe(`Basic ${Buffer.from('me@example.test:abcd efgh ijkl mnop').toString('base64')}`);
      expect(request!.headers['content-type']).toBe('application/json');
      expect(JSON.parse(request!.body)).toEqual({ urls: URLS });
      expect(standIn.gigaCredits).toBe(998);
    });

    it('maps every documented error: 400 with its message, 402 credits, 429 later; 401 a refused login', async () => {
      expect(await refusal(gigaIndexerClient.submit(['ftp://nope.example/x'], key))).toMatchObject({
        kind: 'rejected', status: 400, message: 'GigaIndexer refused the submission (400: No valid URLs provided).',
      });
      standIn.gigaCredits = 1;
      expect(await refusal(gigaIndexerClient.submit(URLS, key))).toMatchObject({
        kind: 'quota', retryable: false, message: 'GigaIndexer has no credits left for these URLs (402: Insufficient credits): top up your GigaIndexer balance.',
      });
      standIn.script(GIGA_PATH, { status: 429, body: '{"code":"rate_limited","message":"Rate limit exceeded"}', headers: { 'retry-after': '30' } });
      expect(await refusal(gigaIndexerClient.submit(URLS, key))).toMatchObject({ kind: 'rateLimited', retryable: true, retryAfterMs: 30_000 });
      expect(await refusal(gigaIndexerClient.submit(URLS, 'me@example.test:wrong'))).toMatchObject({
        kind: 'auth', status: 401,
        message: 'GigaIndexer refused the API key (401: The provided password is an invalid application password.): check the GigaIndexer API key on the Options screen, Indexer tab.',
      });
    });

    it('needs the key as email:API key, and asks for it without calling the service', async () => {
      expect(gigaIndexerCredentials('me@example.test: abc def ')).toEqual({ email: 'me@example.test', key: 'abc def' });
      expect(gigaIndexerCredentials('abc def')).toBeNull();
      expect(await refusal(gigaIndexerClient.submit(URLS, 'abc def'))).toMatchObject({ kind: 'auth' });
      expect(standIn.requests).toEqual([]);
    });

    it('orders at most 500 URLs at a time', async () => {
      expect((await gigaIndexerClient.submit(many(501), key)).accepted).toBe(501);
      expect(standIn.requests.map((request) => (JSON.parse(request.body) as { urls: string[] }).urls.length)).toEqual([500, 1]);
    });
  });

  describe('any client', () => {
    it('gives up on a silent service after the time limit, and says so', async () => {
      standIn.script(SPEEDY_PATH, { body: '{"code":0}', delayMs: 1_000 });
      expect(await refusal(speedyIndexClient.submit(URLS, 'speedy-key', { timeoutMs: 200 }))).toMatchObject({
        kind: 'timeout', retryable: true, message: 'SpeedyIndex did not answer within 0.2 s.',
      });
    });

    it('names an unreachable service', async () => {
      process.env[BASE_URL_OVERRIDE_ENV] = `http://127.0.0.1:${await freePort()}`;
      try {
        expect(await refusal(omegaIndexerClient.submit(URLS, 'omega-key'))).toMatchObject({
          kind: 'network', retryable: true, message: "Could not reach Omega Indexer (connection refused): check the machine's internet connection.",
        });
      } finally {
        process.env[BASE_URL_OVERRIDE_ENV] = standIn.url;
      }
    });

    it('stops at once when the job is stopped', async () => {
      standIn.script(GIGA_PATH, { body: '{}', delayMs: 2_000 });
      const controller = new AbortController();
      const reason = new Error('stopping');
      setTimeout(() => controller.abort(reason), 100);
      await expect(gigaIndexerClient.submit(URLS, 'me@example.test:abcd efgh ijkl mnop', { signal: controller.signal })).rejects.toBe(reason);
    });
  });
});

describe('IndexNow as an indexing service (the shared endpoint, the user\'s IndexNow key)', () => {
  const KEY = 'a1b2c3d4e5f60718';
  let standIn: IndexNowStandIn;

  beforeAll(async () => {
    standIn = await startIndexNowStandIn();
    process.env.INDEXNOW_ENDPOINT_OVERRIDE = standIn.endpoint;
  });
  afterAll(async () => {
    delete process.env.INDEXNOW_ENDPOINT_OVERRIDE;
    await standIn.close();
  });
  beforeEach(() => {
    standIn.received.length = 0;
    standIn.knownKeys = new Set([KEY]);
  });

  it('submits host by host with the key file at each host root', async () => {
    expect(await indexNowClient.submit(URLS, KEY)).toEqual({ accepted: 2, message: 'IndexNow took 2 URLs' });
    expect(standIn.received.map((request) => [request.host, request.keyLocation, request.urlList])).toEqual([
      ['blog-a.example', `https://blog-a.example/${KEY}.txt`, [URLS[0]]],
      ['blog-b.example', `https://blog-b.example/${KEY}.txt`, [URLS[1]]],
    ]);
  });

  it('a key the engines cannot check is an auth refusal saying where the key file goes; busy engines come back later', async () => {
    standIn.knownKeys = new Set();
    const refused = await refusal(indexNowClient.submit(URLS, KEY));
    expect(refused).toMatchObject({ kind: 'auth', retryable: false });
    expect(refused.message).toContain(`publish the key file at https://blog-a.example/${KEY}.txt`);
    expect(refused.message).toMatch(/\(0 of 2 URLs were submitted\)$/);
    standIn.knownKeys = new Set([KEY]);
    standIn.busy(1, 60);
    expect(await refusal(indexNowClient.submit(URLS, KEY))).toMatchObject({
      kind: 'rateLimited', retryable: true, retryAfterMs: 60_000, message: 'IndexNow is limiting submissions (429 Too Many Requests).',
    });
    expect(await refusal(indexNowClient.submit(URLS, 'bad key!'))).toMatchObject({ kind: 'auth' });
  });
});
