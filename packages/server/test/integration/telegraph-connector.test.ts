/**
 * The Telegraph connector against a local stand-in written from the Telegraph API documentation
 * (test/support/telegraph-stand-in.ts): a page made from HTML as Telegraph's Node array with its
 * links and the author name, the 64 KB limit, one page per intent after a dropped answer (found
 * among the account's pages by title and path date), the API's error codes in our words, links
 * re-pointed with editPage, and the token sent to the API's origin only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PublishError, type ClaimedNames, type PublishIntent, type PublishOptions, type PublishTarget } from '../../src/engine/connectors/connector';
import { createTelegraphConnector, type TelegraphConnector } from '../../src/engine/connectors/telegraph/telegraph-connector';
import { startTelegraphStandIn, type TelegraphStandIn } from '../support/telegraph-stand-in';
import { startStubServer, type StubServer } from './stub-servers';

const OPTIONS: PublishOptions = { timeoutMs: 10_000 };
const noClaims: ClaimedNames = async () => new Set();
const intentOf = (title: string, name = title, at = Date.now()): PublishIntent => ({ title, name, at });
const DAY_MS = 24 * 3600_000;
const monthDay = (ms: number) => new Date(ms).toISOString().slice(5, 10);

async function failure(promise: Promise<unknown>): Promise<PublishError> {
  const error = await promise.then(() => undefined, (reason: unknown) => reason);
  expect(error).toBeInstanceOf(PublishError);
  return error as PublishError;
}

describe('Telegraph connector against the Telegraph API stand-in', () => {
  let telegraph: TelegraphStandIn;
  let connector: TelegraphConnector;
  let target: PublishTarget;

  beforeAll(async () => {
    telegraph = await startTelegraphStandIn();
    connector = createTelegraphConnector({ apiBase: telegraph.url });
    target = { siteUrl: 'https://telegra.ph', username: 'Anna Tea', password: telegraph.accessToken };
  });

  afterAll(async () => {
    await telegraph?.close();
  });

  it('is the connector of the platform named Telegraph, at the fixed API address by default', () => {
    expect(connector.platform).toBe('Telegraph');
  });

  it('names the page by its title (told apart by a word of its text when claimed), for telegra.ph only', async () => {
    const post = { title: 'Tea at its best', html: '<p>Oolong oolong leaves.</p>' };
    await expect(connector.chooseName(target, post, noClaims, OPTIONS)).resolves.toBe('Tea at its best');
    const claimed: ClaimedNames = async (names) => new Set(names.filter((name) => name === 'Tea at its best'));
    await expect(connector.chooseName(target, post, claimed, OPTIONS)).resolves.toBe('Tea at its best (Oolong)');
    const elsewhere = await failure(connector.chooseName({ ...target, siteUrl: 'https://blog.example' }, post, noClaims, OPTIONS));
    expect(elsewhere).toMatchObject({ kind: 'rejected', retryable: false });
    expect(telegraph.requests).toEqual([]);
  });

  it('makes the page from HTML as a Node array of allowed tags with its links, the author name, and the token in the POST body only', async () => {
    const html = '<h2>Brewing</h2><p>Green tea wants <a href="https://tea.example/green?x=1&amp;y=2">cooler water</a> than <span>black</span> tea.</p><div>Steep <b>2 min</b></div>';
    const result = await connector.publish(target, {
      title: 'Tea at its best', html, tags: ['Tea'], featuredImage: { url: 'https://img.example/cover.png' }, intent: intentOf('Tea at its best'),
    }, OPTIONS);

    const page = telegraph.pages.at(-1)!;
    expect(result).toEqual({ url: `${telegraph.url}/${page.path}`, remoteId: page.path, warnings: [] });
    expect(page.path).toBe(`Tea-at-its-best-${monthDay(Date.now())}`);
    const create = telegraph.requests.find((request) => request.line === 'POST /createPage')!;
    expect(create.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.keys(create.params).sort()).toEqual(['access_token', 'author_name', 'content', 'return_content', 'title']);
    expect(create.params).toMatchObject({ access_token: telegraph.accessToken, title: 'Tea at its best', author_name: 'Anna Tea', return_content: 'false' });
    expect(JSON.parse(create.params.content!)).toEqual([
      { tag: 'figure', children: [{ tag: 'img', attrs: { src: 'https://img.example/cover.png' } }] },
      { tag: 'h3', children: ['Brewing'] },
      { tag: 'p', children: ['Green tea wants ', { tag: 'a', attrs: { href: 'https://tea.example/green?x=1&y=2' }, children: ['cooler water'] }, ' than black tea.'] },
      { tag: 'p', children: ['Steep ', { tag: 'b', children: ['2 min'] }] },
    ]);
    const shown = await (await fetch(result.url)).text();
    expect(shown).toContain('<a href="https://tea.example/green?x=1&amp;y=2">cooler water</a>');
  });

  it('refuses an article over 64 KB of content before asking Telegraph', async () => {
    const before = telegraph.requests.length;
    const html = `<p>${'long text '.repeat(8000)}</p>`;
    const error = await failure(connector.publish(target, { title: 'Too long', html, tags: [], intent: intentOf('Too long') }, OPTIONS));
    expect(error).toMatchObject({ kind: 'rejected', retryable: false });
    expect(error.message).toMatch(/64 KB/);
    expect(telegraph.requests).toHaveLength(before);
  });

  it('after a dropped answer, findPublished finds the one page made (by title and a path dated from the intent), not an older one of the same title', async () => {
    telegraph.addPage({ title: 'Lost answer', day: monthDay(Date.now() - 40 * DAY_MS) });
    const intent = intentOf('Lost answer');
    const before = telegraph.pages.length;
    telegraph.dropNextCreateAnswer = true;
    const error = await failure(connector.publish(target, { title: 'Lost answer', html: '<p>See <a href="https://money.example/">the shop</a>.</p>', tags: [], intent }, OPTIONS));
    expect(error).toMatchObject({ kind: 'network', outcomeUnknown: true });
    expect(telegraph.pages).toHaveLength(before + 1);

    const made = telegraph.pages.at(-1)!;
    await expect(connector.findPublished(target, intent, OPTIONS)).resolves.toEqual({ url: `${telegraph.url}/${made.path}`, remoteId: made.path, status: 'published' });
    const list = telegraph.requests.at(-1)!;
    expect(list.line).toBe('POST /getPageList');
    expect(list.params).toEqual({ access_token: telegraph.accessToken, offset: '0', limit: '200' });
    expect(telegraph.pages).toHaveLength(before + 1);
    await expect(connector.findPublished(target, { ...intent, at: Date.now() + 3 * DAY_MS }, OPTIONS)).resolves.toBeNull();
    await expect(connector.findPublished(target, intentOf('Never made'), OPTIONS)).resolves.toBeNull();
  });

  it('ACCESS_TOKEN_INVALID is auth / badCredentials naming the token; FLOOD_WAIT_n is rateLimited for n s; TITLE_REQUIRED is rejected with its code only', async () => {
    const bad = await failure(connector.publish({ ...target, password: 'nope' }, { title: 'No', html: '<p>no</p>', tags: [], intent: intentOf('No') }, OPTIONS));
    expect(bad).toMatchObject({ kind: 'auth', code: 'badCredentials' });
    expect(bad.message).toContain('access token');

    telegraph.floodWaitNextCreate = 7;
    const flood = await failure(connector.publish(target, { title: 'Slow', html: '<p>x</p>', tags: [], intent: intentOf('Slow') }, OPTIONS));
    expect(flood).toMatchObject({ kind: 'rateLimited', code: 'rateLimited', retryAfterMs: 7000, outcomeUnknown: false });

    const untitled = await failure(connector.publish(target, { title: '', html: '<p>x</p>', tags: [], intent: intentOf('', '') }, OPTIONS));
    expect(untitled).toMatchObject({ kind: 'rejected', code: 'refusedContent', retryable: false });
    expect(untitled.message).toBe('Telegraph refused to create pages (TITLE_REQUIRED).');
  });

  it('updateLinks re-points the link with editPage, title and author kept; a second call changes nothing and saves nothing', async () => {
    const result = await connector.publish(target, {
      title: 'Repoint me', html: '<p>Read <a href="https://dead.example/page">this guide</a>.</p><ul><li><a href="https://dead.example/page/">again</a></li></ul>', tags: [], intent: intentOf('Repoint me'),
    }, OPTIONS);
    const changes = [{ from: 'https://dead.example/page', to: 'https://live.example/page' }];
    await expect(connector.updateLinks(target, { remoteId: result.remoteId, url: result.url }, changes, OPTIONS)).resolves.toEqual({ changed: 2 });
    const page = telegraph.pages.find((candidate) => candidate.path === result.remoteId)!;
    expect(page.content).toEqual([
      { tag: 'p', children: ['Read ', { tag: 'a', attrs: { href: 'https://live.example/page' }, children: ['this guide'] }, '.'] },
      { tag: 'ul', children: [{ tag: 'li', children: [{ tag: 'a', attrs: { href: 'https://live.example/page' }, children: ['again'] }] }] },
    ]);
    expect(page).toMatchObject({ title: 'Repoint me', authorName: 'Anna Tea' });
    const edits = telegraph.requests.filter((request) => request.line.startsWith('POST /editPage/'));
    expect(edits.map((request) => request.line)).toEqual([`POST /editPage/${result.remoteId}`]);

    await expect(connector.updateLinks(target, { remoteId: result.remoteId, url: result.url }, changes, OPTIONS)).resolves.toEqual({ changed: 0 });
    expect(telegraph.requests.filter((request) => request.line.startsWith('POST /editPage/'))).toHaveLength(1);

    const foreign = telegraph.addPage({ title: 'Not ours', token: 'other-account', content: [{ tag: 'a', attrs: { href: 'https://dead.example/page' }, children: ['x'] }] });
    const denied = await failure(connector.updateLinks(target, { remoteId: foreign.path, url: `${telegraph.url}/${foreign.path}` }, changes, OPTIONS));
    expect(denied).toMatchObject({ kind: 'auth', code: 'permissionDenied' });
    const gone = await failure(connector.updateLinks(target, { remoteId: 'Gone-01-01', url: `${telegraph.url}/Gone-01-01` }, changes, OPTIONS));
    expect(gone.kind).toBe('notFound');
  });

  it('sends the token to the API origin only: a 307 to another host (which would resend the body) is refused unsent', async () => {
    let elsewhere: StubServer | undefined;
    let front: StubServer | undefined;
    try {
      elsewhere = await startStubServer((_request, response) => void response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true,"result":{"path":"x","url":"x"}}'));
      const to = elsewhere.url;
      front = await startStubServer((request, response) => void response.writeHead(307, { location: `${to}${request.url ?? '/'}` }).end());
      const redirected = createTelegraphConnector({ apiBase: front.url });
      const error = await failure(redirected.publish(target, { title: 'Where', html: '<p>x</p>', tags: [], intent: intentOf('Where') }, OPTIONS));
      expect(error).toMatchObject({ kind: 'network', retryable: false });
      expect(error.message).toContain(`sent its API request on to ${to}`);
      expect(elsewhere.requests).toEqual([]);
    } finally {
      await front?.close();
      await elsewhere?.close();
    }
  });
});
