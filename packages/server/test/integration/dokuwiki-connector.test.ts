/**
 * The DokuWiki connector against real wikis (Debian's DokuWiki, started by
 * scripts/peers/dokuwiki.sh): a page made from article HTML and read back as visitors and the
 * verifier see it (links nofollow by default), names told apart, one page per intent (a repeated
 * publish, a lost answer), someone's page never touched, the errors a wiki really gives, links
 * re-pointed in place, and the probe telling a wiki whose remote API is off.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PublishError, type ClaimedNames, type PublishIntent, type PublishOptions, type PublishTarget } from '../../src/engine/connectors/connector';
import { DokuWikiSession } from '../../src/engine/connectors/dokuwiki/dokuwiki-api';
import { createDokuWikiConnector, pageUrl, probeDokuWiki, type DokuWikiConnector } from '../../src/engine/connectors/dokuwiki/dokuwiki-connector';
import { pageIdOf } from '../../src/engine/connectors/dokuwiki/page-id';
import { fetchPage } from '../../src/engine/verify/fetch-page';
import { judgePage } from '../../src/engine/verify/judge-page';
import { dokuWikiAvailability, startDokuWikiPeers, type DokuWikiPeers, type DokuWikiPeerSite } from '../support/dokuwiki-peers';
import { startStubServer } from './stub-servers';
import { decodeEntities } from '@linkloom/shared';
import { Parser } from 'htmlparser2';
import { htmlToDokuWiki } from '../../src/engine/connectors/dokuwiki/html-to-dokuwiki';

const availability = await dokuWikiAvailability();
const skipReason = availability.available ? '' : ` (SKIPPED: ${availability.reason})`;

const OPTIONS: PublishOptions = { timeoutMs: 20_000 };
/** A 1×1 PNG. */
const PNG = Uint8Array.from(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'));

const user = (wiki: DokuWikiPeerSite, password = wiki.userPassword): PublishTarget => ({ siteUrl: wiki.url, username: wiki.userUsername, password });
const admin = (wiki: DokuWikiPeerSite): PublishTarget => ({ siteUrl: wiki.url, username: wiki.username, password: wiki.password });
const newKey = () => randomBytes(3).toString('hex');
const noClaims: ClaimedNames = async () => new Set();

/** The intent the engine would record for a post of this title. */
function intentOf(title: string, name = pageIdOf(title)): PublishIntent {
  return { title, name, at: Date.now() };
}

function withIntent<T extends { title: string }>(fields: T): T & { intent: PublishIntent } {
  return { ...fields, intent: intentOf(fields.title) };
}

async function expectPublishError(promise: Promise<unknown>): Promise<PublishError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(PublishError);
  return error as PublishError;
}

/** A session of the wiki's own API as one of its accounts, for what the test does beside the connector. */
async function sessionAs(wiki: DokuWikiPeerSite, username: string, password: string): Promise<DokuWikiSession> {
  const session = new DokuWikiSession(wiki.url, { timeoutMs: 20_000, siteLabel: wiki.url });
  await session.login(username, password);
  return session;
}

/** The page as a visitor sees it: the wiki's rendering of its text. */
async function pageHtml(url: string): Promise<string> {
  const page = await fetchPage(url, { timeoutMs: 20_000 });
  expect(page.status).toBe(200);
  const start = page.html.indexOf('<!-- wikipage start -->');
  const stop = page.html.indexOf('<!-- wikipage stop -->');
  return start >= 0 && stop > start ? page.html.slice(start, stop) : page.html;
}

/** A small seeded generator (mulberry32): the same articles every run. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The text of HTML as a browser shows it (entities decoded), markup left out. */
function textOfHtml(html: string): string {
  let text = '';
  const parser = new Parser({ ontext: (piece) => (text += piece) }, { decodeEntities: true });
  parser.write(html);
  parser.end();
  return text;
}

/**
 * Text as compared: without white space, the wiki's typography (curly quotes, dashes, arrows, `×`,
 * `…`) read back as typed, and without the zero-width spaces that keep a link's `]]` from closing it.
 */
function visibleText(shown: string): string {
  const typed: Array<[RegExp, string]> = [
    [/[“”„]/g, '"'], [/[‘’]/g, "'"], [/—/g, '---'], [/–/g, '--'], [/…/g, '...'], [/×/g, 'x'], [/↔/g, '<->'], [/→/g, '->'], [/←/g, '<-'],
    [/⇔/g, '<=>'], [/⇒/g, '=>'], [/⇐/g, '<='], [/»/g, '>>'], [/«/g, '<<'], [/©/g, '(c)'], [/™/g, '(tm)'], [/®/g, '(r)'], [/\u200B/g, ''],
  ];
  let text = shown;
  for (const [pattern, replacement] of typed) text = text.replace(pattern, replacement);
  return text.replace(/\s+/g, '');
}

describe.skipIf(!availability.available)(`DokuWiki connector against real wikis${skipReason}`, () => {
  let peers: DokuWikiPeers;
  let closedPeers: DokuWikiPeers;
  let wikiA: DokuWikiPeerSite;
  let wikiB: DokuWikiPeerSite;
  let closed: DokuWikiPeerSite;
  let connector: DokuWikiConnector;

  beforeAll(async () => {
    [peers, closedPeers] = await Promise.all([startDokuWikiPeers(2), startDokuWikiPeers(1, { remoteApi: false })]);
    [wikiA, wikiB] = peers.sites as [DokuWikiPeerSite, DokuWikiPeerSite];
    closed = closedPeers.sites[0] as DokuWikiPeerSite;
    connector = createDokuWikiConnector();
  });

  afterAll(async () => {
    await Promise.all([peers?.stop(), closedPeers?.stop()]);
  });

  it('publishes article HTML as a page with two links; the page shows them as DokuWiki links, nofollow by default', async () => {
    const title = `Tea & you ${newKey()}`;
    const html = '<h2>About tea</h2><p>Green tea is <a href="https://tea.example/green?x=1">good green tea</a> and <strong>black</strong> tea is <em>strong</em>.</p><ul><li>one</li><li>see <a href="https://shop.example/">the shop</a></li></ul><figure><img src="https://img.example/cup.png" alt="Cup"></figure>';
    const fields = { title, html, tags: ['Tea'] };
    // The page is named by the title as the wiki writes ids: nothing of ours in the name.
    const name = await connector.chooseName(user(wikiA), fields, noClaims, OPTIONS);
    expect(name).toBe(`tea_you_${title.slice(-6)}`);
    const result = await connector.publish(user(wikiA), { ...fields, intent: intentOf(title, name) }, OPTIONS);
    expect(result).toEqual({ url: `${wikiA.url}/doku.php?id=${name}`, remoteId: name, warnings: [] });

    const page = await pageHtml(result.url);
    expect(page).toMatch(/<a href="https:\/\/tea\.example\/green\?x=1" class="urlextern" title="[^"]*" rel="ugc nofollow">good green tea<\/a>/);
    expect(page).toMatch(/<a href="https:\/\/shop\.example\/" class="urlextern" title="[^"]*" rel="ugc nofollow">the shop<\/a>/);
    expect(page).toMatch(/<h1[^>]*>Tea &amp; you [0-9a-f]{6}<\/h1>/);
    expect(page).toMatch(/<h2[^>]*>About tea<\/h2>/);
    expect(page).toContain('<strong>black</strong>');
    expect(page).toContain('<em>strong</em>');
    expect(page).toMatch(/<li class="level1"><div class="li"> one<\/div>/);
    expect(page).toContain('alt="Cup"');
    const verdict = judgePage(await fetchPage(result.url, { timeoutMs: 20_000 }), [
      { url: 'https://tea.example/green?x=1', anchor: 'good green tea' },
      { url: 'https://shop.example/', anchor: 'the shop' },
    ]);
    expect(verdict).toMatchObject({ kind: 'result', status: 'NOFOLLOW' });

    // The text as saved, and its history: made by the account, with the wiki's own summary.
    const reader = await sessionAs(wikiA, wikiA.username, wikiA.password);
    const source = await reader.rawPage(name);
    expect(source).toContain('[[https://tea.example/green?x=1|good green tea]]');
    expect(source.startsWith(`====== ${title} ======`)).toBe(true);
    const versions = await reader.call('wiki.getPageVersions', [name, 0], { action: 'read' });
    expect(versions).toEqual([expect.objectContaining({ user: wikiA.userUsername, type: 'C', sum: 'created' })]);
  });

  it('keeps wiki syntax in the article as text: nothing of it becomes markup', async () => {
    const post = withIntent({ title: `Syntax ${newKey()}`, html: '<p>Use **stars** and //slashes// or [[brackets]] and {{braces}}, FIXME, ~~NOTOC~~, 50% %% and https://bare.example/x.</p><p>&gt; not a quote</p>', tags: [] });
    const result = await connector.publish(user(wikiA), post, OPTIONS);
    const page = await pageHtml(result.url);
    const text = page.replace(/<[^>]*>/g, '').replace(/\s+/g, ' ');
    expect(text).toContain('Use **stars** and //slashes// or [[brackets]] and {{braces}}, FIXME, ~~NOTOC~~, 50% %% and https://bare.example/x.');
    expect(text).toContain('&gt; not a quote');
    expect(page).not.toContain('<strong>');
    expect(page).not.toContain('bare.example/x"');
    expect(page).not.toContain('<img');
    expect(page).not.toContain('<blockquote');

    // In a quote, a `>` of the text stays text: one quote, not two.
    const quoted = await connector.publish(user(wikiA), withIntent({ title: `Quoted ${newKey()}`, html: '<blockquote><p>&gt; still one quote</p></blockquote>', tags: [] }), OPTIONS);
    const quotePage = await pageHtml(quoted.url);
    expect(quotePage.split('<blockquote').length - 1).toBe(1);
    expect(quotePage.replace(/<[^>]*>/g, '')).toContain('&gt; still one quote');
  });

  it('shows generated articles full of wiki syntax exactly as their text (seeded: the same 80 every run)', async () => {
    const random = seeded(20_241_129);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
    const pieces = ['*', '/', '_', "'", '[', ']', '{', '}', '(', ')', '~', '=', '-', '\\', '<', '>', '^', '|', '%', ':', 'a', 'bc', '1', ' ', 'http://x.y', 'www.', '.', 'FIXME', ':-)', '"', '&', 'm(', 'LOL'];
    const tags = ['p', 'b', 'i', 'u', 'code', 'span', 'ul', 'ol', 'li', 'blockquote', 'table', 'tr', 'td', 'th', 'h2', 'pre', 'a', 'del', 'sup', 'div'];
    const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    const tree = (depth: number): string => Array.from({ length: 1 + Math.floor(random() * 4) }, () => {
      if (depth > 3 || random() < 1 / 3) return escape(Array.from({ length: 1 + Math.floor(random() * 5) }, () => pick(pieces)).join(''));
      if (random() < 1 / 8) return '<br>';
      const tag = pick(tags);
      return tag === 'a' ? `<a href="https://h${Math.floor(random() * 9)}.example/">${tree(depth + 1)}</a>` : `<${tag}>${tree(depth + 1)}</${tag}>`;
    }).join('');
    const writer = await sessionAs(wikiB, wikiB.username, wikiB.password);
    const failures: string[] = [];
    for (let index = 0; index < 80; index++) {
      const html = tree(0);
      const { text } = htmlToDokuWiki(html);
      if (text.trim() === '') continue;
      const id = `generated_${index}`;
      await writer.putPage(id, text, '', false, 'save');
      const page = (await pageHtml(pageUrl(wikiB.url, id))).replace(/<!-- TOC START -->[\s\S]*?<!-- TOC END -->/, '');
      const shown = visibleText(decodeEntities(page.replace(/<[^>]*>/g, '')));
      const meant = visibleText(textOfHtml(html));
      // Only the article's own pictures and links: no smiley pictures, no wiki links, no footnotes.
      const extra = /<img |class="wikilink|class="fn_top"/.test(page);
      if (shown !== meant || extra) failures.push(`${html}\n  as ${JSON.stringify(text)}\n  shows ${shown}\n  meant ${meant}`);
    }
    expect(failures).toEqual([]);
  });

  it('tells a taken name apart by a word of the text, and names around a claimed one', async () => {
    const title = `Seed saving ${newKey()}`;
    const base = pageIdOf(title);
    // Someone (the admin) has a page of that name already.
    const other = await sessionAs(wikiA, wikiA.username, wikiA.password);
    await other.putPage(base, 'Someone else wrote this.', '', false, 'create');
    const post = { title, html: '<p>Tomatoes ferment before drying. Tomatoes keep for years.</p>', tags: [] };
    const name = await connector.chooseName(user(wikiA), post, noClaims, OPTIONS);
    expect(name).toBe(`${base}_tomatoes`);
    // Another post of ours claims that one (recorded, not yet on the wiki): this one takes the next word.
    const next = await connector.chooseName(user(wikiA), post, async (names) => new Set(names.filter((candidate) => candidate === name)), OPTIONS);
    expect(next).toBe(`${base}_ferment`);

    // Their page is not ours: no look-up takes it for our post, and publishing under it leaves it alone.
    await expect(connector.findPublished(user(wikiA), intentOf(title, base), OPTIONS)).resolves.toBeNull();
    const taken = await expectPublishError(connector.publish(user(wikiA), { ...post, intent: intentOf(title, base) }, OPTIONS));
    expect(taken).toMatchObject({ kind: 'rejected', code: 'pageExists', retryable: true, outcomeUnknown: false });
    expect(await other.rawPage(base)).toBe('Someone else wrote this.');
    const made = await connector.publish(user(wikiA), { ...post, intent: intentOf(title, name) }, OPTIONS);
    expect(made.remoteId).toBe(name);
  });

  it('keeps one page per intent: findPublished finds it by name, account and time, and nothing else; publishing again keeps it', async () => {
    const post = withIntent({ title: `Once ${newKey()}`, html: '<p>Only <a href="https://once.example/">once</a>.</p>', tags: [] });
    const first = await connector.publish(user(wikiA), post, OPTIONS);
    await expect(connector.findPublished(user(wikiA), post.intent, OPTIONS)).resolves.toEqual({ url: first.url, remoteId: first.remoteId, status: 'publish' });
    // Another account of the same wiki did not make it.
    await expect(connector.findPublished(admin(wikiA), post.intent, OPTIONS)).resolves.toBeNull();
    // An intent recorded long after the page was made is not that page's.
    await expect(connector.findPublished(user(wikiA), { ...post.intent, at: Date.now() + 24 * 3600_000 }, OPTIONS)).resolves.toBeNull();
    // A page never made, and the other wiki: nothing.
    await expect(connector.findPublished(user(wikiA), intentOf(`Never made ${newKey()}`), OPTIONS)).resolves.toBeNull();
    await expect(connector.findPublished(user(wikiB), post.intent, OPTIONS)).resolves.toBeNull();

    const again = await connector.publish(user(wikiA), post, OPTIONS);
    expect(again.remoteId).toBe(first.remoteId);
    expect(again.warnings.at(-1)).toMatch(/already existed from an earlier try/);
    const reader = await sessionAs(wikiA, wikiA.username, wikiA.password);
    expect(await reader.pageVersions(first.remoteId, 0)).toHaveLength(1);
  });

  it('reconciles a lost answer: the save reached the wiki, findPublished finds the page, and a retry never makes a second one', async () => {
    // A front for the real wiki that passes everything through but drops the connection once the
    // wiki has answered the first save: the page exists, the connector never hears so.
    const wikiUrl = new URL(wikiA.url);
    let saves = 0;
    const front = await startStubServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = Buffer.concat(chunks);
        const isSave = body.toString().includes('<methodName>wiki.putPage</methodName>') && saves++ === 0;
        const upstream = http.request(
          { host: wikiUrl.hostname, port: wikiUrl.port, method: request.method, path: request.url, headers: { ...request.headers, host: wikiUrl.host } },
          (answer) => {
            if (isSave) {
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
      const target = { siteUrl: front.url, username: wikiA.userUsername, password: wikiA.userPassword };
      const post = withIntent({ title: `Lost ${newKey()}`, html: '<p>An <a href="https://lost.example/">answer</a> lost.</p>', tags: [] });
      const lost = await expectPublishError(connector.publish(target, post, OPTIONS));
      expect(lost).toMatchObject({ kind: 'network', outcomeUnknown: true, retryable: true });
      // The engine asks before retrying: the page is there.
      const found = await connector.findPublished(target, post.intent, OPTIONS);
      expect(found).toEqual({ url: pageUrl(front.url, post.intent.name), remoteId: post.intent.name, status: 'publish' });
      // Publishing again keeps that page, never a second one: its history has the one creation.
      const again = await connector.publish(target, post, OPTIONS);
      expect(again.remoteId).toBe(found?.remoteId);
      expect(saves).toBe(1);
      const reader = await sessionAs(wikiA, wikiA.username, wikiA.password);
      expect(await reader.pageVersions(post.intent.name, 0)).toEqual([expect.objectContaining({ type: 'C', user: wikiA.userUsername })]);
    } finally {
      await front.close();
    }
  });

  it('uploads a featured image beside the page and shows it at the top', async () => {
    const post = withIntent({ title: `Pictured ${newKey()}`, html: '<p>A <a href="https://pic.example/">picture</a> post.</p>', tags: [], featuredImage: { bytes: PNG, filename: 'Green cup.png', contentType: 'image/png', alt: 'A green cup' } });
    const result = await connector.publish(user(wikiB), post, OPTIONS);
    expect(result.warnings).toEqual([]);
    const reader = await sessionAs(wikiB, wikiB.username, wikiB.password);
    expect(await reader.rawPage(result.remoteId)).toContain('{{:green_cup.png|A green cup}}');
    expect(await reader.attachmentSize('green_cup.png')).toBe(PNG.byteLength);
    const page = await pageHtml(result.url);
    expect(page).toMatch(/<img src="[^"]*media=green_cup\.png[^"]*"[^>]*alt="A green cup"/);
  });

  it('says bad credentials for a wrong password and an unknown account, before anything is made', async () => {
    const wrong = await expectPublishError(connector.publish(user(wikiA, 'not-the-password'), withIntent({ title: 't', html: '<p>x</p>', tags: [] }), OPTIONS));
    expect(wrong).toMatchObject({ kind: 'auth', code: 'badCredentials', outcomeUnknown: false, retryable: false });
    expect(wrong.message).toContain(wikiA.url);
    const unknown = await expectPublishError(connector.chooseName({ siteUrl: wikiA.url, username: 'nobody', password: 'x' }, { title: 't', html: '<p>x</p>' }, noClaims, OPTIONS));
    expect(unknown).toMatchObject({ kind: 'auth', code: 'badCredentials' });
  });

  it('tells a wiki whose remote API is off, in the probe and when publishing; and a site that is not a wiki', async () => {
    const probe = await probeDokuWiki(closed.url, { timeoutMs: 20_000, login: { username: closed.userUsername, password: closed.userPassword } });
    expect(probe).toMatchObject({ dokuwiki: true, remoteApi: 'off', canPost: false });
    expect(probe.reason).toContain("turn on the remote API (remote, remoteuser) in the wiki's configuration");
    const off = await expectPublishError(connector.publish(user(closed), withIntent({ title: 't', html: '<p>x</p>', tags: [] }), OPTIONS));
    expect(off).toMatchObject({ kind: 'rejected', retryable: false, outcomeUnknown: false });
    expect(off.message).toContain("turn on the remote API (remote, remoteuser) in the wiki's configuration");
    expect(off.message).not.toContain('XML-RPC server not enabled');
    await expect(connector.detect(closed.url, OPTIONS)).resolves.toEqual({ platform: 'DokuWiki', apis: [] });

    await expect(probeDokuWiki(`${wikiA.url}/doku.php?id=start`, { timeoutMs: 20_000, login: { username: wikiA.userUsername, password: wikiA.userPassword } })).resolves.toMatchObject({
      dokuwiki: true, remoteApi: 'on', credentialsOk: true, canPost: true, version: expect.stringMatching(/^Release /),
    });
    await expect(probeDokuWiki(wikiA.url, { timeoutMs: 20_000, login: { username: wikiA.userUsername, password: 'wrong' } })).resolves.toMatchObject({ dokuwiki: true, remoteApi: 'on', credentialsOk: false });
    await expect(connector.detect(wikiA.url, OPTIONS)).resolves.toEqual({ platform: 'DokuWiki', apis: ['xmlrpc'] });

    const site = await startStubServer((_request, response) => response.writeHead(404, { 'content-type': 'text/html' }).end('<html><body>Not here</body></html>'));
    try {
      await expect(probeDokuWiki(site.url, { timeoutMs: 20_000 })).resolves.toMatchObject({ dokuwiki: false, remoteApi: null });
      await expect(connector.detect(site.url, OPTIONS)).resolves.toBeNull();
      const missing = await expectPublishError(connector.publish({ siteUrl: site.url, username: 'a', password: 'b' }, withIntent({ title: 't', html: '<p>x</p>', tags: [] }), OPTIONS));
      expect(missing).toMatchObject({ kind: 'notFound' });
    } finally {
      await site.close();
    }
  });

  it('never sends the login to another host the wiki redirects to', async () => {
    const elsewhere = await startStubServer((_request, response) => response.writeHead(200, { 'content-type': 'text/xml' }).end('<methodResponse><params><param><value><boolean>1</boolean></value></param></params></methodResponse>'));
    const front = await startStubServer((_request, response) => response.writeHead(307, { location: `${elsewhere.url}/lib/exe/xmlrpc.php` }).end());
    try {
      const error = await expectPublishError(connector.publish({ siteUrl: front.url, username: 'someone', password: 'secret' }, withIntent({ title: 't', html: '<p>x</p>', tags: [] }), OPTIONS));
      expect(error).toMatchObject({ kind: 'rejected', outcomeUnknown: false });
      expect(error.message).toContain(`redirects its remote API to ${elsewhere.url}`);
      expect(elsewhere.requests).toEqual([]);
    } finally {
      await Promise.all([front.close(), elsewhere.close()]);
    }
  });

  it('re-points a link in place (updateLinks): the page shows the new address, and a second call changes nothing', async () => {
    const post = withIntent({ title: `Repoint ${newKey()}`, html: '<p>Read <a href="https://dead.example/page">the guide</a> and <a href="https://keep.example/">this</a>.</p>', tags: [] });
    const result = await connector.publish(user(wikiB), post, OPTIONS);
    const item = { remoteId: result.remoteId, url: result.url };
    const changes = [{ from: 'https://dead.example/page', to: 'https://live.example/page?a=1' }];
    await expect(connector.updateLinks(user(wikiB), item, changes, OPTIONS)).resolves.toEqual({ changed: 1 });
    const page = await pageHtml(result.url);
    expect(page).toMatch(/<a href="https:\/\/live\.example\/page\?a=1" class="urlextern" title="[^"]*" rel="ugc nofollow">the guide<\/a>/);
    expect(page).not.toContain('dead.example');
    expect(page).toContain('https://keep.example/');

    await expect(connector.updateLinks(user(wikiB), item, changes, OPTIONS)).resolves.toEqual({ changed: 0 });
    const reader = await sessionAs(wikiB, wikiB.username, wikiB.password);
    const versions = await reader.call('wiki.getPageVersions', [result.remoteId, 0], { action: 'read' }) as Array<{ sum: string; type: string; user: string }>;
    // Two versions only (the second call saved nothing): the edit is minor, by the account, with a
    // person's summary. (Within the second of the creation the wiki lists its newest entry twice.)
    expect(versions).toHaveLength(2);
    expect(versions[0]).toMatchObject({ type: 'e', user: wikiB.userUsername, sum: 'link to live.example' });

    const gone = await expectPublishError(connector.updateLinks(user(wikiB), { remoteId: `never_${newKey()}`, url: `${wikiB.url}/doku.php?id=never` }, changes, OPTIONS));
    expect(gone).toMatchObject({ kind: 'notFound' });
  });
});
