/**
 * The MediaWiki connector against two real wikis (Debian's MediaWiki, started by
 * scripts/peers/mediawiki.sh): bot-password and account logins, a page made from article HTML,
 * idempotency by title, reconciliation by lookup, the typed errors a wiki really gives, and what
 * verification then reads on the page (external links are nofollow on a wiki).
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PublishError, type ClaimedNames, type PublishIntent, type PublishOptions, type PublishTarget } from '../../src/engine/connectors/connector';
import { createMediaWikiConnector, type MediaWikiConnector } from '../../src/engine/connectors/mediawiki/mediawiki-connector';
import { pageTitleOf } from '../../src/engine/connectors/mediawiki/page-name';
import { MediaWikiSession } from '../../src/engine/connectors/mediawiki/mediawiki-api';
import { createDefaultConnectorRegistry } from '../../src/engine/connectors/registry';
import { fetchPage } from '../../src/engine/verify/fetch-page';
import { judgePage } from '../../src/engine/verify/judge-page';
import { mediaWikiAvailability, startMediaWikiPeers, type MediaWikiPeers, type MediaWikiPeerSite } from '../support/mediawiki-peers';
import { startStubServer } from './stub-servers';

const availability = await mediaWikiAvailability();
const skipReason = availability.available ? '' : ` (SKIPPED: ${availability.reason})`;

const OPTIONS: PublishOptions = { timeoutMs: 20_000 };

const bot = (wiki: MediaWikiPeerSite, password = wiki.botPassword): PublishTarget => ({ siteUrl: wiki.url, username: wiki.botUsername, password });
const newKey = () => randomBytes(3).toString('hex');

/** The intent the engine would record for a post of this title (the name as the wiki writes it: first letter upper case). */
function intentOf(title: string, name = pageTitleOf(title)): PublishIntent {
  return { title, name: name.charAt(0).toUpperCase() + name.slice(1), at: Date.now() };
}

/** A post with the intent for its title. */
function withIntent<T extends { title: string }>(fields: T): T & { intent: PublishIntent } {
  return { ...fields, intent: intentOf(fields.title) };
}

const noClaims: ClaimedNames = async () => new Set();

/** The page's revisions, oldest first: who saved each and with what summary. */
async function revisionsOf(wiki: MediaWikiPeerSite, pageId: string): Promise<Array<{ user: string; comment: string }>> {
  const answer = (await (await fetch(`${wiki.apiUrl}?action=query&prop=revisions&rvprop=user|comment&rvdir=newer&rvlimit=50&pageids=${pageId}&format=json&formatversion=2`)).json()) as { query: { pages: Array<{ revisions: Array<{ user: string; comment: string }> }> } };
  return answer.query.pages[0]?.revisions ?? [];
}

async function expectPublishError(promise: Promise<unknown>): Promise<PublishError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(PublishError);
  return error as PublishError;
}

/** Logs in as the wiki's admin (clientlogin) and runs one write the test needs (block, protect, create an account). */
async function adminSession(wiki: MediaWikiPeerSite): Promise<MediaWikiSession> {
  const session = new MediaWikiSession(wiki.apiUrl, { timeoutMs: 20_000, siteLabel: wiki.url });
  await session.login(wiki.username, wiki.password);
  return session;
}

async function createAccount(wiki: MediaWikiPeerSite, username: string, password: string): Promise<void> {
  const session = new MediaWikiSession(wiki.apiUrl, { timeoutMs: 20_000, siteLabel: wiki.url });
  const token = await session.token('createaccount');
  const answer = await session.call(
    { action: 'createaccount', username, password, retype: password, email: '', realname: '', createreturnurl: wiki.url, createtoken: token },
    { post: true },
  );
  expect((answer.createaccount as { status?: string } | undefined)?.status, JSON.stringify(answer)).toBe('PASS');
}

describe.skipIf(!availability.available)(`MediaWiki connector against real wikis${skipReason}`, () => {
  let peers: MediaWikiPeers;
  let wikiA: MediaWikiPeerSite;
  let wikiB: MediaWikiPeerSite;
  let connector: MediaWikiConnector;

  beforeAll(async () => {
    peers = await startMediaWikiPeers(2);
    [wikiA, wikiB] = peers.sites as [MediaWikiPeerSite, MediaWikiPeerSite];
    connector = createMediaWikiConnector();
  });

  afterAll(async () => {
    await peers?.stop();
  });

  it('is the registry’s connector for MediaWiki sites', () => {
    const registry = createDefaultConnectorRegistry();
    expect(registry.get('MediaWiki').platform).toBe('MediaWiki');
    expect(registry.get('mediawiki')).toBe(registry.get('MediaWiki'));
  });

  it('publishes article HTML as a page with a bot password; verification reads the link as NOFOLLOW', async () => {
    const html = '<h2>About tea</h2><p>Green tea is <a href="https://tea.example/green?x=1">good green tea</a> for you.</p><figure><img src="https://img.example/cup.png" alt="Cup"></figure><ul><li>one</li><li>two</li></ul>';
    const fields = { title: 'tea & you', html, tags: ['Tea', 'Health'] };
    // The page is named by the title, as the wiki writes it: nothing of ours in the name.
    const name = await connector.chooseName(bot(wikiA), fields, noClaims, OPTIONS);
    expect(name).toBe('Tea & you');
    const result = await connector.publish(bot(wikiA), { ...fields, intent: intentOf(fields.title, name) }, OPTIONS);
    expect(result.url).toBe(`${wikiA.url}/index.php/Tea_%26_you`);
    expect(Number(result.remoteId)).toBeGreaterThan(0);
    expect(result.warnings).toEqual(['An image was turned into a link to the image: a wiki does not show images from other sites.']);

    const page = await fetchPage(result.url, { timeoutMs: 20_000 });
    expect(page.status).toBe(200);
    expect(page.html).toMatch(/<a rel="nofollow" class="external text" href="https:\/\/tea\.example\/green\?x=1">good green tea<\/a>/);
    expect(page.html).toContain('<b>tea &amp; you</b>');
    expect(page.html).toContain('Category:Tea');
    const verdict = judgePage(page, [{ url: 'https://tea.example/green?x=1', anchor: 'good green tea' }]);
    expect(verdict).toMatchObject({ kind: 'result', status: 'NOFOLLOW' });

    // The wikitext as saved: the page's source, made by the bot's user.
    const source = await (await fetch(`${wikiA.url}/index.php?title=Tea_%26_you&action=raw`)).text();
    expect(source).toContain('[https://tea.example/green?x=1 good green tea]');
    expect(source).toContain('== About tea ==');
    // No summary of ours: the wiki wrote its own, as it does for a person's new page.
    const [created] = await revisionsOf(wikiA, result.remoteId);
    expect(created?.user).toBe(wikiA.botUsername.split('@')[0]);
    expect(created?.comment).toMatch(/^Created page with/);
  });

  it('keeps one page per intent: publishing it again keeps the page; findPublished finds it by name, our user and time, and nothing else', async () => {
    const post = withIntent({ title: `Once ${newKey()}`, html: '<p>Only <a href="https://once.example/">once</a>.</p>', tags: [] });
    const first = await connector.publish(bot(wikiA), post, OPTIONS);
    const again = await connector.publish(bot(wikiA), post, OPTIONS);
    expect(again.remoteId).toBe(first.remoteId);
    expect(again.url).toBe(first.url);
    expect(again.warnings.at(-1)).toMatch(/already existed from an earlier try/);

    await expect(connector.findPublished(bot(wikiA), post.intent, OPTIONS)).resolves.toEqual({ url: first.url, remoteId: first.remoteId, status: 'publish' });
    // An unknown outcome whose page was never made: null, so the retry publishes.
    await expect(connector.findPublished(bot(wikiA), intentOf(`Never made ${newKey()}`), OPTIONS)).resolves.toBeNull();
    // An intent recorded long after the page was made is not that page's.
    await expect(connector.findPublished(bot(wikiA), { ...post.intent, at: Date.now() + 24 * 3600_000 }, OPTIONS)).resolves.toBeNull();
    // The other wiki has no such page.
    await expect(connector.findPublished(bot(wikiB), post.intent, OPTIONS)).resolves.toBeNull();
  });

  it('two posts with one title get two page names ("Title (Word)" from each text), and each intent finds its own', async () => {
    const title = `Seed saving ${newKey()}`;
    const first = { title, html: '<p>Dry the beans before storing them. Label every jar.</p>', tags: [] };
    const second = { title, html: '<p>Tomatoes ferment before drying. Tomatoes keep for years.</p>', tags: [] };
    const firstName = await connector.chooseName(bot(wikiA), first, noClaims, OPTIONS);
    // Another post of ours claims the title already (recorded, not yet on the wiki): this one takes the next name.
    const secondName = await connector.chooseName(bot(wikiA), second, async (names) => new Set(names.filter((name) => name === firstName)), OPTIONS);
    expect(firstName).toBe(title);
    expect(secondName).toBe(`${title} (Tomatoes)`);
    const intents = [intentOf(title, firstName), intentOf(title, secondName)];
    const made = [
      await connector.publish(bot(wikiA), { ...first, intent: intents[0]! }, OPTIONS),
      await connector.publish(bot(wikiA), { ...second, intent: intents[1]! }, OPTIONS),
    ];
    expect(made[0]!.remoteId).not.toBe(made[1]!.remoteId);
    expect((await connector.findPublished(bot(wikiA), intents[0]!, OPTIONS))?.remoteId).toBe(made[0]!.remoteId);
    expect((await connector.findPublished(bot(wikiA), intents[1]!, OPTIONS))?.remoteId).toBe(made[1]!.remoteId);
    // Both on the wiki now: a third gets another word, never a number.
    expect(await connector.chooseName(bot(wikiA), second, noClaims, OPTIONS)).toBe(`${title} (Ferment)`);
  });

  it('updateLinks re-points the real page: only the dead link\'s address changes, as a minor edit of the bot\'s user, once', async () => {
    const key = newKey();
    const dead = `https://dead.example/${key}/`;
    const live = `https://live.example/${key}`;
    const published = await connector.publish(bot(wikiB), withIntent({
      title: `Re-pointed ${key}`, html: `<p>Read <a href="${dead}">the tier above</a> and <a href="https://keep.example/${key}">this one</a>.</p>`, tags: [],
    }), OPTIONS);
    const item = { remoteId: published.remoteId, url: published.url };
    expect(await connector.updateLinks(bot(wikiB), item, [{ from: dead, to: live }], OPTIONS)).toEqual({ changed: 1 });
    const source = await (await fetch(`${wikiB.url}/index.php?curid=${published.remoteId}&action=raw`)).text();
    expect(source).toContain(`[${live} the tier above]`);
    expect(source).toContain(`[https://keep.example/${key} this one]`);
    expect(source).not.toContain(dead);
    const page = await fetchPage(published.url, { timeoutMs: 20_000 });
    expect(page.html).toContain(`href="${live}">the tier above</a>`);
    const revisions = await revisionsOf(wikiB, published.remoteId);
    expect(revisions).toHaveLength(2);
    expect(revisions[1]?.user).toBe(wikiB.botUsername.split('@')[0]);
    // Asked again: nothing left to change, no third revision.
    expect(await connector.updateLinks(bot(wikiB), item, [{ from: dead, to: live }], OPTIONS)).toEqual({ changed: 0 });
    expect(await revisionsOf(wikiB, published.remoteId)).toHaveLength(2);
    const gone = await connector.updateLinks(bot(wikiB), { remoteId: '99999999', url: `${wikiB.url}/index.php/Nothing` }, [{ from: dead, to: live }], OPTIONS).then(() => undefined, (error: unknown) => error);
    expect((gone as PublishError).kind).toBe('notFound');
  });

  it('publishes as an account with its own password (clientlogin)', async () => {
    const username = `Author${randomBytes(3).toString('hex')}`;
    const password = `Pw-${randomBytes(8).toString('hex')}`;
    await createAccount(wikiB, username, password);
    const result = await connector.publish({ siteUrl: `${wikiB.url}/`, username, password }, withIntent({ title: 'By an author', html: '<p>Hi <a href="https://author.example/">author</a></p>', tags: [] }), OPTIONS);
    const info = await (await fetch(`${wikiB.apiUrl}?action=query&prop=revisions&rvprop=user&pageids=${result.remoteId}&format=json&formatversion=2`)).json() as { query: { pages: Array<{ revisions: Array<{ user: string }> }> } };
    expect(info.query.pages[0]?.revisions[0]?.user).toBe(username);
  });

  it('creates an account as a visitor does (register), then publishes as it; a taken name says so', async () => {
    const username = `Reg${randomBytes(3).toString('hex')}`;
    const account = { username, email: `${username.toLowerCase()}@example.test`, password: `Pw-${randomBytes(8).toString('hex')}` };
    const made = await connector.register!({ siteUrl: wikiB.url, username: '', password: '' }, account, OPTIONS);
    expect(made).toEqual({ siteUrl: wikiB.url, username, password: account.password });
    // The wiki knows the account (the test wikis send no mail, so the email itself is not checked here).
    const users = (await (await fetch(`${wikiB.apiUrl}?action=query&list=users&ususers=${username}&usprop=emailable&format=json&formatversion=2`)).json()) as { query: { users: Array<{ missing?: boolean }> } };
    expect(users.query.users[0]?.missing).toBeUndefined();
    const result = await connector.publish(made, withIntent({ title: 'New account', html: '<p>By a <a href="https://new.example/">new account</a>.</p>', tags: [] }), OPTIONS);
    const revisions = (await (await fetch(`${wikiB.apiUrl}?action=query&prop=revisions&rvprop=user&pageids=${result.remoteId}&format=json&formatversion=2`)).json()) as { query: { pages: Array<{ revisions: Array<{ user: string }> }> } };
    expect(revisions.query.pages[0]?.revisions[0]?.user).toBe(username);

    const taken = await expectPublishError(connector.register!({ siteUrl: wikiB.url, username: '', password: '' }, account, OPTIONS));
    expect(taken).toMatchObject({ kind: 'rejected', code: 'accountExists', retryable: false });
  });

  it('says bad credentials for a wrong bot password and a wrong account password', async () => {
    const wrongBot = await expectPublishError(connector.publish(bot(wikiA, 'x'.repeat(32)), withIntent({ title: 't', html: '<p>x</p>', tags: [] }), OPTIONS));
    expect(wrongBot).toMatchObject({ kind: 'auth', code: 'badCredentials', outcomeUnknown: false, retryable: false });
    expect(wrongBot.message).toContain(wikiA.url);
    const wrongAccount = await expectPublishError(connector.publish({ siteUrl: wikiA.url, username: 'Admin', password: 'not-the-password' }, withIntent({ title: 't', html: '<p>x</p>', tags: [] }), OPTIONS));
    expect(wrongAccount).toMatchObject({ kind: 'auth', code: 'badCredentials' });
  });

  it('names around a page someone else made; says page exists (tried again under another name) when it is taken after the choice, and blocked for a blocked account', async () => {
    const title = `Taken title ${newKey()}`;
    const username = `Other${randomBytes(3).toString('hex')}`;
    const password = `Pw-${randomBytes(8).toString('hex')}`;
    await createAccount(wikiB, username, password);
    // Another account makes the title first (the bot logs in as the admin, so the page is not its own).
    const other = new MediaWikiSession(wikiB.apiUrl, { timeoutMs: 20_000, siteLabel: wikiB.url });
    await other.login(username, password);
    const edit = await other.call({ action: 'edit', title, text: 'Someone else', createonly: '1', token: await other.csrf() }, { post: true });
    expect((edit.edit as { result?: string } | undefined)?.result, JSON.stringify(edit)).toBe('Success');

    const post = { title, html: '<p>Pruning keeps the plants healthy.</p>', tags: [] };
    expect(await connector.chooseName(bot(wikiB), post, noClaims, OPTIONS)).toBe(`${title} (Pruning)`);
    // Their page is not ours: no look-up takes it for our post.
    await expect(connector.findPublished(bot(wikiB), intentOf(title), OPTIONS)).resolves.toBeNull();
    // Taken between our choice and the edit: refused, and the retry chooses again.
    const exists = await expectPublishError(connector.publish(bot(wikiB), { ...post, intent: intentOf(title) }, OPTIONS));
    expect(exists).toMatchObject({ kind: 'rejected', code: 'pageExists', retryable: true, outcomeUnknown: false });

    const admin = await adminSession(wikiB);
    const block = await admin.call({ action: 'block', user: username, expiry: 'infinite', reason: 'test', token: await admin.csrf() }, { post: true });
    expect(block.block, JSON.stringify(block)).toBeTruthy();
    const blocked = await expectPublishError(connector.publish({ siteUrl: wikiB.url, username, password }, withIntent({ title: 't', html: '<p>x</p>', tags: [] }), OPTIONS));
    expect(blocked).toMatchObject({ kind: 'auth', code: 'blocked', retryable: false });
  });

  it('reconciles a lost answer: the edit reached the wiki, findPublished finds the page and a retry keeps it', async () => {
    // A front for the real wiki that passes everything through but drops the connection once the
    // wiki has answered the first edit: the page exists, the connector never hears so.
    const wikiUrl = new URL(wikiA.url);
    let edits = 0;
    const front = await startStubServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = Buffer.concat(chunks);
        const isEdit = request.method === 'POST' && new URLSearchParams(body.toString()).get('action') === 'edit' && edits++ === 0;
        const upstream = http.request(
          { host: wikiUrl.hostname, port: wikiUrl.port, method: request.method, path: request.url, headers: { ...request.headers, host: wikiUrl.host } },
          (answer) => {
            if (isEdit) {
              answer.resume();
              answer.on('end', () => request.socket.destroy());
              return;
            }
            response.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(response);
          },
        );
        upstream.on('error', () => response.writeHead(502).end());
        upstream.end(body);
      });
    });
    try {
      const target = { siteUrl: front.url, username: wikiA.botUsername, password: wikiA.botPassword };
      const post = withIntent({ title: `Lost ${newKey()}`, html: '<p>An <a href="https://lost.example/">answer</a> lost.</p>', tags: [] });
      const lost = await expectPublishError(connector.publish(target, post, OPTIONS));
      expect(lost).toMatchObject({ kind: 'network', outcomeUnknown: true, retryable: true });
      // The engine asks before retrying: the page is there.
      const found = await connector.findPublished(target, post.intent, OPTIONS);
      expect(found).toMatchObject({ url: `${wikiA.url}/index.php/${post.intent.name.replace(/ /g, '_')}`, status: 'publish' });
      // Publishing again keeps that page (same account), never a second one.
      const again = await connector.publish(target, post, OPTIONS);
      expect(again.remoteId).toBe(found?.remoteId);
    } finally {
      await front.close();
    }
  });

  it('says rate limited and read-only as a wiki answers them (a stand-in following the API docs)', async () => {
    // What api.php answers (https://www.mediawiki.org/wiki/API:Edit, API:Login, API:Etiquette): the
    // edit's error code per scenario, or HTTP 429 with Retry-After.
    let scenario: 'ratelimited' | 'readonly' | 'siteReadonly' | 'http429' = 'ratelimited';
    const stub = await startStubServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        const params = new URLSearchParams(request.method === 'POST' ? body : (request.url ?? '').split('?')[1] ?? '');
        const json = (value: unknown, status = 200, headers: Record<string, string> = {}) =>
          response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(value));
        if (!request.url?.startsWith('/api.php')) return response.writeHead(404).end();
        if (params.get('meta') === 'siteinfo') {
          return json({ query: { general: { generator: 'MediaWiki 1.39.17', sitename: 'Stand-in', server: 'http://stand-in', articlepath: '/index.php/$1', ...(scenario === 'siteReadonly' ? { readonly: true, readonlyreason: 'Database maintenance' } : {}) } } });
        }
        if (params.get('meta') === 'tokens') return json({ query: { tokens: { logintoken: 'l+\\', csrftoken: 'c+\\' } } });
        if (params.get('action') === 'login') return json({ login: { result: 'Success', lguserid: 1, lgusername: 'Admin' } });
        if (params.get('action') === 'edit') {
          if (scenario === 'http429') return json({}, 429, { 'retry-after': '7' });
          if (scenario === 'ratelimited') return json({ error: { code: 'ratelimited', info: "As an anti-abuse measure, you are limited from performing this action too many times in a short space of time, and you have exceeded this limit. Please try again in a few minutes." } });
          return json({ error: { code: 'readonly', info: 'The wiki is currently in read-only mode.', readonlyreason: 'Upgrade' } });
        }
        return json({ error: { code: 'badvalue', info: 'unexpected' } });
      });
    });
    try {
      const target = { siteUrl: stub.url, username: 'Admin@linkloom', password: 'x'.repeat(32) };
      const post = () => (withIntent({ title: 't', html: '<p>x</p>', tags: [] }));
      const local = createMediaWikiConnector();
      await expect(expectPublishError(local.publish(target, post(), OPTIONS))).resolves.toMatchObject({ kind: 'rateLimited', code: 'rateLimited', retryable: true, retryAfterMs: 60_000 });
      scenario = 'readonly';
      await expect(expectPublishError(local.publish(target, post(), OPTIONS))).resolves.toMatchObject({ kind: 'rejected', code: 'readOnly', retryable: true, outcomeUnknown: false });
      scenario = 'http429';
      await expect(expectPublishError(local.publish(target, post(), OPTIONS))).resolves.toMatchObject({ kind: 'rateLimited', retryAfterMs: 7000 });
      scenario = 'siteReadonly';
      const readOnly = await expectPublishError(createMediaWikiConnector().publish(target, post(), OPTIONS));
      expect(readOnly).toMatchObject({ code: 'readOnly', retryable: true });
      // The wiki's own reason is not repeated (remote answers are summarised, issue 33).
      expect(readOnly.message).toBe(`${stub.url} is read-only just now; it will be tried again.`);
    } finally {
      await stub.close();
    }
  });

  it('says not a wiki for a site without api.php', async () => {
    const error = await expectPublishError(connector.publish({ siteUrl: `${wikiA.url}/nowhere`, username: wikiA.botUsername, password: wikiA.botPassword }, withIntent({ title: 't', html: '<p>x</p>', tags: [] }), OPTIONS));
    expect(error).toMatchObject({ kind: 'notFound' });
    expect(error.message).toMatch(/has no MediaWiki API/);
  });
});
