/**
 * Real Ghost blogs for integration tests, through scripts/peers/ghost.sh (Ghost 5 from the npm
 * registry, installed once per machine outside the checkout; one `node index.js` per blog with its
 * own SQLite database and content folder; the owner set up and a custom integration made, whose
 * Admin API key the tests publish with). A machine that cannot install skips these tests with the
 * reason, except with REQUIRE_GHOST=1 (CI), where it fails. SKIP_GHOST=1 skips them on purpose.
 */
import path from 'node:path';
import { peerAvailability, type PeerAvailability } from './peer-availability';
import { startScriptPeers, type ScriptPeers } from './peer-ports';

export const GHOST_SCRIPT = path.resolve(import.meta.dirname, '../../../../scripts/peers/ghost.sh');

export interface GhostPeerSite {
  /** The blog's address (`http://127.0.0.1:PORT`): the Admin API is under /ghost/api/admin/. */
  url: string;
  /** The custom integration's Admin API key, `id:secret` as Ghost's settings show it. */
  adminApiKey: string;
  /** The owner's staff account. */
  email: string;
  password: string;
}

export type GhostPeers = ScriptPeers<GhostPeerSite>;

/** Installs Ghost once per process (minutes the first time on a machine); `available: false` with the reason, or a throw when REQUIRE_GHOST=1. */
export const ghostAvailability: () => Promise<PeerAvailability> = peerAvailability({
  name: 'Ghost peers', script: GHOST_SCRIPT, require: 'REQUIRE_GHOST', tests: 'Ghost integration tests', installTimeoutMs: 25 * 60_000,
});

/** Starts `count` blogs on free consecutive ports of 127.0.0.1 (or of `hosts`). */
export function startGhostPeers(count: number, options: { hosts?: readonly string[] } = {}): Promise<GhostPeers> {
  return startScriptPeers<GhostPeerSite>(count, {
    name: 'Ghost', sites: 'blogs', script: GHOST_SCRIPT, availability: ghostAvailability, stateDirPrefix: 'll-gh-', startTimeoutMs: 300_000,
    env: options.hosts ? { GH_PEERS_HOSTS: options.hosts.join(' ') } : {},
  });
}
