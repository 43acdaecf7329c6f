/**
 * Link import benchmark (part of `npm run bench`): a 1,000,000-line `URL|x|anchor|x|links on page`
 * file is uploaded to a link set through the real server process (multipart POST
 * /action/import/url_list/{id}); prints lines/s and the server's peak memory, the time to first
 * byte and to the full answer of page 1 and page 5,000 of that link set, and what SQLite itself
 * takes to load the same rows into the same schema (one prepared statement, one transaction, the
 * search index built in bulk) as a ratio, next to the same without the search index. Then the same
 * file is imported again into another set while another user loads GET /rest/campaigns: that
 * user's latency during the import is printed next to the same figure with no import.
 *
 * Memory (issue 40 item 7), for the first import: the server's resident memory idle (settled) before it,
 * how far its peak rose during it (VmHWM, reset at the start where Linux allows, else sampled) and
 * where it settles once done (sampled until it stops falling, at most BENCH_SETTLE_SECONDS), each
 * next to the goal: a rise of at most 150 MB, back to at most idle + 20 MB.
 *
 *   node --import tsx bench/link-import.ts
 *   BENCH_LINK_LINES=200000 BENCH_OTHER_IDLE_SECONDS=3 node --import tsx bench/link-import.ts   (shorter)
 *   BENCH_LINK_IMPORT_ALONE=1 node --import tsx bench/link-import.ts   (the first import, its memory and SQLite alone only)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import SQLite from 'better-sqlite3';
import { indexLinksInBulk } from '../packages/server/src/platform/db/link-search-trigger';
import autocannon, { type Result } from 'autocannon';
import { openDatabase } from '../packages/server/src/platform/db/dialect';
import { migrateToLatest } from '../packages/server/src/platform/db/migrate';
import { createUser } from '../packages/server/src/features/session/create-user';
import { startServer } from '../packages/server/test/support/server-process';
import { memoryMb, resetPeakMemory } from './support/process-memory';
import { uploadFile } from './support/multipart-upload';
import { buildLinkSet } from '../packages/server/test/support/link-factories';
import { insertCampaign } from '../packages/server/src/features/campaigns/campaigns.repository';

const LINES = Number(process.env.BENCH_LINK_LINES ?? 1_000_000);
const USER = { username: 'links@example.test', password: 'bench password' };
/** Another user, browsing their campaign list while the import runs. */
const OTHER = { username: 'other@example.test', password: 'bench password' };
const OTHER_CONNECTIONS = Number(process.env.BENCH_OTHER_CONNECTIONS ?? 4);
const OTHER_IDLE_SECONDS = Number(process.env.BENCH_OTHER_IDLE_SECONDS ?? 10);
/** Only the first import (rate and memory) and SQLite's own rate: no import under load, no page timings. */
const IMPORT_ALONE = process.env.BENCH_LINK_IMPORT_ALONE === '1';
/** The longest the bench waits for the server's memory to settle after the import. */
const SETTLE_SECONDS = Number(process.env.BENCH_SETTLE_SECONDS ?? 20);
/** Issue 40 item 7: the import raises the server's RSS by at most this at peak… */
const GOAL_PEAK_RISE_MB = 150;
/** …and leaves it at most this above its idle RSS once done. */
const GOAL_AFTER_MB = 20;

/** The n-th line of the file (1-based) and the same values as a row. */
function link(n: number): { url: string; anchor: string; linksOnPage: number } {
  return { url: `https://site${n % 9973}.example.com/articles/${n}`, anchor: `anchor text number ${n}`, linksOnPage: n % 50 };
}

async function writeLinkFile(file: string): Promise<number> {
  const out = fs.createWriteStream(file);
  let chunk = '';
  for (let n = 1; n <= LINES; n += 1) {
    const { url, anchor, linksOnPage } = link(n);
    chunk += `${url}|x|${anchor}|x|${linksOnPage}\r\n`;
    if (chunk.length > 1 << 20 || n === LINES) {
      if (!out.write(chunk)) await once(out, 'drain');
      chunk = '';
    }
  }
  out.end();
  await once(out, 'finish');
  return fs.statSync(file).size;
}

async function seed(dataDir: string): Promise<{ urlListId: number; busySetId: number }> {
  const database = openDatabase({ databaseUrl: undefined, dataDir });
  await migrateToLatest(database);
  const ownerId = await createUser(database.db, USER.username, USER.password);
  const linkSet = await buildLinkSet(database.db, { ownerId, name: 'Bench links' });
  // The same file again into a second set of the same user, while another user browses.
  const busySet = await buildLinkSet(database.db, { ownerId, name: 'Bench links under load' });
  const other = await createUser(database.db, OTHER.username, OTHER.password);
  for (let i = 0; i < 100; i += 1) await insertCampaign(database.db, { ownerId: other, name: `Other ${i}` });
  await database.close();
  return { urlListId: linkSet.id, busySetId: busySet.id };
}

/** Session and XSRF cookies of a signed-in user, and the XSRF header writes need. */
export async function signIn(baseUrl: string, user = USER): Promise<{ cookie: string; xsrf: string }> {
  const response = await fetch(`${baseUrl}/public/api/login/account`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...user, type: 'account' }),
  });
  if (!response.ok) throw new Error(`login failed: ${response.status}`);
  const pairs = response.headers.getSetCookie().map((c) => c.split(';')[0]!);
  const xsrf = pairs.find((p) => p.startsWith('XSRF-TOKEN='))?.slice('XSRF-TOKEN='.length) ?? '';
  return { cookie: pairs.join('; '), xsrf };
}

/** Time to the first byte (headers) and to the whole answer of one GET, in ms. */
async function timeGet(url: string, cookie: string): Promise<{ firstByte: number; full: number; rows: number }> {
  const start = performance.now();
  const response = await fetch(url, { headers: { cookie } });
  const firstByte = performance.now() - start;
  const body = (await response.json()) as { urls?: unknown[] };
  if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
  return { firstByte, full: performance.now() - start, rows: body.urls?.length ?? 0 };
}

/**
 * What SQLite alone takes to load the same rows into the same schema: one prepared statement, one
 * transaction, then (unless `withSearchIndex` is false) the search index and count built in one
 * statement each — the fastest way SQLite fills this schema. Without the index: the schema's plain
 * tables and indexes only, the figure the issue was measured against before the index existed.
 */
async function rawInsertSeconds(dir: string, withSearchIndex: boolean): Promise<number> {
  const { urlListId } = await seed(dir);
  const sqlite = new SQLite(path.join(dir, 'linkloom.sqlite'));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  const ownerId = (sqlite.prepare('select id from users').get() as { id: number }).id;
  const insert = sqlite.prepare('insert into url_items (owner_id, created_at, url_list_id, url, anchor, links_on_page, date_added) values (?, ?, ?, ?, ?, ?, ?)');
  const start = performance.now();
  const now = Date.now();
  sqlite.transaction(() => {
    for (let n = 1; n <= LINES; n += 1) {
      const { url, anchor, linksOnPage } = link(n);
      insert.run(ownerId, now, urlListId, url, anchor, linksOnPage, now);
    }
    if (withSearchIndex) indexLinksInBulk(sqlite, urlListId);
  })();
  const seconds = (performance.now() - start) / 1000;
  sqlite.close();
  return seconds;
}

const fmt = (ms: number) => `${ms.toFixed(1)} ms`;

/** The other user's GET /rest/campaigns under a steady load: `seconds`, or until stopped. */
function otherUserLoad(baseUrl: string, cookie: string, seconds: number) {
  return autocannon({ url: `${baseUrl}/rest/campaigns`, connections: OTHER_CONNECTIONS, duration: seconds, headers: { cookie }, timeout: 30 });
}

/**
 * A request every 50 ms whether or not the previous ones answered (autocannon's connections wait
 * for their answer, so a frozen server shows as few slow requests, not as many): the latency a user
 * clicking at that moment would see. stop() answers the latencies, in ms.
 */
function latencyProbe(url: string, cookie: string): { stop(): Promise<number[]> } {
  const latencies: Promise<number>[] = [];
  const timer = setInterval(() => {
    const start = performance.now();
    latencies.push(fetch(url, { headers: { cookie } }).then(async (response) => {
      await response.arrayBuffer();
      return performance.now() - start;
    }, () => Number.POSITIVE_INFINITY));
  }, 50);
  return {
    async stop() {
      clearInterval(timer);
      return Promise.all(latencies);
    },
  };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? Number.NaN;
}

function describeProbe(latencies: number[]): string {
  return `p50 ${percentile(latencies, 50).toFixed(0)} ms, p99 ${percentile(latencies, 99).toFixed(0)} ms, max ${Math.max(...latencies).toFixed(0)} ms (${latencies.length} requests at 20/s)`;
}

function describeLoad(result: Result): string {
  const failed = result.errors + result.timeouts + result.non2xx;
  return `p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms (${result.requests.total} requests, ${failed} failed or timed out)`;
}

/**
 * Watches a process's memory from outside while something runs: its RSS now (`idle`) and, at
 * stop(), its peak since — VmHWM reset to the current RSS where Linux allows it (exact), else the
 * largest RSS sampled every 20 ms.
 */
function memoryWatch(pid: number | undefined) {
  const idle = memoryMb(pid, 'VmRSS');
  const idleThreads = threads(pid);
  const idleAnon = rssAnonMb(pid);
  const exact = pid !== undefined && resetPeakMemory(pid);
  /** Largest RSS sampled while the file is sent, and after (while it is written). */
  const sampled = { sending: idle, writing: idle };
  let phase: keyof typeof sampled = 'sending';
  let threadsAtPeak = idleThreads;
  const sample = () => {
    const now = memoryMb(pid, 'VmRSS');
    if (now > sampled[phase]) {
      sampled[phase] = now;
      if (now >= Math.max(sampled.sending, sampled.writing)) threadsAtPeak = threads(pid);
    }
  };
  const timer = setInterval(sample, 20);
  return {
    idle,
    idleThreads,
    idleAnon,
    /** The whole body is sent: samples from now on count as the writing's. */
    sent() {
      sample();
      phase = 'writing';
    },
    /** Peak RSS since the watch started, in MB, and how it was read; the sampled peaks of each phase. */
    stop(): { peak: number; how: string; sending: number; writing: number; threadsAtPeak: number } {
      clearInterval(timer);
      sample();
      const most = Math.max(sampled.sending, sampled.writing);
      const peak = exact ? { peak: Math.max(memoryMb(pid, 'VmHWM'), most), how: 'VmHWM' } : { peak: most, how: 'sampled every 20 ms' };
      return { ...peak, ...sampled, threadsAtPeak };
    },
  };
}

/** Threads of a process (the import's worker thread shows here while it lives). */
function threads(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  return Number(/Threads:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? Number.NaN);
}

/**
 * The RSS a process settles at: sampled every 500 ms for at least 5 s, then until it is within
 * `target` or has not fallen by 1 MB for 5 s, at most `seconds`; answers it and the seconds waited.
 */
async function settledRss(pid: number | undefined, target: number, seconds: number): Promise<{ rss: number; waited: number }> {
  const start = performance.now();
  let lowest = memoryMb(pid, 'VmRSS');
  let lowestAt = start;
  while (performance.now() - start < seconds * 1000) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = memoryMb(pid, 'VmRSS');
    if (now < lowest - 1) {
      lowest = now;
      lowestAt = performance.now();
    }
    const waited = performance.now() - start;
    if (waited >= 5000 && (now <= target || performance.now() - lowestAt >= 5000)) break;
  }
  return { rss: memoryMb(pid, 'VmRSS'), waited: (performance.now() - start) / 1000 };
}

/** The anonymous (heap, not file-backed) part of a process's resident memory, in MB. */
function rssAnonMb(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  return Number(/RssAnon:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? Number.NaN) / 1024;
}

const mb = (value: number) => `${value.toFixed(0)} MB`;
const signedMb = (value: number) => `${value >= 0 ? '+' : '−'}${Math.abs(value).toFixed(0)} MB`;
const meets = (ok: boolean) => (ok ? 'meets the goal' : 'MISSES the goal');

/** Runs the link import benchmark and prints its figures. */
export async function benchLinkImport(): Promise<void> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'linkloom-bench-links-'));
  const dataDir = path.join(root, 'data');
  const rawDir = path.join(root, 'raw');
  let importSeconds = Number.NaN;
  try {
    const file = path.join(root, 'links.txt');
    const bytes = await writeLinkFile(file);
    const { urlListId, busySetId } = await seed(dataDir);
    const server = await startServer({ DATA_DIR: dataDir, UPLOAD_MAX_MB: '1024' });
    try {
      const auth = await signIn(server.baseUrl);
      const other = await signIn(server.baseUrl, OTHER);
      const campaignsUrl = `${server.baseUrl}/rest/campaigns`;
      const idleProbe = latencyProbe(campaignsUrl, other.cookie);
      const idle = await otherUserLoad(server.baseUrl, other.cookie, OTHER_IDLE_SECONDS);
      const idleProbed = await idleProbe.stop();
      // Idle as after the import: settled the same way once the load above is over.
      await settledRss(server.pid, 0, SETTLE_SECONDS);
      const watch = memoryWatch(server.pid);
      const start = performance.now();
      const answer = await uploadFile(`${server.baseUrl}/action/import/url_list/${urlListId}`, { path: file, name: 'links.txt', contentType: 'text/plain' }, { cookie: auth.cookie, 'x-xsrf-token': auth.xsrf }, () => watch.sent());
      importSeconds = (performance.now() - start) / 1000;
      const peak = watch.stop();
      if (answer.status !== 200) throw new Error(`import answered ${answer.status}: ${answer.body.slice(0, 500)}`);
      const { added, skipped } = JSON.parse(answer.body) as { added: number; skipped: number };
      const residentAtAnswer = memoryMb(server.pid, 'VmRSS');
      const settled = await settledRss(server.pid, watch.idle + GOAL_AFTER_MB, SETTLE_SECONDS);
      const rise = peak.peak - watch.idle;
      const after = settled.rss - watch.idle;
      process.stdout.write(
        `Link import: ${LINES.toLocaleString('en')} lines (${(bytes / 1024 / 1024).toFixed(0)} MB) in ${importSeconds.toFixed(1)} s = ` +
        `${Math.round(LINES / importSeconds).toLocaleString('en')} lines/s (${added} added, ${skipped} refused)\n` +
        `Link import memory (server RSS): idle ${mb(watch.idle)} before; peak ${mb(peak.peak)} (${peak.how}) = rise ${signedMb(rise)} ` +
        `(goal ≤ +${GOAL_PEAK_RISE_MB} MB: ${meets(rise <= GOAL_PEAK_RISE_MB)}); ${mb(residentAtAnswer)} at the answer, ` +
        `${mb(settled.rss)} ${settled.waited.toFixed(1)} s later = idle ${signedMb(after)} (goal ≤ +${GOAL_AFTER_MB} MB: ${meets(after <= GOAL_AFTER_MB)})\n` +
        `${' '.repeat(36)}sampled peaks: while the file was sent ${signedMb(peak.sending - watch.idle)}, while it was written ${signedMb(peak.writing - watch.idle)}; ` +
        `threads ${watch.idleThreads} idle, ${peak.threadsAtPeak} at the peak, ${threads(server.pid)} after; RssAnon ${mb(watch.idleAnon)} idle, ${mb(rssAnonMb(server.pid))} after\n`,
      );
      if (!IMPORT_ALONE) {
        const busyWatch = memoryWatch(server.pid);
        const busyProbe = latencyProbe(campaignsUrl, other.cookie);
        const during = otherUserLoad(server.baseUrl, other.cookie, 3600);
        const busyStart = performance.now();
        const busyAnswer = await uploadFile(`${server.baseUrl}/action/import/url_list/${busySetId}`, { path: file, name: 'links.txt', contentType: 'text/plain' }, { cookie: auth.cookie, 'x-xsrf-token': auth.xsrf });
        const busySeconds = (performance.now() - busyStart) / 1000;
        const busyPeak = busyWatch.stop();
        during.stop();
        const busy = await during;
        const busyProbed = await busyProbe.stop();
        if (busyAnswer.status !== 200) throw new Error(`import under load answered ${busyAnswer.status}: ${busyAnswer.body.slice(0, 500)}`);
        process.stdout.write(
          `The same import again while another user browses: ${busySeconds.toFixed(1)} s = ${Math.round(LINES / busySeconds).toLocaleString('en')} lines/s; ` +
          `server RSS ${mb(busyWatch.idle)} before, peak ${mb(busyPeak.peak)} (rise ${signedMb(busyPeak.peak - busyWatch.idle)}, its own requests' memory included)\n` +
          `Another user's GET /rest/campaigns (${OTHER_CONNECTIONS} connections): no import ${describeLoad(idle)}\n` +
          `${' '.repeat(49 + String(OTHER_CONNECTIONS).length)}during the import ${describeLoad(busy)}\n` +
          `${' '.repeat(49 + String(OTHER_CONNECTIONS).length)}p99 during / without: ${(busy.latency.p99 / Math.max(1, idle.latency.p99)).toFixed(2)}×\n` +
          `The same user's clicks, one every 50 ms next to that load: no import ${describeProbe(idleProbed)}\n` +
          `${' '.repeat(61)}during the import ${describeProbe(busyProbed)}\n` +
          `${' '.repeat(61)}p99 during / without: ${(percentile(busyProbed, 99) / Math.max(1, percentile(idleProbed, 99))).toFixed(2)}×\n`,
        );
        const lastPage = Math.min(5000, Math.ceil(LINES / 100));
        for (const [label, query] of [['page 1', '?page=1'], [`page ${lastPage}`, `?page=${lastPage}`], [`page ${lastPage} by url desc`, `?page=${lastPage}&sort=url&order=desc`], ['page 1 filtered by url', '?url=articles/99999']] as const) {
          const runs = [];
          for (let i = 0; i < 5; i += 1) runs.push(await timeGet(`${server.baseUrl}/rest/url_items/${urlListId}${query}`, auth.cookie));
          const first = runs[0]!;
          const best = runs.reduce((a, b) => (b.full < a.full ? b : a));
          process.stdout.write(
            `GET /rest/url_items ${label.padEnd(24)} first byte ${fmt(first.firstByte)}, full ${fmt(first.full)} (best of 5: ${fmt(best.firstByte)} / ${fmt(best.full)}, ${first.rows} rows)\n`,
          );
        }
      }
    } finally {
      await server.stop();
    }
    const rawSeconds = await rawInsertSeconds(rawDir, true);
    const plainSeconds = await rawInsertSeconds(path.join(root, 'plain'), false);
    process.stdout.write(
      `SQLite alone, same schema (prepared insert in one transaction, then the search index built in one statement): ${rawSeconds.toFixed(1)} s = ` +
      `${Math.round(LINES / rawSeconds).toLocaleString('en')} rows/s\n` +
      `SQLite alone, same rows without the search index: ${plainSeconds.toFixed(1)} s = ${Math.round(LINES / plainSeconds).toLocaleString('en')} rows/s\n`,
    );
    process.stdout.write(
      `Import through HTTP / SQLite alone: ${(importSeconds / rawSeconds).toFixed(2)}× the time (the import runs at ${Math.round((rawSeconds / importSeconds) * 100)}% of SQLite's own rate for this schema; ` +
      `${Math.round((plainSeconds / importSeconds) * 100)}% of its rate without the search index)\n`,
    );
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  benchLinkImport().catch((err: unknown) => {
    process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  });
}
