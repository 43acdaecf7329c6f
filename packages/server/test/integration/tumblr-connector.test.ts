/**
 * The Tumblr connector against a local stand-in of the Tumblr API v2 (test/support/tumblr-stand-in.ts,
 * written from Tumblr's API docs), which recomputes every request's OAuth 1.0a signature per
 * RFC 5849: a text post with its links and tags, its 64-bit id kept whole, the look-up after a lost
 * answer, the credentials' form and Tumblr's refusals in our words, and links re-pointed in place.
 */
import type http from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PublishError, type ClaimedNames, type PublishIntent, type PublishOptions, type PublishTarget } from '../../src/engine/connectors/connector';
import { createTumblrConnector, type TumblrConnector } from '../../src/engine/connectors/tumblr/tumblr-connector';
import { startTumblrStandIn, type TumblrStandIn } from '../support/tumblr-stand-in';
import { startStubServer } from './stub-servers';

const OPTIONS: PublishOptions = { timeoutMs: 10_000 };
const BLOG = 'first-garden.tumblr.com';
const BLOG_URL = `https://${BLOG}`;
const noClaims: ClaimedNames = async () => new Set();

async function expectPublishError(promise: Promise<unknown>): Promise<PublishError> {
  const error = await promise.then(() => undefined, (reason: unknown) => reason);
  expect(error).toBeInstanceOf(PublishError);
  return error as PublishError;
}

describe('Tumblr connector against a Tumblr API stand-in', () => {
  let api: TumblrStandIn;
  let connector: TumblrConnector;
  const target = (password = api.passwordOf(api.accounts.owner), siteUrl = BLOG_URL): PublishTarget => ({ siteUrl, username: 'owner@example.com', password });
  const intentOf = (name: string, at = Date.now()): PublishIntent => ({ title: name, name, at });

  beforeAll(async () => {
    api = await startTumblrStandIn([BLOG]);
  });
  afterAll(async () => {
    await api?.close();
  });
  beforeEach(() => {
    connector = createTumblrConnector({ apiBase: api.apiBase });
    api.requests.length = 0;
    api.posts.length = 0;
    api.createErrors.length = 0;
  });

  it('publishes a signed legacy text post: title, HTML body with its links, tags; the 64-bit id is kept whole and the address read back', async () => {
    const html = '<p>Start with <a href="https://example.com/soil-guide">a soil guide</a>, then <a href="https://example.org/seeds?x=1&amp;y=2">seed notes</a>.</p>';
    const post = { title: 'Beans & peas in spring', html, tags: ['garden', 'raised beds', 'spring, early'] };
    const name = await connector.chooseName(target(), post, noClaims, OPTIONS);
    expect(name).toBe('Beans & peas in spring');
    const result = await connector.publish(target(), { ...post, intent: intentOf(name) }, OPTIONS);

    expect(api.posts).toHaveLength(1);
    const stored = api.posts[0]!;
    expect(BigInt(stored.id)).toBeGreaterThan(BigInt(Number.MAX_SAFE_INTEGER));
    expect(result).toEqual({ url: `https://${BLOG}/post/${stored.id}/beans-amp-peas-in-spring`, remoteId: stored.id, warnings: [] });

    const [create] = api.createRequests();
    expect(create!.path).toBe(`/v2/blog/${BLOG}/post`);
    expect(create!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(create!.form)).toEqual({
      type: 'text', state: 'published', format: 'html', title: 'Beans &amp; peas in spring', body: html, tags: 'garden,raised beds,spring early',
    });
    expect(stored.body).toContain('href="https://example.com/soil-guide"');
    expect(stored.body).toContain('href="https://example.org/seeds?x=1&amp;y=2"');
    expect(create!.oauth).toMatchObject({ oauth_consumer_key: api.app.consumerKey, oauth_token: api.accounts.owner.token, oauth_signature_method: 'HMAC-SHA1', oauth_version: '1.0' });
    // The signature covers the form body: the stand-in's base string holds its parameters.
    expect(create!.baseString).toContain('body%3D');
    // Every request was signed as RFC 5849 says (the stand-in recomputed each), and went to the API only.
    expect(api.requests.length).toBeGreaterThanOrEqual(3);
    expect(api.requests.every((request) => request.signatureValid && request.path.startsWith(`/v2/blog/${BLOG}/`))).toBe(true);
    expect(api.requests.filter((request) => request.method === 'GET').every((request) => request.query.get('api_key') === api.app.consumerKey)).toBe(true);
  });

  it('after a lost answer finds the post by its title and time, and the title is no longer free: no second post is made', async () => {
    const post = { title: 'Compost in winter', html: '<p>Turn the <a href="https://example.com/compost">compost heap</a> twice a month; cover it with straw, and more straw in frost.</p>', tags: [] };
    const intent = intentOf(await connector.chooseName(target(), post, noClaims, OPTIONS));
    api.dropNextCreateAnswer = true;
    const lost = await expectPublishError(connector.publish(target(), { ...post, intent }, OPTIONS));
    expect(lost.kind).toBe('network');
    expect(lost.outcomeUnknown).toBe(true);
    expect(api.posts).toHaveLength(1);

    const found = await connector.findPublished(target(), intent, OPTIONS);
    expect(found).toEqual({ url: `https://${BLOG}/post/${api.posts[0]!.id}/compost-in-winter`, remoteId: api.posts[0]!.id, status: 'publish' });
    expect(await connector.chooseName(target(), post, noClaims, OPTIONS)).toBe('Compost in winter (Straw)');
    expect(api.createRequests()).toHaveLength(1);
    expect(api.posts).toHaveLength(1);

    expect(await connector.findPublished(target(), intentOf('Never posted'), OPTIONS)).toBeNull();
  });

  it('takes the blog by its www.tumblr.com/name address too', async () => {
    const result = await connector.publish(target(undefined, 'https://www.tumblr.com/first-garden'), { title: 'By name', html: '<p>x</p>', tags: [], intent: intentOf('By name') }, OPTIONS);
    expect(result.remoteId).toBe(api.posts[0]!.id);
    expect(api.createRequests()[0]!.path).toBe(`/v2/blog/${BLOG}/post`);
  });

  it('a password that is not four OAuth values says which are missing, before any request', async () => {
    const post = { title: 'x', html: '<p>x</p>', tags: [], intent: intentOf('x') };
    const three = await expectPublishError(connector.publish(target(`${api.app.consumerKey}:${api.app.consumerSecret}:${api.accounts.owner.token}`), post, OPTIONS));
    expect(three.kind).toBe('auth');
    expect(three.code).toBe('badCredentials');
    expect(three.message).toContain('lacks the access token secret');
    expect(three.message).toContain('consumerKey:consumerSecret:token:tokenSecret');
    const blankKey = await expectPublishError(connector.publish(target(`:secret:token:tokensecret`), post, OPTIONS));
    expect(blankKey.message).toContain('lacks the consumer key');
    const five = await expectPublishError(connector.publish(target('a:b:c:d:e'), post, OPTIONS));
    expect(five.message).toContain('5 colon-separated values');
    expect(api.requests).toHaveLength(0);
  });

  it('a wrong token secret fails the signature: auth, get a new access token; another account’s token is refused the blog', async () => {
    const post = { title: 'Token test', html: '<p>x</p>', tags: [], intent: intentOf('Token test') };
    const owner = api.accounts.owner;
    const wrong = await expectPublishError(connector.publish(target(`${api.app.consumerKey}:${api.app.consumerSecret}:${owner.token}:not-the-secret`), post, OPTIONS));
    expect(wrong.kind).toBe('auth');
    expect(wrong.code).toBe('badCredentials');
    expect(wrong.status).toBe(401);
    expect(wrong.message).toContain(`get a new access token for ${BLOG_URL}`);
    expect(wrong.outcomeUnknown).toBe(false);
    expect(api.requests[0]!.signatureValid).toBe(false);

    const other = await expectPublishError(connector.publish(target(api.passwordOf(api.accounts.other)), post, OPTIONS));
    expect(other.kind).toBe('auth');
    expect(other.code).toBe('permissionDenied');
    expect(other.status).toBe(403);
    expect(api.posts).toHaveLength(0);
  });

  it('Tumblr’s limits are rateLimited with the wait; a refused post is rejected with Tumblr’s error code only', async () => {
    const post = { title: 'Limits', html: '<p>x</p>', tags: [], intent: intentOf('Limits') };
    api.createErrors.push({ status: 429, msg: 'Limit Exceeded' });
    const limited = await expectPublishError(connector.publish(target(), post, OPTIONS));
    expect(limited.kind).toBe('rateLimited');
    expect(limited.retryAfterMs).toBe(60_000);

    api.createErrors.push({ status: 429, msg: 'Limit Exceeded', headers: { 'retry-after': '90' } });
    expect((await expectPublishError(connector.publish(target(), post, OPTIONS))).retryAfterMs).toBe(90_000);

    api.createErrors.push({ status: 403, msg: 'Forbidden', title: 'You have reached your daily post limit', code: 8023 });
    const daily = await expectPublishError(connector.publish(target(), post, OPTIONS));
    expect(daily.kind).toBe('rateLimited');
    expect(daily.retryAfterMs).toBeGreaterThan(0);
    expect(daily.retryAfterMs).toBeLessThanOrEqual(24 * 60 * 60 * 1000);

    api.createErrors.push({ status: 400, msg: 'Bad Request', title: '<b>Something</b> went wrong', code: 8001 });
    const refused = await expectPublishError(connector.publish(target(), post, OPTIONS));
    expect(refused.kind).toBe('rejected');
    expect(refused.retryable).toBe(false);
    expect(refused.outcomeUnknown).toBe(false);
    expect(refused.message).toContain('HTTP 400, error 8001');
    expect(refused.message).not.toContain('Something');

    api.createErrors.push({ status: 503, msg: 'Service Unavailable' });
    const outage = await expectPublishError(connector.publish(target(), post, OPTIONS));
    expect(outage.retryable).toBe(true);
    expect(outage.outcomeUnknown).toBe(true);
    expect(api.posts).toHaveLength(0);
  });

  it('an unknown blog is notFound', async () => {
    const error = await expectPublishError(connector.publish(target(undefined, 'https://nobody-here.tumblr.com'), { title: 'x', html: '<p>x</p>', tags: [], intent: intentOf('x') }, OPTIONS));
    expect(error.kind).toBe('notFound');
    expect(error.outcomeUnknown).toBe(false);
  });

  it('updateLinks re-points the link in the body as entered, with /post/edit of the body alone; a second call changes nothing and saves nothing', async () => {
    const published = await connector.publish(target(), {
      title: 'Seed swap', html: '<p>See <a href="https://dead.example/page/">the swap list</a> and <a href="https://example.com/keep">this</a>.</p>', tags: ['seeds'], intent: intentOf('Seed swap'),
    }, OPTIONS);
    const changes = [{ from: 'https://dead.example/page', to: 'https://live.example/new-page' }];
    expect(await connector.updateLinks(target(), published, changes, OPTIONS)).toEqual({ changed: 1 });
    const stored = api.posts.find((post) => post.id === published.remoteId)!;
    expect(stored.body).toBe('<p>See <a href="https://live.example/new-page">the swap list</a> and <a href="https://example.com/keep">this</a>.</p>');
    expect(stored.title).toBe('Seed swap');
    expect(stored.tags).toEqual(['seeds']);
    const edits = api.requests.filter((request) => request.path.endsWith('/post/edit'));
    expect(edits).toHaveLength(1);
    expect(Object.fromEntries(edits[0]!.form)).toEqual({ id: published.remoteId, type: 'text', format: 'html', body: stored.body });
    expect(edits[0]!.signatureValid).toBe(true);

    expect(await connector.updateLinks(target(), published, changes, OPTIONS)).toEqual({ changed: 0 });
    expect(api.requests.filter((request) => request.path.endsWith('/post/edit'))).toHaveLength(1);
  });

  it('the credentials go to the API’s origin only: an answer redirecting elsewhere gets the request there without them', async () => {
    const seen: http.IncomingHttpHeaders[] = [];
    const elsewhere = await startStubServer((request, response) => {
      seen.push(request.headers);
      response.writeHead(401, { 'content-type': 'application/json' }).end('{}');
    });
    const redirecting = await startStubServer((request, response) => response.writeHead(307, { location: `${elsewhere.url}${request.url ?? '/'}` }).end());
    try {
      const away = createTumblrConnector({ apiBase: `${redirecting.url}/v2` });
      await expectPublishError(away.publish(target(api.passwordOf(api.accounts.owner)), { title: 'Away', html: '<p>x</p>', tags: [], intent: intentOf('Away') }, OPTIONS));
      expect(redirecting.requests.length).toBeGreaterThanOrEqual(1);
      expect(seen.length).toBeGreaterThanOrEqual(1);
      expect(seen.every((headers) => headers.authorization === undefined)).toBe(true);
    } finally {
      await redirecting.close();
      await elsewhere.close();
    }
  });
});
