/**
 * Real DokuWiki wikis for integration tests, through scripts/peers/dokuwiki.sh (Debian's
 * `dokuwiki`, one `php -S` per wiki, its configuration and data copied into a state folder, the
 * remote API on, an admin and a plain account). Installing needs root and apt; a machine that
 * cannot install skips these tests with the reason, except with REQUIRE_DOKUWIKI=1 (CI), where it
 * fails. SKIP_DOKUWIKI=1 skips them on purpose (the script's install refuses).
 */
import path from 'node:path';
import { peerAvailability, type PeerAvailability } from './peer-availability';
import { startScriptPeers, type ScriptPeers } from './peer-ports';

export const DOKUWIKI_SCRIPT = path.resolve(import.meta.dirname, '../../../../scripts/peers/dokuwiki.sh');

export interface DokuWikiPeerSite {
  /** The wiki's address (`http://127.0.0.1:PORT`): doku.php and lib/exe/xmlrpc.php are under it. */
  url: string;
  /** The admin account (group admin, the wiki's superuser) and its password. */
  username: string;
  password: string;
  /** A plain account (group user: read, create, edit, upload) and its password. */
  userUsername: string;
  userPassword: string;
}

export type DokuWikiPeers = ScriptPeers<DokuWikiPeerSite>;

export type DokuWikiAvailability = PeerAvailability;

/** Installs the packages once per process; `available: false` with the reason, or a throw when REQUIRE_DOKUWIKI=1. */
export const dokuWikiAvailability = peerAvailability({ name: 'DokuWiki peers', script: DOKUWIKI_SCRIPT, require: 'REQUIRE_DOKUWIKI', tests: 'DokuWiki integration tests' });

export interface DokuWikiPeersOptions {
  /** php -S workers per wiki (default 4). */
  phpWorkers?: number;
  /** The loopback address of each wiki (wiki i on the i-th; 127.0.0.1 past the list). */
  hosts?: readonly string[];
  /** false: wikis whose owner left the remote API off (DokuWiki's default). */
  remoteApi?: boolean;
}

/** Starts `count` wikis on free consecutive ports of 127.0.0.1 (or of `hosts`). */
export function startDokuWikiPeers(count: number, options: DokuWikiPeersOptions = {}): Promise<DokuWikiPeers> {
  return startScriptPeers<DokuWikiPeerSite>(count, {
    name: 'DokuWiki', sites: 'wikis', script: DOKUWIKI_SCRIPT, availability: dokuWikiAvailability, stateDirPrefix: 'll-dw-', startTimeoutMs: 120_000,
    env: {
      ...(options.phpWorkers ? { DW_PEERS_PHP_WORKERS: String(options.phpWorkers) } : {}),
      ...(options.hosts ? { DW_PEERS_HOSTS: options.hosts.join(' ') } : {}),
      ...(options.remoteApi === false ? { DW_PEERS_REMOTE: '0' } : {}),
    },
  });
}
