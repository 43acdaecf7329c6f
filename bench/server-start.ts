/**
 * Issue 10 goal 3 and issue 40 item 4, "start": from starting the process to the first HTTP
 * answer, warm machine (files in the page cache: one unmeasured start of each first). `npm run
 * serve` as a user types it (npm, then the build, packages/server/dist/main.js, through
 * scripts/run-server.mjs), the same without npm, the same without its code cache (which the
 * build writes: a start without one is a build folder the server cannot write to, or a Node other
 * than the build's), and the baseline, a bare Fastify app answering one route (started by node, and
 * by npm run serve as a package of its own: npm's start on both sides), in interleaved rounds
 * (min / median / max of each); then one start from the sources
 * through tsx (development, tests). Each on an empty data directory of its own (so migrations run,
 * as on a first start). Asserts nothing.
 *
 * Runs alone (`node --import tsx bench/server-start.ts`) or from `npm run bench`.
 */
import './support/local-peers';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT, freePort } from '../packages/server/test/support/server-process';
import { buildWhatChanged } from '../scripts/build/build-what-changed.mjs';
import { minMedianMax, minMedianMaxText } from './support/min-median-max';
import { BUNDLE_NAME, codeCacheFile } from '../scripts/build/server-launcher.mjs';

const RUNS = Number(process.env.BENCH_START_RUNS ?? 5);

/** A bare Fastify app: the floor any Node HTTP server with this framework starts from. */
const BARE_FASTIFY = `import Fastify from 'fastify';
const app = Fastify();
app.get('/public/api/app-info', async () => ({ ok: true }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });`;

/**
 * Starts `args`, polls until GET /public/api/app-info answers, stops it (once `until` holds, when
 * given: polled for up to 30 s after the answer); the milliseconds to the answer. On an empty data
 * directory of its own, removed after, unless `keptDataDir` is given (a restart: its data stays).
 */
async function timeToFirstAnswer(
  args: readonly string[], command: string = process.execPath, options: { until?: () => boolean; keptDataDir?: string; cwd?: string } = {},
): Promise<number> {
  const { until, keptDataDir, cwd = REPO_ROOT } = options;
  const port = await freePort();
  const dataDir = keptDataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'linkloom-bench-start-'));
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  const started = performance.now();
  // A group of its own: npm's children are stopped with it.
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'ignore', 'pipe'], detached: true });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}:\n${stderr}`);
      if (performance.now() - started > 60_000) throw new Error(`${args.join(' ')} did not answer within 60 s:\n${stderr}`);
      try {
        const response = await fetch(`http://127.0.0.1:${port}/public/api/app-info`);
        if (response.ok) {
          const answered = performance.now() - started;
          for (const waitUntil = Date.now() + 30_000; until && !until() && Date.now() < waitUntil;) await new Promise((resolve) => setTimeout(resolve, 20));
          return answered;
        }
      } catch {
        // Not listening yet.
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    if (child.exitCode === null) process.kill(-child.pid!, 'SIGTERM');
    await exited;
    // npm's server child too: its port answers no more.
    for (let waited = 0; waited < 5_000; waited += 50) {
      try {
        await fetch(`http://127.0.0.1:${port}/public/api/app-info`);
      } catch {
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    if (!keptDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Issue 40 item 4: `npm run serve` answers within this long… */
const GOAL_MS = 600;
/** …and within this many times bare Fastify's start. */
const GOAL_RATIO = 2;

const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const medianOf = (times: number[]) => minMedianMax(times).median;
const spread = (times: number[]) => minMedianMaxText(times, s);

/** Runs the start benchmark and prints its figures. */
export async function benchServerStart(): Promise<void> {
  const built = path.join(REPO_ROOT, 'packages/server/dist/main.js');
  if (!fs.existsSync(built)) throw new Error('packages/server/dist/main.js is missing: run npm run build first');
  const codeCache = codeCacheFile(path.join(path.dirname(built), BUNDLE_NAME));
  const bareFile = path.join(REPO_ROOT, 'bench', '.bare-fastify.mjs');
  fs.writeFileSync(bareFile, BARE_FASTIFY);
  // The same app as a package of its own whose `npm run serve` starts it: npm's own start (about
  // 0.15 s here, before any of the server's code runs) counted on both sides.
  const bareNpmDir = path.join(REPO_ROOT, 'bench', '.bare-fastify-npm');
  fs.mkdirSync(bareNpmDir, { recursive: true });
  fs.writeFileSync(path.join(bareNpmDir, 'package.json'), JSON.stringify({ name: 'bare-fastify', private: true, scripts: { serve: `node ${JSON.stringify(bareFile)}` } }));
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const build = { command: process.execPath, args: [path.join(REPO_ROOT, 'scripts/run-server.mjs'), 'serve'] };
  const starts = {
    bare: { command: process.execPath, args: [bareFile] },
    bareNpm: { command: npm, args: ['run', '--silent', 'serve'], cwd: bareNpmDir },
    build,
    npm: { command: npm, args: ['run', '--silent', 'serve'] },
    // No code cache (the build writes one; without it, a start writes it once up, after the answer).
    noCache: build,
    // npm run serve on the data of an earlier start: no migration runs, as on most starts.
    restart: { command: npm, args: ['run', '--silent', 'serve'] },
  } as const;
  const keptDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkloom-bench-restart-'));
  try {
    // Warm-up (files into the page cache; a start without a code cache writes one once up),
    // then interleaved rounds: the machine's load falls on all alike.
    fs.rmSync(codeCache, { force: true });
    await timeToFirstAnswer(build.args, build.command, { until: () => fs.existsSync(codeCache), keptDataDir });
    const cache = fs.readFileSync(codeCache);
    await timeToFirstAnswer(starts.bare.args, starts.bare.command);
    await timeToFirstAnswer(starts.bareNpm.args, starts.bareNpm.command, { cwd: starts.bareNpm.cwd });
    await timeToFirstAnswer(starts.npm.args, starts.npm.command);
    const names = ['bare', 'bareNpm', 'build', 'npm', 'noCache', 'restart'] as const;
    const times = Object.fromEntries(names.map((name) => [name, [] as number[]])) as Record<(typeof names)[number], number[]>;
    for (let run = 0; run < RUNS; run += 1) {
      for (const name of names) {
        if (name === 'noCache') fs.rmSync(codeCache, { force: true });
        else fs.writeFileSync(codeCache, cache);
        const start: { args: readonly string[]; command: string; cwd?: string } = starts[name];
        times[name].push(await timeToFirstAnswer(start.args, start.command, { ...(name === 'restart' ? { keptDataDir } : {}), ...(start.cwd ? { cwd: start.cwd } : {}) }));
      }
    }
    fs.writeFileSync(codeCache, cache);
    await timeToFirstAnswer(['--import', 'tsx', path.join(REPO_ROOT, 'packages/server/src/main.ts'), 'serve']);
    const fromSources = await timeToFirstAnswer(['--import', 'tsx', path.join(REPO_ROOT, 'packages/server/src/main.ts'), 'serve']);
    const ratio = medianOf(times.npm) / medianOf(times.bare);
    const met = medianOf(times.npm) <= GOAL_MS && ratio <= GOAL_RATIO;
    const npmRatio = medianOf(times.npm) / medianOf(times.bareNpm);
    process.stdout.write(
      `Server start (process start → first answer on an empty data directory, warm, ${RUNS} interleaved rounds; min / median / max):\n` +
      `  npm run serve (the build)     ${spread(times.npm)}  (goal ≤ ${s(GOAL_MS)} and ≤ ${GOAL_RATIO}× bare: ${ratio.toFixed(2)}×, ${met ? 'met' : 'NOT met'})\n` +
      `  … restarted on its data       ${spread(times.restart)}  (no migration to run; ${(medianOf(times.restart) / medianOf(times.bare)).toFixed(2)}× bare)\n` +
      `  the build without npm         ${spread(times.build)}  (scripts/run-server.mjs serve; ${(medianOf(times.build) / medianOf(times.bare)).toFixed(2)}× bare)\n` +
      `  … without its code cache      ${spread(times.noCache)}  (which the build writes; ${(medianOf(times.noCache) / medianOf(times.bare)).toFixed(2)}× bare)\n` +
      `  baseline: bare Fastify        ${spread(times.bare)}\n` +
      `  … through npm run serve       ${spread(times.bareNpm)}  (the same app as a package of its own: npm run serve against it ${npmRatio.toFixed(2)}×)\n` +
      `  from the sources via tsx      ${s(fromSources)}  (development and tests; one start after a warm-up)\n`,
    );
  } finally {
    fs.rmSync(bareFile, { force: true });
    fs.rmSync(bareNpmDir, { recursive: true, force: true });
    fs.rmSync(keptDataDir, { recursive: true, force: true });
  }
}

if (import.meta.filename === process.argv[1]) {
  // Alone too, it measures what `npm start` serves: built first where a source changed.
  buildWhatChanged().then(benchServerStart).catch((err: unknown) => {
    process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  });
}
