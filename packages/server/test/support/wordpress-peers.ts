/**
 * Real WordPress blogs for integration tests, through scripts/peers/wordpress.sh (Debian's packages,
 * own nginx + php-fpm, one database per blog). Installing needs root and apt; a machine that cannot
 * install skips these tests with the reason, except with REQUIRE_WORDPRESS=1 (CI), where it fails.
 */
import path from 'node:path';
import { peerAvailability, type PeerAvailability } from './peer-availability';
import { startScriptPeers, type ScriptPeers } from './peer-ports';

export const WORDPRESS_SCRIPT = path.resolve(import.meta.dirname, '../../../../scripts/peers/wordpress.sh');

export interface WordPressPeerSite {
  url: string;
  username: string;
  /** The admin's login password. */
  password: string;
  applicationPassword: string;
  xmlrpcUrl: string;
}

export type WordPressPeers = ScriptPeers<WordPressPeerSite>;

export type WordPressAvailability = PeerAvailability;

/** Installs the packages once per process; `available: false` with the reason, or a throw when REQUIRE_WORDPRESS=1. */
export const wordPressAvailability = peerAvailability({ name: 'WordPress peers', script: WORDPRESS_SCRIPT, require: 'REQUIRE_WORDPRESS', tests: 'WordPress integration tests' });

export interface WordPressPeersOptions {
  /** php-fpm workers shared by the blogs (default 8); raise it for benchmarks with many posting threads. */
  phpWorkers?: number;
  /** An extra PHP ini folder for the blogs (a Dovecot peer's `phpIniDir`: its sendmail_path lands their mail in real mailboxes). */
  phpIniDir?: string;
  /**
   * The loopback address of each blog (blog i on the i-th; 127.0.0.1 past the list): blogs on hosts
   * of their own, as different owners' sites are, for tests of the engine's same-domain rule.
   */
  hosts?: readonly string[];
}

/** Starts `count` blogs on free consecutive ports of 127.0.0.1 (or of `hosts`). */
export function startWordPressPeers(count: number, options: WordPressPeersOptions = {}): Promise<WordPressPeers> {
  return startScriptPeers<WordPressPeerSite>(count, {
    name: 'WordPress', sites: 'blogs', script: WORDPRESS_SCRIPT, availability: wordPressAvailability, stateDirPrefix: 'll-wp-', startTimeoutMs: 120_000,
    env: {
      ...(options.phpWorkers ? { WP_PEERS_PHP_CHILDREN: String(options.phpWorkers) } : {}),
      ...(options.phpIniDir ? { WP_PEERS_PHP_INI_DIR: options.phpIniDir } : {}),
      ...(options.hosts ? { WP_PEERS_HOSTS: options.hosts.join(' ') } : {}),
    },
  });
}
