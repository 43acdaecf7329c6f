/**
 * Deep pages benchmark (part of `npm run bench`, issue 40 item 6): page 5,000 of 100 on a
 * 1,000,000-link set (GET /rest/url_items/{id}) and on a 1,000,000-account profile (GET
 * /rest/accounts/{id}), signed in as the screens are, under every sort and order they offer. Per
 * sort: the first visit (answered as a plain OFFSET; the page anchors are found then, in the
 * background: platform/db/page-anchors.ts), then interleaved rounds of page 1 (the baseline: the
 * same request with nothing to skip) and page 5,000; min / median / max of each, and for links one
 * visit more after a link was edited (the set's order stamp moved, its anchors are found again).
 * Goal: page 5,000 ≤ 10 ms under every sort.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ACCOUNT_SORT_FIELDS, URL_ITEM_SORT_FIELDS } from '@linkloom/shared';
import { startServer, type RunningServer } from '../packages/server/test/support/server-process';
import { seedLinkSet } from './support/seeded-link-set';
import { seedProfile } from './support/seeded-profile';
import { minMedianMax, type MinMedianMax } from './support/min-median-max';
import { signIn } from './link-import';

const ROWS = Number(process.env.BENCH_DEEP_ROWS ?? 1_000_000);
const ROUNDS = Number(process.env.BENCH_DEEP_ROUNDS ?? 7);
const PAGE_SIZE = 100;
const DEEP_PAGE = Math.min(5_000, Math.floor(ROWS / PAGE_SIZE));
const USER = { username: 'deep@example.test', password: 'bench password' };
const GOAL_MS = 10;
/** How long the bench leaves the server to find a listing's anchors after its first deep visit. */
const ANCHOR_WAIT_MS = 2_000;

/** One screen's list: its page address and how a page's first row is told apart. */
interface DeepList {
  label: string;
  sorts: readonly string[];
  url: (page: number, sort: string, order: string) => string;
  rows: (body: Record<string, unknown>) => unknown[] | undefined;
}

async function timedPage(list: DeepList, url: string, cookie: string, first?: string): Promise<{ ms: number; first: string }> {
  const start = performance.now();
  const response = await fetch(url, { headers: { cookie } });
  const rows = list.rows((await response.json()) as Record<string, unknown>);
  const ms = performance.now() - start;
  if (!response.ok || rows?.length !== PAGE_SIZE) throw new Error(`GET ${url}: ${response.status}, ${rows?.length ?? 0} rows`);
  const firstRow = JSON.stringify(rows[0]);
  if (first !== undefined && firstRow !== first) throw new Error(`GET ${url}: the page starts at another row than before`);
  return { ms, first: firstRow };
}

const fmt = (s: MinMedianMax) => `${s.min.toFixed(1)} / ${s.median.toFixed(1)} / ${s.max.toFixed(1)} ms`;

/** Every sort and order of one list; answers the worst median of its deep page. */
async function measureList(list: DeepList, cookie: string): Promise<number> {
  process.stdout.write(`  ${list.label}\n`);
  let worst = 0;
  for (const sort of list.sorts) {
    for (const order of ['asc', 'desc']) {
      const first = await timedPage(list, list.url(DEEP_PAGE, sort, order), cookie);
      await sleep(ANCHOR_WAIT_MS);
      const baseline: number[] = [];
      const deep: number[] = [];
      for (let round = 0; round < ROUNDS; round += 1) {
        baseline.push((await timedPage(list, list.url(1, sort, order), cookie)).ms);
        deep.push((await timedPage(list, list.url(DEEP_PAGE, sort, order), cookie, first.first)).ms);
      }
      const [deepSpread, baseSpread] = [minMedianMax(deep), minMedianMax(baseline)];
      worst = Math.max(worst, deepSpread.median);
      process.stdout.write(
        `    ${`${sort} ${order}`.padEnd(14)} first visit ${first.ms.toFixed(0).padStart(4)} ms; page ${DEEP_PAGE}: ${fmt(deepSpread)}; page 1: ${fmt(baseSpread)}; ` +
        `ratio ${(deepSpread.median / baseSpread.median).toFixed(2)}\n`,
      );
    }
  }
  return worst;
}

/** A fresh data folder seeded by `seed`, a server on it and a signed-in cookie for `run`. */
async function withSeededServer<T>(seed: (dataDir: string) => Promise<number>, run: (server: RunningServer, id: number, session: { cookie: string; xsrf: string }) => Promise<T>): Promise<T> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkloom-bench-deep-'));
  try {
    const seedStart = performance.now();
    const id = await seed(dataDir);
    process.stdout.write(`  (${ROWS.toLocaleString('en')} rows seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s)\n`);
    const server = await startServer({ DATA_DIR: dataDir });
    try {
      return await run(server, id, await signIn(server.baseUrl, USER));
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Runs the deep pages benchmark and prints its figures. */
export async function benchDeepPages(): Promise<void> {
  process.stdout.write(`\nDeep pages: page ${DEEP_PAGE.toLocaleString('en')} of ${PAGE_SIZE} in ${ROWS.toLocaleString('en')} rows, ${ROUNDS} rounds (min / median / max)\n`);
  const linksWorst = await withSeededServer((dataDir) => seedLinkSet(dataDir, USER, ROWS, 'Bench deep pages'), async (server, urlListId, { cookie, xsrf }) => {
    const links: DeepList = {
      label: 'links of a link set (GET /rest/url_items/{id})',
      sorts: URL_ITEM_SORT_FIELDS,
      url: (page, sort, order) => `${server.baseUrl}/rest/url_items/${urlListId}?page=${page}&pageSize=${PAGE_SIZE}&sort=${sort}&order=${order}`,
      rows: (body) => body.urls as unknown[] | undefined,
    };
    const worst = await measureList(links, cookie);
    // One link edited: the set's order stamp moves, and the next deep visit finds its anchors again.
    const edited = await fetch(`${server.baseUrl}/rest/url_item/${urlListId}`, {
      method: 'POST', headers: { cookie, 'x-xsrf-token': xsrf, 'content-type': 'application/json' },
      body: JSON.stringify({ id: 1, url: 'https://a-first.example.com/edited', anchor: 'edited anchor', linksOnPage: null }),
    });
    if (!edited.ok) throw new Error(`editing a link: ${edited.status} ${await edited.text()}`);
    const afterEdit = await timedPage(links, links.url(DEEP_PAGE, 'url', 'asc'), cookie);
    await sleep(ANCHOR_WAIT_MS);
    const again = await timedPage(links, links.url(DEEP_PAGE, 'url', 'asc'), cookie);
    process.stdout.write(`    after a link was edited (url asc): first visit ${afterEdit.ms.toFixed(0)} ms, then (anchors found again) ${again.ms.toFixed(1)} ms\n`);
    return worst;
  });
  const accountsWorst = await withSeededServer((dataDir) => seedProfile(dataDir, USER, ROWS, 'Bench deep pages'), (server, profileId, { cookie }) => measureList({
    label: 'accounts of a profile (GET /rest/accounts/{id})',
    sorts: ACCOUNT_SORT_FIELDS,
    url: (page, sort, order) => `${server.baseUrl}/rest/accounts/${profileId}?page=${page}&pageSize=${PAGE_SIZE}&sortField=${sort}&sortOrder=${order}`,
    rows: (body) => body.accounts as unknown[] | undefined,
  }, cookie));
  const worst = Math.max(linksWorst, accountsWorst);
  process.stdout.write(
    `  goal: page ${DEEP_PAGE} ≤ ${GOAL_MS} ms under every sort (median) → ${worst <= GOAL_MS ? 'goal met' : 'OVER GOAL'} ` +
    `(worst median: links ${linksWorst.toFixed(1)} ms, accounts ${accountsWorst.toFixed(1)} ms)\n`,
  );
}

// `node --import tsx bench/deep-pages.ts` runs it alone.
if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  benchDeepPages().catch((err: unknown) => {
    process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  });
}
