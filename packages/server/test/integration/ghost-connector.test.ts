/**
 * The Ghost connector against a local stand-in written from Ghost's Admin API documentation
 * (test/support/ghost-stand-in.ts): the token as the documentation describes it, a post published
 * from HTML with its links, tags and featured image, the slug chosen free on the site, one post per
 * intent after a dropped answer, the documented errors in our words, links re-pointed in place, and
 * the key sent to the site's own origin only.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PublishError, type ClaimedNames, type PublishIntent, type PublishOptions, type PublishTarget } from '../../src/engine/connectors/connector';
import { createGhostConnector, type GhostConnector } from '../../src/engine/connectors/ghost/ghost-connector';
import { startGhostStandIn, type GhostStandIn } from '../support/ghost-stand-in';
import { startStubServer, type StubServer } from './stub-servers';

const OPTIONS: PublishOptions = { timeoutMs: 10_000 };
const noClaims: ClaimedNames = async () => new Set();
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

const intentOf = (title: string, name: string, at = Date.now()): PublishIntent => ({ title, name, at });

async function failure(promise: Promise<unknown>): Promise<PublishError> {
  const error = await promise.then(() => undefined, (reason: unknown) => reason);
  expect(error).toBeInstanceOf(PublishError);
  return error as PublishError;
}

describe('Ghost connector against the Admin API stand-in', () => {
  let ghost: GhostStandIn;
  let connector: GhostConnector;
  let target: PublishTarget;

  beforeAll(async () => {
    ghost = await startGhostStandIn();
    connector = createGhostConnector();
    target = { siteUrl: ghost.url, username: '', password: ghost.adminApiKey };
  });

  afterAll(async () => {
    await ghost?.close();
  });

  it('is the connector of the platform named Ghost', () => {
    expect(connector.platform).toBe('Ghost');
  });

  it('publishes the post from HTML with its links, tags and uploaded featured image; every request carries the documented token', async () => {
    const html = '<h2>Brewing</h2><p>Green tea wants <a href="https://tea.example/green?x=1&amp;y=2">cooler water</a> than black tea.</p>';
    const fields = { title: 'Tea at its best', html, tags: ['Tea', 'Health', 'tea'] };
    const name = await connector.chooseName(target, fields, noClaims, OPTIONS);
    expect(name).toBe('tea-at-its-best');
    const result = await connector.publish(target, {
      ...fields, featuredImage: { bytes: PNG, filename: 'cup.png', contentType: 'image/png', alt: 'A cup' }, intent: intentOf(fields.title, name),
    }, OPTIONS);

    const post = ghost.posts.at(-1)!;
    expect(result).toEqual({ url: `${ghost.url}/tea-at-its-best/`, remoteId: post.id, warnings: [] });
    // The create request as the documentation shows it: ?source=html, one post, these fields only.
    const create = ghost.requests.find((request) => request.line.startsWith('POST /ghost/api/admin/posts/'))!;
    expect(create.line).toBe('POST /ghost/api/admin/posts/?source=html');
    expect(create.headers['accept-version']).toBe('v5.0');
    expect(create.headers['content-type']).toBe('application/json');
    expect(post.received).toEqual({
      posts: [{
        title: 'Tea at its best', html, status: 'published', slug: 'tea-at-its-best', tags: ['Tea', 'Health'],
        feature_image: `${ghost.url}/content/images/cup.png`, feature_image_alt: 'A cup',
      }],
    });
    expect(post.html).toContain('<a href="https://tea.example/green?x=1&amp;y=2">cooler water</a>');
    expect(post.status).toBe('published');
    // The image went up first, as multipart `file` + `purpose` + `ref`.
    expect(ghost.uploads).toHaveLength(1);
    expect(ghost.uploads[0]).toMatchObject({ filename: 'cup.png', contentType: 'image/png', purpose: 'image', ref: 'cup.png' });
    expect(new Uint8Array(ghost.uploads[0]!.bytes)).toEqual(PNG);

    // Every token: header {alg, typ, kid = the key's id}, payload {iat, exp <= iat + 5 min, aud /admin/}.
    const keyId = ghost.adminApiKey.split(':')[0];
    expect(ghost.tokens.length).toBeGreaterThanOrEqual(3);
    for (const token of ghost.tokens) {
      expect(token.header).toEqual({ alg: 'HS256', typ: 'JWT', kid: keyId });
      expect(Object.keys(token.payload).sort()).toEqual(['aud', 'exp', 'iat']);
      expect(token.payload.aud).toBe('/admin/');
      const { iat, exp } = token.payload as { iat: number; exp: number };
      expect(exp - iat).toBeLessThanOrEqual(300);
      expect(exp).toBeGreaterThan(Date.now() / 1000);
    }
    // The public page shows the link as sent.
    const page = await (await fetch(result.url)).text();
    expect(page).toContain('href="https://tea.example/green?x=1&amp;y=2"');
  });

  it('downloads a featured image given by its address on another host (without the key) and uploads it to the site', async () => {
    const authorizations: Array<string | undefined> = [];
    const images = await startStubServer((request, response) => {
      authorizations.push(request.headers.authorization);
      response.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.from(PNG));
    });
    try {
      const fields = { title: 'Mint in the garden', html: '<p>Mint spreads fast: grow it in a pot.</p>', tags: [] };
      const name = await connector.chooseName(target, fields, noClaims, OPTIONS);
      const uploads = ghost.uploads.length;
      const result = await connector.publish(target, { ...fields, featuredImage: { url: `${images.url}/photos/mint.png`, alt: 'Mint' }, intent: intentOf(fields.title, name) }, OPTIONS);
      expect(result.warnings).toEqual([]);
      expect(images.requests).toEqual(['GET /photos/mint.png']);
      expect(authorizations).toEqual([undefined]);
      expect(ghost.uploads).toHaveLength(uploads + 1);
      expect(ghost.uploads.at(-1)).toMatchObject({ filename: 'mint.png', contentType: 'image/png' });
      expect(ghost.posts.at(-1)!.received).toMatchObject({ posts: [{ feature_image: `${ghost.url}/content/images/mint.png`, feature_image_alt: 'Mint' }] });
    } finally {
      await images.close();
    }
  });

  it('chooses a slug free on the site and claimed by no other post of ours, told apart by a word of the text', async () => {
    const fields = { title: 'Tea at its best', html: '<p>Oolong oolong leaves, rolled leaves.</p>' };
    // Taken on the site (the post above): told apart by the text's most frequent word.
    await expect(connector.chooseName(target, fields, noClaims, OPTIONS)).resolves.toBe('tea-at-its-best-oolong');
    // Claimed by another post of ours: the next word.
    const claimed: ClaimedNames = async (names) => new Set(names.filter((name) => name === 'tea-at-its-best-oolong'));
    await expect(connector.chooseName(target, fields, claimed, OPTIONS)).resolves.toBe('tea-at-its-best-leaves');
    // Cyrillic titles are spelled in Latin letters; accents dropped.
    await expect(connector.chooseName(target, { title: 'Чай и café', html: '' }, noClaims, OPTIONS)).resolves.toBe('chay-i-cafe');
  });

  it('after a dropped answer, findPublished finds the one post the create made, and nothing makes a second', async () => {
    const fields = { title: 'Lost answer', html: '<p>Gardening notes: see <a href="https://money.example/">the shop</a>.</p>', tags: [] };
    const name = await connector.chooseName(target, fields, noClaims, OPTIONS);
    const intent = intentOf(fields.title, name);
    const before = ghost.posts.length;
    ghost.dropNextCreateAnswer = true;
    const error = await failure(connector.publish(target, { ...fields, intent }, OPTIONS));
    expect(error.kind).toBe('network');
    expect(error.outcomeUnknown).toBe(true);
    expect(ghost.posts).toHaveLength(before + 1);

    const made = ghost.posts.at(-1)!;
    await expect(connector.findPublished(target, intent, OPTIONS)).resolves.toEqual({ url: `${ghost.url}/lost-answer/`, remoteId: made.id, status: 'published' });
    // The engine reconciles instead of publishing again; the name is no longer free anyway.
    await expect(connector.chooseName(target, fields, noClaims, OPTIONS)).resolves.not.toBe(name);
    expect(ghost.posts).toHaveLength(before + 1);
    // An intent recorded long after the post was made is not that post's; nor is a name never made.
    await expect(connector.findPublished(target, { ...intent, at: Date.now() + 24 * 3600_000 }, OPTIONS)).resolves.toBeNull();
    await expect(connector.findPublished(target, intentOf('Never made', 'never-made'), OPTIONS)).resolves.toBeNull();
  });

  it("finds Ghost's -2 of the slug (taken between our look and the save) by the intent's title", async () => {
    const intent = intentOf('Twice named', 'twice-named');
    await connector.publish(target, { title: 'Someone else', html: '<p>x</p>', tags: [], intent: intentOf('Someone else', 'twice-named') }, OPTIONS);
    const ours = await connector.publish(target, { title: 'Twice named', html: '<p>y</p>', tags: [], intent }, OPTIONS);
    expect(ours.url).toBe(`${ghost.url}/twice-named-2/`);
    await expect(connector.findPublished(target, intent, OPTIONS)).resolves.toMatchObject({ remoteId: ours.remoteId });
  });

  it('a key the site does not know, a key signed with another secret and a password that is no key are auth errors naming the key to check', async () => {
    const [id] = ghost.adminApiKey.split(':');
    for (const password of [`${'a'.repeat(24)}:${'b'.repeat(64)}`, `${id}:${'c'.repeat(64)}`, 'not a key']) {
      const error = await failure(connector.publish({ ...target, password }, { title: 'No', html: '<p>no</p>', tags: [], intent: intentOf('No', 'no') }, OPTIONS));
      expect(error.kind).toBe('auth');
      expect(error.code).toBe('badCredentials');
      expect(error.message).toMatch(/Admin API key/);
    }
    expect(ghost.posts.some((post) => post.slug === 'no')).toBe(false);
  });

  it('a rate limit is rateLimited with its Retry-After; a validation error is rejected with its type only, never its message', async () => {
    ghost.limitNextCreates = 1;
    const limited = await failure(connector.publish(target, { title: 'Slow', html: '<p>x</p>', tags: [], intent: intentOf('Slow', 'slow') }, OPTIONS));
    expect(limited).toMatchObject({ kind: 'rateLimited', code: 'rateLimited', retryAfterMs: 42_000, outcomeUnknown: false, status: 429 });

    const refused = await failure(connector.publish(target, { title: '', html: '<p>x</p>', tags: [], intent: intentOf('', 'untitled-post') }, OPTIONS));
    expect(refused).toMatchObject({ kind: 'rejected', status: 422, retryable: false });
    expect(refused.message).toContain('ValidationError');
    expect(refused.message).not.toMatch(/title is required|Validation failed/);
  });

  it('updateLinks re-points the link in place with updated_at (reading again after a collision); a second call changes nothing and saves nothing', async () => {
    const html = '<p>Read <a href="https://dead.example/page">this guide</a> and <a href="https://other.example/">that</a>.</p>';
    const result = await connector.publish(target, { title: 'Repoint me', html, tags: [], intent: intentOf('Repoint me', 'repoint-me') }, OPTIONS);
    const changes = [{ from: 'https://dead.example/page', to: 'https://live.example/page?a=1&b=2' }];

    ghost.editBeforeNextUpdate = true;
    await expect(connector.updateLinks(target, { remoteId: result.remoteId, url: result.url }, changes, OPTIONS)).resolves.toEqual({ changed: 1 });
    const post = ghost.posts.find((candidate) => candidate.id === result.remoteId)!;
    expect(post.html).toBe('<p>Read <a href="https://live.example/page?a=1&amp;b=2">this guide</a> and <a href="https://other.example/">that</a>.</p>');
    const puts = ghost.requests.filter((request) => request.line.startsWith('PUT '));
    expect(puts.map((request) => request.line)).toEqual([`PUT /ghost/api/admin/posts/${result.remoteId}/?source=html`, `PUT /ghost/api/admin/posts/${result.remoteId}/?source=html`]);

    await expect(connector.updateLinks(target, { remoteId: result.remoteId, url: result.url }, changes, OPTIONS)).resolves.toEqual({ changed: 0 });
    expect(ghost.requests.filter((request) => request.line.startsWith('PUT '))).toHaveLength(2);

    const gone = await failure(connector.updateLinks(target, { remoteId: 'f'.repeat(24), url: `${ghost.url}/gone/` }, changes, OPTIONS));
    expect(gone.kind).toBe('notFound');
  });

  it('sends the key to the API origin only: a redirect to another host is refused unsent, in words', async () => {
    let elsewhere: StubServer | undefined;
    let front: StubServer | undefined;
    try {
      elsewhere = await startStubServer((_request, response) => void response.writeHead(200, { 'content-type': 'application/json' }).end('{"posts":[]}'));
      const to = elsewhere.url;
      front = await startStubServer((request, response) => void response.writeHead(307, { location: `${to}${request.url ?? '/'}` }).end());
      const error = await failure(connector.chooseName({ ...target, siteUrl: front.url }, { title: 'Where', html: '' }, noClaims, OPTIONS));
      expect(error.kind).toBe('network');
      expect(error.retryable).toBe(false);
      expect(error.message).toContain(`sent its API request on to ${to}`);
      expect(front.requests).toHaveLength(1);
      expect(elsewhere.requests).toEqual([]);
    } finally {
      await front?.close();
      await elsewhere?.close();
    }
  });

  it('the apiBase option (tests only) points every site at one Admin API', async () => {
    const pointed = createGhostConnector({ apiBase: `${ghost.url}/ghost/api/admin/` });
    await expect(pointed.chooseName({ ...target, siteUrl: 'https://blog.invalid' }, { title: 'Pointed', html: '' }, noClaims, OPTIONS)).resolves.toBe('pointed');
  });

  it('a site that is no Ghost is notFound, with the address to check', async () => {
    const plain = http.createServer((_request, response) => void response.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not here</h1>'));
    await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
    try {
      const address = plain.address() as { port: number };
      const error = await failure(connector.chooseName({ ...target, siteUrl: `http://127.0.0.1:${address.port}` }, { title: 'Where', html: '' }, noClaims, OPTIONS));
      expect(error.kind).toBe('notFound');
      expect(error.message).toMatch(/Ghost Admin API/);
    } finally {
      plain.closeAllConnections();
      await new Promise<void>((resolve) => plain.close(() => resolve()));
    }
  });
});
