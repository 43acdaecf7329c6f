/**
 * The Ghost connector and the site probe against real Ghost 5 blogs (the `ghost` release of the
 * npm registry on this Node, started by scripts/peers/ghost.sh): a post published from article HTML
 * with its tags and featured image, its links read back on the public page as visitors and the
 * verifier see them, slugs told apart, one post per intent after a lost answer, a bad key failing
 * only its own blog, links re-pointed in place, and the probe telling a working key from a refused
 * one. The stand-in test (ghost-connector.test.ts) covers what a real blog cannot be made to do
 * (rate limits, odd answers).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PublishError, type ClaimedNames, type PublishIntent, type PublishOptions, type PublishTarget } from '../../src/engine/connectors/connector';
import { createGhostConnector, type GhostConnector } from '../../src/engine/connectors/ghost/ghost-connector';
import { adminToken, parseAdminApiKey } from '../../src/engine/connectors/ghost/admin-token';
import { fetchPage } from '../../src/engine/verify/fetch-page';
import { judgePage } from '../../src/engine/verify/judge-page';
import { probeSite } from '../../src/engine/site-verifier/probe-site';
import { ghostAvailability, startGhostPeers, type GhostPeers, type GhostPeerSite } from '../support/ghost-peers';
import { GHOST_CREATES, startPublishFront } from '../support/publish-front';
import { solidPng } from './stub-servers';

const availability = await ghostAvailability();
const skipReason = availability.available ? '' : ` (SKIPPED: ${availability.reason})`;

const OPTIONS: PublishOptions = { timeoutMs: 30_000 };
const noClaims: ClaimedNames = async () => new Set();
const newKey = () => randomBytes(3).toString('hex');
const targetOf = (blog: GhostPeerSite, key = blog.adminApiKey): PublishTarget => ({ siteUrl: blog.url, username: '', password: key });
const intentOf = (title: string, name: string): PublishIntent => ({ title, name, at: Date.now() });

async function expectPublishError(promise: Promise<unknown>): Promise<PublishError> {
  const error = await promise.then(() => undefined, (reason: unknown) => reason);
  expect(error).toBeInstanceOf(PublishError);
  return error as PublishError;
}

/** The blog's posts with this title, as its owner's integration reads them (any status). */
async function postsTitled(blog: GhostPeerSite, title: string): Promise<Array<{ id: string; slug: string }>> {
  const key = parseAdminApiKey(blog.adminApiKey)!;
  const url = new URL(`${blog.url}/ghost/api/admin/posts/`);
  url.searchParams.set('filter', `title:'${title.replace(/'/g, "\\'")}'`);
  url.searchParams.set('fields', 'id,slug');
  url.searchParams.set('limit', 'all');
  const answer = await fetch(url, { headers: { authorization: `Ghost ${adminToken(key)}`, 'accept-version': 'v5.0' } });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { posts: Array<{ id: string; slug: string }> }).posts;
}

/** The public page's HTML (Ghost's theme around the post). */
async function publicPage(url: string): Promise<string> {
  const answer = await fetch(url);
  expect(answer.status).toBe(200);
  return answer.text();
}

describe.skipIf(!availability.available)(`Ghost connector against real Ghost blogs${skipReason}`, () => {
  let peers: GhostPeers;
  let blogA: GhostPeerSite;
  let blogB: GhostPeerSite;
  let connector: GhostConnector;

  beforeAll(async () => {
    peers = await startGhostPeers(2);
    [blogA, blogB] = peers.sites as [GhostPeerSite, GhostPeerSite];
    connector = createGhostConnector();
  }, 300_000);

  afterAll(async () => {
    await peers?.stop();
  });

  it('publishes article HTML with tags and a featured image; the public page shows the links, and the verifier finds them live', async () => {
    const title = `Green tea at its best ${newKey()}`;
    const html = '<h2>Brewing</h2><p>Green tea wants <a href="https://tea.example/green?x=1&amp;y=2">cooler water</a> than black tea, as <a href="https://shop.example/kettles">a good kettle</a> shows.</p>';
    const fields = { title, html, tags: ['Tea', 'Brewing'] };
    const name = await connector.chooseName(targetOf(blogA), fields, noClaims, OPTIONS);
    expect(name).toBe(`green-tea-at-its-best-${title.slice(-6)}`);
    const png = solidPng(40, 30, [30, 120, 60]);
    const result = await connector.publish(targetOf(blogA), {
      ...fields, featuredImage: { bytes: png, filename: 'teapot.png', contentType: 'image/png', alt: 'A teapot' }, intent: intentOf(title, name),
    }, OPTIONS);
    expect(result.url).toBe(`${blogA.url}/${name}/`);
    expect(result.remoteId).toMatch(/^[0-9a-f]{24}$/);
    expect(result.warnings).toEqual([]);

    const page = await publicPage(result.url);
    // Ghost tags each outside link with ref=<the blog's host> on its public page (and writes its `&` bare).
    expect(page).toContain(`<a href="https://tea.example/green?x=1&y=2&ref=${new URL(blogA.url).hostname}">cooler water</a>`);
    expect(page).toContain(`<a href="https://shop.example/kettles?ref=${new URL(blogA.url).hostname}">a good kettle</a>`);
    // The featured image, uploaded to the blog's own images and shown with its alt text.
    const image = /src="(\/content\/images\/[^"]*teapot[^"]*\.png)"\s+alt="A teapot"/.exec(page);
    expect(image).not.toBeNull();
    const shown = await fetch(`${blogA.url}${image![1]}`);
    expect(shown.status).toBe(200);
    expect(shown.headers.get('content-type')).toBe('image/png');
    expect(page).toMatch(/href="[^"]*\/tag\/tea\/"/);
    const verdict = judgePage(await fetchPage(result.url, { timeoutMs: 30_000 }), [
      { url: 'https://tea.example/green?x=1&y=2', anchor: 'cooler water' },
      { url: 'https://shop.example/kettles', anchor: 'a good kettle' },
    ]);
    expect(verdict).toMatchObject({ kind: 'result', status: 'OK' });
  });

  it('chooses a slug free on the blog: the same title again is told apart by a word of its text', async () => {
    const title = `Mint in the garden ${newKey()}`;
    const first = { title, html: '<p>Mint spreads fast.</p>', tags: [] };
    const name = await connector.chooseName(targetOf(blogA), first, noClaims, OPTIONS);
    await connector.publish(targetOf(blogA), { ...first, intent: intentOf(title, name) }, OPTIONS);
    const second = { title, html: '<p>Terracotta terracotta pots keep mint in its place.</p>', tags: [] };
    await expect(connector.chooseName(targetOf(blogA), second, noClaims, OPTIONS)).resolves.toBe(`${name}-terracotta`);
    // The other blog has no such post: the plain slug is free there.
    await expect(connector.chooseName(targetOf(blogB), second, noClaims, OPTIONS)).resolves.toBe(name);
  });

  it('after a lost answer the post is found again, and nothing makes a second one', async () => {
    // A front for the real blog that passes everything through but drops the connection once Ghost
    // has answered the first create: the post exists, the connector never hears so.
    const front = await startPublishFront(blogA.url, GHOST_CREATES, (create) => (create === 1 ? 'dropAfter' : 'pass'));
    try {
      const target = { ...targetOf(blogA), siteUrl: front.url };
      const title = `Lost answer ${newKey()}`;
      const fields = { title, html: `<p>Notes: see <a href="https://money.example/${newKey()}">the shop</a>.</p>`, tags: [] };
      const name = await connector.chooseName(target, fields, noClaims, OPTIONS);
      const intent = intentOf(title, name);
      const lost = await expectPublishError(connector.publish(target, { ...fields, intent }, OPTIONS));
      expect(lost).toMatchObject({ kind: 'network', outcomeUnknown: true, retryable: true });
      expect(front.creates).toBe(1);
      // The engine asks before trying again: the post is there, under the intent's slug.
      const found = await connector.findPublished(target, intent, OPTIONS);
      expect(found).toMatchObject({ url: `${blogA.url}/${name}/`, status: 'published' });
      // Its name is no longer free, so no retry could reuse it; the blog holds one post of this title.
      await expect(connector.chooseName(target, fields, noClaims, OPTIONS)).resolves.not.toBe(name);
      const posts = await postsTitled(blogA, title);
      expect(posts).toEqual([{ id: found!.remoteId, slug: name }]);
      // An intent recorded long after the post was made is not that post's.
      await expect(connector.findPublished(target, { ...intent, at: Date.now() + 86_400_000 }, OPTIONS)).resolves.toBeNull();
    } finally {
      await front.close();
    }
  });

  it("a key the blog refuses fails that blog only, in words naming the key; the other blog publishes", async () => {
    const title = `Wrong key ${newKey()}`;
    const [id] = blogA.adminApiKey.split(':');
    const fields = { title, html: '<p><a href="https://x.example/">x</a></p>', tags: [] };
    for (const key of [`${id}:${'c'.repeat(64)}`, blogB.adminApiKey, 'not a key']) {
      const error = await expectPublishError(connector.publish(targetOf(blogA, key), { ...fields, intent: intentOf(title, 'wrong-key') }, OPTIONS));
      expect(error).toMatchObject({ kind: 'auth', code: 'badCredentials', outcomeUnknown: false });
      expect(error.message).toMatch(/Admin API key/);
      // Ghost's own words never reach the user (its short error code may).
      expect(error.message).not.toMatch(/invalid token|unknown admin api key|invalid signature|jwt (malformed|expired)/i);
    }
    expect(await postsTitled(blogA, title)).toEqual([]);
    const name = await connector.chooseName(targetOf(blogB), fields, noClaims, OPTIONS);
    const made = await connector.publish(targetOf(blogB), { ...fields, intent: intentOf(title, name) }, OPTIONS);
    expect(made.url).toBe(`${blogB.url}/${name}/`);
  });

  it('re-points a link in place; the public page shows the new address; a second call saves nothing', async () => {
    const title = `Repoint me ${newKey()}`;
    const dead = `https://dead.example/${newKey()}`;
    const fields = { title, html: `<p>Read <a href="${dead}">this guide</a> and <a href="https://other.example/">that</a>.</p>`, tags: [] };
    const name = await connector.chooseName(targetOf(blogA), fields, noClaims, OPTIONS);
    const made = await connector.publish(targetOf(blogA), { ...fields, intent: intentOf(title, name) }, OPTIONS);
    const changes = [{ from: dead, to: 'https://live.example/page?a=1&b=2' }];
    await expect(connector.updateLinks(targetOf(blogA), made, changes, OPTIONS)).resolves.toEqual({ changed: 1 });
    const page = await publicPage(made.url);
    expect(page).toContain(`<a href="https://live.example/page?a=1&b=2&ref=${new URL(blogA.url).hostname}">this guide</a>`);
    expect(page).not.toContain('dead.example');
    await expect(connector.updateLinks(targetOf(blogA), made, changes, OPTIONS)).resolves.toEqual({ changed: 0 });
  });

  it('the site probe knows Ghost and its version, and tells a working key from a refused or missing one', async () => {
    const options = { timeoutMs: 30_000 };
    const ok = await probeSite({ url: blogA.url, login: null, password: blogA.adminApiKey }, options);
    expect(ok).toMatchObject({ platform: 'Ghost', status: 'OK', credentialsOk: true, canRegister: false });
    expect(ok.reason).toMatch(/^Ghost 5\.\d+(\.\d+)? \(Admin API at /);
    const refused = await probeSite({ url: blogA.url, login: null, password: blogB.adminApiKey }, options);
    expect(refused).toMatchObject({ platform: 'Ghost', status: 'FAILED', credentialsOk: false });
    expect(refused.reason).toContain('copy it again from Settings → Integrations');
    const none = await probeSite({ url: blogB.url, login: null, password: null }, options);
    expect(none).toMatchObject({ platform: 'Ghost', status: 'FAILED' });
    expect(none.reason).toContain('no Admin API key stored');
  });
});
