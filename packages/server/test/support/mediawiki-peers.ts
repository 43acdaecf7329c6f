/**
 * Real MediaWiki wikis for integration tests, through scripts/peers/mediawiki.sh (Debian's
 * `mediawiki`, one `php -S` per wiki, one database per wiki, a bot password with page-creation
 * grants). Installing needs root and apt; a machine that cannot install skips these tests with the
 * reason, except with REQUIRE_MEDIAWIKI=1 (CI), where it fails.
 */
import path from 'node:path';
import { peerAvailability, type PeerAvailability } from './peer-availability';
import { startScriptPeers, type ScriptPeers } from './peer-ports';

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

export type MediaWikiPeers = ScriptPeers<MediaWikiPeerSite>;

export type MediaWikiAvailability = PeerAvailability;

/** Installs the packages once per process; `available: false` with the reason, or a throw when REQUIRE_MEDIAWIKI=1. */
export const mediaWikiAvailability = peerAvailability({ name: 'MediaWiki peers', script: MEDIAWIKI_SCRIPT, require: 'REQUIRE_MEDIAWIKI', tests: 'MediaWiki integration tests' });

export interface MediaWikiPeersOptions {
  /** php -S workers per wiki (default 4). */
  phpWorkers?: number;
  /** An extra PHP ini folder for the wikis (a Dovecot peer's `phpIniDir`): e-mail confirmation on, their mail lands in real mailboxes. */
  phpIniDir?: string;
  /** The loopback address of each wiki (wiki i on the i-th; 127.0.0.1 past the list). */
  hosts?: readonly string[];
}

/** Starts `count` wikis on free consecutive ports of 127.0.0.1 (or of `hosts`). */
export function startMediaWikiPeers(count: number, options: MediaWikiPeersOptions = {}): Promise<MediaWikiPeers> {
  return startScriptPeers<MediaWikiPeerSite>(count, {
    name: 'MediaWiki', sites: 'wikis', script: MEDIAWIKI_SCRIPT, availability: mediaWikiAvailability, stateDirPrefix: 'll-mw-', startTimeoutMs: 180_000,
    env: {
      ...(options.phpWorkers ? { MW_PEERS_PHP_WORKERS: String(options.phpWorkers) } : {}),
      ...(options.phpIniDir ? { MW_PEERS_PHP_INI_DIR: options.phpIniDir } : {}),
      ...(options.hosts ? { MW_PEERS_HOSTS: options.hosts.join(' ') } : {}),
    },
  });
}
