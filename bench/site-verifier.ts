/**
 * Platform verifier benchmark (issue 13, not a test): custom sites probed per second by the
 * verifier (Start → its site.verify job → probe, store, live row, progress) against local real
 * peers — WordPress blogs and MediaWiki wikis from Debian's packages (scripts/peers) — at the
 * default concurrency (the options' maxBrowserThreads), next to a plain fetch client making the
 * same HTTP requests for the same sites at the same concurrency in the same run; the ratio verifier
 * / plain (goal ≥ 0.8: bounded by the peers, not by LinkLoom).
 *
 *   node --import tsx bench/site-verifier.ts   (BENCH_VERIFIER_SITES, default 200)
 *
 * The verifier runs in this process on SQLite with its real queue and job. Needs root to install
 * the peers. Prints figures only.
 */
import { LOCAL_PEERS_OUTBOUND_ALLOW } from './support/local-peers';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { OPTION_DEFAULTS, type CustomSiteFields } from '../packages/shared/src/index';
import type { AppContext } from '../packages/server/src/app-context';
import { realClock } from '../packages/server/src/platform/clock';
import { loadConfig } from '../packages/server/src/platform/config';
import { openDatabase, type Database } from '../packages/server/src/platform/db/dialect';
import { migrateToLatest } from '../packages/server/src/platform/db/migrate';
import { createUser } from '../packages/server/src/features/session/create-user';
import { getVerifierState, upsertCustomSites } from '../packages/server/src/features/custom-sites/custom-sites.repository';
import { createQueue } from '../packages/server/src/engine/queue/create-queue';
import { JOB_NAMES, JOB_PAYLOADS } from '../packages/server/src/engine/jobs/job-names';
import { jobRegistrations } from '../packages/server/src/engine/jobs/registry';
import { registerJob } from '../packages/server/src/engine/queue/queue';
import { startSiteVerifier } from '../packages/server/src/engine/site-verifier/verifier-status';
import { startWordPressPeers, type WordPressPeers } from '../packages/server/test/support/wordpress-peers';
import { startMediaWikiPeers, type MediaWikiPeers } from '../packages/server/test/support/mediawiki-peers';

const SITES = Number(process.env.BENCH_VERIFIER_SITES ?? 200);
const CONCURRENCY = OPTION_DEFAULTS.maxBrowserThreads;

interface BenchSite {
  platform: 'WordPress' | 'MediaWiki';
  /** The peer's address; the site's own URL adds ?n=i so that each is a distinct custom site. */
  base: string;
  url: string;
  login: string;
  password: string;
}

async function startEngine(database: Database): Promise<AppContext> {
  const config = loadConfig({ LOG_LEVEL: 'silent', OUTBOUND_ALLOW: LOCAL_PEERS_OUTBOUND_ALLOW });
  const queue = createQueue(database, JOB_PAYLOADS);
  const ctx: AppContext = { config, database, live: undefined, queue, version: 'bench', clock: realClock };
  for (const registration of jobRegistrations(ctx)) registerJob(queue, registration);
  queue.assertHandlers(JOB_NAMES);
  await queue.start();
  return ctx;
}

/** The verifier: Start, then wait for DONE; answers seconds and how many sites came out OK. */
async function runVerifier(sites: BenchSite[]): Promise<{ seconds: number; ok: number; reasons: string[] }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkloom-bench-verifier-'));
  const database = openDatabase({ databaseUrl: undefined, dataDir });
  await migrateToLatest(database);
  const ownerId = await createUser(database.db, 'bench@example.test', 'bench password');
  const fields: CustomSiteFields[] = sites.map((site) => ({
    module: site.platform === 'WordPress' ? 'SocialNetwork' : 'Wiki',
    url: site.url,
    host: '127.0.0.1',
    da: null,
    premium: false,
    login: site.login,
    password: site.password,
  }));
  await database.db.transaction().execute((trx) => upsertCustomSites(trx, ownerId, fields));
  const ctx = await startEngine(database);
  try {
    const started = performance.now();
    await startSiteVerifier(ctx, ownerId);
    for (;;) {
      const state = await getVerifierState(database.db, ownerId);
      if (state.status === 'DONE') break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const seconds = (performance.now() - started) / 1000;
    const rows = await database.db.selectFrom('custom_sites').select(['status', 'reason']).where('owner_id', '=', ownerId).execute();
    return { seconds, ok: rows.filter((row) => row.status === 'OK').length, reasons: [...new Set(rows.filter((row) => row.status !== 'OK').map((row) => row.reason))].slice(0, 3) };
  } finally {
    await ctx.queue.stop({ graceful: false });
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Cookies of one MediaWiki login, by name. */
function cookieHeader(jar: Map<string, string>, response: Response): string {
  for (const line of response.headers.getSetCookie()) {
    const pair = line.split(';', 1)[0] ?? '';
    const at = pair.indexOf('=');
    if (at > 0) jar.set(pair.slice(0, at), pair.slice(at + 1));
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

/** The requests the probe makes for one site, as plain fetch calls (no database, no parsing beyond what the next call needs). */
async function plainProbe(site: BenchSite): Promise<boolean> {
  const home = await fetch(site.base);
  await home.text();
  if (site.platform === 'WordPress') {
    const root = await fetch(`${site.base}/wp-json/`);
    await root.text();
    const me = await fetch(`${site.base}/wp-json/wp/v2/users/me?context=edit`, { headers: { authorization: `Basic ${Buffer.from(`${site.login}:${site.password}`).toString('base64')}` } });
    await me.text();
    return me.status === 200;
  }
  const api = `${site.base}/api.php`;
  await (await fetch(`${api}?action=query&meta=siteinfo&siprop=general&format=json&formatversion=2`)).text();
  const jar = new Map<string, string>();
  const rights = await fetch(`${api}?action=query&meta=userinfo&uiprop=rights&format=json&formatversion=2`);
  cookieHeader(jar, rights);
  await rights.text();
  const tokenAnswer = await fetch(`${api}?action=query&meta=tokens&type=login&format=json&formatversion=2`, { headers: { cookie: cookieHeader(jar, rights) } });
  const token = ((await tokenAnswer.json()) as { query: { tokens: { logintoken: string } } }).query.tokens.logintoken;
  const login = await fetch(api, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookieHeader(jar, tokenAnswer) },
    body: new URLSearchParams({ action: 'login', lgname: site.login, lgpassword: site.password, lgtoken: token, format: 'json', formatversion: '2' }).toString(),
  });
  const loggedIn = ((await login.json()) as { login?: { result?: string } }).login?.result === 'Success';
  // What the logged-in account may do (create pages, blocked or not).
  const mine = await fetch(`${api}?action=query&meta=userinfo&uiprop=rights%7Cblockinfo&format=json&formatversion=2`, { headers: { cookie: cookieHeader(jar, login) } });
  await mine.text();
  return loggedIn;
}

async function runPlain(sites: BenchSite[]): Promise<{ seconds: number; ok: number }> {
  let next = 0;
  let ok = 0;
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
    while (next < sites.length) {
      const site = sites[next++]!;
      if (await plainProbe(site)) ok++;
    }
  }));
  return { seconds: (performance.now() - started) / 1000, ok };
}

export async function benchSiteVerifier(): Promise<void> {
  let blogs: WordPressPeers | undefined;
  let wikis: MediaWikiPeers | undefined;
  try {
    [blogs, wikis] = await Promise.all([startWordPressPeers(2), startMediaWikiPeers(2)]);
  } catch (error) {
    await Promise.all([blogs?.stop(), wikis?.stop()]);
    process.stdout.write(`site verifier bench skipped: ${error instanceof Error ? error.message : String(error)}\n`);
    return;
  }
  try {
    const peers: Omit<BenchSite, 'url'>[] = [
      ...blogs.sites.map((blog) => ({ platform: 'WordPress' as const, base: blog.url, login: blog.username, password: blog.applicationPassword })),
      ...wikis.sites.map((wiki) => ({ platform: 'MediaWiki' as const, base: wiki.url, login: wiki.botUsername, password: wiki.botPassword })),
    ];
    const sites: BenchSite[] = Array.from({ length: SITES }, (_, i) => {
      const peer = peers[i % peers.length]!;
      return { ...peer, url: `${peer.base}/?n=${i}` };
    });
    // Warm the peers (PHP's first answers are slow) with the plain client on a few sites.
    await runPlain(sites.slice(0, peers.length * 2));

    // Plain before and after the verifier, so a drift of the peers (or of the shared machine) shows and averages out.
    const before = await runPlain(sites);
    const verifier = await runVerifier(sites);
    const after = await runPlain(sites);
    const plain = { seconds: (before.seconds + after.seconds) / 2, ok: Math.min(before.ok, after.ok) };
    const rate = (n: number, s: number) => (n / s).toFixed(1);
    process.stdout.write(
      `site verifier (${SITES} sites: ${blogs.sites.length} WordPress blogs + ${wikis.sites.length} wikis, login checked, concurrency ${CONCURRENCY}): ` +
      `${rate(SITES, verifier.seconds)} sites/s (${verifier.seconds.toFixed(2)} s, ${verifier.ok} OK)` +
      `   plain fetch, same requests: ${rate(SITES, plain.seconds)} sites/s (before ${before.seconds.toFixed(2)} s, after ${after.seconds.toFixed(2)} s, ${plain.ok} OK)` +
      `   ratio ${(plain.seconds / verifier.seconds).toFixed(2)}\n`,
    );
    if (verifier.ok !== SITES) process.stdout.write(`  verifier: ${SITES - verifier.ok} sites not OK: ${verifier.reasons.join(' | ')}\n`);
  } finally {
    await Promise.all([blogs.stop(), wikis.stop()]);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  await benchSiteVerifier();
}
