/**
 * Real Shaarli sites for integration tests, through scripts/peers/shaarli.sh (Debian's `shaarli`,
 * one `php -S` per site, each with its own data and config folder, the REST API on). Installing
 * needs root and apt; a machine that cannot install skips these tests with the reason, except with
 * REQUIRE_SHAARLI=1 (CI), where it fails. SKIP_SHAARLI=1 skips them on purpose.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { peerAvailability, type PeerAvailability } from './peer-availability';
import { startScriptPeers, type ScriptPeers } from './peer-ports';

const run = promisify(execFile);

export const SHAARLI_SCRIPT = path.resolve(import.meta.dirname, '../../../../scripts/peers/shaarli.sh');

export interface ShaarliPeerSite {
  url: string;
  /** The site's one login, and its password (the web login; the API takes the secret). */
  username: string;
  password: string;
  /** The REST API's secret (Tools → Configure), which signs the API's JWTs. */
  apiSecret: string;
}

export interface ShaarliPeers extends ScriptPeers<ShaarliPeerSite> {
  /** Sets one setting of site `index` (Shaarli's dotted name, e.g. `api.enabled`, `formatter`), as its owner does in Tools → Configure. */
  configure(index: number, key: string, value: unknown): Promise<void>;
}

export type ShaarliAvailability = PeerAvailability;

/** Installs the packages once per process; `available: false` with the reason, or a throw when REQUIRE_SHAARLI=1. */
export const shaarliAvailability = peerAvailability({ name: 'Shaarli peers', script: SHAARLI_SCRIPT, require: 'REQUIRE_SHAARLI', tests: 'Shaarli integration tests' });

export interface ShaarliPeersOptions {
  /** php -S workers per site (default 2). */
  phpWorkers?: number;
  /** The loopback address of each site (site i on the i-th; 127.0.0.1 past the list). */
  hosts?: readonly string[];
}

/** Starts `count` Shaarli sites on free consecutive ports of 127.0.0.1 (or of `hosts`). */
export async function startShaarliPeers(count: number, options: ShaarliPeersOptions = {}): Promise<ShaarliPeers> {
  const peers = await startScriptPeers<ShaarliPeerSite>(count, {
    name: 'Shaarli', sites: 'sites', script: SHAARLI_SCRIPT, availability: shaarliAvailability, stateDirPrefix: 'll-sh-', startTimeoutMs: 60_000,
    env: {
      ...(options.phpWorkers ? { SH_PEERS_PHP_WORKERS: String(options.phpWorkers) } : {}),
      ...(options.hosts ? { SH_PEERS_HOSTS: options.hosts.join(' ') } : {}),
    },
  });
  return {
    ...peers,
    async configure(index, key, value) {
      await run('bash', [SHAARLI_SCRIPT, 'config', peers.stateDir, String(index), key, JSON.stringify(value)], { timeout: 30_000 });
    },
  };
}
