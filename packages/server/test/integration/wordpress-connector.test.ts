/**
 * The WordPress connector against two real blogs (Debian's WordPress, started by
 * scripts/peers/wordpress.sh), plus local stubs for what a healthy blog never does (429, silence).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import { PublishError, type ClaimedNames, type PublishIntent, type PublishOptions, type PublishTarget } from '../../src/engine/connectors/connector';
import { createDefaultConnectorRegistry } from '../../src/engine/connectors/registry';
import { slugOfTitle } from '../../src/engine/connectors/wordpress/slug';
import { createWordPressConnector, type WordPressConnector } from '../../src/engine/connectors/wordpress/wordpress-connector';
import { startWordPressPeers, wordPressAvailability, type WordPressPeers, type WordPressPeerSite } from '../support/wordpress-peers';
import { solidPng, startRestlessFront, startStubServer, type StubServer } from './stub-servers';

const availability = await wordPressAvailability();
const skipReason = availability.available ? '' : ` (SKIPPED: ${availability.reason})`;

const OPTIONS: PublishOptions = { timeoutMs: 20_000 };

function target(site: WordPressPeerSite, password = site.applicationPassword): PublishTarget {
  return { siteUrl: site.url, username: site.username, password };
}

function newKey(): string {
  return `it-${randomBytes(6).toString('hex')}`;
}

/** The intent the engine would record for a post of this title: its slug, now. */
function intentOf(title: string, name = slugOfTitle(title)): PublishIntent {
  return { title, name, at: Date.now() };
}

/** A post with the intent for its title. */
function withIntent<T extends { title: string }>(fields: T): T & { intent: PublishIntent } {
  return { ...fields, intent: intentOf(fields.title) };
}

const noClaims: ClaimedNames = async () => new Set();

async function fetchText(url: string): Promise<{ status: number; text: string; type: string }> {
  const response = await fetch(url);
  return { status: response.status, text: await response.text(), type: response.headers.get('content-type') ?? '' };
}

async function fetchJson<T>(url: string): Promise<T> {
  const response = await fetch(url);
  expect(response.status, url).toBe(200);
  return (await response.json()) as T;
}

/** Anchors of the page as [href, text, rel] (no HTML parser needed for WordPress's own markup). */
function anchors(html: string): Array<{ href: string; text: string; rel: string }> {
  return [...html.matchAll(/<a\s([^>]*)>([\s\S]*?)<\/a>/g)].map((match) => {
    const attributes = match[1] ?? '';
    return {
      href: /href="([^"]*)"/.exec(attributes)?.[1] ?? '',
      rel: /rel="([^"]*)"/.exec(attributes)?.[1] ?? '',
      text: (match[2] ?? '').replace(/<[^>]*>/g, '').trim(),
    };
  });
}

async function expectPublishError(promise: Promise<unknown>): Promise<PublishError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(PublishError);
  return error as PublishError;
}

describe.skipIf(!availability.available)(`WordPress connector against real blogs${skipReason}`, () => {
  let peers: WordPressPeers;
  let blogA: WordPressPeerSite;
  let blogB: WordPressPeerSite;
  let connector: WordPressConnector;
  const stubs: StubServer[] = [];

  beforeAll(async () => {
    peers = await startWordPressPeers(2);
    [blogA, blogB] = peers.sites as [WordPressPeerSite, WordPressPeerSite];
    connector = createWordPressConnector();
  });

  afterAll(async () => {
    await Promise.all(stubs.map((stub) => stub.close()));
    await peers?.stop();
  });

  it('is the registry’s connector for WordPress sites', () => {
    const registry = createDefaultConnectorRegistry();
    expect(registry.get('WordPress').platform).toBe('WordPress');
    expect(registry.get('wordpress')).toBe(registry.get('WordPress'));
    expect(() => registry.get('Squarespace')).toThrow(/not supported.*WordPress/);
  });

  it('publishes a post with a link and tags over REST; the public page carries the link, dofollow', async () => {
    const key = newKey();
    const landing = `https://example.com/landing/${key}`;
    const fields = {
      title: `Garden notes ${key}`,
      html: `<p>Some words first.</p><p>Read <a href="${landing}">the best tomato guide</a> before planting.</p>`,
      tags: ['tomatoes', 'Garden Tips & Tricks'],
    };
    // The slug is the title's, as WordPress makes it: nothing of ours in the address.
    const name = await connector.chooseName(target(blogA), fields, noClaims, OPTIONS);
    expect(name).toBe(`garden-notes-${key}`);
    const result = await connector.publish(target(blogA), { ...fields, intent: intentOf(fields.title, name) }, OPTIONS);
    expect(result.url).toBe(`${blogA.url}/${name}/`);
    expect(result.remoteId).toMatch(/^\d+$/);
    expect(result.warnings).toEqual([]);

    const page = await fetchText(result.url);
    expect(page.status).toBe(200);
    const link = anchors(page.text).find((anchor) => anchor.href === landing);
    expect(link).toEqual({ href: landing, text: 'the best tomato guide', rel: '' });

    const tags = await fetchJson<Array<{ name: string }>>(`${blogA.url}/wp-json/wp/v2/tags?post=${result.remoteId}&_fields=name`);
    expect(tags.map((tag) => tag.name).sort()).toEqual(['Garden Tips &amp; Tricks', 'tomatoes']);

    // The same tags again are reused, not duplicated.
    const second = await connector.publish(target(blogA), withIntent({ title: `More notes ${key}`, html: '<p>Again.</p>', tags: ['Tomatoes'] }), OPTIONS);
    const secondTags = await fetchJson<Array<{ name: string }>>(`${blogA.url}/wp-json/wp/v2/tags?post=${second.remoteId}&_fields=name`);
    expect(secondTags.map((tag) => tag.name)).toEqual(['tomatoes']);
    const allTomatoes = await fetchJson<unknown[]>(`${blogA.url}/wp-json/wp/v2/tags?search=tomatoes&_fields=id`);
    expect(allTomatoes).toHaveLength(1);
  });

  it('register(): an administrator creates an author with its own application password, which then publishes as the author', async () => {
    const username = `author${randomBytes(3).toString('hex')}`;
    const account = { username, email: `${username}@example.test`, password: `Pw-${randomBytes(8).toString('hex')}` };
    const made = await connector.register(target(blogA), account, OPTIONS);
    expect(made.siteUrl).toBe(blogA.url);
    expect(made.username).toBe(username);
    expect(made.password).not.toBe(account.password);
    const post = await connector.publish(made, withIntent({ title: 'By the author', html: '<p>Hello</p>', tags: [] }), OPTIONS);
    const wp = await fetchJson<{ author: number }>(`${blogA.url}/wp-json/wp/v2/posts/${post.remoteId}`);
    expect((await fetchJson<{ slug: string }>(`${blogA.url}/wp-json/wp/v2/users/${wp.author}`)).slug).toBe(username);

    const again = await expectPublishError(connector.register(target(blogA), account, OPTIONS));
    expect(again).toMatchObject({ kind: 'rejected', code: 'accountExists' });
    // An author cannot create users.
    const refused = await expectPublishError(connector.register(made, { ...account, username: `${username}x`, email: `x${account.email}` }, OPTIONS));
    expect(refused.kind).toBe('auth');
  });

  it('uploads the featured image, from bytes and from a URL', async () => {
    const png = solidPng(32, 24, [200, 30, 30]);
    const imageServer = await startStubServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.from(solidPng(40, 30, [30, 30, 200])));
    });
    stubs.push(imageServer);

    for (const featuredImage of [
      { bytes: png, filename: 'red square.png', contentType: 'image/png', alt: 'A red square' },
      { url: `${imageServer.url}/pictures/blue.png` },
    ]) {
      const key = newKey();
      const result = await connector.publish(target(blogB), withIntent({ title: `Picture post ${key}`, html: '<p>With a picture.</p>', tags: [], featuredImage }), OPTIONS);
      expect(result.warnings).toEqual([]);
      const post = await fetchJson<{ featured_media: number }>(`${blogB.url}/wp-json/wp/v2/posts/${result.remoteId}?_fields=featured_media`);
      expect(post.featured_media).toBeGreaterThan(0);
      const media = await fetchJson<{ source_url: string; mime_type: string }>(`${blogB.url}/wp-json/wp/v2/media/${post.featured_media}?_fields=source_url,mime_type`);
      expect(media.mime_type).toBe('image/png');
      const file = await fetch(media.source_url);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('image/png');
    }
    expect(imageServer.requests).toEqual(['GET /pictures/blue.png']);
  });

  it('publishes without the featured image, with a warning, when the image cannot be downloaded', async () => {
    const key = newKey();
    const result = await connector.publish(
      target(blogB),
      withIntent({ title: `No picture ${key}`, html: '<p>Text only.</p>', tags: [], featuredImage: { url: `${blogB.url}/no-such-picture.png` } }),
      OPTIONS,
    );
    expect(result.warnings).toHaveLength(1);
    expect(result.warnings[0]).toMatch(/could not be downloaded \(HTTP 404\); the post was published without it/);
    expect((await fetchText(result.url)).status).toBe(200);
  });

  it('findPublished finds a post by its intent — slug, author, time — and nothing for another intent, an older time or another author', async () => {
    const key = newKey();
    const fields = { title: `Findable ${key}`, html: '<p>Find me.</p>', tags: [] };
    const intent = intentOf(fields.title);
    const published = await connector.publish(target(blogA), { ...fields, intent }, OPTIONS);
    expect(await connector.findPublished(target(blogA), intent, OPTIONS)).toEqual({ url: published.url, remoteId: published.remoteId, status: 'publish' });
    expect(await connector.findPublished(target(blogA), intentOf(`Not made ${key}`), OPTIONS)).toBeNull();
    // An intent recorded long after the post was made is not that post's.
    expect(await connector.findPublished(target(blogA), { ...intent, at: Date.now() + 24 * 3600_000 }, OPTIONS)).toBeNull();
    // Another user of the blog did not make it.
    const username = `finder${randomBytes(3).toString('hex')}`;
    const author = await connector.register(target(blogA), { username, email: `${username}@example.test`, password: `Pw-${randomBytes(8).toString('hex')}` }, OPTIONS);
    expect(await connector.findPublished(author, intent, OPTIONS)).toBeNull();
  });

  it('two posts with one title get two slugs (a word of the text tells the second apart), and each intent finds its own', async () => {
    const key = newKey();
    const title = `Seed saving ${key}`;
    const first = { title, html: '<p>Dry the beans before storing them. Label every jar.</p>', tags: [] };
    const second = { title, html: '<p>Tomatoes ferment before drying. Tomatoes keep for years.</p>', tags: [] };
    const firstName = await connector.chooseName(target(blogA), first, noClaims, OPTIONS);
    // Another post of ours claims the title's slug already (recorded, not yet on the blog): this one takes the next.
    const secondName = await connector.chooseName(target(blogA), second, async (names) => new Set(names.filter((name) => name === firstName)), OPTIONS);
    expect(firstName).toBe(`seed-saving-${key}`);
    expect(secondName).toBe(`seed-saving-${key}-tomatoes`);
    const intents = [intentOf(title, firstName), intentOf(title, secondName)];
    const made = [
      await connector.publish(target(blogA), { ...first, intent: intents[0]! }, OPTIONS),
      await connector.publish(target(blogA), { ...second, intent: intents[1]! }, OPTIONS),
    ];
    expect(made.map((post) => post.url)).toEqual([`${blogA.url}/${firstName}/`, `${blogA.url}/${secondName}/`]);
    expect((await connector.findPublished(target(blogA), intents[0]!, OPTIONS))?.remoteId).toBe(made[0]!.remoteId);
    expect((await connector.findPublished(target(blogA), intents[1]!, OPTIONS))?.remoteId).toBe(made[1]!.remoteId);
    // Both on the blog now: a third gets yet another word, never a number.
    expect(await connector.chooseName(target(blogA), second, noClaims, OPTIONS)).toBe(`seed-saving-${key}-ferment`);
  });

  it("a timeout shorter than the blog's answer, and an answer dropped after the blog saved the post: the look-up finds the one post", async () => {
    const blog = new URL(blogA.url);
    let mode: 'slow' | 'drop' = 'slow';
    // A front for the blog that passes everything through, but holds the answer to a new post 3 s
    // (slow) or drops the connection once the blog has answered (drop): the post exists either way.
    const front = await startStubServer((request, response) => {
      const isCreate = request.method === 'POST' && (request.url ?? '').startsWith('/wp-json/wp/v2/posts');
      const upstream = http.request({ host: blog.hostname, port: blog.port, method: request.method, path: request.url, headers: { ...request.headers, host: blog.host } }, (answer) => {
        if (!isCreate) {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          if (mode === 'drop') return void request.socket.destroy();
          setTimeout(() => {
            if (!response.destroyed) response.writeHead(answer.statusCode ?? 502, answer.headers).end(Buffer.concat(chunks));
          }, 3000);
        });
      });
      upstream.on('error', () => response.writeHead(502).end());
      request.pipe(upstream);
    });
    stubs.push(front);
    const through = { ...target(blogA), siteUrl: front.url };
    for (const how of ['slow', 'drop'] as const) {
      mode = how;
      const key = newKey();
      const fields = { title: `Lost answer ${how} ${key}`, html: '<p>Saved, never heard of.</p>', tags: [] };
      const intent = intentOf(fields.title, await connector.chooseName(through, fields, noClaims, OPTIONS));
      const lost = await expectPublishError(connector.publish(through, { ...fields, intent }, { timeoutMs: how === 'slow' ? 1500 : 20_000 }));
      expect(lost).toMatchObject({ kind: how === 'slow' ? 'timeout' : 'network', outcomeUnknown: true, retryable: true });
      const found = await connector.findPublished(through, intent, OPTIONS);
      expect(found).toMatchObject({ url: `${blogA.url}/${intent.name}/`, status: 'publish' });
      // Exactly one post of that title on the blog.
      const same = await fetchJson<Array<{ id: number }>>(`${blogA.url}/wp-json/wp/v2/posts?search=${encodeURIComponent(key)}&_fields=id`);
      expect(same.map((post) => String(post.id))).toEqual([found!.remoteId]);
    }
  });

  it('refuses a wrong application password with an auth error the user can act on', async () => {
    const fresh = createWordPressConnector();
    const error = await expectPublishError(
      fresh.publish(target(blogB, 'abcd efgh ijkl mnop qrst uvwx'), withIntent({ title: 'Never', html: '<p>Never.</p>', tags: [] }), OPTIONS),
    );
    expect(error.kind).toBe('auth');
    expect(error.retryable).toBe(false);
    expect(error.outcomeUnknown).toBe(false);
    expect(error.message).toBe(`WordPress refused the username or application password for ${blogB.url}: check the site's credentials (in the private network or the account profile).`);
    // Also after the site's API is known (the probe passed with good credentials before).
    await fresh.publish(target(blogB), withIntent({ title: 'Once', html: '<p>Once.</p>', tags: [] }), OPTIONS);
    const later = await expectPublishError(fresh.publish(target(blogB, 'wrong'), withIntent({ title: 'Never', html: '<p>Never.</p>', tags: ['x'] }), OPTIONS));
    expect(later.kind).toBe('auth');
  });

  it('publishes through XML-RPC (metaWeblog.newPost) when told to, with tags and a featured image', async () => {
    const key = newKey();
    const landing = `https://example.org/xmlrpc/${key}`;
    const options: PublishOptions = { ...OPTIONS, transport: 'xmlrpc' };
    const fields = {
      title: `Over XML-RPC ${key} & <friends>`,
      html: `<p>Linked <a href="${landing}">classic protocol</a> here.</p>`,
      tags: ['xmlrpc', 'legacy, but fine'],
      featuredImage: { bytes: solidPng(8, 8, [0, 160, 0]), filename: 'green.png', contentType: 'image/png' },
    };
    const name = await connector.chooseName(target(blogB), fields, noClaims, options);
    // The markup in the title is no part of the slug (WordPress strips tags, as sanitize_title does).
    expect(name).toBe(`over-xml-rpc-${key}`);
    const intent = intentOf(fields.title, name);
    const result = await connector.publish(target(blogB), { ...fields, intent }, options);
    expect(result.url).toBe(`${blogB.url}/${name}/`);
    const page = await fetchText(result.url);
    expect(anchors(page.text).find((anchor) => anchor.href === landing)?.text).toBe('classic protocol');
    // The title went through XML escaping intact (WordPress keeps an admin's markup, and texturizes &).
    expect(page.text).toContain(`Over XML-RPC ${key} &#038; <friends></h1>`);
    const post = await fetchJson<{ featured_media: number; tags: number[] }>(`${blogB.url}/wp-json/wp/v2/posts/${result.remoteId}?_fields=featured_media,tags`);
    expect(post.featured_media).toBeGreaterThan(0);
    const tags = await fetchJson<Array<{ name: string }>>(`${blogB.url}/wp-json/wp/v2/tags?post=${result.remoteId}&_fields=name`);
    expect(tags.map((tag) => tag.name).sort()).toEqual(['legacy, but fine', 'xmlrpc']);

    expect((await connector.findPublished(target(blogB), intent, options))?.remoteId).toBe(result.remoteId);
    expect(await connector.findPublished(target(blogB), intentOf(`Never made ${key}`), options)).toBeNull();
    // Taken now: the same title gets another slug, told apart by a word of its text.
    expect(await connector.chooseName(target(blogB), fields, noClaims, options)).toBe(`over-xml-rpc-${key}-linked`);
    const wrong = await expectPublishError(connector.publish(target(blogB, 'wrong password'), withIntent({ title: 'Never', html: '<p>x</p>', tags: [] }), { ...options }));
    expect(wrong.kind).toBe('auth');
  });

  it('updateLinks re-points the real post: over REST and XML-RPC only the dead link\'s address changes, once; a deleted post is notFound', async () => {
    const key = newKey();
    const dead = `https://dead.example/${key}/`;
    const live = `https://live.example/${key}?a=1&b=2`;
    const other = `https://other.example/${key}`;
    for (const transport of ['rest', 'xmlrpc'] as const) {
      const options: PublishOptions = { ...OPTIONS, transport };
      const published = await connector.publish(target(blogA), withIntent({
        title: `Re-pointed over ${transport} ${key}`,
        html: `<p>First <a href="${dead}">the tier above</a> and <a href="${other}">another page</a>.</p><p>Again <a href='${dead}'>that page</a>.</p>`,
        tags: [],
      }), options);
      const item = { remoteId: published.remoteId, url: published.url };
      expect(await connector.updateLinks(target(blogA), item, [{ from: dead, to: live }], options)).toEqual({ changed: 2 });
      const links = anchors((await fetchText(published.url)).text).filter((anchor) => anchor.href.startsWith('https://') && anchor.href.includes(key));
      // WordPress writes & as &#038; in its pages.
      expect(links.map((anchor) => [anchor.href.replace(/&#038;|&amp;/g, '&'), anchor.text])).toEqual([[live, 'the tier above'], [other, 'another page'], [live, 'that page']]);
      const modified = await fetchJson<{ modified_gmt: string }>(`${blogA.url}/wp-json/wp/v2/posts/${published.remoteId}?_fields=modified_gmt`);
      // Asked again: no link to the dead page is left, nothing is saved.
      expect(await connector.updateLinks(target(blogA), item, [{ from: dead, to: live }], options)).toEqual({ changed: 0 });
      expect(await fetchJson<{ modified_gmt: string }>(`${blogA.url}/wp-json/wp/v2/posts/${published.remoteId}?_fields=modified_gmt`)).toEqual(modified);
    }
    const gone = await connector.updateLinks(target(blogA), { remoteId: '999999', url: `${blogA.url}/?p=999999` }, [{ from: dead, to: live }], OPTIONS).then(() => undefined, (error: unknown) => error);
    expect(gone).toBeInstanceOf(PublishError);
    expect((gone as PublishError).kind).toBe('notFound');
    expect((gone as PublishError).message).toMatch(/no such post any more/);
  });

  it('falls back to XML-RPC by itself when the REST API is missing', async () => {
    const front = await startRestlessFront(blogA.url);
    stubs.push(front);
    const key = newKey();
    const result = await connector.publish({ ...target(blogA), siteUrl: front.url }, withIntent({ title: `No REST ${key}`, html: '<p><a href="https://example.net/">plain</a></p>', tags: ['fallback'] }), OPTIONS);
    expect(front.requests.some((request) => request.startsWith('POST /xmlrpc.php'))).toBe(true);
    expect(front.requests.filter((request) => request.includes('/wp-json') || request.includes('rest_route'))).toHaveLength(2);
    // WordPress names the post by its own address.
    expect(result.url).toBe(`${blogA.url}/${slugOfTitle(`No REST ${key}`)}/`);
    expect(anchors((await fetchText(result.url)).text).some((anchor) => anchor.href === 'https://example.net/')).toBe(true);
  });

  it('reports a port nobody listens on as a network error, surely not posted', async () => {
    const closed = await startStubServer(() => undefined);
    await closed.close();
    const error = await expectPublishError(connector.publish({ siteUrl: closed.url, username: 'admin', password: 'x' }, withIntent({ title: 't', html: 'h', tags: [] }), OPTIONS));
    expect(error.kind).toBe('network');
    expect(error.retryable).toBe(true);
    expect(error.outcomeUnknown).toBe(false);
    expect(error.message).toBe(`Could not reach ${closed.url} (connection refused): check the site's address and that it is online.`);
  });

  it('reports HTTP 429 as rateLimited with the Retry-After wait', async () => {
    const limited = await startStubServer((_request, response) => {
      response.writeHead(429, { 'content-type': 'application/json', 'retry-after': '30' }).end(JSON.stringify({ code: 'too_many_requests', message: 'Slow down' }));
    });
    stubs.push(limited);
    const error = await expectPublishError(connector.publish({ siteUrl: limited.url, username: 'admin', password: 'x' }, withIntent({ title: 't', html: 'h', tags: [] }), OPTIONS));
    expect(error.kind).toBe('rateLimited');
    expect(error.retryable).toBe(true);
    expect(error.retryAfterMs).toBe(30_000);
    expect(error.message).toBe(`${limited.url} is limiting requests (HTTP 429): too many posts too fast. Retry after 30 s.`);
  });

  it('reports a site that never answers as a timeout', async () => {
    const silent = await startStubServer(() => undefined);
    stubs.push(silent);
    const started = Date.now();
    const error = await expectPublishError(connector.publish({ siteUrl: silent.url, username: 'admin', password: 'x' }, withIntent({ title: 't', html: 'h', tags: [] }), { timeoutMs: 400 }));
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(error.kind).toBe('timeout');
    expect(error.retryable).toBe(true);
    expect(error.message).toBe(`${silent.url} did not answer within 0.4 s: the site may be slow or down; it will be tried again.`);
  });

  it('reports a site with neither REST API nor XML-RPC as notFound', async () => {
    const plain = await startStubServer((_request, response) => {
      response.writeHead(404, { 'content-type': 'text/html' }).end('<html>nothing here</html>');
    });
    stubs.push(plain);
    const error = await expectPublishError(connector.publish({ siteUrl: `${plain.url}/blog/`, username: 'admin', password: 'x' }, withIntent({ title: 't', html: 'h', tags: [] }), OPTIONS));
    expect(error.kind).toBe('notFound');
    expect(error.retryable).toBe(false);
    expect(error.message).toBe(
      `${plain.url}/blog answers neither the WordPress REST API (/wp-json/) nor XML-RPC (/xmlrpc.php): check the site's address, and that it is a WordPress site with one of them on.`,
    );
    expect(plain.requests).toEqual(['GET /blog/wp-json/wp/v2/users/me?_fields=id', 'GET /blog/?rest_route=%2Fwp%2Fv2%2Fusers%2Fme&_fields=id', 'POST /blog/xmlrpc.php']);
  });

  it('posting through a proxy that refuses the connection fails as a network error', async () => {
    const error = await expectPublishError(
      connector.publish(target(blogA), withIntent({ title: 't', html: 'h', tags: [] }), { ...OPTIONS, proxy: 'http://user:secret@127.0.0.1:1' }),
    );
    expect(error.kind).toBe('network');
    // The proxy's password never reaches a message.
    expect(error.message).not.toContain('secret');
  });

  it('cancels cleanly through the abort signal', async () => {
    const silent = await startStubServer(() => undefined);
    stubs.push(silent);
    const controller = new AbortController();
    const stopped = new Error('Stopped by the user');
    setTimeout(() => controller.abort(stopped), 100);
    await expect(
      connector.publish({ siteUrl: silent.url, username: 'admin', password: 'x' }, withIntent({ title: 't', html: 'h', tags: [] }), { timeoutMs: 10_000, signal: controller.signal }),
    ).rejects.toBe(stopped);
  });
});
