/**
 * Posting projects on the user's own sites of other modules (issue 13.6, "and of the platform's
 * other modules where that makes sense"; the rule is ownSiteServesModule in packages/shared) on
 * both databases: the project screen offers them under their own module, a save may tick them (and
 * only them), and the engine posts to them with the profile's account for that site. The blogs are
 * closed ports, so every post fails with the reason the connector gives (real publishing to one's
 * own sites is proven in test/integration/engine-own-sites.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { PROJECT_FORM_MESSAGES, ProjectScreenSchema, siteKey, type CustomSiteRow, type ProjectScreen } from '@linkloom/shared';
import { DATABASES } from '../support/databases';
import { useTestServer } from '../support/lifecycle';
import { useTwoUsers } from '../support/scenario';
import { freePort } from '../support/server-process';
import { buildProject } from '../support/campaign-factories';
import { buildPrivateProjectWorld } from '../support/engine-world';
import { untilWithin } from '../support/until';
import type { Agent } from '../support/agent';
import { saveOptions } from '../../src/features/options/options.repository';
import { secretBoxOf } from '../../src/platform/crypto/database-secrets';

const until = untilWithin(25_000);

describe.each(DATABASES)("posting projects on the user's sites of other modules on $kind", ({ kind, skip }) => {
  const ctx = useTestServer(kind, skip, { startEngine: true });
  const { ann, bob } = useTwoUsers(ctx, skip);
  const db = () => ctx.server.database.db;

  /** A custom site added through the API, then given the platform a verifier run would have found. */
  async function ownSite(agent: Agent, url: string, module: string, platform: 'WordPress' | 'MediaWiki' | 'Unknown'): Promise<CustomSiteRow> {
    const response = await agent.request('PUT', '/rest/custom_sites', { body: { url, module } });
    expect(response.statusCode, response.body).toBe(201);
    const { site } = response.json() as { site: CustomSiteRow };
    if (platform !== 'Unknown') await db().updateTable('custom_sites').set({ platform, status: 'OK' }).where('id', '=', site.id).execute();
    return site;
  }
  const key = (site: CustomSiteRow) => siteKey({ module: site.module, siteId: site.id });
  async function screenOf(id: number): Promise<ProjectScreen> {
    const response = await ann.agent.request('GET', `/rest/project/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    return ProjectScreenSchema.parse(response.json());
  }

  it.skipIf(skip)('offers WordPress sites of the other article modules under their own module, ticks only what it offers, and posts there as the profile\'s account', async () => {
    await saveOptions(db(), ann.id, { maxNumberOfRetries: 1, timeToWaitBeforeRetry: 1 });
    const [blogPort, articlePort] = [await freePort(), await freePort()];
    const blog = await ownSite(ann.agent, `http://127.0.0.1:${blogPort}`, 'SocialNetwork', 'WordPress');
    const directory = await ownSite(ann.agent, `http://127.0.0.1:${articlePort}`, 'ArticleDirectory', 'WordPress');
    const unverified = await ownSite(ann.agent, 'https://press.example.test', 'PressRelease', 'Unknown');
    const wiki = await ownSite(ann.agent, 'https://wiki.example.test', 'Wiki', 'MediaWiki');
    const bookmarks = await ownSite(ann.agent, 'https://bookmarks.example.test', 'Bookmarking', 'WordPress');
    const bobs = await ownSite(bob.agent, 'https://bob.example.test', 'ArticleDirectory', 'WordPress');

    // Content, links and an account profile: an account for the directory's host only.
    const world = await buildPrivateProjectWorld(db(), ann.id, [{ url: `http://127.0.0.1:${await freePort()}`, username: 'x', password: 'y' }]);
    const now = Date.now();
    const profile = await db().insertInto('profiles').values({ owner_id: ann.id, campaign_id: world.campaignId, name: 'Own accounts', created_at: now }).returning('id').executeTakeFirstOrThrow();
    await db().insertInto('accounts').values({
      owner_id: ann.id, profile_id: profile.id, site_name: `127.0.0.1:${articlePort}`, email: 'writer@example.test', username: 'writer',
      password: secretBoxOf(db()).seal('application password'), created_at: now,
    }).execute();
    const form = { ...world.form, selectedCampaignId: world.campaignId, profileId: profile.id };
    const webProject = await buildProject(db(), { ownerId: ann.id, campaignId: world.campaignId, module: 'SocialNetwork', settings: JSON.stringify(form) });
    const directoryProject = await buildProject(db(), { ownerId: ann.id, campaignId: world.campaignId, module: 'ArticleDirectory' });
    const wikiProject = await buildProject(db(), { ownerId: ann.id, campaignId: world.campaignId, module: 'Wiki' });
    const bookmarkProject = await buildProject(db(), { ownerId: ann.id, campaignId: world.campaignId, module: 'Bookmarking' });

    // Each project offers its module's sites and the article modules' WordPress sites, each under its own module.
    const offered = async (id: number) => (await screenOf(id)).sites.map((row) => ({ key: row.key, module: row.module, platform: row.platform }));
    expect(await offered(webProject)).toEqual([
      { key: key(blog), module: 'SocialNetwork', platform: 'WordPress' },
      { key: key(directory), module: 'ArticleDirectory', platform: 'WordPress' },
    ]);
    expect((await offered(directoryProject)).map((row) => row.key)).toEqual([key(blog), key(directory)]);
    // An unverified press release site serves its own module only; a wiki and a bookmarking site are never lent.
    expect((await offered(wikiProject)).map((row) => row.key)).toEqual([key(wiki)]);
    expect((await offered(bookmarkProject)).map((row) => row.key)).toEqual([key(bookmarks)]);
    const pressProject = await buildProject(db(), { ownerId: ann.id, campaignId: world.campaignId, module: 'PressRelease' });
    expect((await offered(pressProject)).map((row) => row.key)).toEqual([key(blog), key(directory), key(unverified)]);

    // A save ticks an offered site of another module; a site not offered (or Bob's) is refused and nothing changes.
    const save = (sites: CustomSiteRow[]) => ann.agent.request('POST', '/rest/postingproject', {
      body: { project: { id: webProject, ...form }, sites: sites.map((site) => ({ id: { module: site.module, siteId: site.id }, checked: true })), sessionUuid: 'own-sites' },
    });
    const ticked = async () => (await db().selectFrom('project_sites').select('site_key').where('project_id', '=', webProject).where('checked', '=', 1).execute()).map((row) => row.site_key).sort();
    for (const refused of [unverified, wiki, bookmarks, bobs]) {
      const response = await save([directory, refused]);
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json()).toEqual({ error: { message: PROJECT_FORM_MESSAGES.unknownSites(1) } });
      expect(await ticked()).toEqual([]);
    }
    const saved = await save([blog, directory]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await ticked()).toEqual([key(blog), key(directory)].sort());

    // Start: the engine posts to the directory's blog as the profile's account (the port is closed,
    // so it cannot be reached), and the project's own blog fails for want of an account.
    const started = await ann.agent.request('GET', `/action/start/project/${webProject}`);
    expect(started.statusCode, started.body).toBe(200);
    const ended = await until('the project to end', async () => {
      const row = await db().selectFrom('projects').select(['status', 'last_error']).where('id', '=', webProject).executeTakeFirstOrThrow();
      return ['COMPLETED', 'FAILED', 'STOPPED'].includes(row.status) ? { status: row.status, lastError: JSON.parse(row.last_error) as string[] } : undefined;
    });
    expect(ended.status).toBe('FAILED');
    expect(ended.lastError).toEqual(expect.arrayContaining([
      expect.stringContaining(`Could not reach http://127.0.0.1:${articlePort} (connection refused)`),
      expect.stringContaining(`http://127.0.0.1:${blogPort}: the account profile "Own accounts" has no account for this site`),
    ]));
    const posts = await db().selectFrom('engine_posts').select(['site_key', 'state', 'account_email']).where('project_id', '=', webProject).orderBy('site_key').execute();
    expect(posts.find((post) => post.site_key === key(directory))).toMatchObject({ state: 'failed', account_email: 'writer@example.test' });
    const rows = await db().selectFrom('project_sites').select(['site_key', 'status']).where('project_id', '=', webProject).execute();
    expect(Object.fromEntries(rows.map((row) => [row.site_key, row.status]))).toEqual({ [key(blog)]: 'FAILED', [key(directory)]: 'FAILED' });
  });
});
