/**
 * Which modules can publish with the user's sites (issue 37 item 6) on both databases: GET
 * /rest/publishing/modules counts, per module, the user's sites verified on a platform that
 * publishes it (a WordPress blog serves the three article modules, a Shaarli site bookmarks), the
 * ones not verified yet apart, and says why Google Place has none. Another user's sites never count.
 */
import { describe, expect, it } from 'vitest';
import { PublishingCapabilitiesSchema, describeModuleCapability } from '@linkloom/shared';
import { DATABASES } from '../support/databases';
import { useTestServer } from '../support/lifecycle';
import { useTwoUsers } from '../support/scenario';

describe.each(DATABASES)('publishing capabilities on $kind', ({ kind, skip }) => {
  const ctx = useTestServer(kind, skip);
  const { ann, bob } = useTwoUsers(ctx, skip);
  const db = () => ctx.server.database.db;

  const capabilities = async (agent: typeof ann.agent) => {
    const answer = await agent.request('GET', '/rest/publishing/modules');
    expect(answer.statusCode, answer.body).toBe(200);
    return new Map(PublishingCapabilitiesSchema.parse(answer.json()).modules.map((capability) => [capability.module, capability]));
  };

  it.skipIf(skip)('counts the user\'s verified sites per module they can publish, the unverified apart, and says why Google Place cannot', async () => {
    const add = async (module: string, siteList: string) =>
      expect((await ann.agent.request('POST', '/action/import/custom_sites', { body: { module, siteList } })).statusCode).toBe(200);
    await add('SocialNetwork', 'https://blog-one.example.com\nhttps://blog-two.example.com');
    await add('Bookmarking', 'https://links.example.com\nhttps://other-links.example.com');
    await add('Wiki', 'https://wiki.example.com');
    // The verifier's verdicts: two WordPress blogs (one failed), one Shaarli site; the wiki and one bookmark site not verified yet.
    const set = (url: string, platform: string, status: string) => db().updateTable('custom_sites').set({ platform, status }).where('owner_id', '=', ann.id).where('url', 'like', `${url}%`).execute();
    await set('https://blog-one.example.com', 'WordPress', 'OK');
    await set('https://blog-two.example.com', 'WordPress', 'FAILED');
    await set('https://links.example.com', 'Shaarli', 'OK');

    const mine = await capabilities(ann.agent);
    expect(mine.get('SocialNetwork')).toMatchObject({ label: 'Web 2.0 Blogs', sites: 1, unverified: 0, unsupported: null });
    expect(mine.get('SocialNetwork')!.platforms).toEqual(expect.arrayContaining(['WordPress', 'Ghost', 'Blogger', 'Tumblr', 'WordPress.com', 'Forem', 'Telegraph']));
    // A WordPress blog listed under Web 2.0 Blogs serves the other article modules too.
    expect(mine.get('ArticleDirectory')).toMatchObject({ sites: 1 });
    expect(mine.get('PressRelease')).toMatchObject({ sites: 1 });
    expect(mine.get('Bookmarking')).toMatchObject({ platforms: ['Shaarli'], sites: 1, unverified: 1 });
    expect(mine.get('Wiki')).toMatchObject({ platforms: ['MediaWiki', 'DokuWiki'], sites: 0, unverified: 1 });
    expect(describeModuleCapability(mine.get('Wiki')!)).toBe('Publishes to MediaWiki, DokuWiki: 1 of your sites is not verified yet — run the platform verifier.');
    expect(mine.get('GooglePlace')).toMatchObject({ platforms: [], sites: 0, unsupported: expect.stringMatching(/no API for posting links/) });
    expect(mine.has('AccountCreation')).toBe(false);
    expect(mine.has('Indexer')).toBe(false);

    const bobs = await capabilities(bob.agent);
    expect(bobs.get('SocialNetwork')).toMatchObject({ sites: 0, unverified: 0 });
    expect(describeModuleCapability(bobs.get('Bookmarking')!)).toBe('Publishes to Shaarli: none of your sites can publish it yet — add one (Sites) on one of these platforms.');
  });
});
