/**
 * The Forem connector against a local stand-in written from the Forem API v1 documentation
 * (test/support/forem-stand-in.ts): an article published from HTML as Markdown with its links, at
 * most 4 tags and its cover image address; one article per intent after a dropped answer, found
 * among the user's own; the documented errors in our words; links re-pointed in the Markdown; the
 * key sent to the Forem's own origin only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PublishError, type ClaimedNames, type PublishIntent, type PublishOptions, type PublishTarget } from '../../src/engine/connectors/connector';
import { createForemConnector, type ForemConnector } from '../../src/engine/connectors/forem/forem-connector';
import { startForemStandIn, type ForemStandIn } from '../support/forem-stand-in';
import { startStubServer, type StubServer } from './stub-servers';

const OPTIONS: PublishOptions = { timeoutMs: 10_000 };
const noClaims: ClaimedNames = async () => new Set();
const intentOf = (title: string, name = title, at = Date.now()): PublishIntent => ({ title, name, at });

async function failure(promise: Promise<unknown>): Promise<PublishError> {
  const error = await promise.then(() => undefined, (reason: unknown) => reason);
  expect(error).toBeInstanceOf(PublishError);
  return error as PublishError;
}

describe('Forem connector against the API v1 stand-in', () => {
  let forem: ForemStandIn;
  let connector: ForemConnector;
  let target: PublishTarget;

  beforeAll(async () => {
    forem = await startForemStandIn();
    connector = createForemConnector();
    target = { siteUrl: forem.url, username: '', password: forem.apiKey };
  });

  afterAll(async () => {
    await forem?.close();
  });

  it('is the connector of the platform named Forem', () => {
    expect(connector.platform).toBe('Forem');
  });

  it('names the article by its title, told apart by a word of its text when another post of ours claims it', async () => {
    const post = { title: '  Tea   at its best ', html: '<p>Oolong oolong leaves.</p>' };
    await expect(connector.chooseName(target, post, noClaims, OPTIONS)).resolves.toBe('Tea at its best');
    const claimed: ClaimedNames = async (names) => new Set(names.filter((name) => name === 'Tea at its best'));
    await expect(connector.chooseName(target, post, claimed, OPTIONS)).resolves.toBe('Tea at its best (Oolong)');
    // Nothing was asked of the site.
    expect(forem.requests).toEqual([]);
  });

  it('publishes the HTML as Markdown with its links, at most 4 lower-case tags and the cover address, with the api-key and v1 Accept headers', async () => {
    const html = '<h2>Brewing</h2><p>Green tea wants <a href="https://tea.example/green?x=1&amp;y=2">cooler water</a> than <b>black</b> tea.</p><ul><li>Steep 2 min</li></ul>';
    const result = await connector.publish(target, {
      title: 'Tea at its best', html, tags: ['Tea', 'Health', 'tea', 'Green Tea', 'Extra', 'More'],
      featuredImage: { url: 'https://img.example/cover.png', alt: 'Cover' }, intent: intentOf('Tea at its best'),
    }, OPTIONS);

    const article = forem.articles.at(-1)!;
    expect(result).toEqual({ url: `${forem.url}${article.path}`, remoteId: String(article.id), warnings: [] });
    expect(article.received).toEqual({
      article: {
        title: 'Tea at its best',
        body_markdown: '## Brewing\n\nGreen tea wants [cooler water](https://tea.example/green?x=1&y=2) than **black** tea.\n\n- Steep 2 min',
        published: true,
        tags: 'tea, health, greentea, extra',
        main_image: 'https://img.example/cover.png',
      },
    });
    const create = forem.requests.find((request) => request.line === 'POST /api/articles')!;
    expect(create.headers['api-key']).toBe(forem.apiKey);
    expect(create.headers.accept).toBe('application/vnd.forem.api-v1+json');
    expect(create.headers['content-type']).toBe('application/json');
    expect(article.published).toBe(true);
  });

  it('a featured image given as bytes is left out with a warning (Forem documents no upload)', async () => {
    const result = await connector.publish(target, {
      title: 'With bytes', html: '<p>x</p>', tags: [], featuredImage: { bytes: new Uint8Array([1]), filename: 'a.png', contentType: 'image/png' }, intent: intentOf('With bytes'),
    }, OPTIONS);
    expect(result.warnings).toEqual([`The featured image was left out: ${forem.url} takes a cover image by its web address only.`]);
  });

  it('after a dropped answer, findPublished finds the one article the create made among the user’s own — not an older one of the same title', async () => {
    const older = forem.addArticle({ title: 'Lost answer', publishedMs: Date.now() - 2 * 24 * 3600_000 });
    const intent = intentOf('Lost answer');
    const before = forem.articles.length;
    forem.dropNextCreateAnswer = true;
    const error = await failure(connector.publish(target, { title: 'Lost answer', html: '<p>See <a href="https://money.example/">the shop</a>.</p>', tags: [], intent }, OPTIONS));
    expect(error.kind).toBe('network');
    expect(error.outcomeUnknown).toBe(true);
    expect(forem.articles).toHaveLength(before + 1);

    const made = forem.articles.at(-1)!;
    expect(made.id).not.toBe(older.id);
    await expect(connector.findPublished(target, intent, OPTIONS)).resolves.toEqual({ url: `${forem.url}${made.path}`, remoteId: String(made.id), status: 'published' });
    expect(forem.requests.at(-1)?.line).toBe('GET /api/articles/me/all?page=1&per_page=100');
    expect(forem.articles).toHaveLength(before + 1);
    await expect(connector.findPublished(target, { ...intent, at: Date.now() + 24 * 3600_000 }, OPTIONS)).resolves.toBeNull();
    await expect(connector.findPublished(target, intentOf('Never made'), OPTIONS)).resolves.toBeNull();
  });

  it('a wrong API key is auth / badCredentials naming the key to check; nothing is made', async () => {
    const before = forem.articles.length;
    const error = await failure(connector.publish({ ...target, password: 'wrong-key' }, { title: 'No', html: '<p>no</p>', tags: [], intent: intentOf('No') }, OPTIONS));
    expect(error).toMatchObject({ kind: 'auth', code: 'badCredentials', status: 401 });
    expect(error.message).toContain('API key');
    expect(error.message).toContain(`${forem.url}/settings/extensions`);
    const lookup = await failure(connector.findPublished({ ...target, password: 'wrong-key' }, intentOf('No'), OPTIONS));
    expect(lookup).toMatchObject({ kind: 'auth', outcomeUnknown: false });
    expect(forem.articles).toHaveLength(before);
  });

  it('a rate limit is rateLimited with its Retry-After; a validation error (422) is rejected without Forem’s text', async () => {
    forem.limitNextCreates = 1;
    const limited = await failure(connector.publish(target, { title: 'Slow', html: '<p>x</p>', tags: [], intent: intentOf('Slow') }, OPTIONS));
    expect(limited).toMatchObject({ kind: 'rateLimited', code: 'rateLimited', retryAfterMs: 30_000, status: 429, outcomeUnknown: false });
    expect(limited.message).not.toContain('Rate limit reached');

    const refused = await failure(connector.publish(target, { title: '', html: '<p>x</p>', tags: [], intent: intentOf('', '') }, OPTIONS));
    expect(refused).toMatchObject({ kind: 'rejected', status: 422, retryable: false, code: 'refusedContent' });
    expect(refused.message).not.toMatch(/blank/i);
  });

  it('updateLinks re-points the link in the Markdown as the site has it (a person’s edit kept); a second call changes nothing and saves nothing', async () => {
    const result = await connector.publish(target, {
      title: 'Repoint me', html: '<p>Read <a href="https://dead.example/page">this guide</a> and <a href="https://other.example/">that</a>.</p>', tags: [], intent: intentOf('Repoint me'),
    }, OPTIONS);
    const article = forem.articles.find((candidate) => String(candidate.id) === result.remoteId)!;
    article.bodyMarkdown += '\n\nAdded by hand: <https://dead.example/page> and <a href="https://dead.example/page">raw</a>.';
    const changes = [{ from: 'https://dead.example/page', to: 'https://live.example/page (new)' }];

    await expect(connector.updateLinks(target, { remoteId: result.remoteId, url: result.url }, changes, OPTIONS)).resolves.toEqual({ changed: 3 });
    expect(article.bodyMarkdown).toBe(
      'Read [this guide](https://live.example/page%20%28new%29) and [that](https://other.example/).\n\n'
      + 'Added by hand: <https://live.example/page%20%28new%29> and <a href="https://live.example/page (new)">raw</a>.',
    );
    const put = forem.requests.filter((request) => request.line.startsWith('PUT '));
    expect(put.map((request) => request.line)).toEqual([`PUT /api/articles/${result.remoteId}`]);
    expect(JSON.parse(put[0]!.body)).toEqual({ article: { body_markdown: article.bodyMarkdown } });

    await expect(connector.updateLinks(target, { remoteId: result.remoteId, url: result.url }, changes, OPTIONS)).resolves.toEqual({ changed: 0 });
    expect(forem.requests.filter((request) => request.line.startsWith('PUT '))).toHaveLength(1);
    const gone = await failure(connector.updateLinks(target, { remoteId: '999999', url: `${forem.url}/gone` }, changes, OPTIONS));
    expect(gone.kind).toBe('notFound');
  });

  it('sends the key to the Forem’s origin only: a redirect to another host is refused unsent', async () => {
    let elsewhere: StubServer | undefined;
    let front: StubServer | undefined;
    try {
      elsewhere = await startStubServer((_request, response) => void response.writeHead(200, { 'content-type': 'application/json' }).end('[]'));
      const to = elsewhere.url;
      front = await startStubServer((request, response) => void response.writeHead(308, { location: `${to}${request.url ?? '/'}` }).end());
      const error = await failure(connector.findPublished({ ...target, siteUrl: front.url }, intentOf('Where'), OPTIONS));
      expect(error).toMatchObject({ kind: 'network', retryable: false });
      expect(error.message).toContain(`sent its API request on to ${to}`);
      expect(elsewhere.requests).toEqual([]);
    } finally {
      await front?.close();
      await elsewhere?.close();
    }
  });

  it('the apiBase option (tests only) points every site at one API origin', async () => {
    const pointed = createForemConnector({ apiBase: `${forem.url}/` });
    await expect(pointed.findPublished({ ...target, siteUrl: 'https://dev.invalid' }, intentOf('Repoint me'), OPTIONS)).resolves.toMatchObject({ status: 'published' });
  });
});
