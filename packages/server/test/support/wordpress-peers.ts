/**
 * Real WordPress blogs for integration tests, through scripts/peers/wordpress.sh (Debian's packages,
 * own nginx + php-fpm, one database per blog). Installing needs root and apt; a machine that cannot
 * install skips these tests with the reason, except with REQUIRE_WORDPRESS=1 (CI), where it fails.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { peerAvailability, type PeerAvailability } from './peer-availability';
import { freeConsecutivePorts, startOnFreePorts } from './peer-ports';

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

export type WordPressAvailability = PeerAvailability;

/** Installs the packages once per process; `available: false` with the reason, or a throw when REQUIRE_WORDPRESS=1. */
export const wordPressAvailability = peerAvailability({ name: 'WordPress peers', script: WORDPRESS_SCRIPT, require: 'REQUIRE_WORDPRESS', tests: 'WordPress integration tests' });

export interface WordPressPeersOptions {
  /** php-fpm workers shared by the blogs (default 8); raise it for benchmarks with many posting threads. */
  phpWorkers?: number;
  /** An extra PHP ini folder for the blogs (a Dovecot peer's `phpIniDir`: its sendmail_path lands their mail in real mailboxes). */
  phpIniDir?: string;
}

/** Starts `count` blogs on free consecutive ports of 127.0.0.1. */
export async function startWordPressPeers(count: number, options: WordPressPeersOptions = {}): Promise<WordPressPeers> {
  const ready = await wordPressAvailability();
  if (!ready.available) throw new Error(`WordPress peers are unavailable: ${ready.reason}`);
  return startOnFreePorts({
    what: `${count} WordPress blogs`,
    stateDirPrefix: 'll-wp-',
    freePorts: () => freeConsecutivePorts(count),
    async start(basePort, stateDir) {
      const env = {
        ...process.env,
        ...(options.phpWorkers ? { WP_PEERS_PHP_CHILDREN: String(options.phpWorkers) } : {}),
        ...(options.phpIniDir ? { WP_PEERS_PHP_INI_DIR: options.phpIniDir } : {}),
      };
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
    },
    portTaken: /already in use/,
  });
}
