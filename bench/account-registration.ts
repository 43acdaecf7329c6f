/**
 * Account registration benchmark (not a test; issue 14): accounts registered per minute by an
 * account creation run of the engine on local WordPress blogs (scripts/peers, Debian's WordPress)
 * at 1 and 8 threads (maxPostingThreads), next to a plain fetch client making the same two REST
 * calls per account (POST /wp/v2/users as the admin, then POST /wp/v2/users/{id}/application-passwords)
 * at the same concurrency; the ratio engine / plain, and the engine's CPU ms per account.
 *
 *   node --import tsx bench/account-registration.ts   (BENCH_ACCOUNTS_PER_THREAD, default 6, at least 16 accounts; BENCH_THREADS, default 1,8)
 *
 * The engine runs in this process on SQLite with its real queue, runner and connector: each
 * account is one ticked site row (rows of the same blogs, one module each), its identity chosen and stored, its
 * attempt committed before the call, the account recorded in the profile after it (the product's
 * catch-all email source gives each a fresh address). Needs root to install the peers. Prints figures only.
 */
import { LOCAL_PEERS_OUTBOUND_ALLOW } from './support/local-peers';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { randomBytes } from 'node:crypto';
import { siteKey } from '../packages/shared/src/index';
import type { AppContext } from '../packages/server/src/app-context';
import { realClock } from '../packages/server/src/platform/clock';
import { loadConfig } from '../packages/server/src/platform/config';
import { openDatabase, type Database } from '../packages/server/src/platform/db/dialect';
import { migrateToLatest } from '../packages/server/src/platform/db/migrate';
import { createUser } from '../packages/server/src/features/session/create-user';
import { saveOptions } from '../packages/server/src/features/options/options.repository';
import { upsertEmails } from '../packages/server/src/features/emails/user-emails.repository';
import { insertCampaign } from '../packages/server/src/features/campaigns/campaigns.repository';
import { secretBoxOf } from '../packages/server/src/platform/crypto/database-secrets';
import { createQueue } from '../packages/server/src/engine/queue/create-queue';
import { JOB_NAMES, JOB_PAYLOADS } from '../packages/server/src/engine/jobs/job-names';
import { jobRegistrations } from '../packages/server/src/engine/jobs/registry';
import { registerJob } from '../packages/server/src/engine/queue/queue';
import { startProjectRun } from '../packages/server/src/engine/runner/start-project-run';
import { onRunFinished, type RunFinished } from '../packages/server/src/engine/runner/run-events';
import { startWordPressPeers, type WordPressPeerSite } from '../packages/server/test/support/wordpress-peers';

const THREADS = (process.env.BENCH_THREADS ?? '1,8').split(',').map(Number);
const ACCOUNTS_PER_THREAD = Number(process.env.BENCH_ACCOUNTS_PER_THREAD ?? 6);
const MIN_ACCOUNTS = 16;

const auth = (site: WordPressPeerSite) => `Basic ${Buffer.from(`${site.username}:${site.applicationPassword}`).toString('base64')}`;

async function startEngine(database: Database): Promise<AppContext> {
  const config = loadConfig({ LOG_LEVEL: 'silent', OUTBOUND_ALLOW: LOCAL_PEERS_OUTBOUND_ALLOW });
  const queue = createQueue(database, JOB_PAYLOADS);
  const ctx: AppContext = { config, database, live: undefined, queue, version: 'bench', clock: realClock };
  for (const registration of jobRegistrations(ctx)) registerJob(queue, registration);
  queue.assertHandlers(JOB_NAMES);
  await queue.start();
  return ctx;
}

interface Measured {
  accounts: number;
  ms: number;
  cpuMs: number;
}

/** An account creation project with `accounts` ticked site rows spread over the blogs, run to its end. */
async function engineRun(blogs: WordPressPeerSite[], threads: number, accounts: number): Promise<Measured> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'll-bench-register-'));
  const database = openDatabase({ databaseUrl: undefined, dataDir });
  await migrateToLatest(database);
  const { db } = database;
  const ownerId = await createUser(db, 'bench@example.test', 'bench password');
  await saveOptions(db, ownerId, { maxPostingThreads: threads, maxConcurrentProjects: 20 });
  await upsertEmails(db, ownerId, [{
    address: '*@bench.test', login: 'catchall', password: 'x', server: '127.0.0.1', port: 993, protocol: 'imap', ssl: true,
    startTls: false, allowSelfSigned: false, checkSpamFolder: false, spamFolderName: 'Spam',
  }]);
  const box = secretBoxOf(db);
  const now = Date.now();
  const campaignId = await insertCampaign(db, { ownerId, name: 'Bench' });
  const profile = await db.insertInto('profiles').values({ owner_id: ownerId, campaign_id: campaignId, name: 'Registered', group_name: '', created_at: now }).returning('id').executeTakeFirstOrThrow();
  const run = randomBytes(3).toString('hex');
  // A user name per account from a run prefix and five spun digits (rare collisions are retried with a suffix, as in production).
  const digit = '{0|1|2|3|4|5|6|7|8|9}';
  const form = {
    profileId: profile.id, firstName: 'Bench', lastName: 'User', username: `b${run}${digit.repeat(5)}`, password: box.seal('Bench-pw-12345'),
    blogTitle: '', blogName: '', emailSource: 'LINKLOOM',
  };
  const project = await db.insertInto('projects').values({
    owner_id: ownerId, campaign_id: campaignId, name: 'Accounts', module: 'AccountCreation', settings: JSON.stringify(form), created_at: now,
  }).returning('id').executeTakeFirstOrThrow();
  for (let i = 0; i < accounts; i += 1) {
    const blog = blogs[i % blogs.length]!;
    // A user's sites are one per (module, URL): the rows of one blog take a module each.
    const module = `Bench${Math.floor(i / blogs.length)}`;
    const site = await db.insertInto('custom_sites').values({
      owner_id: ownerId, module, url: blog.url, host: new URL(blog.url).host, login: blog.username, password_sealed: box.seal(blog.applicationPassword),
      da: null, platform: 'WordPress', can_register: 1, credentials_ok: 1, checked_at: now, created_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('project_sites').values({ owner_id: ownerId, project_id: project.id, site_key: siteKey({ module, siteId: site.id }), checked: 1, wait_info: null, created_at: now, updated_at: now }).execute();
  }
  const ctx = await startEngine(database);
  try {
    const cpu = process.cpuUsage();
    const started = performance.now();
    const finished = new Promise<RunFinished>((resolve) => {
      const stopListening = onRunFinished(async (from, event) => {
        if (from !== ctx || event.projectId !== project.id) return;
        stopListening();
        resolve(event);
      });
    });
    await startProjectRun(ctx, ownerId, project.id, { from: ['NEW'] });
    const ended = await finished;
    const ms = performance.now() - started;
    const used = process.cpuUsage(cpu);
    if (ended.status !== 'COMPLETED') {
      const row = await db.selectFrom('projects').select('last_error').where('id', '=', project.id).executeTakeFirst();
      throw new Error(`The account creation run ended ${ended.status}: ${row?.last_error}`);
    }
    const made = Number((await db.selectFrom('accounts').select((eb) => eb.fn.countAll().as('n')).where('profile_id', '=', profile.id).executeTakeFirstOrThrow()).n);
    if (made !== accounts) throw new Error(`The run recorded ${made} accounts instead of ${accounts}`);
    return { accounts, ms, cpuMs: (used.user + used.system) / 1000 };
  } finally {
    await ctx.queue.stop({ graceful: false });
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The same two calls per account, straight to the REST endpoints, by `threads` workers. */
async function plainRun(blogs: WordPressPeerSite[], threads: number, accounts: number): Promise<Measured> {
  const run = randomBytes(3).toString('hex');
  let next = 0;
  const cpu = process.cpuUsage();
  const started = performance.now();
  await Promise.all(Array.from({ length: threads }, async () => {
    for (let i = next++; i < accounts; i = next++) {
      const blog = blogs[i % blogs.length]!;
      const username = `p${run}${String(i).padStart(5, '0')}`;
      const created = await fetch(`${blog.url}/wp-json/wp/v2/users?_fields=id%2Cusername%2Cslug`, {
        method: 'POST', headers: { authorization: auth(blog), 'content-type': 'application/json' },
        body: JSON.stringify({ first_name: 'Bench', last_name: 'User', name: 'Bench User', username, email: `${username}@bench.test`, password: 'Bench-pw-12345', roles: ['author'] }),
      });
      if (created.status !== 201) throw new Error(`plain user failed: HTTP ${created.status} ${await created.text()}`);
      const { id } = (await created.json()) as { id: number };
      const app = await fetch(`${blog.url}/wp-json/wp/v2/users/${id}/application-passwords`, {
        method: 'POST', headers: { authorization: auth(blog), 'content-type': 'application/json' }, body: JSON.stringify({ name: 'LinkLoom' }),
      });
      if (app.status !== 201) throw new Error(`plain application password failed: HTTP ${app.status}`);
      await app.text();
    }
  }));
  const used = process.cpuUsage(cpu);
  return { accounts, ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000 };
}

const perMinute = (measured: Measured) => (measured.accounts * 60_000) / measured.ms;

async function main(): Promise<void> {
  const peers = await startWordPressPeers(2);
  try {
    process.stdout.write(`Account registration: ${peers.sites.length} local WordPress blogs, ${os.cpus().length} cores, Node ${process.version}\n`);
    for (const threads of THREADS) {
      const accounts = Math.max(MIN_ACCOUNTS, threads * ACCOUNTS_PER_THREAD);
      const engine = await engineRun(peers.sites, threads, accounts);
      const plain = await plainRun(peers.sites, threads, accounts);
      process.stdout.write(
        `${String(threads).padStart(2)} thread${threads === 1 ? ' ' : 's'}: engine ${perMinute(engine).toFixed(0).padStart(5)} accounts/min ` +
        `(${accounts} in ${(engine.ms / 1000).toFixed(1)} s, ${(engine.cpuMs / accounts).toFixed(1)} CPU ms each)   ` +
        `plain client ${perMinute(plain).toFixed(0).padStart(5)} accounts/min (${(plain.ms / 1000).toFixed(1)} s)   ratio ${(perMinute(engine) / perMinute(plain)).toFixed(2)}\n`,
      );
    }
  } finally {
    await peers.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
