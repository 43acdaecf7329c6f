import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { E2E_TMP_DIR, REPO_ROOT } from './paths';

const SERVER_ENTRY = ['--import', 'tsx', 'packages/server/src/main.ts'];
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 15_000;

/** A real LinkLoom server on a free port with its own empty data directory. */
export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  /** Creates a user through the CLI (`user:add NAME`, password on standard input). */
  addUser(name: string, password: string): Promise<void>;
  /** SIGTERM, wait for the exit, then remove the data directory. */
  stop(): Promise<void>;
}

/** Asks the OS for a port nobody listens on. */
async function freePort(): Promise<number> {
  const probe = net.createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const address = probe.address();
  probe.close();
  if (address === null || typeof address === 'string') throw new Error('Could not pick a free port');
  return address.port;
}

/** The environment of the server and the CLI: the embedded default (SQLite), nothing inherited that changes it. */
function serverEnv(port: number, dataDir: string, extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  for (const key of ['DATABASE_URL', 'DATABASE_SCHEMA', 'LATEST_VERSION', 'WEB_DIST']) delete env[key];
  // The specs log in more often than a person would; the rate limit is not what they test.
  env.LOGIN_ATTEMPTS_PER_MINUTE = '1000';
  return { ...env, ...extra };
}

/** Collects a child's output, so a failure can say what the server printed. */
function captureOutput(child: ChildProcess): () => string {
  let output = '';
  const append = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-20_000);
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  return () => output;
}

async function waitUntilAnswering(baseUrl: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`The server exited (${child.exitCode ?? child.signalCode}) before answering:\n${output()}`);
    }
    try {
      const response = await fetch(`${baseUrl}/public/api/app-info`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The server did not answer GET /public/api/app-info within ${START_TIMEOUT_MS} ms:\n${output()}`);
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

/** Starts `node --import tsx packages/server/src/main.ts serve` and waits until it answers. */
export async function startServer(extraEnv: Record<string, string> = {}): Promise<RunningServer> {
  await fs.mkdir(E2E_TMP_DIR, { recursive: true });
  const dataDir = await fs.mkdtemp(path.join(E2E_TMP_DIR, 'data-'));
  const port = await freePort();
  const env = serverEnv(port, dataDir, extraEnv);
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...SERVER_ENTRY, 'serve'], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const output = captureOutput(child);
  try {
    await waitUntilAnswering(baseUrl, child, output);
  } catch (error) {
    await stopProcess(child);
    await fs.rm(dataDir, { recursive: true, force: true });
    throw error;
  }

  return {
    baseUrl,
    dataDir,
    async addUser(name, password) {
      const cli = spawn(process.execPath, [...SERVER_ENTRY, 'user:add', name], { cwd: REPO_ROOT, env, stdio: ['pipe', 'pipe', 'pipe'] });
      const cliOutput = captureOutput(cli);
      cli.stdin?.end(`${password}\n`);
      const [code] = (await once(cli, 'exit')) as [number | null];
      if (code !== 0) throw new Error(`user:add ${name} exited with ${code}:\n${cliOutput()}`);
    },
    async stop() {
      await stopProcess(child);
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
