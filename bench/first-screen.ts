/**
 * Issue 10 goal 2, "first screen": from navigation to the campaign rows on screen, in Debian's
 * Chromium (headless), cold (a fresh browser context: empty cache) and warm (the same context
 * loading the page again). The baseline is a plain HTML page on the same server that does the
 * same data request (GET /rest/campaigns) and writes the rows into a table, measured the same way.
 * Prints the time to rows as min / median / p90 / max over the runs beside the baseline's, every
 * file fetched before the rows showed and its bytes as sent (issue 40 items 2 and 9: the page, the
 * scripts, styles, fonts and data alike), when the data request left against when the entry chunk
 * had run (the `linkloom:entry-ran` mark), the bytes received in all, and the build's initial
 * JavaScript (entry chunk and its static imports) gzip-compressed. Asserts nothing.
 *
 * Runs alone (`node --import tsx bench/first-screen.ts`) or from `npm run bench`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { STORAGE_KEYS } from '@linkloom/shared';
import { openDatabase } from '../packages/server/src/platform/db/dialect';
import { migrateToLatest } from '../packages/server/src/platform/db/migrate';
import { createUser } from '../packages/server/src/features/session/create-user';
import { insertCampaign } from '../packages/server/src/features/campaigns/campaigns.repository';
import { REPO_ROOT, startServer } from '../packages/server/test/support/server-process';
import { launchBrowser } from '../e2e/support/browser';
import { INITIAL_JS_GOAL_GZIP, initialJavaScript } from '../scripts/build/web-assets';
import { buildWhatChanged } from '../scripts/build/build-what-changed.mjs';
import { minMedianMax } from './support/min-median-max';

const RUNS = Number(process.env.BENCH_FIRST_SCREEN_RUNS ?? 7);
const CAMPAIGNS = 100;
const USER = { username: 'first@example.test', password: 'bench password' };
/** The build to measure (WEB_DIST, as the server reads it; packages/web/dist by default). */
const WEB_DIST = path.resolve(process.env.WEB_DIST ?? path.join(REPO_ROOT, 'packages/web/dist'));

/** The baseline: no framework, one fetch, one table (scripts must be files: the CSP forbids inline ones). */
const BASELINE_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>baseline</title>
<script type="module" src="./baseline.js"></script></head><body><table><tbody id="rows"></tbody></table></body></html>`;
const BASELINE_JS = `const answer = await fetch('/rest/campaigns', { credentials: 'same-origin', headers: { accept: 'application/json' } });
const { campaigns } = await answer.json();
const body = document.getElementById('rows');
for (const c of campaigns) {
  const tr = document.createElement('tr');
  tr.className = 'row';
  for (const value of [c.id, c.name, c.campaignStatus]) {
    const td = document.createElement('td');
    td.textContent = String(value);
    tr.append(td);
  }
  body.append(tr);
}
`;

/**
 * Injected before any page script: notes the frame that paints a window full of rows (the time of
 * that animation frame, relative to the navigation's start). "Full": the rows reach the window's
 * bottom edge, or all of them are there. The first row alone is not the screen a user waits for (a
 * page that drew one row first, and the rest later, read as fast). Checked in animation frames,
 * where the layout the frame needs anyway is read, so the watch costs the page no extra layout.
 * A string, so the TypeScript loader's helpers never reach the page.
 */
function watchRows(selector: string): string {
  return `(() => {
    let pending = false;
    const check = () => {
      pending = false;
      const rows = document.querySelectorAll(${JSON.stringify(selector)});
      const last = rows[rows.length - 1];
      if (!last) return;
      if (rows.length < ${CAMPAIGNS} && last.getBoundingClientRect().bottom < window.innerHeight) return;
      observer.disconnect();
      window.rowsVisibleAt = performance.now();
    };
    const observer = new MutationObserver(() => {
      if (pending || !document.querySelector(${JSON.stringify(selector)})) return;
      pending = true;
      requestAnimationFrame(check);
    });
    observer.observe(document, { childList: true, subtree: true });
  })();`;
}

async function seed(dataDir: string): Promise<void> {
  const database = openDatabase({ databaseUrl: undefined, dataDir });
  await migrateToLatest(database);
  const ownerId = await createUser(database.db, USER.username, USER.password);
  for (let i = 0; i < CAMPAIGNS; i += 1) await insertCampaign(database.db, { ownerId, name: `Campaign ${i}` });
  await database.close();
}

async function sessionCookies(baseUrl: string): Promise<{ name: string; value: string }[]> {
  const response = await fetch(`${baseUrl}/public/api/login/account`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...USER, type: 'account' }),
  });
  if (!response.ok) throw new Error(`login failed: ${response.status}`);
  return response.headers.getSetCookie().map((cookie) => {
    const [pair = ''] = cookie.split(';');
    const at = pair.indexOf('=');
    return { name: pair.slice(0, at), value: pair.slice(at + 1) };
  });
}

/** One page load's figures (ms from navigation start, bytes). */
interface Load {
  rows: number;
  /** When the campaigns' data request left and when its answer ended. */
  dataStart: number;
  data: number;
  /** When the last script arrived. */
  scripts: number;
  /** When the entry chunk's top level had run (the app's first render began): NaN on the baseline. */
  entryRan: number;
  /** Bytes received in all (transfer sizes: bodies as sent, with headers). */
  received: number;
  /** What was fetched before the rows showed: files (the page included) and their bodies as sent (gzip / br). */
  filesBefore: number;
  bytesBefore: number;
}

async function load(context: BrowserContext, url: string): Promise<Load> {
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  try {
    await page.goto(url);
    // Polled with evaluate (the DevTools protocol): waitForFunction compiles its predicate inside the
    // page, which the app's Content-Security-Policy (no 'unsafe-eval') refuses. The time is the page's own mark.
    const deadline = Date.now() + 30_000;
    while (!(await page.evaluate("'rowsVisibleAt' in window"))) {
      if (Date.now() > deadline) throw new Error(`${url}: no rows within 30 s; the page said:\n${problems.join('\n')}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // Strings, like watchRows: this file is compiled for Node, the expression runs in the page.
    return await page.evaluate<Load>(`(() => {
      const resources = performance.getEntriesByType('resource');
      const navigation = performance.getEntriesByType('navigation')[0];
      const data = resources.find((entry) => entry.name.includes('/rest/campaigns'));
      const scripts = resources.filter((entry) => entry.name.endsWith('.js'));
      const before = [navigation, ...resources].filter((entry) => entry && entry.responseEnd <= window.rowsVisibleAt);
      const entryRan = performance.getEntriesByName('linkloom:entry-ran')[0];
      return {
        rows: window.rowsVisibleAt,
        dataStart: data ? data.requestStart || data.startTime : NaN,
        data: data ? data.responseEnd : NaN,
        scripts: Math.max(0, ...scripts.map((entry) => entry.responseEnd)),
        entryRan: entryRan ? entryRan.startTime : NaN,
        received: (navigation ? navigation.transferSize : 0) + resources.reduce((sum, entry) => sum + entry.transferSize, 0),
        filesBefore: before.length,
        bytesBefore: before.reduce((sum, entry) => sum + entry.encodedBodySize, 0),
      };
    })()`);
  } finally {
    await page.close();
  }
}

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const median = (values: number[]) => minMedianMax(values).median;
/** The nearest-rank percentile `p` (0–1). */
const percentile = (values: number[], p: number) => sorted(values)[Math.max(0, Math.ceil(p * values.length) - 1)] ?? Number.NaN;
const medianLoad = (loads: Load[]): Load => ({
  rows: median(loads.map((l) => l.rows)), dataStart: median(loads.map((l) => l.dataStart)), data: median(loads.map((l) => l.data)),
  scripts: median(loads.map((l) => l.scripts)), entryRan: median(loads.map((l) => l.entryRan)), received: median(loads.map((l) => l.received)),
  filesBefore: median(loads.map((l) => l.filesBefore)), bytesBefore: median(loads.map((l) => l.bytesBefore)),
});

/** A page's loads: their medians, and the spread of the time to rows (min / median / p90 / max). */
interface Loads {
  median: Load;
  rows: { min: number; median: number; p90: number; max: number };
}

const summarise = (loads: Load[]): Loads => ({
  median: medianLoad(loads),
  rows: { min: Math.min(...loads.map((l) => l.rows)), median: median(loads.map((l) => l.rows)), p90: percentile(loads.map((l) => l.rows), 0.9), max: Math.max(...loads.map((l) => l.rows)) },
});

/** Cold and warm loads of `url`, each in a context of its own that already holds the session. */
async function measurePage(
  newContext: () => Promise<BrowserContext>, url: string, selector: string,
): Promise<{ cold: Loads; warm: Loads }> {
  const cold: Load[] = [];
  const warm: Load[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const context = await newContext();
    await context.addInitScript(watchRows(selector));
    try {
      cold.push(await load(context, url));
      warm.push(await load(context, url));
    } finally {
      await context.close();
    }
  }
  return { cold: summarise(cold), warm: summarise(warm) };
}

const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const kb = (bytes: number) => `${(bytes / 1000).toFixed(0)} kB`;

/** Runs the first-screen benchmark and prints its figures. */
export async function benchFirstScreen(): Promise<void> {
  if (!fs.existsSync(path.join(WEB_DIST, 'index.html'))) throw new Error('packages/web/dist is missing: run npm run build first');
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'linkloom-bench-first-'));
  const dataDir = path.join(root, 'data');
  const webDist = path.join(root, 'web');
  // The built app as it is, plus the baseline page beside it (same origin, same session).
  fs.cpSync(WEB_DIST, webDist, { recursive: true });
  fs.writeFileSync(path.join(webDist, 'baseline.html'), BASELINE_HTML);
  fs.writeFileSync(path.join(webDist, 'baseline.js'), BASELINE_JS);
  await seed(dataDir);
  const server = await startServer({ DATA_DIR: dataDir, WEB_DIST: webDist });
  const browser = await launchBrowser();
  try {
    const cookies = await sessionCookies(server.baseUrl);
    const newContext = async () => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      await context.addCookies(cookies.map((cookie) => ({ ...cookie, url: server.baseUrl })));
      await context.addInitScript(`window.localStorage.setItem(${JSON.stringify(STORAGE_KEYS.userName)}, ${JSON.stringify(USER.username)})`);
      return context;
    };
    // One load first, so neither side pays for the browser's and the server's own warm-up.
    await measurePage(newContext, `${server.baseUrl}/baseline.html`, 'tr.row').catch(() => undefined);
    const baseline = await measurePage(newContext, `${server.baseUrl}/baseline.html`, 'tr.row');
    const app = await measurePage(newContext, `${server.baseUrl}/#/campaigns`, '.ant-table-row');
    const budget = initialJavaScript(WEB_DIST);
    const spread = (loads: Loads) => `${s(loads.rows.min)} / ${s(loads.rows.median)} / ${s(loads.rows.p90)} / ${s(loads.rows.max)}`;
    const line = (name: string, loads: Loads, plain: Loads) => {
      const m = loads.median;
      const beforeEntry = Number.isNaN(m.entryRan) ? '' : `, data request left ${s(m.dataStart)} vs entry chunk run ${s(m.entryRan)} (goal: before)`;
      return `  ${name}  rows ${spread(loads)} (min / median / p90 / max; baseline plain page ${spread(plain)}; median ratio ${(loads.rows.median / plain.rows.median).toFixed(1)}×, goal ≤ 5×)\n` +
        `        before the rows: ${m.filesBefore} files, ${kb(m.bytesBefore)} as sent (goal ≤ 250 kB gzip); scripts in ${s(m.scripts)}, data in ${s(m.data)}${beforeEntry}; ${kb(m.received)} received in all\n`;
    };
    process.stdout.write(
      `First screen (navigation → a window full of campaign rows (1280×800; ${CAMPAIGNS} in the list), headless Chromium, ${RUNS} runs; cold goal median ≤ 0.50 s, p90 ≤ 0.70 s):\n` +
      line('cold', app.cold, baseline.cold) + line('warm', app.warm, baseline.warm) +
      `  initial JS ${kb(budget.gzipBytes)} gzip (${kb(budget.rawBytes)} raw, ${budget.files.length} files; the build's budget ${kb(INITIAL_JS_GOAL_GZIP)} gzip)\n`,
    );
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(root, { recursive: true, force: true });
  }
}

if (import.meta.filename === process.argv[1]) {
  // Alone too, it measures what `npm start` serves: built first where a source changed.
  buildWhatChanged().then(benchFirstScreen).catch((err: unknown) => {
    process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  });
}
