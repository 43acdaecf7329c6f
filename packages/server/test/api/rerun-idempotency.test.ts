/**
 * Re-runs are idempotent (issue 35 item 4), on both databases, through the real engine posting to
 * local WordPress stand-ins:
 * - a posting re-run after a partial failure posts only to the site that failed, never a second
 *   post where the first run's landed; the project screen says so before Start; once every site has
 *   its posts Start is refused with what to do instead; raising Number of posts posts the difference;
 * - an unlimited private project (Number of posts 0) makes its round on every Start;
 * - an account creation re-run never registers on a site that already has an account in the profile.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ProjectReadinessSchema, READINESS_NOTICES, RERUN_MESSAGES } from '@linkloom/shared';
import { DATABASES } from '../support/databases';
import { useTestServer } from '../support/lifecycle';
import { useTwoUsers } from '../support/scenario';
import { buildCampaign } from '../support/factories';
import { freePort } from '../support/server-process';
import { buildPrivateProjectWorld } from '../support/engine-world';
import { saveOptions } from '../../src/features/options/options.repository';
import { secretBoxOf } from '../../src/platform/crypto/database-secrets';
import { untilWithin } from '../support/until';
import { standInLogin, useWordPressStandIns, type WordPressStandIn } from '../support/wordpress-stand-in';

const until = untilWithin(30_000);
const ONE_POST_EACH = { scheduleType: 'FixedDate', startDate: '01/01/2020 10:00', durationType: 'Once', numberOfPosts: 1, status: 'DONE' };

describe.each(DATABASES)('re-runs on $kind', ({ kind, skip }) => {
  const ctx = useTestServer(kind, skip, { startEngine: true });
  const { ann } = useTwoUsers(ctx, skip);
  const db = () => ctx.server.database.db;
  const blogs = useWordPressStandIns(2, skip);
  beforeAll(async () => {
    if (skip) return;
    await saveOptions(db(), ann.id, { maxNumberOfRetries: 1, timeToWaitBeforeRetry: 1 });
  });

  const login = standInLogin;
  const start = (id: number) => ann.agent.request('GET', `/action/start/project/${id}`);
  const readiness = async (id: number) => ProjectReadinessSchema.parse((await ann.agent.request('GET', `/rest/project/${id}/readiness`)).json());
  const ended = (id: number) => until(`project ${id} to end`, async () => {
    const row = await db().selectFrom('projects').select(['status', 'last_error']).where('id', '=', id).executeTakeFirstOrThrow();
    return ['COMPLETED', 'FAILED', 'STOPPED'].includes(row.status) ? { status: row.status, lastError: JSON.parse(row.last_error) as string[] } : undefined;
  });
  const livePosts = (blog: WordPressStandIn) => blog.posts.filter((post) => !post.deleted).length;
  const runPosts = async (projectId: number) => {
    const runs = await db().selectFrom('project_runs').select('id').where('project_id', '=', projectId).orderBy('id').execute();
    const posts = await db().selectFrom('engine_posts').select(['run_id', 'site_key', 'seq', 'state']).where('project_id', '=', projectId).orderBy('id').execute();
    return runs.map((run) => posts.filter((post) => post.run_id === run.id).map(({ site_key, seq, state }) => ({ site_key, seq, state })));
  };

  it.skipIf(skip)('a posting re-run posts only where the last run failed; then Start is refused until the count is raised', async () => {
    const [first, second] = blogs;
    const w = await buildPrivateProjectWorld(db(), ann.id, [login(first!), login(second!)], { schedule: ONE_POST_EACH });
    const [siteA, siteB] = w.sites;
    second!.refuseNextCreates = 2;
    expect((await start(w.projectId)).statusCode).toBe(200);
    expect((await ended(w.projectId)).status).toBe('FAILED');
    expect([livePosts(first!), livePosts(second!)]).toEqual([1, 0]);

    // Before Start, the screen says which sites are done.
    expect(await readiness(w.projectId)).toEqual({ problems: [], notices: [READINESS_NOTICES.sitesAlreadyDone(1, 2)] });
    expect((await start(w.projectId)).statusCode).toBe(200);
    expect((await ended(w.projectId)).status).toBe('COMPLETED');
    // The site that had its post is left alone; the failed one is tried again.
    expect([livePosts(first!), livePosts(second!)]).toEqual([1, 1]);
    expect((await runPosts(w.projectId))[1]).toEqual([{ site_key: siteB!.key, seq: 1, state: 'published' }]);

    // Nothing left to do: Start is refused and says what to do instead; nothing changes.
    const refused = await start(w.projectId);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.details).toEqual([RERUN_MESSAGES.allPosted(2, true)]);
    expect((await readiness(w.projectId)).problems).toEqual([RERUN_MESSAGES.allPosted(2, true)]);
    expect((await db().selectFrom('projects').select('status').where('id', '=', w.projectId).executeTakeFirstOrThrow()).status).toBe('COMPLETED');
    expect(await runPosts(w.projectId)).toHaveLength(2);

    // The user raises the count: the next run posts the difference on every site.
    await db().updateTable('projects').set({ schedule: JSON.stringify({ ...ONE_POST_EACH, numberOfPosts: 2 }) }).where('id', '=', w.projectId).execute();
    expect((await readiness(w.projectId)).problems).toEqual([]);
    expect((await start(w.projectId)).statusCode).toBe(200);
    expect((await ended(w.projectId)).status).toBe('COMPLETED');
    expect([livePosts(first!), livePosts(second!)]).toEqual([2, 2]);
    expect(((await runPosts(w.projectId))[2] ?? []).map(({ site_key, seq }) => ({ site_key, seq })).sort((a, b) => a.site_key.localeCompare(b.site_key)))
      .toEqual([{ site_key: siteA!.key, seq: 2 }, { site_key: siteB!.key, seq: 2 }].sort((a, b) => a.site_key.localeCompare(b.site_key)));
  });

  it.skipIf(skip)('an unlimited private project (Number of posts 0) makes its round on every Start', async () => {
    const [first] = blogs;
    const before = livePosts(first!);
    const w = await buildPrivateProjectWorld(db(), ann.id, [login(first!)], { schedule: { ...ONE_POST_EACH, numberOfPosts: 0 } });
    for (let round = 1; round <= 2; round += 1) {
      expect(await readiness(w.projectId)).toEqual({ problems: [], notices: [] });
      expect((await start(w.projectId)).statusCode).toBe(200);
      expect((await ended(w.projectId)).status).toBe('COMPLETED');
      expect(livePosts(first!)).toBe(before + round);
    }
  });

  it.skipIf(skip)('an account creation re-run skips a site that already has an account in the profile, and is refused when every site has one', async () => {
    const now = Date.now();
    const campaign = await buildCampaign(db(), { ownerId: ann.id });
    const profile = await db().insertInto('profiles').values({ owner_id: ann.id, campaign_id: campaign.id, name: 'Accounts', group_name: '', created_at: now }).returning('id').executeTakeFirstOrThrow();
    const siteUrls = [`http://127.0.0.1:${await freePort()}/wiki`, `http://localhost:${await freePort()}/wiki`];
    const siteIds: number[] = [];
    for (const url of siteUrls) {
      const row = await db().insertInto('custom_sites').values({
        owner_id: ann.id, module: 'SocialNetwork', url, host: new URL(url).host, login: null, password_sealed: null, da: null,
        platform: 'MediaWiki', can_register: 1, credentials_ok: null, checked_at: now, created_at: now,
      }).returning('id').executeTakeFirstOrThrow();
      siteIds.push(row.id);
    }
    const project = await db().insertInto('projects').values({ owner_id: ann.id, campaign_id: campaign.id, name: 'AC', module: 'AccountCreation', created_at: now }).returning('id').executeTakeFirstOrThrow();
    const saved = await ann.agent.request('POST', '/rest/acproject', {
      body: {
        project: { id: project.id, profileId: profile.id, firstName: 'Ann', lastName: 'Lee', username: 'annlee', password: 'Secret-pw-1', emailSource: 'LINKLOOM' },
        sites: siteIds.map((siteId) => ({ id: { module: 'SocialNetwork', siteId }, checked: true })), sessionUuid: `rerun-session-${project.id}`,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // An account the profile already holds for the first site (an earlier run's, or added by hand; `www.` is the same site).
    const account = (url: string) => ({
      owner_id: ann.id, profile_id: profile.id, site_name: url, email: 'ann@mail.test', username: 'annlee', password: secretBoxOf(db()).seal('pw'), created_at: now,
    });
    await db().insertInto('accounts').values(account(siteUrls[0]!.replace('//', '//www.'))).execute();

    expect((await readiness(project.id)).notices).toEqual([READINESS_NOTICES.sitesAlreadyRegistered(1, 2)]);
    expect((await start(project.id)).statusCode).toBe(200);
    await ended(project.id);
    const [run] = await runPosts(project.id);
    // Only the second site is tried (it fails: nothing listens there and no catch-all mailbox is set).
    expect(run!.map((post) => post.site_key)).toEqual([`SocialNetwork:${siteIds[1]}`]);

    await db().insertInto('accounts').values(account(siteUrls[1]!)).execute();
    const refused = await start(project.id);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.details).toEqual([RERUN_MESSAGES.allRegistered(2)]);
    expect(await runPosts(project.id)).toHaveLength(1);
  });
});
