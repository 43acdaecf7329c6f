/**
 * Web 2.0 Profile and Forum Profile projects (issue 37 item 3) against a real WordPress blog and a
 * real MediaWiki wiki (scripts/peers): the run writes each account's own profile — no new post, no
 * new page — with a short bio carrying the link, and the output link is the public profile: the
 * wiki's user page shows the link (the wiki marks it nofollow, as every external link it shows);
 * the blog's author archive is the profile's public page, but its default theme twentytwentythree
 * shows neither the website nor the bio there, which the run says and the check finds (MISSING).
 * A second profile project on an account whose profile another post of ours holds is refused with
 * the reason; a run again sets the same fields (nothing twice).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkBacklinks, type CustomSiteRow } from '@linkloom/shared';
import { startEngine } from '../../src/engine/jobs/engine';
import { MODULE_POST_MESSAGES } from '../../src/engine/modules/module-post';
import { articleUrl } from '../../src/engine/connectors/mediawiki/mediawiki-api';
import { createTestDatabase, type TestDatabaseHandle } from '../support/databases';
import { buildUser } from '../support/factories';
import { signedIn, type Agent } from '../support/agent';
import { listen, startTestApp, type TestApp } from '../support/test-app';
import { mediaWikiAvailability, startMediaWikiPeers, type MediaWikiPeers, type MediaWikiPeerSite } from '../support/mediawiki-peers';
import { startWordPressPeers, wordPressAvailability, type WordPressPeers, type WordPressPeerSite } from '../support/wordpress-peers';
import {
  addVerifiedSites, buildModuleProject, buildModuleWorld, checkedPosts, createBlogUser, createWikiAccount, placedLinks, runToEnd, type SiteAccount,
} from '../support/module-world';

const [wordpress, mediawiki] = await Promise.all([wordPressAvailability(), mediaWikiAvailability()]);
const available = wordpress.available && mediawiki.available;
const skipReason = available ? '' : ` (SKIPPED: ${[wordpress, mediawiki].map((a) => (a.available ? '' : a.reason)).filter(Boolean).join('; ')})`;

describe.skipIf(!available)(`modules: Web 2.0 Profile and Forum Profile projects write the account's profile${skipReason}`, () => {
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
    await Promise.all([blogs?.stop(), wikis?.stop()]);
  });

  const db = () => server.database.db;
  /** The blog listed under Forum Profile too (profile modules never lend their sites to one another). */
  let forumSite: CustomSiteRow;
  const asUser = (account: SiteAccount) => `Basic ${Buffer.from(`${account.username}:${account.password}`).toString('base64')}`;

  async function wikiPageCount(username: string): Promise<number> {
    const answer = await fetch(`${wiki.apiUrl}?action=query&list=usercontribs&ucuser=${encodeURIComponent(username)}&ucnamespace=0&format=json&formatversion=2`);
    return ((await answer.json()) as { query: { usercontribs: unknown[] } }).query.usercontribs.length;
  }

  it('sets the profile of each account: the bio with the link on the wiki user page and the blog profile, the profile URL as the output link', async () => {
    const author = await createBlogUser(blog);
    const writer = await createWikiAccount(wiki);
    const [blogSite, wikiSite, blogForum] = await addVerifiedSites(agent, [
      { url: blog.url, module: 'WebProfile' }, { url: wiki.url, module: 'WebProfile' }, { url: blog.url, module: 'ForumProfile' },
    ]);
    forumSite = blogForum!;
    expect(blogSite).toMatchObject({ platform: 'WordPress', status: 'OK' });
    expect(wikiSite).toMatchObject({ platform: 'MediaWiki', status: 'OK' });
    const world = await buildModuleWorld(db(), ownerId, [{ siteUrl: blog.url, account: author }, { siteUrl: wiki.url, account: writer }]);
    const project = await buildModuleProject(db(), agent, ownerId, world, 'WebProfile', [blogSite!, wikiSite!]);

    const run = await runToEnd(db(), agent, project.projectId);
    expect(run.status, run.lastError.join('\n')).toBe('COMPLETED');
    // The blog's theme hides author bios: the run says so (the profile is set all the same).
    expect(run.lastError).toEqual([expect.stringContaining(`The author page ${blog.url}/author/${author.username}/ does not show the profile's link`)]);

    const posts = await checkedPosts(db(), project.projectId);
    expect(posts.map((post) => post.state)).toEqual(['published', 'published']);
    const blogPost = posts.find((post) => post.account_email === author.email)!;
    const wikiPost = posts.find((post) => post.account_email === writer.email)!;

    // WordPress: the website and the description (with the link as HTML) on the account; no post made.
    const [blogLink] = await placedLinks(db(), blogPost.id);
    expect(blogPost.remote_url).toBe(`${blog.url}/author/${author.username}/`);
    expect(blogPost.output_url).toBe(blogPost.remote_url);
    expect(blogPost.remote_id).toBe(`user:${author.id}`);
    expect(blogPost.intent_name).toBe(`profile:${author.username}`);
    const me = (await (await fetch(`${blog.url}/wp-json/wp/v2/users/me?context=edit`, { headers: { authorization: asUser(author) } })).json()) as { url: string; description: string };
    expect(me.url).toBe(blogLink!.url);
    expect(checkBacklinks(me.description, blog.url, [blogLink!]).results[0]).toMatchObject({ state: 'OK', anchorMatches: true });
    const authored = await fetch(`${blog.url}/wp-json/wp/v2/posts?author=${author.id}&status=any`, { headers: { authorization: asUser(author) } });
    expect(await authored.json()).toEqual([]);
    // What the theme shows is what the check finds.
    expect(blogPost.check_status).toBe('MISSING');

    // MediaWiki: the user page holds the bio with the link; the account made no article page.
    const [wikiLink] = await placedLinks(db(), wikiPost.id);
    expect(wikiPost.remote_url).toBe(articleUrl({ server: wiki.url, articlepath: '/index.php/$1' }, `User:${writer.username}`));
    const userPage = await (await fetch(wikiPost.remote_url!)).text();
    expect(checkBacklinks(userPage, wikiPost.remote_url!, [wikiLink!]).results[0]).toMatchObject({ state: 'NOFOLLOW', anchorMatches: true });
    expect(wikiPost.check_status).toBe('NOFOLLOW');
    expect(await wikiPageCount(writer.username)).toBe(0);
    // Nothing of ours in what was written: no key, no project or post id.
    const wikitext = await (await fetch(`${wiki.url}/index.php?title=User:${encodeURIComponent(writer.username)}&action=raw`)).text();
    expect(`${wikitext}\n${me.description}`).not.toMatch(/i\d+-p\d+|linkloom|profile:/i);

    // Run again: the sites are done (a profile holds one bio: a re-run makes nothing new).
    const again = await agent.request('GET', `/action/start/project/${project.projectId}`);
    expect(again.statusCode).toBe(422);

    // A Forum Profile project with the same accounts: another post of ours holds these profiles.
    const forum = await buildModuleProject(db(), agent, ownerId, world, 'ForumProfile', [forumSite]);
    const refused = await runToEnd(db(), agent, forum.projectId);
    expect(refused.status).toBe('FAILED');
    expect(refused.lastError).toEqual([expect.stringContaining(MODULE_POST_MESSAGES.profileHeld(author.username, blog.url))]);
    // The first profile is as it was.
    const still = (await (await fetch(`${blog.url}/wp-json/wp/v2/users/me?context=edit`, { headers: { authorization: asUser(author) } })).json()) as { url: string };
    expect(still.url).toBe(blogLink!.url);
  });

  it('takes a profile over from a post of ours that ended without it, and sets the fields again', async () => {
    const author = await createBlogUser(blog);
    const blogSite = forumSite;
    const world = await buildModuleWorld(db(), ownerId, [{ siteUrl: blog.url, account: author }]);
    const first = await buildModuleProject(db(), agent, ownerId, world, 'ForumProfile', [blogSite!]);
    expect((await runToEnd(db(), agent, first.projectId)).status).toBe('COMPLETED');
    const [firstPost] = await checkedPosts(db(), first.projectId);
    // That post ends (as a failed one would): its hold on the profile goes with it.
    await db().updateTable('engine_posts').set({ state: 'failed' }).where('id', '=', firstPost!.id).execute();
    const second = await buildModuleProject(db(), agent, ownerId, world, 'ForumProfile', [blogSite!]);
    const run = await runToEnd(db(), agent, second.projectId);
    expect(run.status, run.lastError.join('\n')).toBe('COMPLETED');
    const [secondPost] = await checkedPosts(db(), second.projectId);
    expect(secondPost).toMatchObject({ state: 'published', remote_url: `${blog.url}/author/${author.username}/`, intent_name: `profile:${author.username}` });
    const [link] = await placedLinks(db(), secondPost!.id);
    const me = (await (await fetch(`${blog.url}/wp-json/wp/v2/users/me?context=edit`, { headers: { authorization: asUser(author) } })).json()) as { url: string };
    expect(me.url).toBe(link!.url);
  });
});
