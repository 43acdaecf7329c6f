/**
 * Real WordPress blogs for integration tests, through scripts/peers/wordpress.sh (Debian's packages,
 * own nginx + php-fpm, one database per blog). Installing needs root and apt; a machine that cannot
 * install skips these tests with the reason, except with REQUIRE_WORDPRESS=1 (CI), where it fails.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export const WORDPRESS_SCRIPT = path.resolve(import.meta.dirname, '../../../../scripts/peers/wordpress.sh');

export interface WordPressPeerSite {
  url: string;
  username: string;
  /** The admin's login password. */
  password: string;
  applicationPassword: string;
  xmlrpcUrl: string;
}

export interface WordPressPeers {
  sites: WordPressPeerSite[];
  stateDir: string;
  stop(): Promise<void>;
}

export type WordPressAvailability = { available: true } | { available: false; reason: string };

let availability: Promise<WordPressAvailability> | undefined;

/**
 * Installs the packages once per process (fast when present). Resolves `available: false` with the
 * reason when this machine cannot; throws instead when REQUIRE_WORDPRESS=1.
 */
export function wordPressAvailability(): Promise<WordPressAvailability> {
  availability ??= (async () => {
    try {
      await run('bash', [WORDPRESS_SCRIPT, 'install'], { timeout: 10 * 60_000, maxBuffer: 16 * 1024 * 1024 });
      return { available: true } as const;
    } catch (error) {
      const reason = describeFailure(error);
      if (process.env.REQUIRE_WORDPRESS === '1') throw new Error(`WordPress peers are required (REQUIRE_WORDPRESS=1) but cannot be installed: ${reason}`);
      process.stdout.write(`\n*** WordPress peers unavailable (${reason}): the WordPress integration tests are SKIPPED. ***\n\n`);
      return { available: false, reason } as const;
    }
  })();
  return availability;
}

export interface WordPressPeersOptions {
  /** php-fpm workers shared by the blogs (default 8); raise it for benchmarks with many posting threads. */
  phpWorkers?: number;
}

/** Starts `count` blogs on free consecutive ports of 127.0.0.1. */
export async function startWordPressPeers(count: number, options: WordPressPeersOptions = {}): Promise<WordPressPeers> {
  const ready = await wordPressAvailability();
  if (!ready.available) throw new Error(`WordPress peers are unavailable: ${ready.reason}`);
  let lastError: unknown;
  for (let attempt = 0; attempt < 5; attempt++) {
    const basePort = await freeConsecutivePorts(count);
    const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'll-wp-'));
    try {
      const env = options.phpWorkers ? { ...process.env, WP_PEERS_PHP_CHILDREN: String(options.phpWorkers) } : process.env;
      const { stdout } = await run('bash', [WORDPRESS_SCRIPT, 'start', String(count), String(basePort), stateDir], { timeout: 120_000, env });
      const sites = stdout
        .split('\n')
        .filter((line) => line.trim().startsWith('{'))
        .map((line) => JSON.parse(line) as WordPressPeerSite);
      if (sites.length !== count) throw new Error(`wordpress.sh start printed ${sites.length} blogs instead of ${count}`);
      let stopped = false;
      return {
        sites,
        stateDir,
        async stop() {
          if (stopped) return;
          stopped = true;
          await run('bash', [WORDPRESS_SCRIPT, 'stop', stateDir], { timeout: 60_000 });
          fs.rmSync(stateDir, { recursive: true, force: true });
        },
      };
    } catch (error) {
      lastError = error;
      fs.rmSync(stateDir, { recursive: true, force: true });
      // Another process took a port between the check and the start: try other ports.
      if (!/already in use/.test(describeFailure(error))) break;
    }
  }
  throw new Error(`Could not start ${count} WordPress blogs: ${describeFailure(lastError)}`);
}

/** A base port with `count` free ports from it, in 20000..59999. */
async function freeConsecutivePorts(count: number): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const base = 20_000 + Math.floor(Math.random() * (40_000 - count));
    const checks = await Promise.all(Array.from({ length: count }, (_, index) => portIsFree(base + index)));
    if (checks.every(Boolean)) return base;
  }
  throw new Error(`No ${count} consecutive free ports found on 127.0.0.1`);
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

function describeFailure(error: unknown): string {
  if (error && typeof error === 'object' && 'stderr' in error) {
    const stderr = String((error as { stderr: unknown }).stderr).trim();
    if (stderr) return stderr.split('\n').slice(-3).join(' ');
  }
  return error instanceof Error ? error.message : String(error);
}
