/**
 * Link health benchmark (issue 18; `node --import tsx --expose-gc bench/link-health.ts`, run by
 * `npm run bench`), SQLite, three parts:
 *
 * 1. Re-verification throughput: BENCH_RECHECK_LINKS (2,000) published posts on a local blog (a
 *    node:http server serving 8 kB post pages) re-checked through post.verify itself (the user's
 *    maxBrowserThreads at its standard maximum, 20, as the concurrency) — fetch, judge, store the
 *    check and its history, plan the next one — next to a plain concurrent HTTP client fetching the
 *    same pages at the same concurrency, in BENCH_ROUNDS (5) alternating rounds (the median round's
 *    ratio; the process's CPU time per link beside it, steadier on a shared machine). Goal: ≥ 0.8 ×
 *    the plain client.
 * 2. Memory while BENCH_DUE_LINKS (100,000) links are due at once: the re-check flow's claim
 *    (claimDueRechecks, 200 a claim) run until every link is claimed; the process's peak RSS.
 *    Goal: flat, ≤ 250 MB.
 * 3. The campaign report on BENCH_REPORT_LINKS (1,000,000) output links over four tiers and 200
 *    sites, with 20,000 published posts and their anchors: readLinkReport (every query of GET
 *    /rest/campaign/{id}/reports) p50 / p99 over 30 runs. Goal: p99 ≤ 200 ms.
 * Asserts nothing; prints the figures, each beside the one printed before the re-check path's group
 * commit (BASELINE), the report's beside the one before its output link summary (migration 0035).
 * `node --import tsx --expose-gc bench/link-health.ts report` runs one part (throughput, due, report).
 */
import { LOCAL_PEERS_OUTBOUND_ALLOW } from './support/local-peers';
import { minMedianMax } from './support/min-median-max';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import SQLite from 'better-sqlite3';
import { request } from 'undici';
import type { Kysely } from 'kysely';
import { DAY_MS } from '../packages/shared/src';
import type { DB } from '../packages/server/src/platform/db/schema';
import { verifyPost } from '../packages/server/src/engine/verify/verify-post.job';
import { RECHECK_BATCH, claimDueRechecks } from '../packages/server/src/engine/verify/recheck-due-links';
import { readLinkReport } from '../packages/server/src/features/link-health/link-reports.repository';
import { saveOptions } from '../packages/server/src/features/options/options.repository';
import { buildApp } from '../packages/server/src/app';
import type { AppContext } from '../packages/server/src/app-context';
import { loadConfig } from '../packages/server/src/platform/config';
import { openDatabase, type Database } from '../packages/server/src/platform/db/dialect';
import { migrateToLatest } from '../packages/server/src/platform/db/migrate';
import { buildCampaign, buildUser } from '../packages/server/test/support/factories';
import { keepOutputLinkSummaryInStep } from '../packages/server/src/platform/db/output-link-summary';
import { memoryMb } from './support/process-memory';

const RECHECK_LINKS = Number(process.env.BENCH_RECHECK_LINKS ?? 2000);
const DUE_LINKS = Number(process.env.BENCH_DUE_LINKS ?? 100_000);
const REPORT_LINKS = Number(process.env.BENCH_REPORT_LINKS ?? 1_000_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 20);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
/** The figures this benchmark printed before the re-check path's group commit (2026-11-26), and the report's before its summary (migration 0035), shown beside today's. */
const BASELINE = { throughputRatio: '0.34', dueLinksPeakMb: '219', reportP99: '3,800 ms' };
const MONEY = 'https://money.example.test/landing';
const PAGE = `<!doctype html><html><head><title>Post</title></head><body><article>${'<p>Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor. </p>'.repeat(90)}<p>Read the <a href="${MONEY}">landing page</a>.</p></article></body></html>`;

/** A blog on 127.0.0.1 answering every /p/{n}/ with the same post page. */
async function startBlog(): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((request, response) => {
    if (!request.url?.startsWith('/p/')) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

/** Runs `work` over `items` with at most `limit` at once. */
async function pool<T>(items: readonly T[], limit: number, work: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: limit }, async () => {
    while (next < items.length) await work(items[next++]!);
  }));
}

/** `count` published posts of one project with their output links (raw inserts in one transaction). */
function seedPosts(file: string, ownerId: number, campaignId: number, count: number, remote: (i: number) => string, nextCheckAt: number | null) {
  const sqlite = new SQLite(file);
  // The reports' summary counts output links through each connection's insert trigger (migration 0035).
  keepOutputLinkSummaryInStep(sqlite);
  const now = Date.now();
  const list = sqlite.prepare('insert into url_lists (owner_id, campaign_id, name, created_at) values (?, ?, ?, ?)').run(ownerId, campaignId, `Output ${now}`, now);
  const project = sqlite.prepare("insert into projects (owner_id, campaign_id, name, module, settings, created_at) values (?, ?, 'Bench', 'Private', ?, ?)")
    .run(ownerId, campaignId, JSON.stringify({ urlListId: Number(list.lastInsertRowid) }), now);
  const run = sqlite.prepare("insert into project_runs (owner_id, project_id, state, started_at, created_at) values (?, ?, 'completed', ?, ?)").run(ownerId, project.lastInsertRowid, now, now);
  const post = sqlite.prepare("insert into engine_posts (owner_id, project_id, run_id, site_key, seq, idempotency_key, state, remote_url, created_at, updated_at) values (?, ?, ?, 'Private:1', ?, ?, 'published', ?, ?, ?)");
  const link = sqlite.prepare('insert into engine_post_links (owner_id, post_id, url, anchor, created_at) values (?, ?, ?, ?, ?)');
  const item = sqlite.prepare("insert into url_items (owner_id, url_list_id, url, anchor, site, date_added, created_at, post_id, check_status, checked_at, next_check_at) values (?, ?, ?, 'Post', ?, ?, ?, ?, 'OK', ?, ?)");
  const update = sqlite.prepare('update engine_posts set url_item_id = ? where id = ?');
  const ids: number[] = [];
  sqlite.transaction(() => {
    for (let i = 0; i < count; i += 1) {
      const url = remote(i);
      const postId = Number(post.run(ownerId, project.lastInsertRowid, run.lastInsertRowid, i + 1, `bench-${now}-${i}`, url, now, now).lastInsertRowid);
      link.run(ownerId, postId, MONEY, 'landing page', now);
      const itemId = Number(item.run(ownerId, list.lastInsertRowid, url, new URL(url).origin, now - DAY_MS, now, postId, now - DAY_MS, nextCheckAt).lastInsertRowid);
      update.run(itemId, postId);
      ids.push(postId);
    }
  })();
  sqlite.close();
  return ids;
}

interface BenchApp {
  context: AppContext;
  database: Database;
  close(): Promise<void>;
}

/** The server's app context on a fresh SQLite data dir (what post.verify and the pass run with). */
async function openApp(): Promise<{ app: BenchApp; file: string; drop(): void }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkloom-bench-health-'));
  const database = openDatabase({ databaseUrl: undefined, dataDir });
  await migrateToLatest(database);
  const built = await buildApp(loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir, OUTBOUND_ALLOW: LOCAL_PEERS_OUTBOUND_ALLOW }), database);
  await built.app.ready();
  return {
    app: { context: built.context, database, close: async () => { await built.app.close(); await database.close(); } },
    file: path.join(dataDir, 'linkloom.sqlite'),
    drop: () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}

async function benchThroughput(): Promise<void> {
  const blog = await startBlog();
  const { app, file, drop } = await openApp();
  try {
    const db = app.database.db as Kysely<DB>;
    const user = await buildUser(db);
    await saveOptions(db, user.id, { maxBrowserThreads: CONCURRENCY });
    const campaign = await buildCampaign(db, { ownerId: user.id });
    const postIds = seedPosts(file, user.id, campaign.id, RECHECK_LINKS, (i) => `${blog.url}/p/${i}/`, null);
    const urls = postIds.map((_, i) => `${blog.url}/p/${i}/`);
    // Each check gets a signal of its own, as the queue gives each job one (job-run.ts): one signal
    // shared by 10,000 calls gathers their abort listeners and slows every later call.
    const check = (postId: number) => verifyPost(app.context, { payload: { ownerId: user.id, postId }, signal: new AbortController().signal });
    // Two plain clients: fetch (the goal's baseline) and undici.request, which post.verify reads pages with.
    const plainFetch = async (url: string) => (await fetch(url)).text();
    const plainRequest = async (url: string) => (await request(url)).body.text();

    // Warm every path once (JIT, keep-alive sockets).
    await pool(urls.slice(0, 100), CONCURRENCY, plainFetch);
    await pool(urls.slice(0, 100), CONCURRENCY, plainRequest);
    await pool(postIds.slice(0, 100), CONCURRENCY, check);

    // Rounds alternate the three, so a busy machine slows all alike; the median round's ratio counts.
    // The process's CPU time per link is printed too: on a shared machine it moves far less than the clock.
    const rounds: { plain: number; rechecked: number; plainCpu: number; recheckCpu: number; request: number; requestCpu: number }[] = [];
    const timed = async (work: () => Promise<void>) => {
      const cpu = process.cpuUsage();
      const start = performance.now();
      await work();
      const used = process.cpuUsage(cpu);
      return { perSecond: urls.length / ((performance.now() - start) / 1000), cpuMsPerLink: (used.user + used.system) / 1000 / urls.length };
    };
    for (let round = 0; round < ROUNDS; round += 1) {
      const plain = await timed(() => pool(urls, CONCURRENCY, plainFetch));
      const plainReq = await timed(() => pool(urls, CONCURRENCY, plainRequest));
      const rechecked = await timed(() => pool(postIds, CONCURRENCY, check));
      rounds.push({
        plain: plain.perSecond, rechecked: rechecked.perSecond, plainCpu: plain.cpuMsPerLink, recheckCpu: rechecked.cpuMsPerLink,
        request: plainReq.perSecond, requestCpu: plainReq.cpuMsPerLink,
      });
    }
    const median = (values: number[]) => minMedianMax(values).median;
    const ratio = median(rounds.map((r) => r.rechecked / r.plain));
    const cpuRatio = median(rounds.map((r) => r.plainCpu / r.recheckCpu));
    const { plain, rechecked } = rounds.find((r) => r.rechecked / r.plain === ratio)!;
    const requestRatio = median(rounds.map((r) => r.rechecked / r.request));
    const history = await db.selectFrom('link_check_history').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    process.stdout.write(
      `re-check throughput: ${rechecked.toFixed(0)} links/s through post.verify (fetch, judge, store check + history, plan next) vs ${plain.toFixed(0)} pages/s plain fetch, `
      + `${CONCURRENCY} at once, ${RECHECK_LINKS} links, 8 kB pages, median of ${ROUNDS} alternating rounds (ratios ${rounds.map((r) => (r.rechecked / r.plain).toFixed(2)).join(', ')}): `
      + `ratio ${ratio.toFixed(2)} (goal >= 0.8; before group commit ${BASELINE.throughputRatio}); `
      + `CPU per link ${median(rounds.map((r) => r.recheckCpu)).toFixed(2)} ms vs ${median(rounds.map((r) => r.plainCpu)).toFixed(2)} ms plain, ratio ${cpuRatio.toFixed(2)}; ${Number(history.n)} history rows\n`
      + `  against a plain undici.request client (what post.verify reads pages with; for honesty, the goal stays against fetch): ratio ${requestRatio.toFixed(2)}, `
      + `${median(rounds.map((r) => r.request)).toFixed(0)} pages/s, CPU per link ${median(rounds.map((r) => r.requestCpu)).toFixed(2)} ms, CPU ratio ${median(rounds.map((r) => r.requestCpu / r.recheckCpu)).toFixed(2)}\n`
      + `  each round, post.verify vs plain fetch vs plain undici.request: ${rounds.map((r) => `${r.rechecked.toFixed(0)}/${r.plain.toFixed(0)}/${r.request.toFixed(0)} links/s, ${r.recheckCpu.toFixed(2)}/${r.plainCpu.toFixed(2)}/${r.requestCpu.toFixed(2)} ms CPU`).join('; ')}\n`,
    );
  } finally {
    await app.close();
    drop();
    await blog.close();
  }
}

async function benchDueLinks(): Promise<void> {
  const { app, file, drop } = await openApp();
  try {
    const db = app.database.db as Kysely<DB>;
    const user = await buildUser(db);
    const campaign = await buildCampaign(db, { ownerId: user.id });
    const now = Date.now();
    seedPosts(file, user.id, campaign.id, DUE_LINKS, (i) => `https://blog-${i % 500}.example.test/p/${i}/`, now - 1000);
    (globalThis as { gc?: () => void }).gc?.();
    const before = memoryMb(process.pid, 'VmRSS');
    let peak = before;
    const sampler = setInterval(() => { peak = Math.max(peak, memoryMb(process.pid, 'VmRSS')); }, 20);
    const start = performance.now();
    let handed = 0;
    let passes = 0;
    for (;;) {
      const { claimed } = await claimDueRechecks(db, now, RECHECK_BATCH);
      if (claimed.length === 0) break;
      handed += claimed.length;
      passes += 1;
    }
    clearInterval(sampler);
    peak = Math.max(peak, memoryMb(process.pid, 'VmRSS'));
    const seconds = (performance.now() - start) / 1000;
    process.stdout.write(
      `${DUE_LINKS} links due at once: ${handed} claimed for their re-check in ${passes} claims of ${RECHECK_BATCH} (${seconds.toFixed(1)} s); `
      + `RSS ${before.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB (goal <= 250 MB; before group commit: peak ${BASELINE.dueLinksPeakMb} MB)\n`,
    );
  } finally {
    await app.close();
    drop();
  }
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? Number.NaN;
}

async function benchReport(): Promise<void> {
  const { app, file, drop } = await openApp();
  try {
    const db = app.database.db as Kysely<DB>;
    const user = await buildUser(db);
    const campaign = await buildCampaign(db, { ownerId: user.id });
    const sqlite = new SQLite(file);
    // Seeding speed only: the link search's trigram triggers (the report never reads that table).
    for (const trigger of ['url_items_search_insert', 'url_items_search_chunk', 'url_items_search_finish', 'url_items_search_delete', 'url_items_search_update']) sqlite.exec(`drop trigger if exists ${trigger}`);
    // The reports' summary (migration 0035) counts each output link through the insert trigger every server connection adds.
    keepOutputLinkSummaryInStep(sqlite);
    const now = Date.now();
    const tiers = [1, 2, 3, 4];
    const projectIds: number[] = [];
    const setIds: number[] = [];
    for (const tier of tiers) {
      const set = Number(sqlite.prepare('insert into url_lists (owner_id, campaign_id, name, created_at, use_keyword, primary_keyword, branded_keyword, primary_percentage, branded_percentage, naked_url_percentage) values (?, ?, ?, ?, 1, ?, ?, 60, 20, 20)')
        .run(user.id, campaign.id, `Tier ${tier} output`, now, 'organic seeds, {rare|heirloom} seeds', 'SeedCo').lastInsertRowid);
      const schedule = tier === 1 ? null : JSON.stringify({ scheduleType: 'AfterProject', sourceProjectIds: [projectIds[tier - 2]] });
      const form = { urlListId: set, useLinkSet: tier === 1, linkSetProfiles: tier === 1 ? [{ linkSetId: set, name: 'x', minLinks: 1, maxLinks: 2, linkProb: 100 }] : [] };
      projectIds.push(Number(sqlite.prepare("insert into projects (owner_id, campaign_id, name, module, settings, schedule, created_at) values (?, ?, ?, 'Private', ?, ?, ?)")
        .run(user.id, campaign.id, `Tier ${tier}`, JSON.stringify(form), schedule, now).lastInsertRowid));
      setIds.push(set);
    }
    const statuses = ['OK', 'OK', 'OK', 'NOFOLLOW', 'MISSING', 'ERROR', 'PENDING', 'OK'];
    const item = sqlite.prepare('insert into url_items (owner_id, url_list_id, url, anchor, site, date_added, created_at, post_id, check_status, dead_since, dead_reason) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)');
    sqlite.transaction(() => {
      for (let i = 0; i < REPORT_LINKS; i += 1) {
        const site = `https://blog-${i % 200}.example.test`;
        const published = now - (i % 400) * DAY_MS;
        const status = statuses[i % statuses.length]!;
        const dead = status === 'MISSING' && i % 3 === 0;
        item.run(user.id, setIds[i % 4], `${site}/p/${i}/`, 'Post', site, published, published, i + 1, status, dead ? published + 10 * DAY_MS : null, dead ? 'GONE' : null);
      }
    })();
    const run = Number(sqlite.prepare("insert into project_runs (owner_id, project_id, state, started_at, created_at) values (?, ?, 'completed', ?, ?)").run(user.id, projectIds[0], now, now).lastInsertRowid);
    const post = sqlite.prepare("insert into engine_posts (owner_id, project_id, run_id, site_key, seq, idempotency_key, state, start_after, remote_url, created_at, updated_at) values (?, ?, ?, 'Private:1', ?, ?, 'published', ?, ?, ?, ?)");
    const link = sqlite.prepare('insert into engine_post_links (owner_id, post_id, url, anchor, created_at) values (?, ?, ?, ?, ?)');
    const anchors = ['organic seeds', 'rare seeds', 'heirloom seeds', 'SeedCo', ''];
    sqlite.transaction(() => {
      for (let i = 0; i < 20_000; i += 1) {
        const at = now - (i % 30) * DAY_MS;
        const postId = Number(post.run(user.id, projectIds[i % 4], run, i + 1, `r-${i}`, at, `https://blog.example.test/${i}/`, at, at).lastInsertRowid);
        const url = `https://money.example.test/${i % 50}`;
        link.run(user.id, postId, url, anchors[i % 5] || url, at);
      }
    })();
    sqlite.exec('analyze');
    sqlite.close();

    const times: number[] = [];
    // The process's CPU time per report too (every thread's): on a shared machine it moves far less than the clock.
    const cpuTimes: number[] = [];
    let links = 0;
    await readLinkReport(db, user.id, campaign.id, null);
    for (let i = 0; i < 30; i += 1) {
      const cpu = process.cpuUsage();
      const start = performance.now();
      const report = await readLinkReport(db, user.id, campaign.id, null);
      times.push(performance.now() - start);
      const used = process.cpuUsage(cpu);
      cpuTimes.push((used.user + used.system) / 1000);
      links = report.nodes.reduce((sum, node) => sum + node.live + node.dead + node.pending, 0);
    }
    const projectTimes: number[] = [];
    for (let i = 0; i < 30; i += 1) {
      const start = performance.now();
      await readLinkReport(db, user.id, campaign.id, projectIds[1]!);
      projectTimes.push(performance.now() - start);
    }
    process.stdout.write(
      `campaign report on ${links.toLocaleString('en')} links, 20,000 posts, 4 tiers, 200 sites: p50 ${percentile(times, 50).toFixed(0)} ms, p99 ${percentile(times, 99).toFixed(0)} ms (goal p99 <= 200 ms; before the output link summary ${BASELINE.reportP99}); `
      + `CPU per report p50 ${percentile(cpuTimes, 50).toFixed(0)} ms, p99 ${percentile(cpuTimes, 99).toFixed(0)} ms; `
      + `one project's report: p50 ${percentile(projectTimes, 50).toFixed(0)} ms, p99 ${percentile(projectTimes, 99).toFixed(0)} ms\n`,
    );
  } finally {
    await app.close();
    drop();
  }
}

const PARTS: Record<string, () => Promise<void>> = { throughput: benchThroughput, due: benchDueLinks, report: benchReport };

/** Each part runs in its own process, so one part's memory is not another's baseline. */
async function main(): Promise<void> {
  const part = process.argv[2];
  if (part) {
    await PARTS[part]!();
    return;
  }
  process.stdout.write('Link health (issue 18), SQLite\n');
  for (const name of Object.keys(PARTS)) {
    const result = spawnSync(process.execPath, [...process.execArgv, import.meta.filename, name], { stdio: 'inherit', env: process.env });
    if (result.status !== 0) throw new Error(`bench/link-health.ts ${name} exited with ${result.status ?? result.signal}`);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
