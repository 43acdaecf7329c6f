/**
 * The Shaarli connector against real Shaarli sites (Debian's shaarli 0.12, started by
 * scripts/peers/shaarli.sh): a bookmark made from a post and read back on its public page (with
 * Shaarli's markdown formatter and with its default one), the title as the intent's name and the
 * lookup by it, one bookmark per intent after a lost answer, the refusals a site really gives, the
 * probe, re-pointing a bookmark's links, and private bookmarks.
 */
import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PublishError, type ClaimedNames, type PublishIntent, type PublishOptions, type PublishTarget } from '../../src/engine/connectors/connector';
import { ShaarliApi, type ShaarliLink } from '../../src/engine/connectors/shaarli/shaarli-api';
import { createShaarliConnector, probeShaarli, type ShaarliConnector } from '../../src/engine/connectors/shaarli/shaarli-connector';
import { fetchPage } from '../../src/engine/verify/fetch-page';
import { judgePage } from '../../src/engine/verify/judge-page';
import { shaarliAvailability, startShaarliPeers, type ShaarliPeers, type ShaarliPeerSite } from '../support/shaarli-peers';
import { startStubServer } from './stub-servers';

const availability = await shaarliAvailability();
const skipReason = availability.available ? '' : ` (SKIPPED: ${availability.reason})`;

const OPTIONS: PublishOptions = { timeoutMs: 20_000 };

const targetOf = (site: ShaarliPeerSite, secret = site.apiSecret): PublishTarget => ({ siteUrl: site.url, username: site.username, password: secret });
const newKey = () => randomBytes(3).toString('hex');
const noClaims: ClaimedNames = async () => new Set();

function intentOf(name: string, at = Date.now()): PublishIntent {
  return { title: name, name, at };
}

/** The site's API as its owner uses it (the test's own reads and writes). */
function ownerApi(site: ShaarliPeerSite): ShaarliApi {
  return new ShaarliApi(site.url, site.apiSecret, { timeoutMs: 20_000, siteLabel: site.url });
}

async function bookmark(site: ShaarliPeerSite, id: string): Promise<ShaarliLink> {
  const answer = await ownerApi(site).call('GET', `/links/${id}`, { action: 'read' });
  expect(answer.status).toBe(200);
  return answer.data as ShaarliLink;
}

async function bookmarksTitled(site: ShaarliPeerSite, title: string): Promise<ShaarliLink[]> {
  const answer = await ownerApi(site).call('GET', '/links', { query: { searchterm: title.split(' ')[0] ?? '', limit: 'all' }, action: 'search' });
  return (answer.data as ShaarliLink[]).filter((link) => link.title === title);
}

async function expectPublishError(promise: Promise<unknown>): Promise<PublishError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(PublishError);
  return error as PublishError;
}

describe.skipIf(!availability.available)(`Shaarli connector against real Shaarli sites${skipReason}`, () => {
  let peers: ShaarliPeers;
  let siteA: ShaarliPeerSite;
  let siteB: ShaarliPeerSite;
  let connector: ShaarliConnector;

  beforeAll(async () => {
    peers = await startShaarliPeers(2);
    [siteA, siteB] = peers.sites as [ShaarliPeerSite, ShaarliPeerSite];
    connector = createShaarliConnector();
  });

  afterAll(async () => {
    await peers?.stop();
  });

  it('publishes a post as a public bookmark of its first link; the permalink page shows the title, the text and the other links as links', async () => {
    const key = newKey();
    const html = `<h2>Brewing</h2><p>Green tea is <a href="https://tea.example/green-${key}?x=1&amp;y=2">good green tea</a> for you.</p>`
      + '<p>Compare <a href="https://tea.example/black?cup=2">black [strong] tea</a> and <a href="https://tea.example/oolong/">oolong</a>.</p>'
      + '<figure><img src="https://img.example/cup.png" alt="Cup"></figure><ul><li>one cup</li><li>two cups</li></ul>';
    const post = { title: `Tea &amp; you ${key}`, html, tags: ['Green tea', 'Health', '#drinks', 'health'] };
    const name = await connector.chooseName(targetOf(siteA), post, noClaims, OPTIONS);
    // Bookmarks have no name of their own: the name is the title as Shaarli keeps it.
    expect(name).toBe(`Tea & you ${key}`);
    const result = await connector.publish(targetOf(siteA), { ...post, intent: intentOf(name) }, OPTIONS);
    expect(result.url).toMatch(new RegExp(`^${siteA.url}/shaare/[\\w-]{6}$`));
    expect(result.remoteId).toMatch(/^\d+$/);
    expect(result.warnings).toEqual(['An image or video was left out: a Shaarli bookmark\'s description holds text and links only.']);

    const saved = await bookmark(siteA, result.remoteId);
    expect(saved).toMatchObject({ url: `https://tea.example/green-${key}?x=1&y=2`, title: `Tea & you ${key}`, private: false, tags: ['Green-tea', 'Health', 'drinks'] });
    expect(saved.description).toBe(
      'Brewing\n\nGreen tea is good green tea for you.\n\nCompare [black (strong) tea](https://tea.example/black?cup=2 ) and [oolong](https://tea.example/oolong/ ).\n\n- one cup\n- two cups',
    );

    const page = await fetchPage(result.url, { timeoutMs: 20_000 });
    expect(page.status).toBe(200);
    expect(page.html).toContain(`Tea &amp; you ${key}`);
    expect(page.html).toContain(`<a href="https://tea.example/green-${key}?x=1&amp;y=2" class="linklist-real-url">`);
    expect(page.html).toContain('<a href="https://tea.example/black?cup=2">black (strong) tea</a>');
    expect(page.html).toContain('<li>two cups</li>');
    const verdict = judgePage(page, [
      { url: `https://tea.example/green-${key}?x=1&y=2`, anchor: `Tea & you ${key}` },
      { url: 'https://tea.example/black?cup=2', anchor: 'black (strong) tea' },
      { url: 'https://tea.example/oolong/', anchor: 'oolong' },
    ]);
    expect(verdict).toMatchObject({ kind: 'result', status: 'OK' });
  });

  it('writes links that stay links when the owner turns markdown off (the default formatter links bare addresses)', async () => {
    await peers.configure(1, 'formatter', 'default');
    try {
      const key = newKey();
      const html = `<p>See <a href="https://plain.example/${key}">the page</a>, then <a href="https://plain.example/more?a=1&amp;b=2">more</a> and <a href="https://plain.example/dir/">a folder</a>.</p>`;
      const result = await connector.publish(targetOf(siteB), { title: `Plain ${key}`, html, tags: [], intent: intentOf(`Plain ${key}`) }, OPTIONS);
      const page = await fetchPage(result.url, { timeoutMs: 20_000 });
      expect(page.html).toContain('<a href="https://plain.example/more?a=1&amp;b=2">https://plain.example/more?a=1&amp;b=2</a>');
      expect(page.html).toContain('<a href="https://plain.example/dir/">https://plain.example/dir/</a>');
      expect(judgePage(page, [{ url: 'https://plain.example/more?a=1&b=2', anchor: 'more' }, { url: 'https://plain.example/dir/', anchor: 'a folder' }])).toMatchObject({ kind: 'result', status: 'OK' });
    } finally {
      await peers.configure(1, 'formatter', 'markdown');
    }
  });

  it('findPublished finds the bookmark by its title made since the intent, not an older bookmark of that title; chooseName names around a taken title', async () => {
    const title = `Seed saving ${newKey()}`;
    // Someone's bookmark of that title from two days ago.
    const older = await ownerApi(siteA).call('POST', '/links', {
      json: { url: `https://older.example/${newKey()}`, title, description: 'Older.', tags: [], private: false, created: new Date(Date.now() - 2 * 86_400_000).toISOString().replace(/\.\d{3}Z$/, '+00:00') },
      action: 'create',
    });
    expect(older.status).toBe(201);
    const intent = intentOf(title);
    await expect(connector.findPublished(targetOf(siteA), intent, OPTIONS)).resolves.toBeNull();

    // The title is taken: the post's bookmark is told apart by a word of its text.
    const post = { title, html: '<p>Dry the <a href="https://beans.example/dry">beans</a> before storing them. Tomatoes ferment; tomatoes keep.</p>', tags: [] };
    const name = await connector.chooseName(targetOf(siteA), post, noClaims, OPTIONS);
    expect(name).toBe(`${title} (Tomatoes)`);
    // Another post of ours claims that one already: the next word.
    const next = await connector.chooseName(targetOf(siteA), post, async (names) => new Set(names.filter((candidate) => candidate === name)), OPTIONS);
    expect(next).not.toBe(name);
    expect(next.startsWith(`${title} (`)).toBe(true);

    const made = await connector.publish(targetOf(siteA), { ...post, intent: { ...intent, name } }, OPTIONS);
    await expect(connector.findPublished(targetOf(siteA), { ...intent, name }, OPTIONS)).resolves.toEqual({ url: made.url, remoteId: made.remoteId, status: 'publish' });
    // An intent recorded long after the bookmark was made is not that bookmark's; the other site has none.
    await expect(connector.findPublished(targetOf(siteA), { ...intent, name, at: Date.now() + 86_400_000 }, OPTIONS)).resolves.toBeNull();
    await expect(connector.findPublished(targetOf(siteB), { ...intent, name }, OPTIONS)).resolves.toBeNull();
  });

  it('reconciles a lost answer: the bookmark was made, findPublished finds it, and publishing the intent again makes no second one', async () => {
    // A front for the real site that passes everything through but drops the connection once the
    // site has answered the first POST: the bookmark exists, the connector never hears so.
    const siteUrl = new URL(siteA.url);
    let posts = 0;
    const front = await startStubServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = Buffer.concat(chunks);
        const lose = request.method === 'POST' && posts++ === 0;
        const upstream = http.request(
          { host: siteUrl.hostname, port: siteUrl.port, method: request.method, path: request.url, headers: { ...request.headers, host: siteUrl.host } },
          (answer) => {
            if (lose) {
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
      const target = { siteUrl: front.url, username: siteA.username, password: siteA.apiSecret };
      const title = `Lost answer ${newKey()}`;
      const post = { title, html: `<p>An <a href="https://lost.example/${newKey()}">answer</a> lost.</p>`, tags: ['lost'], intent: intentOf(title) };
      const lost = await expectPublishError(connector.publish(target, post, OPTIONS));
      expect(lost).toMatchObject({ kind: 'network', outcomeUnknown: true, retryable: true });
      // The engine asks before retrying: the bookmark is there.
      const found = await connector.findPublished(target, post.intent, OPTIONS);
      expect(found).toMatchObject({ url: expect.stringMatching(new RegExp(`^${front.url}/shaare/`)), status: 'publish' });
      // Had it retried anyway, Shaarli's one-bookmark-per-address answer (409) gives back the same bookmark.
      const again = await connector.publish(target, post, OPTIONS);
      expect(again.remoteId).toBe(found?.remoteId);
      expect(again.warnings.at(-1)).toMatch(/already existed from an earlier try/);
      expect(await bookmarksTitled(siteA, title)).toHaveLength(1);
    } finally {
      await front.close();
    }
  });

  it('refuses a post whose address the site already bookmarks for someone else, without a second bookmark', async () => {
    const url = `https://taken.example/${newKey()}`;
    const existing = await ownerApi(siteA).call('POST', '/links', { json: { url, title: 'Owner’s own', description: '', tags: [], private: false }, action: 'create' });
    expect(existing.status).toBe(201);
    const title = `Taken ${newKey()}`;
    const refused = await expectPublishError(connector.publish(targetOf(siteA), { title, html: `<p><a href="${url}">Here</a>.</p>`, tags: [], intent: intentOf(title) }, OPTIONS));
    expect(refused).toMatchObject({ kind: 'rejected', code: 'pageExists', retryable: false, status: 409 });
    expect(refused.message).toMatch(/already has a bookmark of https:\/\/taken\.example\/.*one bookmark per address/);
    expect(await bookmarksTitled(siteA, title)).toHaveLength(0);
  });

  it("says auth for a wrong API secret, naming Shaarli's Tools → Configure, and nothing is made", async () => {
    const title = `Wrong secret ${newKey()}`;
    const error = await expectPublishError(connector.publish(targetOf(siteA, 'not-the-secret'), { title, html: '<p><a href="https://x.example/">x</a></p>', tags: [], intent: intentOf(title) }, OPTIONS));
    expect(error).toMatchObject({ kind: 'auth', code: 'badCredentials', retryable: false, outcomeUnknown: false, status: 401 });
    expect(error.message).toContain("check the API secret in Shaarli's Tools → Configure");
    expect(error.message).not.toMatch(/Not authorized/);
    await expect(connector.findPublished(targetOf(siteA, 'not-the-secret'), intentOf(title), OPTIONS)).rejects.toMatchObject({ kind: 'auth' });
    expect(await bookmarksTitled(siteA, title)).toHaveLength(0);
  });

  it('probes: Shaarli with its API on, switched off (or a wrong secret), unknown without a secret; a site that is not Shaarli', async () => {
    await expect(probeShaarli(siteB.url, { ...OPTIONS, apiSecret: siteB.apiSecret })).resolves.toMatchObject({ shaarli: true, api: 'enabled' });
    await expect(probeShaarli(siteB.url, OPTIONS)).resolves.toMatchObject({ shaarli: true, api: 'present' });
    await peers.configure(1, 'api.enabled', false);
    try {
      const off = await probeShaarli(siteB.url, { ...OPTIONS, apiSecret: siteB.apiSecret });
      expect(off).toMatchObject({ shaarli: true, api: 'refused' });
      expect(off.message).toContain("enable the REST API in Shaarli's configuration");
      // Publishing meanwhile is refused as a login is, with both causes named.
      const title = `Api off ${newKey()}`;
      const error = await expectPublishError(connector.publish(targetOf(siteB), { title, html: '<p><a href="https://off.example/">x</a></p>', tags: [], intent: intentOf(title) }, OPTIONS));
      expect(error).toMatchObject({ kind: 'auth', code: 'badCredentials' });
      expect(error.message).toContain('REST API is enabled');
    } finally {
      await peers.configure(1, 'api.enabled', true);
    }
    await expect(probeShaarli(siteB.url, { ...OPTIONS, apiSecret: siteB.apiSecret })).resolves.toMatchObject({ api: 'enabled' });

    const other = await startStubServer((_request, response) => response.writeHead(404, { 'content-type': 'text/html' }).end('<html><body>Not here</body></html>'));
    try {
      await expect(probeShaarli(other.url, { ...OPTIONS, apiSecret: 'whatever' })).resolves.toMatchObject({ shaarli: false, api: 'absent' });
      // Publishing there says what to do, in our words (the page's text is not echoed).
      const error = await expectPublishError(connector.publish({ siteUrl: other.url, username: 'admin', password: 's' }, { title: 't', html: '<p>x</p>', tags: [], intent: intentOf('t') }, OPTIONS));
      expect(error).toMatchObject({ kind: 'rejected', outcomeUnknown: false });
      expect(error.message).toContain("enable the REST API in Shaarli's configuration");
      expect(error.message).not.toContain('Not here');
    } finally {
      await other.close();
    }
  });

  it('updateLinks re-points the bookmark (address and description links, nothing else); a second call changes nothing', async () => {
    const key = newKey();
    const dead = `https://dead.example/${key}/page`;
    const live = `https://live.example/${key}/page`;
    const title = `Repoint ${key}`;
    const html = `<p>First <a href="${dead}">the page</a>; also <a href="${dead}2">a longer address</a> and <a href="https://other.example/x">other</a>. Again <a href="${dead}/">the page</a>.</p>`;
    const made = await connector.publish(targetOf(siteA), { title, html, tags: ['keep'], intent: intentOf(title) }, OPTIONS);
    const before = await bookmark(siteA, made.remoteId);
    expect(before.url).toBe(dead);

    const first = await connector.updateLinks(targetOf(siteA), { remoteId: made.remoteId, url: made.url }, [{ from: dead, to: live }], OPTIONS);
    // The address, and the second link of the description (the first link is the bookmark's own, written as text).
    expect(first).toEqual({ changed: 2 });
    const after = await bookmark(siteA, made.remoteId);
    expect(after).toMatchObject({ url: live, title, tags: ['keep'], private: false, shorturl: before.shorturl });
    expect(after.description).toBe(`First the page; also [a longer address](${dead}2 ) and [other](https://other.example/x ). Again [the page](${live} ).`);
    const page = await fetchPage(made.url, { timeoutMs: 20_000 });
    expect(judgePage(page, [{ url: live, anchor: 'the page' }])).toMatchObject({ kind: 'result', status: 'OK' });

    await new Promise((resolve) => setTimeout(resolve, 1100));
    await expect(connector.updateLinks(targetOf(siteA), { remoteId: made.remoteId, url: made.url }, [{ from: dead, to: live }], OPTIONS)).resolves.toEqual({ changed: 0 });
    // Not saved again: its last change is the first call's.
    expect((await bookmark(siteA, made.remoteId)).updated).toBe(after.updated);

    await expect(connector.updateLinks(targetOf(siteA), { remoteId: '999999', url: `${siteA.url}/shaare/gone` }, [{ from: dead, to: live }], OPTIONS)).rejects.toMatchObject({ kind: 'notFound' });
  });

  it('publishes private bookmarks with { privateBookmarks: true }: not on the public list, nor its permalink for a visitor', async () => {
    const privateConnector = createShaarliConnector({ privateBookmarks: true });
    const key = newKey();
    const title = `Private ${key}`;
    const made = await privateConnector.publish(targetOf(siteB), { title, html: `<p><a href="https://private.example/${key}">Mine</a> only.</p>`, tags: [], intent: intentOf(title) }, OPTIONS);
    expect((await bookmark(siteB, made.remoteId)).private).toBe(true);
    await expect(privateConnector.findPublished(targetOf(siteB), intentOf(title), OPTIONS)).resolves.toMatchObject({ remoteId: made.remoteId, status: 'private' });

    const list = await fetchPage(`${siteB.url}/`, { timeoutMs: 20_000 });
    expect(list.status).toBe(200);
    expect(list.html).not.toContain(title);
    const search = await fetchPage(`${siteB.url}/?searchterm=${key}`, { timeoutMs: 20_000 });
    expect(search.html).not.toContain(title);
    const permalink = await fetchPage(made.url, { timeoutMs: 20_000 });
    // Shaarli answers a visitor an empty page (or its login page), without the bookmark.
    expect(permalink.html).not.toContain(title);
    expect(permalink.html).not.toContain(`https://private.example/${key}`);
    // A public one of the default connector is on the list.
    const publicTitle = `Public ${key}`;
    await connector.publish(targetOf(siteB), { title: publicTitle, html: `<p><a href="https://public.example/${key}">All</a>.</p>`, tags: [], intent: intentOf(publicTitle) }, OPTIONS);
    expect((await fetchPage(`${siteB.url}/`, { timeoutMs: 20_000 })).html).toContain(publicTitle);
  });

  it('signs with the site clock when it is far from ours (a stand-in that checks tokens as Shaarli does)', async () => {
    // Shaarli's ApiUtils::validateJwtToken: the HS512 signature, then an iat neither in the site's
    // future nor more than 540 s in its past. This site's clock runs 10 minutes ahead of ours.
    const secret = 'stand-in-secret';
    const offsetMs = 600_000;
    const seen: number[] = [];
    const stub = await startStubServer((request, response) => {
      const siteNow = Date.now() + offsetMs;
      const headers = { 'content-type': 'application/json', date: new Date(siteNow).toUTCString() };
      const [header = '', payload = '', signature = ''] = (request.headers.authorization ?? '').replace(/^Bearer /, '').split('.');
      const iat = (JSON.parse(Buffer.from(payload, 'base64url').toString() || '{}') as { iat?: number }).iat ?? 0;
      const valid = signature === createHmac('sha512', secret).update(`${header}.${payload}`).digest('base64url') && iat <= siteNow / 1000 && siteNow / 1000 - iat <= 540;
      request.resume();
      request.on('end', () => {
        if (request.method === 'POST') seen.push(valid ? 201 : 401);
        if (!valid) return response.writeHead(401, headers).end('"Not authorized"');
        if (request.method === 'POST') {
          return response.writeHead(201, headers).end(JSON.stringify({ id: 7, url: 'https://clock.example/', shorturl: 'AbC-12', title: 'Clock', description: '', tags: [], private: false, created: new Date(siteNow).toISOString(), updated: '' }));
        }
        return response.writeHead(200, headers).end('[]');
      });
    });
    try {
      const clocked = createShaarliConnector();
      const target = { siteUrl: stub.url, username: 'admin', password: secret };
      const made = await clocked.publish(target, { title: 'Clock', html: '<p><a href="https://clock.example/">x</a></p>', tags: [], intent: intentOf('Clock') }, OPTIONS);
      expect(made).toMatchObject({ url: `${stub.url}/shaare/AbC-12`, remoteId: '7' });
      // The first token was on our clock (refused, nothing made); the retry on the site's was taken; the next call is right at once.
      expect(seen).toEqual([401, 201]);
      await clocked.publish(target, { title: 'Clock', html: '<p><a href="https://clock.example/">x</a></p>', tags: [], intent: intentOf('Clock') }, OPTIONS);
      expect(seen).toEqual([401, 201, 201]);
      // A wrong secret is refused once more after the retry: auth, not a loop.
      await expect(clocked.publish({ ...target, password: 'wrong' }, { title: 'Clock', html: '<p>x</p>', tags: [], intent: intentOf('Clock') }, OPTIONS)).rejects.toMatchObject({ kind: 'auth', code: 'badCredentials' });
    } finally {
      await stub.close();
    }
  });

  it('sends the API token to the site\'s own origin only: a redirect elsewhere fails unsent, in our words', async () => {
    const elsewhere = await startStubServer((_request, response) => response.writeHead(200, { 'content-type': 'application/json' }).end('[]'));
    const redirecting = await startStubServer((request, response) => response.writeHead(307, { location: `${elsewhere.url}${request.url ?? '/'}` }).end());
    try {
      const target = { siteUrl: redirecting.url, username: 'admin', password: 'secret' };
      const error = await expectPublishError(connector.publish(target, { title: 'Away', html: '<p><a href="https://away.example/">x</a></p>', tags: [], intent: intentOf('Away') }, OPTIONS));
      expect(error).toMatchObject({ kind: 'network', retryable: false });
      expect(error.message).toContain(`sent its API request on to ${elsewhere.url}`);
      await expect(connector.findPublished(target, intentOf('Away'), OPTIONS)).rejects.toMatchObject({ kind: 'network', outcomeUnknown: false });
      await expect(probeShaarli(redirecting.url, { ...OPTIONS, apiSecret: 'secret' })).rejects.toMatchObject({ kind: 'network' });
      expect(elsewhere.requests).toEqual([]);
      expect(redirecting.requests.length).toBeGreaterThanOrEqual(3);
    } finally {
      await redirecting.close();
      await elsewhere.close();
    }
  });
});
