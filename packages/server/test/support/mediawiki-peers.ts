/**
 * Real MediaWiki wikis for integration tests, through scripts/peers/mediawiki.sh (Debian's
 * `mediawiki`, one `php -S` per wiki, one database per wiki, a bot password with page-creation
 * grants). Installing needs root and apt; a machine that cannot install skips these tests with the
 * reason, except with REQUIRE_MEDIAWIKI=1 (CI), where it fails.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { peerAvailability, type PeerAvailability } from './peer-availability';
import { freeConsecutivePorts, startOnFreePorts } from './peer-ports';

const run = promisify(execFile);

export const MEDIAWIKI_SCRIPT = path.resolve(import.meta.dirname, '../../../../scripts/peers/mediawiki.sh');

export interface MediaWikiPeerSite {
  url: string;
  apiUrl: string;
  /** The wiki's admin account (sysop, bureaucrat) and its login password. */
  username: string;
  password: string;
  /** A bot password of the admin (`Admin@linkloom`) with the grants basic, editpage, createeditmovepage, highvolume. */
  botUsername: string;
  botPassword: string;
}

export interface MediaWikiPeers {
  sites: MediaWikiPeerSite[];
  stateDir: string;
  stop(): Promise<void>;
}

export type MediaWikiAvailability = PeerAvailability;

/** Installs the packages once per process; `available: false` with the reason, or a throw when REQUIRE_MEDIAWIKI=1. */
export const mediaWikiAvailability = peerAvailability({ name: 'MediaWiki peers', script: MEDIAWIKI_SCRIPT, require: 'REQUIRE_MEDIAWIKI', tests: 'MediaWiki integration tests' });

export interface MediaWikiPeersOptions {
  /** php -S workers per wiki (default 4). */
  phpWorkers?: number;
  /** An extra PHP ini folder for the wikis (a Dovecot peer's `phpIniDir`): e-mail confirmation on, their mail lands in real mailboxes. */
  phpIniDir?: string;
}

/** Starts `count` wikis on free consecutive ports of 127.0.0.1. */
export async function startMediaWikiPeers(count: number, options: MediaWikiPeersOptions = {}): Promise<MediaWikiPeers> {
  const ready = await mediaWikiAvailability();
  if (!ready.available) throw new Error(`MediaWiki peers are unavailable: ${ready.reason}`);
  return startOnFreePorts({
    what: `${count} MediaWiki wikis`,
    stateDirPrefix: 'll-mw-',
    freePorts: () => freeConsecutivePorts(count),
    async start(basePort, stateDir) {
      const env = {
        ...process.env,
        ...(options.phpWorkers ? { MW_PEERS_PHP_WORKERS: String(options.phpWorkers) } : {}),
        ...(options.phpIniDir ? { MW_PEERS_PHP_INI_DIR: options.phpIniDir } : {}),
      };
      const { stdout } = await run('bash', [MEDIAWIKI_SCRIPT, 'start', String(count), String(basePort), stateDir], { timeout: 180_000, env });
      const sites = stdout
        .split('\n')
        .filter((line) => line.trim().startsWith('{'))
        .map((line) => JSON.parse(line) as MediaWikiPeerSite);
      if (sites.length !== count) throw new Error(`mediawiki.sh start printed ${sites.length} wikis instead of ${count}`);
      let stopped = false;
      return {
        sites,
        stateDir,
        async stop() {
          if (stopped) return;
          stopped = true;
          await run('bash', [MEDIAWIKI_SCRIPT, 'stop', stateDir], { timeout: 60_000 });
          fs.rmSync(stateDir, { recursive: true, force: true });
        },
      };
    },
    portTaken: /already in use/,
  });
}
