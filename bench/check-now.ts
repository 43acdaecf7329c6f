/**
 * Check now benchmark (issue 36; `node --import tsx bench/check-now.ts`, run by `npm run bench`),
 * SQLite: BENCH_CHECK_LINKS (10,000) published posts over BENCH_SITES (50) local blogs
 * (bench/support/local-sites.mjs, a process of its own; each page is answered after BENCH_PAGE_MS,
 * 50 ms, a blog's think time), the posts of one blog next to each other as a campaign's are.
 * 1. Plain: a concurrent fetch client reads the same pages, the user's maxBrowserThreads (20) at
 *    once, in the links' order.
 * 2. Check now on the campaign (checkNow: what POST /action/check_now calls) with the engine's queue
 *    running: from the call until every link has its check stored (fetch, judge, store the check
 *    and its history, plan the next one).
 * The end is the check's own last progress message (what the screens wait for).
 * 3. Scheduled re-check (issue 40.1): the same links all made due at once, and nothing called — the
 *    scheduler's ticks and the re-check flow (engine/verify/recheck-flow.ts) claim them and check
 *    them (verifyPost); from the moment they are due until every link has a check stored after it.
 * BENCH_CHECK_ROUNDS (3) interleaved rounds of the three, each figure as min / median / max.
 * Prints the times side by side with their ratios to the plain client (goal: check now and the
 * scheduled re-check ≥ 0.8 × the plain client's speed), the process's CPU time per link beside
 * the plain client's (goal ≤ 1.3×), and the most requests one site answered at once in each (goal:
 * never more than VERIFY_FETCHES_PER_HOST). Asserts nothing.
 */
import { LOCAL_PEERS_OUTBOUND_ALLOW } from './support/local-peers';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import SQLite from 'better-sqlite3';
import type { Kysely } from 'kysely';
import { DAY_MS, type CheckProgress } from '../packages/shared/src';
import type { DB } from '../packages/server/src/platform/db/schema';
import { buildApp } from '../packages/server/src/app';
import type { AppContext } from '../packages/server/src/app-context';
import { loadConfig } from '../packages/server/src/platform/config';
import { openDatabase } from '../packages/server/src/platform/db/dialect';
import { migrateToLatest } from '../packages/server/src/platform/db/migrate';
import { startEngine } from '../packages/server/src/engine/jobs/engine';
import { checkNow } from '../packages/server/src/engine/verify/check-now';
import { VERIFY_FETCHES_PER_HOST } from '../packages/server/src/engine/verify/host-slots';
import { recheckFlowOf } from '../packages/server/src/engine/verify/recheck-flow';
import { saveOptions } from '../packages/server/src/features/options/options.repository';
import { keepOutputLinkSummaryInStep } from '../packages/server/src/platform/db/output-link-summary';
import { buildCampaign, buildUser } from '../packages/server/test/support/factories';
import { minMedianMaxText } from './support/min-median-max';

const LINKS = Number(process.env.BENCH_CHECK_LINKS ?? 10_000);
const SITES = Number(process.env.BENCH_SITES ?? 50);
const PAGE_MS = Number(process.env.BENCH_PAGE_MS ?? 50);
const THREADS = Number(process.env.BENCH_CONCURRENCY ?? 20);
const WARM_LINKS = 200;
/** Interleaved rounds of the three (each about 90 s with the defaults). */
const ROUNDS = Math.max(1, Number(process.env.BENCH_CHECK_ROUNDS ?? 3));
const MONEY = 'https://money.example.test/landing';

interface Sites {
  urls: string[];
  /** Each site's most requests answered at once since the last call (then reset), and the average over all sites in flight at once. */
  peaks(): Promise<{ peaks: number[]; average: number }>;
  close(): void;
}

async function startSites(): Promise<Sites> {
  const child: ChildProcess = spawn(process.execPath, [path.join(import.meta.dirname, 'support', 'local-sites.mjs')], {
    env: { ...process.env, SITES: String(SITES), PAGE_MS: String(PAGE_MS) }, stdio: ['ignore', 'pipe', 'inherit'],
  });
  const first = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`local-sites.mjs exited with ${code}`)));
  });
  const { sites, control } = JSON.parse(first) as { sites: number[]; control: number };
  return {
    urls: sites.map((port) => `http://127.0.0.1:${port}`),
    peaks: async () => (await (await fetch(`http://127.0.0.1:${control}/peaks`)).json()) as { peaks: number[]; average: number },
    close: () => void child.kill(),
  };
}

/** Milliseconds of this process's CPU (user + system) since `since`. */
function cpuMsSince(since: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
}

/** Runs `work` over `items` with at most `limit` at once. */
async function pool<T>(items: readonly T[], limit: number, work: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: limit }, async () => {
    while (next < items.length) await work(items[next++]!);
  }));
}

/** `count` published posts of a private project of the campaign, with their output links in one set (raw inserts in one transaction); the set's id. */
function seedPosts(file: string, ownerId: number, campaignId: number, count: number, remote: (i: number) => string): number {
  const sqlite = new SQLite(file);
  keepOutputLinkSummaryInStep(sqlite);
  const now = Date.now();
  const list = Number(sqlite.prepare('insert into url_lists (owner_id, campaign_id, name, created_at) values (?, ?, ?, ?)').run(ownerId, campaignId, `Output ${now}`, now).lastInsertRowid);
  const project = sqlite.prepare("insert into projects (owner_id, campaign_id, name, module, settings, created_at) values (?, ?, 'Bench', 'Private', ?, ?)")
    .run(ownerId, campaignId, JSON.stringify({ urlListId: list }), now);
  const run = sqlite.prepare("insert into project_runs (owner_id, project_id, state, started_at, created_at) values (?, ?, 'completed', ?, ?)").run(ownerId, project.lastInsertRowid, now, now);
  const post = sqlite.prepare("insert into engine_posts (owner_id, project_id, run_id, site_key, seq, idempotency_key, state, remote_url, created_at, updated_at) values (?, ?, ?, 'Private:1', ?, ?, 'published', ?, ?, ?)");
  const link = sqlite.prepare('insert into engine_post_links (owner_id, post_id, url, anchor, created_at) values (?, ?, ?, ?, ?)');
  const item = sqlite.prepare("insert into url_items (owner_id, url_list_id, url, anchor, site, date_added, created_at, post_id, check_status, checked_at, next_check_at) values (?, ?, ?, 'Post', ?, ?, ?, ?, 'OK', ?, ?)");
  const update = sqlite.prepare('update engine_posts set url_item_id = ? where id = ?');
  sqlite.transaction(() => {
    for (let i = 0; i < count; i += 1) {
      const url = remote(i);
      const postId = Number(post.run(ownerId, project.lastInsertRowid, run.lastInsertRowid, i + 1, `bench-${now}-${campaignId}-${i}`, url, now, now).lastInsertRowid);
      link.run(ownerId, postId, MONEY, 'landing page', now);
      const itemId = Number(item.run(ownerId, list, url, new URL(url).origin, now - DAY_MS, now, postId, now - DAY_MS, now + 30 * DAY_MS).lastInsertRowid);
      update.run(itemId, postId);
    }
  })();
  sqlite.close();
  return list;
}

/**
 * Resolves when check-now `checkId` says it is finished: its own progress (the checkProgress
 * messages the screens get), caught on the app's live channel, so the bench adds no polling of its own.
 */
function finishedCheck(ctx: AppContext): (checkId: string) => Promise<CheckProgress> {
  const waiting = new Map<string, (progress: CheckProgress) => void>();
  const done = new Map<string, CheckProgress>();
  const live = ctx.live;
  if (!live) throw new Error('the app has no live channel');
  const publish = live.publish.bind(live);
  live.publish = ((ownerId: number, topic: string, name: string, payload: unknown) => {
    if (topic === 'link_checks' && name === 'checkProgress') {
      const progress = payload as CheckProgress;
      if (progress.finished) {
        done.set(progress.checkId, progress);
        waiting.get(progress.checkId)?.(progress);
      }
    }
    return (publish as (...args: unknown[]) => void)(ownerId, topic, name, payload);
  }) as typeof live.publish;
  return (checkId) => new Promise((resolve) => {
    const already = done.get(checkId);
    if (already) resolve(already);
    else waiting.set(checkId, resolve);
  });
}

async function main(): Promise<void> {
  const sites = await startSites();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkloom-bench-check-now-'));
  const database = openDatabase({ databaseUrl: undefined, dataDir });
  await migrateToLatest(database);
  const built = await buildApp(loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir, OUTBOUND_ALLOW: LOCAL_PEERS_OUTBOUND_ALLOW }), database);
  await built.app.ready();
  const ctx = built.context;
  try {
    const db = database.db as Kysely<DB>;
    const user = await buildUser(db);
    await saveOptions(db, user.id, { maxBrowserThreads: THREADS });
    const file = path.join(dataDir, 'linkloom.sqlite');
    // The posts of one blog sit together (a blog's posts are published in a row): LINKS / SITES per blog.
    const perSite = Math.ceil(LINKS / SITES);
    const pageOf = (i: number) => `${sites.urls[Math.floor(i / perSite) % SITES]}/p/${i}/`;
    const warmCampaign = (await buildCampaign(db, { ownerId: user.id })).id;
    seedPosts(file, user.id, warmCampaign, WARM_LINKS, (i) => `${sites.urls[i % SITES]}/p/w${i}/`);
    const campaign = (await buildCampaign(db, { ownerId: user.id })).id;
    const linkSet = seedPosts(file, user.id, campaign, LINKS, pageOf);
    await startEngine(ctx);

    // Warm both paths (JIT, keep-alive sockets), then measure them in rounds.
    const urls = Array.from({ length: LINKS }, (_, i) => pageOf(i));
    const plainFetch = async (url: string) => (await fetch(url)).text();
    await pool(urls.slice(0, WARM_LINKS), THREADS, plainFetch);
    const finished = finishedCheck(ctx);
    const warm = await checkNow(ctx, user.id, { kind: 'campaign', id: warmCampaign });
    await finished(warm!.checkId);
    await sites.peaks();

    const reader = new SQLite(file, { readonly: true });
    const notChecked = reader.prepare('select count(*) as n from url_items where url_list_id = ? and (checked_at is null or checked_at < ?)');
    /** One round: the plain client, check now, then the scheduled re-check of the same links. */
    const round = async () => {
      let cpu = process.cpuUsage();
      let start = performance.now();
      await pool(urls, THREADS, plainFetch);
      const plainSeconds = (performance.now() - start) / 1000;
      const plainCpuMs = cpuMsSince(cpu) / LINKS;
      const plain = await sites.peaks();

      start = performance.now();
      const started = await checkNow(ctx, user.id, { kind: 'campaign', id: campaign });
      const answeredMs = performance.now() - start;
      const result = await finished(started!.checkId);
      const checkSeconds = (performance.now() - start) / 1000;
      const checked = await sites.peaks();

      // 3. The same links due at once: only the scheduler and the re-check flow move them.
      cpu = process.cpuUsage();
      const dueAt = Date.now();
      start = performance.now();
      await db.updateTable('url_items').set({ next_check_at: dueAt }).where('url_list_id', '=', linkSet).execute();
      // The bench's own looks (each counts the set's 10,000 links, about 2 ms) are this process's CPU
      // too: made synchronously on a reading connection of their own, timed, and taken out of the figure.
      let lookingMs = 0;
      for (;;) {
        const looking = process.cpuUsage();
        const left = notChecked.get(linkSet, dueAt) as { n: number };
        lookingMs += cpuMsSince(looking);
        if (Number(left.n) === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      const recheckSeconds = (performance.now() - start) / 1000;
      const recheckCpuMs = (cpuMsSince(cpu) - lookingMs) / LINKS;
      const rechecked = await sites.peaks();
      return { plainSeconds, plainCpuMs, plain, answeredMs, result, checkSeconds, checked, recheckSeconds, recheckCpuMs, rechecked };
    };
    const rounds: Awaited<ReturnType<typeof round>>[] = [];
    for (let n = 0; n < ROUNDS; n += 1) rounds.push(await round());
    reader.close();
    const history = await db.selectFrom('link_check_history').select((eb) => eb.fn.countAll<number>().as('n')).where('url_item_id', 'in', (eb) => eb.selectFrom('url_items').select('id').where('url_list_id', '=', linkSet)).executeTakeFirstOrThrow();

    const spread = (values: number[], digits: number) => minMedianMaxText(values, (value) => value.toFixed(digits));
    const of = <K extends keyof (typeof rounds)[number]>(key: K) => rounds.map((r) => r[key]);
    const peakOf = (key: 'plain' | 'checked' | 'rechecked') => Math.max(...rounds.flatMap((r) => r[key].peaks));
    const averageOf = (key: 'plain' | 'checked' | 'rechecked') => rounds.reduce((sum, r) => sum + r[key].average, 0) / rounds.length;
    const last = rounds[rounds.length - 1]!;
    process.stdout.write(
      `check now: ${LINKS.toLocaleString('en-US')} links over ${SITES} local sites (${perSite} a site, in a row; pages answer after ${PAGE_MS} ms), maxBrowserThreads ${THREADS}, ${os.cpus().length} cores; `
      + `${ROUNDS} interleaved rounds of plain → check now → scheduled re-check, min / median / max\n`
      + `  plain concurrent fetch (baseline, ${THREADS} at once): ${spread(of('plainSeconds'), 1)} s; CPU per page ${spread(of('plainCpuMs'), 2)} ms\n`
      + `  check now: ${spread(of('checkSeconds'), 1)} s; ratio to plain in the same round ${spread(rounds.map((r) => r.plainSeconds / r.checkSeconds), 2)} (goal >= 0.8); `
      + `POST answered in ${spread(of('answeredMs'), 0)} ms; last round ${last.result.done} of ${last.result.total} checked, ${last.result.live} live\n`
      + `  scheduled re-check (all due at once, through the scheduler's ticks and the re-check flow): ${spread(of('recheckSeconds'), 1)} s; `
      + `ratio to plain ${spread(rounds.map((r) => r.plainSeconds / r.recheckSeconds), 2)} (goal >= 0.8); `
      + `CPU per link ${spread(of('recheckCpuMs'), 2)} ms, ${spread(rounds.map((r) => r.recheckCpuMs / r.plainCpuMs), 2)}x the plain client's in the same round (goal <= 1.3x)\n`
      + `  peak concurrent requests per site: check now ${peakOf('checked')}, re-check ${peakOf('rechecked')} (cap ${VERIFY_FETCHES_PER_HOST}), plain ${peakOf('plain')}; `
      + `pages in flight on average: check now ${averageOf('checked').toFixed(1)}, re-check ${averageOf('rechecked').toFixed(1)}, plain ${averageOf('plain').toFixed(1)} (of ${THREADS}); `
      + `${Number(history.n).toLocaleString('en-US')} checks in the links' history\n`
      + rounds.map((r, n) => `  round ${n + 1}: plain ${r.plainSeconds.toFixed(1)} s (${r.plainCpuMs.toFixed(2)} ms CPU a page), check now ${r.checkSeconds.toFixed(1)} s, `
        + `re-check ${r.recheckSeconds.toFixed(1)} s (${r.recheckCpuMs.toFixed(2)} ms CPU a link)\n`).join(''),
    );
  } finally {
    await recheckFlowOf(ctx).stop();
    await ctx.queue.stop({ graceful: false });
    await built.app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    sites.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
