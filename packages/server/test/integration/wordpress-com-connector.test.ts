/**
 * The WordPress.com connector against a local stand-in of the WordPress.com REST API v1.1
 * (test/support/wordpress-com-stand-in.ts, written from its reference): a post with its links and
 * tags, the look-up after a lost answer (by search and after, and without the search when its
 * index lags), the token's refusals and the API's errors in our words, and links re-pointed in place.
 */
import type http from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PublishError, type ClaimedNames, type PublishIntent, type PublishOptions, type PublishTarget } from '../../src/engine/connectors/connector';
import { CLOCK_SKEW_ALLOWANCE_MS } from '../../src/engine/connectors/intent-match';
import { createWordPressComConnector, type WordPressComConnector } from '../../src/engine/connectors/wordpress-com/wordpress-com-connector';
import { startWordPressComStandIn, type WordPressComStandIn } from '../support/wordpress-com-stand-in';
import { startStubServer } from './stub-servers';

const OPTIONS: PublishOptions = { timeoutMs: 10_000 };
const SITE = 'first-garden.wordpress.com';
const SITE_URL = `https://${SITE}`;
const noClaims: ClaimedNames = async () => new Set();

async function expectPublishError(promise: Promise<unknown>): Promise<PublishError> {
  const error = await promise.then(() => undefined, (reason: unknown) => reason);
  expect(error).toBeInstanceOf(PublishError);
  return error as PublishError;
}

describe('WordPress.com connector against a WordPress.com REST API stand-in', () => {
  let api: WordPressComStandIn;
  let connector: WordPressComConnector;
  const target = (password = api.tokens.valid, siteUrl = SITE_URL): PublishTarget => ({ siteUrl, username: 'gardener', password });
  const intentOf = (name: string, at = Date.now()): PublishIntent => ({ title: name, name, at });

  beforeAll(async () => {
    api = await startWordPressComStandIn(SITE);
  });
  afterAll(async () => {
    await api?.close();
  });
  beforeEach(() => {
    connector = createWordPressComConnector({ apiBase: api.apiBase });
    api.requests.length = 0;
    api.posts.length = 0;
    api.createErrors.length = 0;
    api.searchIndexBehind = false;
  });

  it('publishes the title, the HTML with its links and the tags through posts/new, as form fields with the bearer token', async () => {
    const html = '<p>Start with <a href="https://example.com/soil-guide">a soil guide</a>, then <a href="https://example.org/seeds?x=1&amp;y=2">seed notes</a>.</p>';
    const post = { title: "Beans & peas: don't wait", html, tags: ['garden', 'raised beds', 'spring, early'] };
    const name = await connector.chooseName(target(), post, noClaims, OPTIONS);
    expect(name).toBe("Beans & peas: don't wait");
    const result = await connector.publish(target(), { ...post, intent: intentOf(name) }, OPTIONS);

    expect(api.posts).toHaveLength(1);
    const stored = api.posts[0]!;
    expect(result).toEqual({ url: stored.URL, remoteId: String(stored.ID), warnings: [] });
    expect(result.url).toMatch(/^https:\/\/first-garden\.wordpress\.com\/\d{4}\/\d{2}\/\d{2}\/beans-peas-don-t-wait\/$/);

    const [create] = api.createRequests();
    expect(create!.path).toBe(`/rest/v1.1/sites/${SITE}/posts/new`);
    expect(create!.headers.authorization).toBe(`Bearer ${api.tokens.valid}`);
    expect(create!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(create!.fields).toEqual({ title: "Beans &amp; peas: don't wait", content: html, status: 'publish', tags: 'garden,raised beds,spring early' });
    expect(stored.content).toContain('href="https://example.com/soil-guide"');
    expect(stored.content).toContain('href="https://example.org/seeds?x=1&amp;y=2"');
    expect(stored.tags).toEqual(['garden', 'raised beds', 'spring early']);
    // The name check searched the site's posts of the last hours by the title, raw titles (edit context).
    const search = api.requests.find((request) => request.method === 'GET')!;
    expect(search.query.get('search')).toBe("Beans & peas: don't wait");
    expect(search.query.get('context')).toBe('edit');
    expect(api.requests.every((request) => request.path.startsWith(`/rest/v1.1/sites/${SITE}/`) && request.headers.authorization === `Bearer ${api.tokens.valid}`)).toBe(true);
  });

  it('after a lost answer finds the post by search and after, by its raw title; the title is no longer free: no second post is made', async () => {
    const post = { title: "Compost: it's winter", html: '<p>Turn the <a href="https://example.com/compost">compost heap</a> twice a month; cover it with straw, and more straw in frost.</p>', tags: [] };
    const intent = intentOf(await connector.chooseName(target(), post, noClaims, OPTIONS));
    api.dropNextCreateAnswer = true;
    const lost = await expectPublishError(connector.publish(target(), { ...post, intent }, OPTIONS));
    expect(lost.kind).toBe('network');
    expect(lost.outcomeUnknown).toBe(true);
    expect(api.posts).toHaveLength(1);

    const found = await connector.findPublished(target(), intent, OPTIONS);
    expect(found).toEqual({ url: api.posts[0]!.URL, remoteId: String(api.posts[0]!.ID), status: 'publish' });
    const lookup = api.requests.filter((request) => request.method === 'GET').at(-1)!;
    expect(lookup.query.get('search')).toBe("Compost: it's winter");
    expect(Date.parse(lookup.query.get('after')!)).toBe(intent.at - CLOCK_SKEW_ALLOWANCE_MS);
    expect(await connector.chooseName(target(), post, noClaims, OPTIONS)).toBe("Compost: it's winter (Straw)");
    expect(api.createRequests()).toHaveLength(1);

    // A search index behind finds nothing: the look-up reads the posts of that time instead.
    api.searchIndexBehind = true;
    expect(await connector.findPublished(target(), intent, OPTIONS)).toEqual(found);
    expect(await connector.findPublished(target(), intentOf('Never posted'), OPTIONS)).toBeNull();
    expect(api.posts).toHaveLength(1);
  });

  it('a revoked token is an auth error that says to get a new access token; a token without the right to publish, or for another site, names what it needs', async () => {
    const post = { title: 'Token test', html: '<p>x</p>', tags: [], intent: intentOf('Token test') };
    const revoked = await expectPublishError(connector.publish(target(api.tokens.revoked), post, OPTIONS));
    expect(revoked.kind).toBe('auth');
    expect(revoked.code).toBe('badCredentials');
    expect(revoked.message).toContain(`get a new access token for ${SITE_URL}`);
    expect(revoked.message).not.toContain('The OAuth2 token is invalid');
    expect(revoked.outcomeUnknown).toBe(false);

    for (const token of [api.tokens.contributor, api.tokens.otherSite]) {
      const refused = await expectPublishError(connector.publish(target(token), post, OPTIONS));
      expect(refused.kind).toBe('auth');
      expect(refused.code).toBe('permissionDenied');
      expect(refused.status).toBe(403);
      expect(refused.message).toContain('global scope');
      expect(refused.message).toContain('(HTTP 403, unauthorized)');
    }
    const none = await expectPublishError(connector.publish(target(' '), post, OPTIONS));
    expect(none.kind).toBe('auth');
    expect(api.posts).toHaveLength(0);
  });

  it('the API’s rate limit is rateLimited with the wait; a refused post is rejected with the API’s error code only', async () => {
    const post = { title: 'Limits', html: '<p>x</p>', tags: [], intent: intentOf('Limits') };
    api.createErrors.push({ status: 429, error: 'rate_limit_exceeded', message: 'Too many requests', headers: { 'retry-after': '45' } });
    const limited = await expectPublishError(connector.publish(target(), post, OPTIONS));
    expect(limited.kind).toBe('rateLimited');
    expect(limited.retryAfterMs).toBe(45_000);

    api.createErrors.push({ status: 400, error: 'invalid_input', message: 'Invalid <b>post</b> content' });
    const refused = await expectPublishError(connector.publish(target(), post, OPTIONS));
    expect(refused.kind).toBe('rejected');
    expect(refused.retryable).toBe(false);
    expect(refused.outcomeUnknown).toBe(false);
    expect(refused.message).toContain('HTTP 400, invalid_input');
    expect(refused.message).not.toContain('post</b>');

    api.createErrors.push({ status: 500, error: 'internal_error', message: 'Oops' });
    const outage = await expectPublishError(connector.publish(target(), post, OPTIONS));
    expect(outage.retryable).toBe(true);
    expect(outage.outcomeUnknown).toBe(true);
    expect(api.posts).toHaveLength(0);
  });

  it('an unknown site is notFound', async () => {
    const error = await expectPublishError(connector.publish(target(undefined, 'https://nobody-here.wordpress.com'), { title: 'x', html: '<p>x</p>', tags: [], intent: intentOf('x') }, OPTIONS));
    expect(error.kind).toBe('notFound');
    expect(error.message).toContain('has no site');
  });

  it('updateLinks re-points the link in the stored content with POST posts/$post_ID of the content alone; a second call changes nothing and saves nothing', async () => {
    const published = await connector.publish(target(), {
      title: 'Seed swap', html: "<p>See <a href='https://dead.example/page/'>the swap list</a> and <a href=\"https://example.com/keep\">this</a>.</p>", tags: ['seeds'], intent: intentOf('Seed swap'),
    }, OPTIONS);
    const changes = [{ from: 'https://dead.example/page', to: 'https://live.example/new-page' }];
    expect(await connector.updateLinks(target(), published, changes, OPTIONS)).toEqual({ changed: 1 });
    const stored = api.posts.find((post) => String(post.ID) === published.remoteId)!;
    expect(stored.content).toBe('<p>See <a href="https://live.example/new-page">the swap list</a> and <a href="https://example.com/keep">this</a>.</p>');
    expect(stored.title).toBe('Seed swap');
    expect(stored.tags).toEqual(['seeds']);
    const reads = api.requests.filter((request) => request.method === 'GET' && request.path.endsWith(`/posts/${published.remoteId}`));
    expect(reads[0]!.query.get('context')).toBe('edit');
    const updates = api.requests.filter((request) => request.method === 'POST' && request.path.endsWith(`/posts/${published.remoteId}`));
    expect(updates).toHaveLength(1);
    expect(updates[0]!.fields).toEqual({ content: stored.content });

    expect(await connector.updateLinks(target(), published, changes, OPTIONS)).toEqual({ changed: 0 });
    expect(api.requests.filter((request) => request.method === 'POST' && request.path.endsWith(`/posts/${published.remoteId}`))).toHaveLength(1);
  });

  it('the credentials go to the API’s origin only: an answer redirecting elsewhere gets the request there without them', async () => {
    const seen: http.IncomingHttpHeaders[] = [];
    const elsewhere = await startStubServer((request, response) => {
      seen.push(request.headers);
      response.writeHead(401, { 'content-type': 'application/json' }).end('{}');
    });
    const redirecting = await startStubServer((request, response) => response.writeHead(307, { location: `${elsewhere.url}${request.url ?? '/'}` }).end());
    try {
      const away = createWordPressComConnector({ apiBase: `${redirecting.url}/rest/v1.1` });
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
