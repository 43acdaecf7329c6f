import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readdirSync, statSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * LinkLoom as separate processes, the way `npm run serve` and `npm run user:add` run it: used by
 * the browser tests, the benchmarks and the API tests of the CLI and of shutdown.
 */
export const REPO_ROOT = path.resolve(import.meta.dirname, '..', '..', '..', '..');
const SOURCES_ENTRY = ['--import', 'tsx', path.join(REPO_ROOT, 'packages/server/src/main.ts')];
const BUNDLE = path.join(REPO_ROOT, 'packages/server/dist/main.js');
/** The folders the server bundle is built from. */
const BUNDLED_SOURCES = ['packages/server/src', 'packages/shared/src'].map((folder) => path.join(REPO_ROOT, folder));

/** The newest modification time of a file under `folder`. */
function newestUnder(folder: string): number {
  let newest = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

let chosenEntry: string[] | undefined;
/**
 * How the server and the CLI are started: the sources through tsx, or with
 * LINKLOOM_TEST_SERVER=bundle (the browser tests' project sets it) the bundle `npm start` runs,
 * which answers in about a second instead of three (nothing to compile). A bundle older than its
 * sources is refused rather than tested.
 */
function serverEntry(): string[] {
  if (chosenEntry) return chosenEntry;
  if (process.env.LINKLOOM_TEST_SERVER !== 'bundle') return (chosenEntry = SOURCES_ENTRY);
  const built = (() => {
    try {
      return statSync(BUNDLE).mtimeMs;
    } catch {
      return undefined;
    }
  })();
  if (built === undefined) throw new Error(`${BUNDLE} is missing: run \`npm run build\` before the browser tests`);
  if (Math.max(...BUNDLED_SOURCES.map(newestUnder)) > built) throw new Error(`${BUNDLE} is older than the server's sources: run \`npm run build\` again`);
  return (chosenEntry = [BUNDLE]);
}
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 15_000;

export interface RunningServer {
  baseUrl: string;
  /** The environment the server runs with (the CLI gets the same, so it reaches the same data). */
  env: NodeJS.ProcessEnv;
  /** Process id of the server (benchmarks read its peak memory from /proc/<pid>/status). */
  pid: number | undefined;
  /** What the server wrote to standard error so far (warnings land there). */
  stderr(): string;
  /** What the server wrote to standard output so far (its log lines). */
  stdout(): string;
  /** Creates a user through the CLI (`user:add NAME`, password on standard input). */
  addUser(name: string, password: string): Promise<void>;
  /** SIGTERM, wait for the exit (SIGKILL after 15 s), remove a data dir made here; the exit code. */
  stop(): Promise<number | null>;
}

/** Asks the OS for a port nobody listens on. */
export async function freePort(): Promise<number> {
  const probe = net.createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const address = probe.address();
  probe.close();
  if (address === null || typeof address === 'string') throw new Error('Could not pick a free port');
  return address.port;
}

/**
 * The embedded default (SQLite) unless `extra` names a database; nothing inherited changes it but
 * WEB_DIST (a build of the web app elsewhere than packages/web/dist). Callers log in more often
 * than a person would, so the rate limit is raised unless given.
 */
function serverEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'warn', LOGIN_ATTEMPTS_PER_MINUTE: '1000' };
  for (const key of ['PORT', 'DATA_DIR', 'DATABASE_URL', 'DATABASE_SCHEMA', 'LATEST_VERSION', 'SECRETS_KEY', 'SECRETS_KEY_FILE']) delete env[key];
  return { ...env, ...extra };
}

/** Collects a child's output, so a failure can say what it printed. */
function captureOutput(child: ChildProcess): { all(): string; stdout(): string; stderr(): string } {
  let all = '';
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk;
    all = (all + chunk.toString('utf8')).slice(-20_000);
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk;
    all = (all + chunk.toString('utf8')).slice(-20_000);
  });
  return { all: () => all, stdout: () => stdout, stderr: () => stderr };
}

/** Runs one CLI command (`user:add NAME`, `migrate`) with `stdin` as its standard input. */
export async function runCli(args: string[], stdin: string, env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [...serverEntry(), ...args], { cwd: REPO_ROOT, env: serverEnv(env), stdio: ['pipe', 'pipe', 'pipe'] });
  const output = captureOutput(child);
  child.stdin?.end(stdin);
  const [code] = (await once(child, 'close')) as [number | null];
  return { code, stdout: output.stdout(), stderr: output.stderr() };
}

async function waitUntilAnswering(baseUrl: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`The server exited (${child.exitCode ?? child.signalCode}) before answering:\n${output()}`);
    }
    try {
      if ((await fetch(`${baseUrl}/public/api/app-info`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The server did not answer GET /public/api/app-info within ${START_TIMEOUT_MS} ms:\n${output()}`);
}

async function stopProcess(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
  const exited = once(child, 'exit') as Promise<[number | null]>;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  const [code] = await exited;
  clearTimeout(timer);
  return code;
}

/**
 * Starts `serve` on a free port and waits until it answers. Without DATA_DIR or DATABASE_URL in
 * `extraEnv` it gets an empty data directory of its own, removed again on stop(). `entry` runs
 * another build of the server than the sources through tsx (the bundle `npm start` runs).
 */
export async function startServer(extraEnv: Record<string, string> = {}, options: { entry?: string[] } = {}): Promise<RunningServer> {
  const started = options.entry ?? serverEntry();
  const ownDataDir = extraEnv.DATA_DIR || extraEnv.DATABASE_URL ? null : await fs.mkdtemp(path.join(os.tmpdir(), 'linkloom-data-'));
  const port = await freePort();
  const env = serverEnv({ ...(ownDataDir ? { DATA_DIR: ownDataDir } : {}), ...extraEnv, PORT: String(port) });
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...started, 'serve'], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const output = captureOutput(child);
  const cleanUp = async () => {
    const code = await stopProcess(child);
    if (ownDataDir) await fs.rm(ownDataDir, { recursive: true, force: true });
    return code;
  };
  try {
    await waitUntilAnswering(baseUrl, child, output.all);
  } catch (error) {
    await cleanUp();
    throw error;
  }
  return {
    baseUrl,
    env,
    pid: child.pid,
    stderr: output.stderr,
    stdout: output.stdout,
    async addUser(name, password) {
      const result = await runCli(['user:add', name], `${password}\n`, env as Record<string, string>);
      if (result.code !== 0) throw new Error(`user:add ${name} exited with ${result.code}:\n${result.stderr}`);
    },
    stop: cleanUp,
  };
}
