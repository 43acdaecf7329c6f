/**
 * Article Directory and Press Release projects (issue 37 item 3) against a real WordPress blog
 * (scripts/peers): each post lands in its module's category ("Articles", "Press Releases", created
 * by an account allowed to; an author, who may not create one, still publishes, in the blog's
 * default category) and ends with an author box carrying its first link (taken out of the body,
 * its words left there). The boxes vary from post to post, hold nothing of ours, and the links
 * verify as any post's (dofollow).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEngine } from '../../src/engine/jobs/engine';
import { createTestDatabase, type TestDatabaseHandle } from '../support/databases';
import { buildUser } from '../support/factories';
import { signedIn, type Agent } from '../support/agent';
import { listen, startTestApp, type TestApp } from '../support/test-app';
import { startWordPressPeers, wordPressAvailability, type WordPressPeers, type WordPressPeerSite } from '../support/wordpress-peers';
import { addVerifiedSites, buildModuleProject, buildModuleWorld, checkedPosts, createBlogUser, placedLinks, runToEnd, type SiteAccount } from '../support/module-world';

const wordpress = await wordPressAvailability();
const skipReason = wordpress.available ? '' : ` (SKIPPED: ${wordpress.reason})`;

const ARTICLES = [
  { title: 'Raised beds for small gardens', body: 'A raised bed warms up early in spring. Fill it with a mix of topsoil and compost.\n\nKeep paths narrow, so every corner is in reach. Water deeply twice a week.' },
  { title: 'Choosing a garden hose', body: 'Rubber hoses last longer than vinyl ones. Check the fittings before buying.\n\nA hose reel keeps the line from kinking. Drain it before the first frost.' },
  { title: 'Local growers open a seed library', body: 'The seed library lends heirloom seeds to anyone who asks. Borrowers return seeds from their harvest.\n\nVolunteers sort the packets every Saturday morning.' },
];

describe.skipIf(!wordpress.available)(`modules: Article Directory and Press Release posts${skipReason}`, () => {
  let blogs: WordPressPeers;
  let blog: WordPressPeerSite;
  let handle: TestDatabaseHandle;
  let server: TestApp;
  let ownerId: number;
  let agent: Agent;

  beforeAll(async () => {
    blogs = await startWordPressPeers(1);
    blog = blogs.sites[0] as WordPressPeerSite;
    handle = await createTestDatabase('sqlite');
    server = await startTestApp(handle, {}, { withLive: true });
    await startEngine(server.context);
    await listen(server);
    const user = await buildUser(server.database.db);
    ownerId = user.id;
    agent = await signedIn(server.app, user);
  });

  afterAll(async () => {
    await server?.close();
    await handle?.drop();
    await blogs?.stop();
  });

  const db = () => server.database.db;
  const asUser = (account: SiteAccount) => `Basic ${Buffer.from(`${account.username}:${account.password}`).toString('base64')}`;

  async function stored(account: SiteAccount, id: string): Promise<{ content: string; categories: number[] }> {
    const post = (await (await fetch(`${blog.url}/wp-json/wp/v2/posts/${id}?context=edit`, { headers: { authorization: asUser(account) } })).json()) as { content: { raw: string }; categories: number[] };
    return { content: post.content.raw, categories: post.categories };
  }

  async function categoryNamed(name: string): Promise<number | undefined> {
    const found = (await (await fetch(`${blog.url}/wp-json/wp/v2/categories?search=${encodeURIComponent(name)}`)).json()) as Array<{ id: number; name: string }>;
    return found.find((category) => category.name === name)?.id;
  }

  it('files each post under its category with an author box carrying its first link; the boxes vary and verify', async () => {
    // An author may not create categories: its press release goes out in the default category.
    const author = await createBlogUser(blog, 'author');
    const [site] = await addVerifiedSites(agent, [{ url: blog.url, module: 'ArticleDirectory' }]);
    const authorWorld = await buildModuleWorld(db(), ownerId, [{ siteUrl: blog.url, account: author }], { articles: [ARTICLES[2]!] });
    const early = await buildModuleProject(db(), agent, ownerId, authorWorld, 'PressRelease', [site!]);
    const earlyRun = await runToEnd(db(), agent, early.projectId);
    expect(earlyRun, earlyRun.lastError.join('\n')).toEqual({ status: 'COMPLETED', lastError: [] });
    const [earlyPost] = await checkedPosts(db(), early.projectId);
    expect(await categoryNamed('Press Releases')).toBeUndefined();
    expect((await stored(author, earlyPost!.remote_id!)).categories).toEqual([1]);

    // An editor creates the categories once; two article directory entries and a press release.
    const editor = await createBlogUser(blog, 'editor');
    const world = await buildModuleWorld(db(), ownerId, [{ siteUrl: blog.url, account: editor }], { articles: ARTICLES, linkCount: 6 });
    const projects = [
      { module: 'ArticleDirectory', ...(await buildModuleProject(db(), agent, ownerId, world, 'ArticleDirectory', [site!], 2)) },
      { module: 'ArticleDirectory', ...(await buildModuleProject(db(), agent, ownerId, world, 'ArticleDirectory', [site!], 2)) },
      { module: 'PressRelease', ...(await buildModuleProject(db(), agent, ownerId, world, 'PressRelease', [site!], 2)) },
    ];
    for (const project of projects) {
      const run = await runToEnd(db(), agent, project.projectId);
      expect(run, run.lastError.join('\n')).toEqual({ status: 'COMPLETED', lastError: [] });
    }
    const articles = await categoryNamed('Articles');
    const releases = await categoryNamed('Press Releases');
    expect(articles).toBeDefined();
    expect(releases).toBeDefined();

    const boxes: string[] = [];
    for (const project of projects) {
      const [post] = await checkedPosts(db(), project.projectId);
      expect(post).toMatchObject({ state: 'published', check_status: 'OK' });
      const { content, categories } = await stored(editor, post!.remote_id!);
      expect(categories).toEqual([project.module === 'PressRelease' ? releases : articles]);
      const [first, second] = await placedLinks(db(), post!.id);
      // The box: the last two lines, a heading then a paragraph with the first link.
      const lines = content.trimEnd().split('\n');
      const box = lines.slice(-2).join('\n');
      const body = lines.slice(0, -2).join('\n');
      expect(box).toMatch(/^(<h3>[^<]+<\/h3>|<h4>[^<]+<\/h4>|<p><strong>[^<]+<\/strong><\/p>)\n<p>[^\n]+<\/p>$/);
      expect(box).toContain(`<a href="${first!.url}">${first!.anchor}</a>`);
      expect(body).not.toContain(first!.url);
      expect(body).toContain(first!.anchor);
      expect(body).toContain(`<a href="${second!.url}">`);
      expect(content).not.toMatch(/i\d+-p\d+|linkloom|\{|\}/i);
      boxes.push(box.replace(/<a href="[^"]*">[^<]*<\/a>/, 'LINK'));
    }
    // Their wording is drawn per post: the three boxes are not one fixed text.
    expect(new Set(boxes).size).toBeGreaterThan(1);
  });
});
