/**
 * PDF projects (issue 37 item 4) against a real WordPress blog and a real MediaWiki wiki
 * (scripts/peers): the run renders each post as a PDF with real link annotations, uploads it to
 * the site's media library under a name from its title, and records the file's address as the
 * output link; verification reads the PDF's link annotations (OK: a PDF link has no rel), and a
 * PDF without the link is MISSING. An upload whose answer is lost is found again by its name, so
 * the retry never uploads twice.
 *
 * The wiki peer takes no uploads as scripts/peers/mediawiki.sh sets it up ($wgEnableUploads =
 * false): this test turns them on in its wiki's LocalSettings.php (the lines below), serving the
 * files through img_auth.php, which `php -S` can reach.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomSiteRow } from '@linkloom/shared';
import { saveOptions } from '../../src/features/options/options.repository';
import { startEngine } from '../../src/engine/jobs/engine';
import { verifyPost } from '../../src/engine/verify/verify-post.job';
import { readPdfLinks } from '../../src/engine/modules/pdf-links';
import { renderPdf } from '../../src/engine/modules/pdf-render';
import { createWordPressConnector } from '../../src/engine/connectors/wordpress/wordpress-connector';
import { createTestDatabase, type TestDatabaseHandle } from '../support/databases';
import { buildUser } from '../support/factories';
import { signedIn, type Agent } from '../support/agent';
import { listen, startTestApp, type TestApp } from '../support/test-app';
import { startPublishFront, type CreateRequests } from '../support/publish-front';
import { mediaWikiAvailability, startMediaWikiPeers, type MediaWikiPeers, type MediaWikiPeerSite } from '../support/mediawiki-peers';
import { startWordPressPeers, wordPressAvailability, type WordPressPeers, type WordPressPeerSite } from '../support/wordpress-peers';
import {
  addVerifiedSites, buildModuleProject, buildModuleWorld, checkedPosts, createBlogUser, createWikiAccount, placedLinks, runToEnd, type SiteAccount,
} from '../support/module-world';

const [wordpress, mediawiki] = await Promise.all([wordPressAvailability(), mediaWikiAvailability()]);
const available = wordpress.available && mediawiki.available;
const skipReason = available ? '' : ` (SKIPPED: ${[wordpress, mediawiki].map((a) => (a.available ? '' : a.reason)).filter(Boolean).join('; ')})`;

/** What a wiki needs for PDF projects (proposed for scripts/peers/mediawiki.sh): uploads on, PDF allowed, files served by img_auth.php. */
const WIKI_UPLOAD_SETTINGS = ['$wgEnableUploads = true;', "$wgFileExtensions[] = 'pdf';", '$wgUploadPath = "$wgScriptPath/img_auth.php";'];

/** WordPress's media uploads: what the front before the blog counts (and drops the answer of). */
const WORDPRESS_UPLOADS: CreateRequests = {
  isCreate: (method, path) => method === 'POST' && /^\/wp-json\/wp\/v2\/media(\?|$)/.test(path),
  savedId: (answer) => {
    const id = (JSON.parse(answer) as { id?: unknown }).id;
    return typeof id === 'number' ? String(id) : undefined;
  },
};

describe.skipIf(!available)(`modules: PDF projects upload a PDF with real link annotations${skipReason}`, () => {
  let blogs: WordPressPeers;
  let wikis: MediaWikiPeers;
  let blog: WordPressPeerSite;
  let wiki: MediaWikiPeerSite;
  let handle: TestDatabaseHandle;
  let server: TestApp;
  let ownerId: number;
  let agent: Agent;

  beforeAll(async () => {
    [blogs, wikis] = await Promise.all([startWordPressPeers(1), startMediaWikiPeers(1)]);
    blog = blogs.sites[0] as WordPressPeerSite;
    wiki = wikis.sites[0] as MediaWikiPeerSite;
    fs.appendFileSync(path.join(wikis.stateDir, 'wiki-0', 'LocalSettings.php'), `\n${WIKI_UPLOAD_SETTINGS.join('\n')}\n`);
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
    await Promise.all([blogs?.stop(), wikis?.stop()]);
  });

  const db = () => server.database.db;
  /** The blog listed under PDF (by the first test). */
  let pdfBlogSite: CustomSiteRow | undefined;
  const asUser = (account: SiteAccount) => `Basic ${Buffer.from(`${account.username}:${account.password}`).toString('base64')}`;

  async function mediaOf(account: SiteAccount, base = blog.url): Promise<Array<{ id: number; source_url: string; mime_type: string }>> {
    const answer = await fetch(`${base}/wp-json/wp/v2/media?author=${account.id}&context=edit&_fields=id,source_url,mime_type`, { headers: { authorization: asUser(account) } });
    return (await answer.json()) as Array<{ id: number; source_url: string; mime_type: string }>;
  }

  it('uploads each post as a PDF whose link annotations carry its links, and the check reads them', async () => {
    const author = await createBlogUser(blog);
    const writer = await createWikiAccount(wiki);
    const [blogSite, wikiSite] = await addVerifiedSites(agent, [{ url: blog.url, module: 'PDF' }, { url: wiki.url, module: 'PDF' }]);
    const world = await buildModuleWorld(db(), ownerId, [{ siteUrl: blog.url, account: author }, { siteUrl: wiki.url, account: writer }], {
      articles: [{ title: 'Composting kitchen scraps', body: 'Green scraps bring nitrogen. Brown leaves bring carbon.\n\nTurn the heap every week. Keep it as damp as a wrung sponge.\n\nIn two months the compost is dark and crumbly.' }],
      linkCount: 4,
    });
    pdfBlogSite = blogSite;
    const project = await buildModuleProject(db(), agent, ownerId, world, 'PDF', [blogSite!, wikiSite!], 2);
    const run = await runToEnd(db(), agent, project.projectId);
    expect(run, run.lastError.join('\n')).toEqual({ status: 'COMPLETED', lastError: [] });

    const posts = await checkedPosts(db(), project.projectId);
    expect(posts).toHaveLength(2);
    for (const post of posts) {
      expect(post.state).toBe('published');
      // Named from the title, nothing of ours: the file and its address.
      expect(post.remote_url).toMatch(/composting-kitchen-scraps[^/]*\.pdf$|Composting_kitchen_scraps[^/]*\.pdf$/);
      expect(post.remote_url).not.toMatch(/i\d+-p\d+|linkloom/i);
      expect(post.output_url).toBe(post.remote_url);
      const answer = await fetch(post.remote_url!);
      expect(answer.headers.get('content-type')).toMatch(/application\/pdf/);
      const read = readPdfLinks(new Uint8Array(await answer.arrayBuffer()));
      const placed = await placedLinks(db(), post.id);
      expect(placed).toHaveLength(2);
      expect(read.ok && new Set(read.links.map((link) => `${link.uri} ${link.contents}`))).toEqual(new Set(placed.map((link) => `${link.url} ${link.anchor}`)));
      // A PDF link has no rel: followed.
      expect(post.check_status, post.check_info ?? '').toBe('OK');
    }
    // One media item on the blog, one file on the wiki, each uploaded by the account.
    expect((await mediaOf(author)).map((item) => item.mime_type)).toEqual(['application/pdf']);
    const wikiPost = posts.find((post) => post.account_email === writer.email)!;
    expect(wikiPost.intent_name).toMatch(/^File:Composting kitchen scraps.*\.pdf$/);
    const files = await (await fetch(`${wiki.apiUrl}?action=query&list=allimages&aiuser=${encodeURIComponent(writer.username)}&aisort=timestamp&format=json&formatversion=2`)).json() as { query: { allimages: Array<{ name: string }> } };
    expect(files.query.allimages.map((file) => file.name)).toEqual([wikiPost.intent_name!.slice('File:'.length).replace(/ /g, '_')]);
  });

  it('finds a PDF without the link MISSING', async () => {
    const author = await createBlogUser(blog);
    const blogSite = pdfBlogSite;
    const world = await buildModuleWorld(db(), ownerId, [{ siteUrl: blog.url, account: author }], { articles: [{ title: 'Pruning fruit trees', body: 'Prune in late winter. Cut above an outward bud.\n\nRemove crossing branches first.' }] });
    const project = await buildModuleProject(db(), agent, ownerId, world, 'PDF', [blogSite!]);
    expect((await runToEnd(db(), agent, project.projectId)).status).toBe('COMPLETED');
    const [post] = await checkedPosts(db(), project.projectId);
    expect(post!.check_status).toBe('OK');

    // The same post's address now names a PDF without its link (as if the file were replaced).
    const bare = renderPdf({ title: 'Pruning fruit trees', html: '<p>Prune in late winter, no link here.</p>', createdAt: Date.now() });
    const target = { siteUrl: blog.url, username: author.username, password: author.password };
    const uploaded = await createWordPressConnector().publishDocument(target, { title: 'Pruning notes', bytes: bare, contentType: 'application/pdf', intent: { title: 'Pruning notes', name: 'pruning-notes', at: Date.now() } }, { timeoutMs: 20_000 });
    await db().updateTable('engine_posts').set({ remote_url: uploaded.url }).where('id', '=', post!.id).execute();
    await db().updateTable('url_items').set({ url: uploaded.url }).where('post_id', '=', post!.id).execute();
    await verifyPost(server.context, { payload: { ownerId, postId: post!.id }, signal: new AbortController().signal });
    const checked = await db().selectFrom('url_items').select(['check_status', 'check_info']).where('post_id', '=', post!.id).executeTakeFirstOrThrow();
    expect(checked.check_status).toBe('MISSING');
    const [link] = await placedLinks(db(), post!.id);
    expect(checked.check_info).toBe(`${link!.url}: not found on the page`);
  });

  it('uploads once when the answer to the upload is lost: the retry finds the file by its name', async () => {
    const front = await startPublishFront(blog.url, WORDPRESS_UPLOADS, (n) => (n === 1 ? 'dropAfter' : 'pass'));
    try {
      const author = await createBlogUser(blog);
      const [frontSite] = await addVerifiedSites(agent, [{ url: front.url, module: 'PDF' }]);
      expect(frontSite).toMatchObject({ platform: 'WordPress' });
      const world = await buildModuleWorld(db(), ownerId, [{ siteUrl: front.url, account: author }], { articles: [{ title: 'Saving tomato seeds', body: 'Scoop the seeds into a jar. Let them ferment for three days.\n\nRinse, dry on a plate, and store in paper.' }] });
      const project = await buildModuleProject(db(), agent, ownerId, world, 'PDF', [frontSite!]);
      const run = await runToEnd(db(), agent, project.projectId);
      expect(run, run.lastError.join('\n')).toEqual({ status: 'COMPLETED', lastError: [] });
      // One upload request reached the blog (its answer dropped); the retry asked, found it, and sent none.
      expect(front.creates).toBe(1);
      expect(front.savedIds).toHaveLength(1);
      const media = await mediaOf(author);
      expect(media.map((item) => String(item.id))).toEqual(front.savedIds);
      const [post] = await checkedPosts(db(), project.projectId);
      expect(post).toMatchObject({ state: 'published', remote_id: front.savedIds[0], remote_url: media[0]!.source_url, check_status: 'OK' });
      const log = await db().selectFrom('run_log').select('kind').where('post_id', '=', post!.id).orderBy('id').execute();
      expect(log.map((line) => line.kind)).toContain('found');
    } finally {
      await front.close();
    }
  });
});
