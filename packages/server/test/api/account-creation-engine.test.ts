/**
 * Account creation runs in the engine (issue 14.4), on both databases: a blocked site is never
 * contacted, a platform LinkLoom cannot register on, a WordPress site without an admin login and
 * an email source with no address left each fail their row with the reason, nothing else
 * happens; a LIST address is taken (marked used) with the registration's identity before the site
 * is called; another user's profile in the form or another user's project changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { EMAIL_MESSAGES, PROJECT_FORM_MESSAGES, siteKey } from '@linkloom/shared';
import { DATABASES } from '../support/databases';
import { useTestServer } from '../support/lifecycle';
import { useTwoUsers, type SignedInUser } from '../support/scenario';
import { freePort } from '../support/server-process';
import { buildCampaign, buildUser } from '../support/factories';
import { signedIn } from '../support/agent';
import { isJobAlive } from '../../src/engine/runner/job-fence';
import { PROXY_WAIT_MESSAGES } from '../../src/engine/runner/engine-options';
import { saveOptions } from '../../src/features/options/options.repository';
import { secretBoxOf } from '../../src/platform/crypto/database-secrets';
import { PLAN_MESSAGES } from '../../src/engine/runner/plan-run';
import { REGISTRATION_MESSAGES } from '../../src/engine/account-creation/registration-site';
import { untilWithin } from '../support/until';

const until = untilWithin(25_000);

describe.each(DATABASES)('account creation runs on $kind', ({ kind, skip }) => {
  const ctx = useTestServer(kind, skip, { startEngine: true });
  const { ann, bob } = useTwoUsers(ctx, skip);
  const db = () => ctx.server.database.db;
  let blockedBlog: Server;
  let hits = 0;

  beforeAll(async () => {
    if (skip) return;
    blockedBlog = createServer((_request, response) => {
      hits += 1;
      response.writeHead(500).end();
    });
    await new Promise<void>((resolve) => blockedBlog.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    if (skip) return;
    blockedBlog.closeAllConnections();
    await new Promise((resolve) => blockedBlog.close(resolve));
  });

  async function customSite(ownerId: number, url: string, platform: string, login?: { login: string; password: string }): Promise<number> {
    const now = Date.now();
    const row = await db().insertInto('custom_sites').values({
      owner_id: ownerId, module: 'SocialNetwork', url, host: new URL(url).host, login: login?.login ?? null,
      password_sealed: login ? secretBoxOf(db()).seal(login.password) : null, da: null, platform, can_register: 1, credentials_ok: null, checked_at: now, created_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  /** An account creation project saved through the screen's call, with these sites ticked. */
  async function project(user: SignedInUser, siteIds: number[], form: Record<string, unknown>): Promise<{ id: number; profileId: number }> {
    const campaign = await buildCampaign(db(), { ownerId: user.id });
    const now = Date.now();
    const profile = await db().insertInto('profiles').values({ owner_id: user.id, campaign_id: campaign.id, name: 'New', group_name: '', created_at: now }).returning('id').executeTakeFirstOrThrow();
    const row = await db().insertInto('projects').values({ owner_id: user.id, campaign_id: campaign.id, name: 'AC', module: 'AccountCreation', created_at: now }).returning('id').executeTakeFirstOrThrow();
    const saved = await user.agent.request('POST', '/rest/acproject', {
      body: {
        project: { id: row.id, profileId: profile.id, firstName: 'Ann', lastName: 'Lee', username: 'annlee', password: 'Secret-pw-1', ...form },
        sites: siteIds.map((siteId) => ({ id: { module: 'SocialNetwork', siteId }, checked: true })), sessionUuid: `ac-session-${row.id}`,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    return { id: row.id, profileId: profile.id };
  }

  const ended = (projectId: number) => until('the run to end', async () => {
    const row = await db().selectFrom('projects').select(['status', 'last_error']).where('id', '=', projectId).executeTakeFirstOrThrow();
    return ['COMPLETED', 'FAILED', 'STOPPED'].includes(row.status) ? { status: row.status, lastError: JSON.parse(row.last_error) as string[] } : undefined;
  });

  it.skipIf(skip)('fails each row it cannot register on with the reason, never contacting a blocked site', async () => {
    const blockedUrl = `http://127.0.0.1:${(blockedBlog.address() as AddressInfo).port}`;
    const blocked = await customSite(ann.id, blockedUrl, 'WordPress', { login: 'admin', password: 'app password' });
    const drupalUrl = `http://localhost:${await freePort()}`;
    const drupal = await customSite(ann.id, drupalUrl, 'Drupal');
    const noLoginUrl = `http://localhost:${await freePort()}/blog`;
    const noLogin = await customSite(ann.id, noLoginUrl, 'WordPress');
    const wikiUrl = `http://localhost:${await freePort()}/wiki`;
    const wiki = await customSite(ann.id, wikiUrl, 'MediaWiki');
    expect((await ann.agent.request('POST', '/rest/blocked_sites', { body: ['127.0.0.1'] })).statusCode).toBe(200);
    // LIST with no mailbox in the email manager: no address to register the wiki account with.
    const { id, profileId } = await project(ann, [blocked, drupal, noLogin, wiki], { emailSource: 'LIST' });

    expect((await ann.agent.request('GET', `/action/start/project/${id}`)).statusCode).toBe(200);
    const end = await ended(id);
    expect(end.status).toBe('FAILED');
    expect(end.lastError.sort()).toEqual([
      REGISTRATION_MESSAGES.blocked(blockedUrl),
      REGISTRATION_MESSAGES.noRegister(drupalUrl, 'Drupal'),
      REGISTRATION_MESSAGES.noAdmin(noLoginUrl),
      `${wikiUrl}: ${REGISTRATION_MESSAGES.noAddress}`,
    ].sort());
    expect(hits).toBe(0);
    const rows = await db().selectFrom('project_sites').select(['site_key', 'status', 'wait_info']).where('project_id', '=', id).execute();
    expect(rows.map((row) => [row.status, row.wait_info])).toEqual(rows.map(() => ['FAILED', '0 of 1 accounts, 1 failed']));
    expect(await db().selectFrom('accounts').select('id').where('profile_id', '=', profileId).execute()).toEqual([]);
    const posts = await db().selectFrom('engine_posts').select('id').where('project_id', '=', id).execute();
    expect(await db().selectFrom('account_registrations').select('id').where('post_id', 'in', posts.map((post) => post.id)).execute()).toEqual([]);
    // The catch-all source without a catch-all mailbox says how to add one.
    const catchAll = await project(ann, [wiki], { emailSource: 'LINKLOOM' });
    expect((await ann.agent.request('GET', `/action/start/project/${catchAll.id}`)).statusCode).toBe(200);
    expect(await ended(catchAll.id)).toEqual({ status: 'FAILED', lastError: [`${wikiUrl}: ${EMAIL_MESSAGES.noCatchAll}`] });
  });

  it.skipIf(skip)('takes a LIST address with the identity before calling the site; a failed call keeps it for the look-up', async () => {
    await saveOptions(db(), ann.id, { maxNumberOfRetries: 1, timeToWaitBeforeRetry: 1 });
    const put = await ann.agent.request('PUT', '/rest/user_emails', {
      body: { address: `listed-${kind}@mail.test`, login: 'listed', password: 'pw', server: '127.0.0.1', port: 993, protocol: 'imap', ssl: true },
    });
    expect(put.statusCode, put.body).toBe(200);
    const deadUrl = `http://localhost:${await freePort()}`;
    const dead = await customSite(ann.id, deadUrl, 'MediaWiki');
    const { id } = await project(ann, [dead], { emailSource: 'LIST' });
    expect((await ann.agent.request('GET', `/action/start/project/${id}`)).statusCode).toBe(200);
    const end = await ended(id);
    expect(end.status).toBe('FAILED');
    expect(end.lastError).toEqual([expect.stringContaining(deadUrl)]);
    const [post] = await db().selectFrom('engine_posts').select(['id', 'site_key', 'attempts', 'account_email']).where('project_id', '=', id).execute();
    expect(post).toMatchObject({ site_key: siteKey({ module: 'SocialNetwork', siteId: dead }), attempts: 2, account_email: `listed-${kind}@mail.test` });
    const registration = await db().selectFrom('account_registrations').select(['username', 'email', 'password', 'suffix', 'account_id']).where('post_id', '=', post!.id).executeTakeFirstOrThrow();
    expect(registration).toMatchObject({ username: 'annlee', email: `listed-${kind}@mail.test`, suffix: 0, account_id: null });
    // The login password is sealed at rest.
    expect(registration.password).not.toContain('Secret-pw-1');
    expect(secretBoxOf(db()).open(registration.password)).toBe('Secret-pw-1');
    const mailbox = await db().selectFrom('user_emails').select('used').where('owner_id', '=', ann.id).where('address', '=', `listed-${kind}@mail.test`).executeTakeFirstOrThrow();
    expect(mailbox.used).toBe(1);
  });

  it.skipIf(skip)('with Use proxy for posting on and no live proxy, registers nowhere directly: the row waits queued, no attempt spent, and the run says why once (issue 15.3)', async () => {
    const built = await buildUser(db());
    const user: SignedInUser = { ...built, agent: await signedIn(ctx.server.app, built) };
    await saveOptions(db(), user.id, { useProxyForPosting: true });
    // The user's only proxy failed its last check.
    await db().insertInto('proxies').values({ owner_id: user.id, host: '127.0.0.1', port: await freePort(), username: '', password: '', status: 'FAILED', created_at: Date.now() }).execute();
    const put = await user.agent.request('PUT', '/rest/user_emails', {
      body: { address: `held-${kind}@mail.test`, login: 'held', password: 'pw', server: '127.0.0.1', port: 993, protocol: 'imap', ssl: true },
    });
    expect(put.statusCode, put.body).toBe(200);
    const siteUrl = `http://127.0.0.1:${(blockedBlog.address() as AddressInfo).port}/held-wiki`;
    const site = await customSite(user.id, siteUrl, 'MediaWiki');
    const { id } = await project(user, [site], { emailSource: 'LIST' });
    const hitsBefore = hits;
    expect((await user.agent.request('GET', `/action/start/project/${id}`)).statusCode).toBe(200);

    const runLines = async () => JSON.parse((await db().selectFrom('project_runs').select('last_error').where('project_id', '=', id).executeTakeFirstOrThrow()).last_error) as string[];
    await until('the run to say it waits for a live proxy', async () => (await runLines()).includes(PROXY_WAIT_MESSAGES.posting));
    const post = await until('the registration to be handed to a later job', async () => {
      const row = await db().selectFrom('engine_posts').select(['state', 'attempts', 'job_id', 'not_before']).where('project_id', '=', id).executeTakeFirst();
      return row && row.not_before !== null ? row : undefined;
    });
    expect(post).toMatchObject({ state: 'planned', attempts: 0 });
    expect(await isJobAlive(ctx.server.context.queue, post.job_id!)).toBe(true);
    expect((await runLines()).filter((line) => line === PROXY_WAIT_MESSAGES.posting)).toHaveLength(1);
    const running = await db().selectFrom('projects').select(['status', 'last_error']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(running.status).toBe('RUNNING');
    expect(JSON.parse(running.last_error)).toEqual([PROXY_WAIT_MESSAGES.posting]);
    expect(hits).toBe(hitsBefore);
    expect((await user.agent.request('GET', `/action/stop/project/${id}`)).statusCode).toBe(200);
  });

  it.skipIf(skip)("changes nothing for another user's ids: Bob's form naming Ann's profile, Bob starting Ann's project", async () => {
    const annSite = await customSite(ann.id, `http://localhost:${await freePort()}`, 'MediaWiki');
    const annProject = await project(ann, [annSite], { emailSource: 'LINKLOOM' });
    const bobSite = await customSite(bob.id, `http://localhost:${await freePort()}`, 'MediaWiki');
    const bobProject = await project(bob, [bobSite], { emailSource: 'LINKLOOM' });
    // A stale form of Bob's pointing at Ann's profile (the save refuses it; the stored form may still hold it).
    const stored = await db().selectFrom('projects').select('settings').where('id', '=', bobProject.id).executeTakeFirstOrThrow();
    await db().updateTable('projects').set({ settings: JSON.stringify({ ...JSON.parse(stored.settings), profileId: annProject.profileId }) }).where('id', '=', bobProject.id).execute();
    const refused = await bob.agent.request('GET', `/action/start/project/${bobProject.id}`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.details).toEqual([PLAN_MESSAGES.profileGone]);
    expect((await bob.agent.request('GET', `/action/start/project/${annProject.id}`)).statusCode).toBe(404);
    const statuses = await db().selectFrom('projects').select('status').where('id', 'in', [annProject.id, bobProject.id]).execute();
    expect(statuses.map((row) => row.status)).toEqual(['NEW', 'NEW']);
    expect(await db().selectFrom('engine_posts').select('id').where('project_id', 'in', [annProject.id, bobProject.id]).execute()).toEqual([]);
    expect(PROJECT_FORM_MESSAGES.acProfileRequired).toBe('Please select a profile');
  });
});
