/**
 * The Blogger connector against a local stand-in of the Blogger API v3 (test/support/blogger-stand-in.ts,
 * written from Google's reference): the blog's id by its address, a post with its links and labels,
 * the look-up after a lost answer, Google's refusals in our words, and links re-pointed in place.
 */
import type http from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PublishError, type ClaimedNames, type PublishIntent, type PublishOptions, type PublishTarget } from '../../src/engine/connectors/connector';
import { createBloggerConnector, type BloggerConnector } from '../../src/engine/connectors/blogger/blogger-connector';
import { CLOCK_SKEW_ALLOWANCE_MS } from '../../src/engine/connectors/intent-match';
import { BLOGGER_SCOPE, startBloggerStandIn, type BloggerStandIn } from '../support/blogger-stand-in';
import { startStubServer } from './stub-servers';

const OPTIONS: PublishOptions = { timeoutMs: 10_000 };
const BLOG_URL = 'https://first-garden.blogspot.com';
const noClaims: ClaimedNames = async () => new Set();

async function expectPublishError(promise: Promise<unknown>): Promise<PublishError> {
  const error = await promise.then(() => undefined, (reason: unknown) => reason);
  expect(error).toBeInstanceOf(PublishError);
  return error as PublishError;
}

describe('Blogger connector against a Blogger API stand-in', () => {
  let api: BloggerStandIn;
  let connector: BloggerConnector;
  const target = (password = api.tokens.valid): PublishTarget => ({ siteUrl: BLOG_URL, username: 'owner@example.com', password });
  const intentOf = (name: string, at = Date.now()): PublishIntent => ({ title: name, name, at });

  beforeAll(async () => {
    api = await startBloggerStandIn([BLOG_URL]);
  });
  afterAll(async () => {
    await api?.close();
  });
  beforeEach(() => {
    connector = createBloggerConnector({ apiBase: api.apiBase });
    api.requests.length = 0;
    api.posts.length = 0;
    api.insertErrors.length = 0;
    api.dropNextInsertAnswer = false;
    api.stallNextInsert = false;
  });

  it('publishes the title, the HTML with its links and the labels as posts.insert documents them; the blog id is looked up once', async () => {
    const html = '<p>Start with <a href="https://example.com/soil-guide">a soil guide</a>, then read <a href="https://example.org/seeds?x=1&amp;y=2">seed notes</a>.</p>';
    const post = { title: 'Raised beds in spring', html, tags: ['garden', 'raised beds', 'spring, early'] };
    const name = await connector.chooseName(target(), post, noClaims, OPTIONS);
    expect(name).toBe('Raised beds in spring');
    const result = await connector.publish(target(), { ...post, intent: intentOf(name) }, OPTIONS);

    expect(api.posts).toHaveLength(1);
    const stored = api.posts[0]!;
    expect(result).toEqual({ url: stored.url, remoteId: stored.id, warnings: [] });
    expect(result.url).toMatch(/^http:\/\/first-garden\.blogspot\.com\/\d{4}\/\d{2}\/raised-beds-in-spring\.html$/);

    const byUrl = api.requests.filter((request) => request.path === '/blogger/v3/blogs/byurl');
    expect(byUrl).toHaveLength(1);
    expect(byUrl[0]!.query.get('url')).toBe(BLOG_URL);
    const [insert] = api.insertRequests();
    expect(insert!.path).toBe(`/blogger/v3/blogs/${api.blogs[0]!.id}/posts`);
    expect(insert!.headers.authorization).toBe(`Bearer ${api.tokens.valid}`);
    expect(insert!.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(insert!.body)).toEqual({
      kind: 'blogger#post', blog: { id: api.blogs[0]!.id }, title: 'Raised beds in spring', content: html, labels: ['garden', 'raised beds', 'spring early'],
    });
    expect(stored.content).toContain('href="https://example.com/soil-guide"');
    expect(stored.content).toContain('href="https://example.org/seeds?x=1&amp;y=2"');
    // Every request went to the API, each with the token; none to the blog's own address.
    expect(api.requests.every((request) => request.path.startsWith('/blogger/v3/') && request.headers.authorization === `Bearer ${api.tokens.valid}`)).toBe(true);

    await connector.publish(target(), { title: 'Second post', html: '<p>More.</p>', tags: [], intent: intentOf('Second post') }, OPTIONS);
    expect(api.requests.filter((request) => request.path === '/blogger/v3/blogs/byurl')).toHaveLength(1);
  });

  it('after a lost answer finds the post by its title and time, and the title is no longer free: no second post is made', async () => {
    const post = { title: 'Compost in winter', html: '<p>Turn the <a href="https://example.com/compost">compost heap</a> twice a month; cover it with straw, and more straw in frost.</p>', tags: [] };
    const intent = intentOf(await connector.chooseName(target(), post, noClaims, OPTIONS));
    api.dropNextInsertAnswer = true;
    const lost = await expectPublishError(connector.publish(target(), { ...post, intent }, OPTIONS));
    expect(lost.kind).toBe('network');
    expect(lost.outcomeUnknown).toBe(true);
    expect(api.posts).toHaveLength(1);

    const found = await connector.findPublished(target(), intent, OPTIONS);
    expect(found).toEqual({ url: api.posts[0]!.url, remoteId: api.posts[0]!.id, status: 'publish' });
    const list = api.requests.filter((request) => request.effectiveMethod === 'GET' && request.path.endsWith('/posts')).at(-1)!;
    expect(Date.parse(list.query.get('startDate')!)).toBe(new Date(intent.at - CLOCK_SKEW_ALLOWANCE_MS).getTime());
    expect(list.query.get('fetchBodies')).toBe('false');

    // A retry's name choice sees the title taken, so the engine looks the earlier try's post up instead of posting again.
    expect(await connector.chooseName(target(), post, noClaims, OPTIONS)).toBe('Compost in winter (Straw)');
    expect(api.insertRequests()).toHaveLength(1);
    expect(api.posts).toHaveLength(1);
  });

  it('a post.insert that outlives the time limit is a timeout whose outcome is unknown; the look-up finds the post', async () => {
    const intent = intentOf('Slow answer');
    await connector.findPublished(target(), intent, OPTIONS); // the blog id, looked up in time
    api.stallNextInsert = true;
    const slow = await expectPublishError(connector.publish(target(), { title: 'Slow answer', html: '<p>x</p>', tags: [], intent }, { timeoutMs: 500 }));
    expect(slow.kind).toBe('timeout');
    expect(slow.outcomeUnknown).toBe(true);
    expect((await connector.findPublished(target(), intent, OPTIONS))?.remoteId).toBe(api.posts[0]!.id);
  });

  it('findPublished answers null for a post of that title made before the intent, and for none', async () => {
    api.addPost(api.blogs[0]!.id, 'Old favourite', '<p>Old.</p>', Date.now() - CLOCK_SKEW_ALLOWANCE_MS - 60 * 60 * 1000);
    expect(await connector.findPublished(target(), intentOf('Old favourite'), OPTIONS)).toBeNull();
    expect(await connector.findPublished(target(), intentOf('Never posted'), OPTIONS)).toBeNull();
  });

  it('a name another post of ours claims is told apart by a word of the text', async () => {
    const claimed: ClaimedNames = async (names) => new Set(names.filter((name) => name === 'Pruning roses'));
    expect(await connector.chooseName(target(), { title: 'Pruning roses', html: '<p>Secateurs and gloves: secateurs first.</p>' }, claimed, OPTIONS)).toBe('Pruning roses (Secateurs)');
  });

  it('an expired token is an auth error that says to get a new access token; a read-only token names the scope needed', async () => {
    const post = { title: 'Token test', html: '<p>x</p>', tags: [], intent: intentOf('Token test') };
    const expired = await expectPublishError(connector.publish(target(api.tokens.expired), post, OPTIONS));
    expect(expired.kind).toBe('auth');
    expect(expired.code).toBe('badCredentials');
    expect(expired.status).toBe(401);
    expect(expired.message).toContain(`get a new access token for ${BLOG_URL}`);
    expect(expired.message).not.toContain('Invalid Credentials');
    expect(expired.outcomeUnknown).toBe(false);

    const readOnly = await expectPublishError(connector.publish(target(api.tokens.readOnly), post, OPTIONS));
    expect(readOnly.kind).toBe('auth');
    expect(readOnly.code).toBe('permissionDenied');
    expect(readOnly.message).toContain(BLOGGER_SCOPE);
    expect(readOnly.message).not.toContain('insufficient authentication scopes');
    expect(api.posts).toHaveLength(0);

    const none = await expectPublishError(connector.publish(target('  '), post, OPTIONS));
    expect(none.kind).toBe('auth');
    // The expired token failed at blogs.getByUrl; the read-only one read the blog, then was refused posts.insert; the empty one sent nothing.
    expect(api.requests).toHaveLength(3);
  });

  it('Google’s rate limits are rateLimited with the wait; a refused post is rejected with Google’s reason code only', async () => {
    const post = { title: 'Limits', html: '<p>x</p>', tags: [], intent: intentOf('Limits') };
    api.insertErrors.push({ status: 429, reason: 'rateLimitExceeded', message: 'Rate Limit Exceeded', headers: { 'retry-after': '30' } });
    const limited = await expectPublishError(connector.publish(target(), post, OPTIONS));
    expect(limited.kind).toBe('rateLimited');
    expect(limited.retryAfterMs).toBe(30_000);
    expect(limited.retryable).toBe(true);

    api.insertErrors.push({ status: 403, reason: 'dailyLimitExceeded', message: 'Daily Limit Exceeded' });
    const daily = await expectPublishError(connector.publish(target(), post, OPTIONS));
    expect(daily.kind).toBe('rateLimited');
    expect(daily.retryAfterMs).toBeGreaterThan(0);
    expect(daily.retryAfterMs).toBeLessThanOrEqual(24 * 60 * 60 * 1000);

    api.insertErrors.push({ status: 400, reason: 'invalid', message: 'Invalid value <script>alert(1)</script>' });
    const refused = await expectPublishError(connector.publish(target(), post, OPTIONS));
    expect(refused.kind).toBe('rejected');
    expect(refused.retryable).toBe(false);
    expect(refused.outcomeUnknown).toBe(false);
    expect(refused.message).toContain('(invalid)');
    expect(refused.message).not.toContain('script');

    api.insertErrors.push({ status: 503, reason: 'backendError', message: 'Backend Error' });
    const outage = await expectPublishError(connector.publish(target(), post, OPTIONS));
    expect(outage.retryable).toBe(true);
    expect(outage.outcomeUnknown).toBe(true);
    expect(api.posts).toHaveLength(0);
  });

  it('an unknown blog address is notFound', async () => {
    const error = await expectPublishError(connector.publish({ ...target(), siteUrl: 'https://nobody-here.blogspot.com' }, { title: 'x', html: '<p>x</p>', tags: [], intent: intentOf('x') }, OPTIONS));
    expect(error.kind).toBe('notFound');
    expect(error.outcomeUnknown).toBe(false);
  });

  it('updateLinks re-points the link with posts.patch of the content alone; a second call changes nothing and saves nothing', async () => {
    const published = await connector.publish(target(), {
      title: 'Seed swap', html: '<p>See <a href="https://dead.example/page/">the swap list</a> and <a href="https://example.com/keep">this</a>.</p>', tags: [], intent: intentOf('Seed swap'),
    }, OPTIONS);
    const changes = [{ from: 'https://dead.example/page', to: 'https://live.example/new-page' }];
    expect(await connector.updateLinks(target(), published, changes, OPTIONS)).toEqual({ changed: 1 });
    const stored = api.posts.find((post) => post.id === published.remoteId)!;
    expect(stored.content).toContain('<a href="https://live.example/new-page">the swap list</a>');
    expect(stored.content).toContain('href="https://example.com/keep"');
    expect(stored.content).not.toContain('dead.example');
    expect(stored.title).toBe('Seed swap');
    const patches = api.requests.filter((request) => request.effectiveMethod === 'PATCH');
    expect(patches).toHaveLength(1);
    // A real PATCH, as the reference documents posts.patch (not a POST with X-HTTP-Method-Override).
    expect(patches[0]!.method).toBe('PATCH');
    expect(patches[0]!.headers['x-http-method-override']).toBeUndefined();
    expect(patches[0]!.path).toBe(`/blogger/v3/blogs/${api.blogs[0]!.id}/posts/${published.remoteId}`);
    expect(JSON.parse(patches[0]!.body)).toEqual({ content: stored.content });

    expect(await connector.updateLinks(target(), published, changes, OPTIONS)).toEqual({ changed: 0 });
    expect(api.requests.filter((request) => request.effectiveMethod === 'PATCH')).toHaveLength(1);
  });

  it('the credentials go to the API’s origin only: an answer redirecting elsewhere gets the request there without them', async () => {
    const seen: http.IncomingHttpHeaders[] = [];
    const elsewhere = await startStubServer((request, response) => {
      seen.push(request.headers);
      response.writeHead(401, { 'content-type': 'application/json' }).end('{}');
    });
    const redirecting = await startStubServer((request, response) => response.writeHead(307, { location: `${elsewhere.url}${request.url ?? '/'}` }).end());
    try {
      const away = createBloggerConnector({ apiBase: `${redirecting.url}/blogger/v3` });
      await expectPublishError(away.publish(target(api.tokens.valid), { title: 'Away', html: '<p>x</p>', tags: [], intent: intentOf('Away') }, OPTIONS));
      expect(redirecting.requests.length).toBeGreaterThanOrEqual(1);
      expect(seen.length).toBeGreaterThanOrEqual(1);
      expect(seen.every((headers) => headers.authorization === undefined)).toBe(true);
    } finally {
      await redirecting.close();
      await elsewhere.close();
    }
  });
});
