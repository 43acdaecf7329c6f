/**
 * Issue 10 goal 5, search that does not scan (migration 0018), on the embedded default (SQLite):
 *
 * - A 1,000,000-line link file imported through the real server (multipart POST
 *   /action/import/url_list/{id}) into a database with 0018's trigram index and count triggers,
 *   and the same file into one where they are dropped (today's import): lines/s of each.
 * - On the million links: GET /rest/url_items page 1 and page 5,000 unfiltered (goal ≤ 20 ms) and
 *   filtered by url and anchor with terms of three characters or more (index, goal p99 ≤ 50 ms)
 *   and of two (no trigram: a scan, as before), each next to what today's queries take on the same
 *   database in the same run — the LIKE scan with its count, and count(*) of the whole set.
 *
 * Runs alone (`node --import tsx bench/link-search.ts`) or from `npm run bench`.
 */
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { openDatabase } from '../packages/server/src/platform/db/dialect';
import { migrateToLatest } from '../packages/server/src/platform/db/migrate';
import { createUser } from '../packages/server/src/features/session/create-user';
import { startServer } from '../packages/server/test/support/server-process';
import { buildLinkSet } from '../packages/server/test/support/link-factories';
import { uploadFile } from './support/multipart-upload';

const LINES = Number(process.env.BENCH_SEARCH_LINES ?? 1_000_000);
const RUNS = Number(process.env.BENCH_SEARCH_RUNS ?? 30);
const USER = { username: 'search@example.test', password: 'bench password' };

/** The n-th line's values: 9,973 sites, so a site name matches about a hundred links. */
function link(n: number): { url: string; anchor: string } {
  return { url: `https://site${n % 9973}.example.com/articles/${n}`, anchor: `anchor text number ${n}` };
}

async function writeLinkFile(file: string): Promise<void> {
  const out = fs.createWriteStream(file);
  let chunk = '';
  for (let n = 1; n <= LINES; n += 1) {
    const { url, anchor } = link(n);
    chunk += `${url}|x|${anchor}\r\n`;
    if (chunk.length > 1 << 20 || n === LINES) {
      if (!out.write(chunk)) await once(out, 'drain');
      chunk = '';
    }
  }
  out.end();
  await once(out, 'finish');
}

async function seed(dataDir: string, withIndex: boolean): Promise<number> {
  const database = openDatabase({ databaseUrl: undefined, dataDir });
  await migrateToLatest(database);
  const ownerId = await createUser(database.db, USER.username, USER.password);
  const linkSet = await buildLinkSet(database.db, { ownerId, name: 'Search bench' });
  await database.close();
  if (!withIndex) {
    // Today's schema as far as writes go: no trigram index, no count triggers.
    const sqlite = new SQLite(path.join(dataDir, 'linkloom.sqlite'));
    for (const trigger of ['url_items_search_insert', 'url_items_search_chunk', 'url_items_search_finish', 'url_items_search_delete', 'url_items_search_update', 'url_items_count_move']) sqlite.exec(`drop trigger if exists ${trigger}`);
    sqlite.exec('drop table url_items_search');
    sqlite.close();
  }
  return linkSet.id;
}

async function signIn(baseUrl: string): Promise<{ cookie: string; xsrf: string }> {
  const response = await fetch(`${baseUrl}/public/api/login/account`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...USER, type: 'account' }),
  });
  if (!response.ok) throw new Error(`login failed: ${response.status}`);
  const pairs = response.headers.getSetCookie().map((c) => c.split(';')[0]!);
  return { cookie: pairs.join('; '), xsrf: pairs.find((p) => p.startsWith('XSRF-TOKEN='))?.slice('XSRF-TOKEN='.length) ?? '' };
}

/** Imports the file into the set through the server; lines per second. */
async function importRate(dataDir: string, urlListId: number, file: string): Promise<number> {
  const server = await startServer({ DATA_DIR: dataDir, UPLOAD_MAX_MB: '1024' });
  try {
    const auth = await signIn(server.baseUrl);
    const start = performance.now();
    const answer = await uploadFile(`${server.baseUrl}/action/import/url_list/${urlListId}`, { path: file, name: 'links.txt', contentType: 'text/plain' }, { cookie: auth.cookie, 'x-xsrf-token': auth.xsrf });
    if (answer.status !== 200) throw new Error(`import answered ${answer.status}: ${answer.body.slice(0, 300)}`);
    return LINES / ((performance.now() - start) / 1000);
  } finally {
    await server.stop();
  }
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? Number.NaN;
}

async function timed(run: () => unknown): Promise<{ p50: number; p99: number }> {
  await run();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

/** Runs the link search benchmark and prints its figures. */
export async function benchLinkSearch(): Promise<void> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'linkloom-bench-search-'));
  try {
    const file = path.join(root, 'links.txt');
    await writeLinkFile(file);
    const indexedDir = path.join(root, 'indexed');
    const plainDir = path.join(root, 'plain');
    const indexedSet = await seed(indexedDir, true);
    const plainSet = await seed(plainDir, false);
    // Interleaved: today's import first, then with the index (the machine's load falls on both).
    const plainRate = await importRate(plainDir, plainSet, file);
    const indexedRate = await importRate(indexedDir, indexedSet, file);
    process.stdout.write(
      `Link search (SQLite, ${LINES.toLocaleString('en')} links in one set, p50 / p99 of ${RUNS} requests each):\n` +
      `  import of the file through the server: ${Math.round(indexedRate).toLocaleString('en')} lines/s with the trigram index and count triggers, ` +
      `${Math.round(plainRate).toLocaleString('en')} lines/s without (today) = ${(indexedRate / plainRate).toFixed(2)}×\n`,
    );

    const server = await startServer({ DATA_DIR: indexedDir });
    const sqlite = new SQLite(path.join(indexedDir, 'linkloom.sqlite'), { readonly: true });
    try {
      const auth = await signIn(server.baseUrl);
      const get = (query: string) => async () => {
        const response = await fetch(`${server.baseUrl}/rest/url_items/${indexedSet}${query}`, { headers: { cookie: auth.cookie } });
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`GET ${query}: ${response.status}`);
      };
      // Today's queries, on the same database: count(*) of the set, and the page (ids on the index, then rows).
      const countAll = sqlite.prepare('select count(*) as n from url_items where url_list_id = ?');
      const pageIds = sqlite.prepare('select id from url_items where url_list_id = ? order by id limit 100 offset ?');
      const scan = (column: 'url' | 'anchor') => sqlite.prepare(`select id, count(*) over () as total from url_items where url_list_id = ? and ${column} like ? escape '\\' order by id limit 100`);
      const rows = sqlite.prepare('select * from url_items where id in (select value from json_each(?))');
      const today = {
        page: (offset: number) => () => {
          countAll.get(indexedSet);
          rows.all(JSON.stringify((pageIds.all(indexedSet, offset) as { id: number }[]).map((row) => row.id)));
        },
        filtered: (column: 'url' | 'anchor', term: string) => () => {
          rows.all(JSON.stringify((scan(column).all(indexedSet, `%${term}%`) as { id: number }[]).map((row) => row.id)));
        },
      };
      const lastPage = Math.min(5000, Math.ceil(LINES / 100));
      const cases: [string, string, () => unknown, string][] = [
        ['page 1, unfiltered', '?page=1', today.page(0), 'goal ≤ 20 ms'],
        [`page ${lastPage}, unfiltered`, `?page=${lastPage}`, today.page((lastPage - 1) * 100), 'goal ≤ 20 ms'],
        ['url contains "articles/99999" (index)', '?url=articles/99999&page=1', today.filtered('url', 'articles/99999'), 'goal p99 ≤ 50 ms'],
        ['url contains "site4242." (index)', '?url=site4242.&page=1', today.filtered('url', 'site4242.'), 'goal p99 ≤ 50 ms'],
        ['anchor contains "number 123456" (index)', '?anchor=number%20123456&page=1', today.filtered('anchor', 'number 123456'), 'goal p99 ≤ 50 ms'],
        ['url contains "/9" (2 characters: scan)', '?url=%2F9&page=1', today.filtered('url', '/9'), 'no trigram: a scan, as before'],
      ];
      for (const [label, query, before, goal] of cases) {
        const now = await timed(get(query));
        const then = await timed(before);
        process.stdout.write(`  ${label.padEnd(42)} ${ms(now.p50)} / ${ms(now.p99)}   today's queries ${ms(then.p50)} / ${ms(then.p99)}   (${goal})\n`);
      }
    } finally {
      sqlite.close();
      await server.stop();
    }
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  benchLinkSearch().catch((err: unknown) => {
    process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  });
}
