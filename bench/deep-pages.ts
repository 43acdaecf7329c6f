/**
 * Deep pages benchmark (part of `npm run bench`, issue 40 item 6): GET /rest/url_items/{id} at page
 * 5,000 of 100 links on a 1,000,000-link set, signed in as the screen is, under every sort and order
 * the screen offers. Per sort: the first visit (answered as a plain OFFSET; the page anchors are
 * found then, in the background: platform/db/page-anchors.ts), then interleaved rounds of page 1 (the baseline: the same request
 * with nothing to skip) and page 5,000; min / median / max of each, and one visit more after a link
 * of the set was edited (its order stamp moved, the anchors are found again). Goal: page 5,000 ≤ 10 ms.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { URL_ITEM_SORT_FIELDS } from '@linkloom/shared';
import { startServer } from '../packages/server/test/support/server-process';
import { seedLinkSet } from './support/seeded-link-set';
import { signIn } from './link-import';

const LINKS = Number(process.env.BENCH_DEEP_LINKS ?? 1_000_000);
const ROUNDS = Number(process.env.BENCH_DEEP_ROUNDS ?? 7);
const PAGE_SIZE = 100;
const DEEP_PAGE = Math.min(5_000, Math.floor(LINKS / PAGE_SIZE));
const USER = { username: 'deep@example.test', password: 'bench password' };
const GOAL_MS = 10;
/** How long the bench leaves the server to find a listing's anchors after its first deep visit. */
const ANCHOR_WAIT_MS = 2_000;

async function timedPage(url: string, cookie: string, firstId?: number): Promise<{ ms: number; firstId: number }> {
  const start = performance.now();
  const response = await fetch(url, { headers: { cookie } });
  const body = (await response.json()) as { urls?: { id: number }[] };
  const ms = performance.now() - start;
  if (!response.ok || body.urls?.length !== PAGE_SIZE) throw new Error(`GET ${url}: ${response.status}, ${body.urls?.length ?? 0} links`);
  if (firstId !== undefined && body.urls[0]!.id !== firstId) throw new Error(`GET ${url}: the page starts at link ${body.urls[0]!.id}, not ${firstId} as before`);
  return { ms, firstId: body.urls[0]!.id };
}

const spread = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { min: sorted[0]!, median: sorted[Math.floor(sorted.length / 2)]!, max: sorted[sorted.length - 1]! };
};
const fmt = (s: { min: number; median: number; max: number }) => `${s.min.toFixed(1)} / ${s.median.toFixed(1)} / ${s.max.toFixed(1)} ms`;

/** Runs the deep pages benchmark and prints its figures. */
export async function benchDeepPages(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkloom-bench-deep-'));
  try {
    const seedStart = performance.now();
    const urlListId = await seedLinkSet(dataDir, USER, LINKS, 'Bench deep pages');
    process.stdout.write(`\nDeep pages: ${LINKS.toLocaleString('en')} links seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s; page ${DEEP_PAGE.toLocaleString('en')} of ${PAGE_SIZE}, ${ROUNDS} rounds (min / median / max)\n`);
    const server = await startServer({ DATA_DIR: dataDir });
    try {
      const { cookie, xsrf } = await signIn(server.baseUrl, USER);
      const pageUrl = (page: number, sort: string, order: string) => `${server.baseUrl}/rest/url_items/${urlListId}?page=${page}&pageSize=${PAGE_SIZE}&sort=${sort}&order=${order}`;
      await timedPage(pageUrl(1, 'id', 'asc'), cookie);
      let worst = 0;
      for (const sort of URL_ITEM_SORT_FIELDS) {
        for (const order of ['asc', 'desc']) {
          const first = await timedPage(pageUrl(DEEP_PAGE, sort, order), cookie);
          // The first visit is answered as a plain OFFSET would; the anchors are found meanwhile, in the background.
          await sleep(ANCHOR_WAIT_MS);
          const baseline: number[] = [];
          const deep: number[] = [];
          for (let round = 0; round < ROUNDS; round += 1) {
            baseline.push((await timedPage(pageUrl(1, sort, order), cookie)).ms);
            deep.push((await timedPage(pageUrl(DEEP_PAGE, sort, order), cookie, first.firstId)).ms);
          }
          const deepSpread = spread(deep);
          worst = Math.max(worst, deepSpread.median);
          process.stdout.write(
            `  ${`${sort} ${order}`.padEnd(14)} first visit ${first.ms.toFixed(0).padStart(4)} ms; page ${DEEP_PAGE}: ${fmt(deepSpread)}; page 1: ${fmt(spread(baseline))}; ` +
            `ratio ${(deepSpread.median / spread(baseline).median).toFixed(2)}\n`,
          );
        }
      }
      // One link edited: the set's order stamp moves, and the next deep visit finds its anchors again.
      const edited = await fetch(`${server.baseUrl}/rest/url_item/${urlListId}`, {
        method: 'POST', headers: { cookie, 'x-xsrf-token': xsrf, 'content-type': 'application/json' },
        body: JSON.stringify({ id: 1, url: 'https://a-first.example.com/edited', anchor: 'edited anchor', linksOnPage: null }),
      });
      if (!edited.ok) throw new Error(`editing a link: ${edited.status} ${await edited.text()}`);
      const afterEdit = await timedPage(pageUrl(DEEP_PAGE, 'url', 'asc'), cookie);
      await sleep(ANCHOR_WAIT_MS);
      const again = await timedPage(pageUrl(DEEP_PAGE, 'url', 'asc'), cookie);
      process.stdout.write(
        `  after a link was edited (url asc): first visit ${afterEdit.ms.toFixed(0)} ms, then (anchors found again) ${again.ms.toFixed(1)} ms\n` +
        `  goal: page ${DEEP_PAGE} ≤ ${GOAL_MS} ms under every sort (median) → ${worst <= GOAL_MS ? 'goal met' : 'OVER GOAL'} (worst median ${worst.toFixed(1)} ms)\n`,
      );
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

// `node --import tsx bench/deep-pages.ts` runs it alone.
if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  benchDeepPages().catch((err: unknown) => {
    process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  });
}
