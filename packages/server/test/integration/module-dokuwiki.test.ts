/**
 * DokuWiki's profiles and PDFs (issue 37 items 3 and 4) against a real DokuWiki (scripts/peers):
 * a Web 2.0 Profile project writes the account's user page (`user:<login>`, the page the wiki
 * links a user's name to) with the bio and its link, the page's public address being the output
 * link; a PDF project uploads each post as a PDF with real link annotations to the wiki's media,
 * `lib/exe/fetch.php?media=…` being the output link, and verification reads the annotations. An
 * upload whose answer is lost is found again in the wiki's recent media changes, so the retry never
 * uploads twice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkBacklinks } from '@linkloom/shared';
import { saveOptions } from '../../src/features/options/options.repository';
import { startEngine } from '../../src/engine/jobs/engine';
import { readPdfLinks } from '../../src/engine/modules/pdf-links';
import { createTestDatabase, type TestDatabaseHandle } from '../support/databases';
import { buildUser } from '../support/factories';
import { signedIn, type Agent } from '../support/agent';
import { listen, startTestApp, type TestApp } from '../support/test-app';
import { startPublishFront, type CreateRequests } from '../support/publish-front';
import { dokuWikiAvailability, startDokuWikiPeers, type DokuWikiPeers, type DokuWikiPeerSite } from '../support/dokuwiki-peers';
import { addVerifiedSites, buildModuleProject, buildModuleWorld, checkedPosts, placedLinks, runToEnd, type SiteAccount } from '../support/module-world';


const availability = await dokuWikiAvailability();
const skipReason = availability.available ? '' : ` (SKIPPED: ${availability.reason})`;

/** DokuWiki's media uploads: what the front before the wiki counts (and drops the answer of). */
const DOKUWIKI_UPLOADS: CreateRequests = {
  isCreate: (method, path, body) => method === 'POST' && path.startsWith('/lib/exe/xmlrpc.php') && body.includes('<methodName>wiki.putAttachment</methodName>'),
  savedId: (answer) => /<string>([^<]+)<\/string>/.exec(answer)?.[1],
};

describe.skipIf(!availability.available)(`modules: DokuWiki profiles and PDFs${skipReason}`, () => {
  let wikis: DokuWikiPeers;
  let wiki: DokuWikiPeerSite;
  let handle: TestDatabaseHandle;
  let server: TestApp;
  let ownerId: number;
  let agent: Agent;
  let account: SiteAccount;

  beforeAll(async () => {
    wikis = await startDokuWikiPeers(1);
    wiki = wikis.sites[0] as DokuWikiPeerSite;
    account = { username: wiki.userUsername, email: `${wiki.userUsername}@example.test`, password: wiki.userPassword };
    handle = await createTestDatabase('sqlite');
    server = await startTestApp(handle, {}, { withLive: true });
    await startEngine(server.context);
    await listen(server);
    const user = await buildUser(server.database.db);
    ownerId = user.id;
    agent = await signedIn(server.app, user);
    await saveOptions(server.database.db, ownerId, { timeToWaitBeforeRetry: 1, maxNumberOfRetries: 2 });
  });

  afterAll(async () => {
    await server?.close();
    await handle?.drop();
    await wikis?.stop();
  });

  const db = () => server.database.db;
  const rawPage = async (id: string) => (await fetch(`${wiki.url}/doku.php?id=${encodeURIComponent(id).replace(/%3A/gi, ':')}&do=export_raw`)).text();

  it('a Web 2.0 Profile project writes the account\'s user page with the bio and the link', async () => {
    const [site] = await addVerifiedSites(agent, [{ url: wiki.url, module: 'WebProfile' }]);
    expect(site).toMatchObject({ platform: 'DokuWiki', status: 'OK' });
    const world = await buildModuleWorld(db(), ownerId, [{ siteUrl: wiki.url, account }]);
    const project = await buildModuleProject(db(), agent, ownerId, world, 'WebProfile', [site!]);
    const run = await runToEnd(db(), agent, project.projectId);
    expect(run, run.lastError.join('\n')).toEqual({ status: 'COMPLETED', lastError: [] });

    const [post] = await checkedPosts(db(), project.projectId);
    const userPage = `user:${wiki.userUsername.toLowerCase()}`;
    expect(post!.remote_url).toBe(`${wiki.url}/doku.php?id=${userPage}`);
    expect(post!.output_url).toBe(post!.remote_url);
    const [link] = await placedLinks(db(), post!.id);
    const text = await rawPage(userPage);
    expect(text).toContain(`[[${link!.url}|`);
    expect(text).not.toMatch(/i\d+-p\d+|linkloom|profile:/i);
    // The page as a visitor reads it carries the link (DokuWiki marks outside links nofollow by default).
    const page = await (await fetch(post!.remote_url!)).text();
    expect(checkBacklinks(page, post!.remote_url!, [link!]).results[0]).toMatchObject({ state: 'NOFOLLOW' });
    expect(post!.check_status, post!.check_info ?? '').toBe('NOFOLLOW');
  });

  it('a PDF project uploads each post as a PDF whose link annotations carry its links, and the check reads them', async () => {
    const [site] = await addVerifiedSites(agent, [{ url: wiki.url, module: 'PDF' }]);
    const world = await buildModuleWorld(db(), ownerId, [{ siteUrl: wiki.url, account }], {
      articles: [{ title: 'Composting kitchen scraps', body: 'Green scraps bring nitrogen. Brown leaves bring carbon.\n\nTurn the heap every week. Keep it as damp as a wrung sponge.\n\nIn two months the compost is dark and crumbly.' }],
      linkCount: 4,
    });
    const project = await buildModuleProject(db(), agent, ownerId, world, 'PDF', [site!], 2);
    const run = await runToEnd(db(), agent, project.projectId);
    expect(run, run.lastError.join('\n')).toEqual({ status: 'COMPLETED', lastError: [] });

    const [post] = await checkedPosts(db(), project.projectId);
    expect(post!.intent_name).toMatch(/^composting_kitchen_scraps[a-z_]*\.pdf$/);
    expect(post!.remote_url).toBe(`${wiki.url}/lib/exe/fetch.php?media=${post!.intent_name}`);
    expect(post!.output_url).toBe(post!.remote_url);
    const answer = await fetch(post!.remote_url!);
    expect(answer.headers.get('content-type')).toMatch(/application\/pdf/);
    const read = readPdfLinks(new Uint8Array(await answer.arrayBuffer()));
    const placed = await placedLinks(db(), post!.id);
    expect(placed).toHaveLength(2);
    expect(read.ok && new Set(read.links.map((link) => `${link.uri} ${link.contents}`))).toEqual(new Set(placed.map((link) => `${link.url} ${link.anchor}`)));
    expect(post!.check_status, post!.check_info ?? '').toBe('OK');
  });

  it('uploads once when the answer to the upload is lost: the retry finds the file in the recent media changes', async () => {
    const front = await startPublishFront(wiki.url, DOKUWIKI_UPLOADS, (n) => (n === 1 ? 'dropAfter' : 'pass'));
    try {
      const [site] = await addVerifiedSites(agent, [{ url: front.url, module: 'PDF' }]);
      expect(site).toMatchObject({ platform: 'DokuWiki' });
      const world = await buildModuleWorld(db(), ownerId, [{ siteUrl: front.url, account }], { articles: [{ title: 'Saving tomato seeds', body: 'Scoop the seeds into a jar. Let them ferment for three days.\n\nRinse, dry on a plate, and store in paper.' }] });
      const project = await buildModuleProject(db(), agent, ownerId, world, 'PDF', [site!]);
      const run = await runToEnd(db(), agent, project.projectId);
      expect(run, run.lastError.join('\n')).toEqual({ status: 'COMPLETED', lastError: [] });
      // One upload reached the wiki (its answer dropped); the retry asked, found it, and sent none.
      expect(front.creates).toBe(1);
      const [post] = await checkedPosts(db(), project.projectId);
      expect(post).toMatchObject({ state: 'published', remote_id: post!.intent_name, check_status: 'OK' });
      const log = await db().selectFrom('run_log').select('kind').where('post_id', '=', post!.id).orderBy('id').execute();
      expect(log.map((line) => line.kind)).toContain('found');
    } finally {
      await front.close();
    }
  });
});
