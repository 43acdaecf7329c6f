/**
 * Issue 10 goal 3, "start": from starting the process to the first HTTP answer, warm machine
 * (files in the page cache: one unmeasured start first). LinkLoom as `npm start` serves it (the
 * build, packages/server/dist/main.js, through scripts/run-server.mjs), the same server from its
 * sources through tsx (development, tests), and the baseline: a bare Fastify app answering one
 * route. Each on an empty data directory of its own (so migrations run, as on a first start).
 * Median of several starts. Asserts nothing.
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

const RUNS = Number(process.env.BENCH_START_RUNS ?? 5);

/** A bare Fastify app: the floor any Node HTTP server with this framework starts from. */
const BARE_FASTIFY = `import Fastify from 'fastify';
const app = Fastify();
app.get('/public/api/app-info', async () => ({ ok: true }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });`;

/** Starts `args`, polls until GET /public/api/app-info answers, stops it; the milliseconds it took. */
async function timeToFirstAnswer(args: string[]): Promise<number> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkloom-bench-start-'));
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd: REPO_ROOT, env, stdio: ['ignore', 'ignore', 'pipe'] });
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
        if (response.ok) return performance.now() - started;
      } catch {
        // Not listening yet.
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function median(args: string[]): Promise<number> {
  await timeToFirstAnswer(args);
  const times: number[] = [];
  for (let run = 0; run < RUNS; run += 1) times.push(await timeToFirstAnswer(args));
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)] ?? Number.NaN;
}

const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** Runs the start benchmark and prints its figures. */
export async function benchServerStart(): Promise<void> {
  const built = path.join(REPO_ROOT, 'packages/server/dist/main.js');
  if (!fs.existsSync(built)) throw new Error('packages/server/dist/main.js is missing: run npm run build first');
  const bareFile = path.join(REPO_ROOT, 'bench', '.bare-fastify.mjs');
  fs.writeFileSync(bareFile, BARE_FASTIFY);
  try {
    const bare = await median([bareFile]);
    const fromBuild = await median([path.join(REPO_ROOT, 'scripts/run-server.mjs'), 'serve']);
    const fromSources = await median(['--import', 'tsx', path.join(REPO_ROOT, 'packages/server/src/main.ts'), 'serve']);
    process.stdout.write(
      `Server start (process start → first answer, warm, median of ${RUNS}):\n` +
      `  npm start's server (build)  ${s(fromBuild)}  (goal ≤ 1.00 s; baseline bare Fastify ${s(bare)})\n` +
      `  from the sources via tsx    ${s(fromSources)}  (development and tests)\n`,
    );
  } finally {
    fs.rmSync(bareFile, { force: true });
  }
}

if (import.meta.filename === process.argv[1]) {
  // Alone too, it measures what `npm start` serves: built first where a source changed.
  buildWhatChanged().then(benchServerStart).catch((err: unknown) => {
    process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  });
}
