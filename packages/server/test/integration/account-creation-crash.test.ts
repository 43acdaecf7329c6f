/**
 * Account creation survives a SIGKILL (issue 14.4): the server runs as a child process and is
 * killed in the worst gap — one blog has made the account and its application password, the
 * answer has not reached LinkLoom (a forwarder holds it) — then restarted. The resumed run looks the account up before making one, so
 * every site ends with exactly one account of the project's user name and the profile with one
 * account per site.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XSRF_COOKIE, XSRF_HEADER, siteKey } from '@linkloom/shared';
import { openDatabase } from '../../src/platform/db/dialect';
import { migrateToLatest } from '../../src/platform/db/migrate';
import { createUser } from '../../src/features/session/create-user';
import { saveOptions } from '../../src/features/options/options.repository';
import { secretBoxOf } from '../../src/platform/crypto/database-secrets';
import { startServer, type RunningServer } from '../support/server-process';
import { startWordPressPeers, wordPressAvailability, type WordPressPeers, type WordPressPeerSite } from '../support/wordpress-peers';
import { buildCampaign } from '../support/factories';
import { untilWithin } from '../support/until';

/** A killed server's jobs are taken again after this lease, not the default 30 s (README: QUEUE_LEASE_SECONDS). */
const KILLED_JOB_LEASE_S = '3';

const availability = await wordPressAvailability();
const skipReason = availability.available ? '' : ` (SKIPPED: ${availability.reason})`;
const until = untilWithin(120_000, 20);

/** The blog's users whose login name starts with `name` (asked of WordPress with its admin login). */
async function usersNamed(blog: WordPressPeerSite, name: string): Promise<string[]> {
  const response = await fetch(`${blog.url}/wp-json/wp/v2/users?search=${encodeURIComponent(name)}&context=edit&per_page=100&_fields=username`, {
    headers: { authorization: `Basic ${Buffer.from(`${blog.username}:${blog.applicationPassword}`).toString('base64')}` },
  });
  return ((await response.json()) as Array<{ username: string }>).map((user) => user.username).filter((username) => username.startsWith(name));
}

/**
 * A forwarder in front of a blog that holds WordPress's answer to the first application password
 * request (the user and its password already made on the blog), so the server can be killed in
 * exactly the gap a crash leaves: the account exists, LinkLoom has not recorded it.
 */
async function holdingForwarder(blog: WordPressPeerSite): Promise<{ url: string; held: Promise<void>; close(): Promise<void> }> {
  const target = new URL(blog.url);
  let holding = false;
  let markHeld: () => void = () => undefined;
  const held = new Promise<void>((resolve) => { markHeld = resolve; });
  const server = http.createServer((request, response) => {
    const upstream = http.request({ host: target.hostname, port: target.port, path: request.url, method: request.method, headers: request.headers }, (answer) => {
      if (!holding && request.method === 'POST' && /\/application-passwords/.test(request.url ?? '')) {
        holding = true;
        answer.resume();
        markHeld();
        return; // never answered: the client is killed meanwhile
      }
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    upstream.on('error', () => response.destroy());
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    held,
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

describe.skipIf(!availability.available)(`engine: SIGKILL during account registration${skipReason}`, () => {
  let peers: WordPressPeers;
  let dataDir: string;
  let server: RunningServer | undefined;
  let forwarder: Awaited<ReturnType<typeof holdingForwarder>> | undefined;

  beforeAll(async () => {
    peers = await startWordPressPeers(4);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'll-register-kill-'));
  });

  afterAll(async () => {
    await server?.stop();
    await forwarder?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    await peers?.stop();
  });

  it('resumes after a restart without registering any account twice', async () => {
    const database = openDatabase({ databaseUrl: undefined, dataDir });
    await migrateToLatest(database);
    const db = database.db;
    try {
      const ownerId = await createUser(db, 'registrar@example.test', 'register password');
      // One registration at a time, so the kill lands in the middle of the run.
      await saveOptions(db, ownerId, { maxPostingThreads: 1 });
      const box = secretBoxOf(db);
      const now = Date.now();
      // The first blog is reached through the forwarder that holds its application password answer.
      forwarder = await holdingForwarder(peers.sites[0]!);
      const siteUrls = [forwarder.url, ...peers.sites.slice(1).map((blog) => blog.url)];
      const sites = [];
      for (const [index, blog] of peers.sites.entries()) {
        sites.push(await db.insertInto('custom_sites').values({
          owner_id: ownerId, module: 'SocialNetwork', url: siteUrls[index]!, host: new URL(siteUrls[index]!).host, login: blog.username,
          password_sealed: box.seal(blog.applicationPassword), da: null, platform: 'WordPress', can_register: 1, credentials_ok: 1, checked_at: now, created_at: now,
        }).returning('id').executeTakeFirstOrThrow());
      }
      const campaign = await buildCampaign(db, { ownerId });
      const profile = await db.insertInto('profiles').values({ owner_id: ownerId, campaign_id: campaign.id, name: 'Registered', group_name: '', created_at: now }).returning('id').executeTakeFirstOrThrow();
      const name = `kill${now.toString(36)}`;
      const form = {
        profileId: profile.id, firstName: 'Kim', lastName: 'Lo', username: name, password: 'Kill-pw-123', blogTitle: '', blogName: '', emailSource: 'MANUAL',
        verificationInfo: { emailServer: '127.0.0.1', emailServerPort: 143, mailProtocol: 'imap', emailAddress: `${name}@mail.test`, emailLogin: 'x', emailPassword: 'x', SSL: false, checkSpamFolder: false, spamFolderName: '', status: null },
      };
      const project = await db.insertInto('projects').values({
        owner_id: ownerId, campaign_id: campaign.id, name: 'Accounts', module: 'AccountCreation', settings: JSON.stringify({ ...form, password: box.seal(form.password), verificationInfo: { ...form.verificationInfo, emailPassword: box.seal('x') } }), created_at: now,
      }).returning('id').executeTakeFirstOrThrow();
      await db.insertInto('project_sites').values(sites.map((site) => ({
        owner_id: ownerId, project_id: project.id, site_key: siteKey({ module: 'SocialNetwork', siteId: site.id }), checked: 1, wait_info: null, created_at: now, updated_at: now,
      }))).execute();

      server = await startServer({ DATA_DIR: dataDir, QUEUE_LEASE_SECONDS: KILLED_JOB_LEASE_S });
      // Signed in as the user, Start through the HTTP API.
      const cookies = new Map<string, string>();
      const keep = (response: Response) => {
        for (const line of response.headers.getSetCookie()) {
          const [pair] = line.split(';');
          const at = pair!.indexOf('=');
          cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
        }
      };
      const request = async (method: string, url: string, body?: unknown) => {
        const headers: Record<string, string> = { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') };
        const xsrf = cookies.get(XSRF_COOKIE);
        if (xsrf) headers[XSRF_HEADER] = decodeURIComponent(xsrf);
        if (body !== undefined) headers['content-type'] = 'application/json';
        const response = await fetch(`${server!.baseUrl}${url}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
        keep(response);
        return response;
      };
      await request('GET', '/public/api/app-info');
      expect((await request('POST', '/public/api/login/account', { username: 'registrar@example.test', password: 'register password', type: 'account' })).ok).toBe(true);
      const started = await request('GET', `/action/start/project/${project.id}`);
      expect(started.status, await started.clone().text()).toBe(200);

      // Killed while the first blog has made the user and its password, before LinkLoom hears of it.
      await forwarder.held;
      process.kill(server.pid!, 'SIGKILL');
      await server.stop();
      server = undefined;
      const atKill = await db.selectFrom('engine_posts').select('state').where('project_id', '=', project.id).execute();
      expect(atKill.some((post) => post.state === 'publishing')).toBe(true);

      server = await startServer({ DATA_DIR: dataDir, QUEUE_LEASE_SECONDS: KILLED_JOB_LEASE_S });
      const done = await until('the resumed run to finish', async () => {
        const row = await db.selectFrom('projects').select(['status', 'last_error']).where('id', '=', project.id).executeTakeFirstOrThrow();
        return row.status === 'COMPLETED' || row.status === 'FAILED' ? row : undefined;
      });
      expect(done, done.last_error ?? '').toEqual({ status: 'COMPLETED', last_error: '[]' });

      // The first blog's user was found as ours: it got a second application password (named apart
      // from the first, which WordPress requires), the one the profile keeps, and it signs in.
      const first = peers.sites[0]!;
      const adminAuth = `Basic ${Buffer.from(`${first.username}:${first.applicationPassword}`).toString('base64')}`;
      const [user] = (await (await fetch(`${first.url}/wp-json/wp/v2/users?search=${name}&context=edit`, { headers: { authorization: adminAuth } })).json()) as Array<{ id: number }>;
      const appPasswords = (await (await fetch(`${first.url}/wp-json/wp/v2/users/${user!.id}/application-passwords`, { headers: { authorization: adminAuth } })).json()) as Array<{ name: string }>;
      expect(appPasswords.map((app) => app.name)).toEqual(['LinkLoom', expect.stringMatching(/^LinkLoom \d{4}-/)]);
      const kept = await db.selectFrom('accounts').select('password').where('profile_id', '=', profile.id).where('site_name', '=', forwarder.url).executeTakeFirstOrThrow();
      const me = await fetch(`${first.url}/wp-json/wp/v2/users/me`, { headers: { authorization: `Basic ${Buffer.from(`${name}:${box.open(kept.password)}`).toString('base64')}` } });
      expect(me.status).toBe(200);

      // Each blog: exactly one user of that name (no name2: the killed attempt's account was found as ours).
      for (const blog of peers.sites) expect(await usersNamed(blog, name)).toEqual([name]);
      const accounts = await db.selectFrom('accounts').select(['site_name', 'username']).where('profile_id', '=', profile.id).orderBy('site_name').execute();
      expect(accounts).toEqual(siteUrls.map((url) => ({ site_name: url, username: name })).sort((a, b) => a.site_name.localeCompare(b.site_name)));
      expect(await db.selectFrom('account_registrations').select('suffix').execute()).toEqual(peers.sites.map(() => ({ suffix: 0 })));
    } finally {
      await database.close();
    }
  });
});
