/**
 * Issue 10 goal 2, "first screen": from navigation to the campaign rows on screen, in Debian's
 * Chromium (headless), cold (a fresh browser context: empty cache) and warm (the same context
 * loading the page again). The baseline is a plain HTML page on the same server that does the
 * same data request (GET /rest/campaigns) and writes the rows into a table, measured the same way.
 * Also prints what the first load carries: the initial JavaScript (entry chunk and its static
 * imports) gzip-compressed, and the bytes the browser actually received. Asserts nothing.
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

/** One page load's figures (ms from navigation start, bytes received). */
interface Load {
  rows: number;
  data: number;
  scripts: number;
  received: number;
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
      return {
        rows: window.rowsVisibleAt,
        data: data ? data.responseEnd : NaN,
        scripts: Math.max(0, ...scripts.map((entry) => entry.responseEnd)),
        received: (navigation ? navigation.transferSize : 0) + resources.reduce((sum, entry) => sum + entry.transferSize, 0),
      };
    })()`);
  } finally {
    await page.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const medianLoad = (loads: Load[]): Load => ({
  rows: median(loads.map((l) => l.rows)), data: median(loads.map((l) => l.data)),
  scripts: median(loads.map((l) => l.scripts)), received: median(loads.map((l) => l.received)),
});

/** Cold and warm loads of `url`, each in a context of its own that already holds the session. */
async function measurePage(
  newContext: () => Promise<BrowserContext>, url: string, selector: string,
): Promise<{ cold: Load; warm: Load }> {
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
  return { cold: medianLoad(cold), warm: medianLoad(warm) };
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
    process.stdout.write(
      `First screen (navigation → a window full of campaign rows (1280×800; ${CAMPAIGNS} in the list), headless Chromium, median of ${RUNS}):\n` +
      `  cold  ${s(app.cold.rows)}  (goal ≤ 0.80 s; baseline plain page ${s(baseline.cold.rows)})   ` +
      `scripts in ${s(app.cold.scripts)}, data in ${s(app.cold.data)}, data → rows ${s(app.cold.rows - app.cold.data)}; ${kb(app.cold.received)} received\n` +
      `  warm  ${s(app.warm.rows)}  (goal ≤ 0.40 s; baseline plain page ${s(baseline.warm.rows)})   ` +
      `scripts in ${s(app.warm.scripts)}, data in ${s(app.warm.data)}, data → rows ${s(app.warm.rows - app.warm.data)}; ${kb(app.warm.received)} received\n` +
      `  initial JS ${kb(budget.gzipBytes)} gzip (${kb(budget.rawBytes)} raw, ${budget.files.length} files; goal ≤ ${kb(INITIAL_JS_GOAL_GZIP)} gzip)\n`,
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
