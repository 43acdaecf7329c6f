/**
 * Issue 33.4: spinning a large text holds nobody else up. Through the real server `npm start`
 * serves (packages/server/dist/main.js, built first when stale), on the embedded default (SQLite):
 *
 * - POST /action/spin/test with the built-in spinner on 10 KB, 100 KB and 500 KB of spintax, its
 *   groups closed (`{quick|fast|rapid} …`) and never closed (`{a|` repeated: the attack of issue
 *   33, once 83 s at 500 KB): milliseconds per spin and per KB (goal: linear, 500 KB ≤ 300 ms);
 * - meanwhile another user's GET /api/session, one every 10 ms whether or not the previous ones
 *   answered (a frozen server shows as slow requests, not as fewer): its p99 during the spins,
 *   beside the same probe on the idle server in the same run (goal: p99 ≤ 100 ms).
 *
 * The first large spin starts the content pool's thread (about a second) and the first small one
 * runs code not yet compiled: one warm-up spin of each shape and size runs before the figures.
 * BENCH_SPIN_ROUNDS (default 10) spins per figure.
 * Runs alone (`node --import tsx bench/spin.ts`) or from `npm run bench`. Asserts nothing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../packages/server/src/platform/db/dialect';
import { migrateToLatest } from '../packages/server/src/platform/db/migrate';
import { createUser } from '../packages/server/src/features/session/create-user';
import { startServer } from '../packages/server/test/support/server-process';
import { SERVER_BUILD } from '../scripts/build/server.mjs';
import { buildWhatChanged } from '../scripts/build/build-what-changed.mjs';

const ROUNDS = Number(process.env.BENCH_SPIN_ROUNDS ?? 10);
const PROBE_EVERY_MS = 10;
const IDLE_PROBE_MS = 3000;
const SPINNER = { username: 'spinner@example.test', password: 'bench password' };
const OTHER = { username: 'other@example.test', password: 'bench password' };
const SIZES_KB = [10, 100, 500];
const SHAPES: Record<string, string> = {
  closed: '{quick|fast|rapid} {brown|red} fox {jumps|leaps} over the {lazy|sleepy} dog. ',
  unclosed: '{a|',
};

interface Auth {
  cookie: string;
  xsrf: string;
}

async function signIn(baseUrl: string, user: { username: string; password: string }): Promise<Auth> {
  const response = await fetch(`${baseUrl}/public/api/login/account`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...user, type: 'account' }),
  });
  if (!response.ok) throw new Error(`login failed: ${response.status}`);
  const pairs = response.headers.getSetCookie().map((c) => c.split(';')[0]!);
  return { cookie: pairs.join('; '), xsrf: pairs.find((p) => p.startsWith('XSRF-TOKEN='))?.slice('XSRF-TOKEN='.length) ?? '' };
}

/** `kb` × 1,000 characters of the shape, cut at the size (an unclosed shape stays unclosed). */
const textOf = (shape: string, kb: number) => shape.repeat(Math.ceil((kb * 1000) / shape.length)).slice(0, kb * 1000);

/** One spin through the server; its time in ms. */
async function spinOnce(baseUrl: string, auth: Auth, text: string): Promise<number> {
  const start = performance.now();
  const response = await fetch(`${baseUrl}/action/spin/test`, {
    method: 'POST',
    headers: { cookie: auth.cookie, 'x-xsrf-token': auth.xsrf, 'content-type': 'application/json' },
    body: JSON.stringify({ spinnerService: 'BuiltIn', body: text }),
  });
  const answer = (await response.json()) as { result?: string; error?: { message: string } };
  if (!response.ok || typeof answer.result !== 'string') throw new Error(`spin: ${response.status} ${answer.error?.message ?? ''}`);
  return performance.now() - start;
}

/** The other user's GET /api/session every PROBE_EVERY_MS until stopped; stop() answers the latencies (ms). */
function latencyProbe(baseUrl: string, auth: Auth): { stop(): Promise<number[]> } {
  const latencies: Promise<number>[] = [];
  const timer = setInterval(() => {
    const start = performance.now();
    latencies.push(fetch(`${baseUrl}/api/session`, { headers: { cookie: auth.cookie } }).then(async (response) => {
      await response.arrayBuffer();
      return response.ok ? performance.now() - start : Number.POSITIVE_INFINITY;
    }, () => Number.POSITIVE_INFINITY));
  }, PROBE_EVERY_MS);
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

const ms = (value: number) => `${value.toFixed(value < 10 ? 1 : 0)} ms`;

async function seed(dataDir: string): Promise<void> {
  const database = openDatabase({ databaseUrl: undefined, dataDir });
  await migrateToLatest(database);
  await createUser(database.db, SPINNER.username, SPINNER.password);
  await createUser(database.db, OTHER.username, OTHER.password);
  await database.close();
}

/** Runs the spin benchmark and prints its figures. */
export async function benchSpin(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkloom-bench-spin-'));
  try {
    await seed(dataDir);
    const server = await startServer({ DATA_DIR: dataDir, LOGIN_ATTEMPTS_PER_MINUTE: '1000' }, { entry: [SERVER_BUILD] });
    try {
      const spinner = await signIn(server.baseUrl, SPINNER);
      const other = await signIn(server.baseUrl, OTHER);
      // Warm: the pool's thread started, the synonym list on both threads, the code of each path compiled.
      for (const shape of Object.values(SHAPES)) for (const kb of SIZES_KB) await spinOnce(server.baseUrl, spinner, textOf(shape, kb));

      const idleProbe = latencyProbe(server.baseUrl, other);
      await new Promise((resolve) => setTimeout(resolve, IDLE_PROBE_MS));
      const idle = await idleProbe.stop();
      process.stdout.write(
        `Spin (built-in spinner, POST /action/spin/test through the built server, SQLite, ${os.cpus().length} cores, ${ROUNDS} spins per line):\n` +
        `  other user's GET /api/session every ${PROBE_EVERY_MS} ms, idle server: p50 ${ms(percentile(idle, 50))}, p99 ${ms(percentile(idle, 99))} (${idle.length} requests)\n`,
      );

      const perKb: Record<string, number[]> = {};
      let worst500 = 0;
      let worstP99 = 0;
      for (const [name, shape] of Object.entries(SHAPES)) {
        for (const kb of SIZES_KB) {
          const text = textOf(shape, kb);
          const probe = latencyProbe(server.baseUrl, other);
          const times: number[] = [];
          for (let round = 0; round < ROUNDS; round += 1) times.push(await spinOnce(server.baseUrl, spinner, text));
          const during = await probe.stop();
          const p50 = percentile(times, 50);
          (perKb[name] ??= []).push(p50 / kb);
          if (kb === 500) worst500 = Math.max(worst500, p50);
          worstP99 = Math.max(worstP99, percentile(during, 99));
          process.stdout.write(
            `  ${`${kb} KB ${name}`.padEnd(16)} spin p50 ${ms(p50).padStart(7)}, max ${ms(Math.max(...times)).padStart(7)}, ${ms(p50 / kb).padStart(7)}/KB   ` +
            `other user p50 ${ms(percentile(during, 50))}, p99 ${ms(percentile(during, 99))}, max ${ms(Math.max(...during))} (${during.length} requests)\n`,
          );
        }
      }
      const growth = Object.entries(perKb).map(([name, values]) => `${name} ${(values[values.length - 1]! / values[0]!).toFixed(2)}×`).join(', ');
      process.stdout.write(
        `  ms/KB at 500 KB over ms/KB at 10 KB: ${growth} (goal: linear, ≈ 1× or less)\n` +
        `  500 KB: ${ms(worst500)} at worst (goal ≤ 300 ms); other user's p99 during the spins: ${ms(worstP99)} at worst, idle ${ms(percentile(idle, 99))} (goal ≤ 100 ms)\n`,
      );
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  buildWhatChanged().then(benchSpin).catch((err: unknown) => {
    process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  });
}
