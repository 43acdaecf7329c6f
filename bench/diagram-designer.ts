/**
 * Issue 12's designer benchmark, in Debian's Chromium (headless, 1280×800): a 500-node strategy
 * diagram (a Money Site and a tree three wide) — time to open the designer (navigation to nodes
 * painted), auto-layout (click to the moved nodes painted; dagre's chunk loads on the first use),
 * and frame intervals while a node is dragged across the paper (goal ≤ 16 ms, i.e. 60 fps).
 * Also the app's first load (gzip), which the designer must leave unchanged: it is a lazy chunk,
 * and no first-load file may carry React Flow. Asserts nothing.
 *
 * Runs alone (`node --import tsx bench/diagram-designer.ts`) or from `npm run bench`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { STORAGE_KEYS, diagramPreviewSvg, diagramTypeOf, nodeLabel, type Diagram, type DiagramCell } from '@linkloom/shared';
import { openDatabase } from '../packages/server/src/platform/db/dialect';
import { migrateToLatest } from '../packages/server/src/platform/db/migrate';
import { createUser } from '../packages/server/src/features/session/create-user';
import { insertStrategies } from '../packages/server/src/features/strategies/strategies.repository';
import { REPO_ROOT, startServer } from '../packages/server/test/support/server-process';
import { launchBrowser } from '../e2e/support/browser';
import { initialJavaScript } from '../scripts/build/web-assets';

const NODES = 500;
const USER = { username: 'designer@example.test', password: 'bench password' };
const WEB_DIST = path.join(REPO_ROOT, 'packages/web/dist');
/** The first load before issue 12 (13 files, measured on the build before the designer landed). */
const INITIAL_JS_BEFORE_GZIP = 427_300;
const KINDS = ['Project', 'Web20Blog', 'Web20Profile', 'Bookmarking', 'Wiki', 'ArticleDirectory', 'ForumProfile', 'PDF', 'PressRelease'];

/** A Money Site and NODES - 1 nodes, each the child of node floor((i - 1) / 3): a tree three wide. */
function bigDiagram(): Diagram {
  const cells: DiagramCell[] = [];
  const counts = new Map<string, number>();
  for (let i = 0; i < NODES; i += 1) {
    const kind = i === 0 ? 'MoneySite' : (KINDS[i % KINDS.length] as string);
    const n = (counts.get(kind) ?? 0) + 1;
    counts.set(kind, n);
    const label = i === 0 ? 'Money Site' : nodeLabel(kind, n);
    cells.push({
      type: diagramTypeOf(kind), id: `n${i}`, position: { x: (i % 25) * 140, y: Math.floor(i / 25) * 90 },
      size: { width: 120, height: 54 }, attrs: { label: { text: label } }, custom: { nameId: n, projectName: label, profileName: '' },
      ...(kind === 'Project' ? { modules: [] } : {}),
    });
    if (i > 0) cells.push({ type: 'standard.Link', id: `l${i}`, source: { id: `n${Math.floor((i - 1) / 3)}` }, target: { id: `n${i}` } });
  }
  return { cells };
}

async function seed(dataDir: string): Promise<number> {
  const database = openDatabase({ databaseUrl: undefined, dataDir });
  await migrateToLatest(database);
  const ownerId = await createUser(database.db, USER.username, USER.password);
  const diagram = bigDiagram();
  const [row] = await insertStrategies(database.db, ownerId, [{ name: 'Bench 500', description: '', diagram: JSON.stringify(diagram), img: diagramPreviewSvg(diagram) }]);
  await database.close();
  if (!row) throw new Error('the diagram was not stored');
  return row.id;
}

async function sessionCookies(baseUrl: string): Promise<{ name: string; value: string; url: string }[]> {
  const response = await fetch(`${baseUrl}/public/api/login/account`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...USER, type: 'account' }),
  });
  if (!response.ok) throw new Error(`login failed: ${response.status}`);
  return response.headers.getSetCookie().map((cookie) => {
    const [pair = ''] = cookie.split(';');
    const at = pair.indexOf('=');
    return { name: pair.slice(0, at), value: pair.slice(at + 1), url: baseUrl };
  });
}

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))] ?? Number.NaN;
const ms = (value: number) => `${value.toFixed(1)} ms`;
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/** Runs the designer benchmark and prints its figures. */
export async function benchDiagramDesigner(): Promise<void> {
  if (!fs.existsSync(path.join(WEB_DIST, 'index.html'))) throw new Error('packages/web/dist is missing: run npm run build first');
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'linkloom-bench-designer-'));
  const dataDir = path.join(root, 'data');
  const id = await seed(dataDir);
  const server = await startServer({ DATA_DIR: dataDir });
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addCookies(await sessionCookies(server.baseUrl));
    await context.addInitScript(`window.localStorage.setItem(${JSON.stringify(STORAGE_KEYS.userName)}, ${JSON.stringify(USER.username)})`);
    const page = await context.newPage();
    // Warm-up: the server's and the browser's first compile of the chunks.
    await page.goto(`${server.baseUrl}/#/strategy/${id}`);
    await page.locator('.react-flow__node').first().waitFor({ timeout: 60_000 });

    const opens: number[] = [];
    for (let run = 0; run < 3; run += 1) {
      await page.goto('about:blank');
      const started = Date.now();
      await page.goto(`${server.baseUrl}/#/strategy/${id}`);
      await page.locator('.react-flow__node').first().waitFor({ timeout: 60_000 });
      await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))');
      opens.push(Date.now() - started);
    }

    // Page-side code as strings: this file is compiled for Node (no DOM types).
    const transformOfRoot = `document.querySelector('.react-flow__node[data-id="n0"]')?.style.transform`;
    const before = (await page.evaluate(transformOfRoot)) as string;
    const layoutStarted = Date.now();
    await page.getByTestId('auto-layout').click();
    await page.waitForFunction(`${transformOfRoot} !== ${JSON.stringify(before)}`, undefined, { timeout: 60_000 });
    await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))');
    const layout = Date.now() - layoutStarted;

    // Drag a node 300 px in 60 pointer moves while a frame loop notes every frame's interval.
    // Any node on screen (at the 0.2 minimum zoom not all 500 fit, and only those in view are drawn).
    const node = page.locator('.react-flow__node').nth(5);
    const box = await node.boundingBox();
    if (!box) throw new Error('no node on screen');
    await page.evaluate(`(() => {
      window.benchFrames = [];
      let last = performance.now();
      const tick = (now) => { window.benchFrames.push(now - last); last = now; if (!window.benchStop) requestAnimationFrame(tick); };
      requestAnimationFrame(tick);
    })()`);
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    for (let step = 1; step <= 60; step += 1) {
      await page.mouse.move(box.x + box.width / 2 + step * 5, box.y + box.height / 2 + step * 2);
      await page.evaluate('new Promise((resolve) => requestAnimationFrame(resolve))');
    }
    await page.mouse.up();
    const frames = (await page.evaluate('(() => { window.benchStop = true; return window.benchFrames; })()')) as number[];
    const during = frames.slice(2);

    const initial = initialJavaScript(WEB_DIST);
    const flowInFirstLoad = initial.files.some((file) => /react-flow|xyflow/.test(fs.readFileSync(path.join(WEB_DIST, file), 'utf8')));
    process.stdout.write(
      `Diagram designer (${NODES} nodes, ${NODES - 1} links, headless Chromium 1280×800):\n` +
      `  open designer  ${ms(Math.min(...opens))} best, ${ms(percentile(opens, 0.5))} median of ${opens.length} (navigation → nodes painted)\n` +
      `  auto-layout    ${ms(layout)} (click → moved nodes painted; dagre's chunk loaded on this first use)\n` +
      `  drag frames    p50 ${ms(percentile(during, 0.5))}, p95 ${ms(percentile(during, 0.95))}, max ${ms(Math.max(...during))} over ${during.length} frames (goal ≤ 16 ms)\n` +
      `  initial JS     ${kb(initial.gzipBytes)} gzip in ${initial.files.length} files (before issue 12: ${kb(INITIAL_JS_BEFORE_GZIP)} in 13 files); ` +
      `React Flow in the first load: ${flowInFirstLoad ? 'YES' : 'no'}\n`,
    );
    await context.close();
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(root, { recursive: true, force: true });
  }
}

if (import.meta.filename === process.argv[1]) {
  benchDiagramDesigner().catch((err: unknown) => {
    process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  });
}
