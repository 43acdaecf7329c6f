/**
 * Free ports of 127.0.0.1 for the real peers (WordPress, MediaWiki, Dovecot, microsocks) and the
 * start loop they share: pick free ports, start the peer's script in a fresh state folder, and on
 * a port another process took between the check and the start, try other ports. startScriptPeers
 * is the whole start of the peers whose script starts N sites (WordPress blogs, MediaWiki wikis).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describeFailure, type PeerAvailability } from './peer-availability';

const run = promisify(execFile);

export function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A base port with `count` free ports from it, in 20000..59999. */
export async function freeConsecutivePorts(count: number): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const base = 20_000 + Math.floor(Math.random() * (40_000 - count));
    const checks = await Promise.all(Array.from({ length: count }, (_, index) => portIsFree(base + index)));
    if (checks.every(Boolean)) return base;
  }
  throw new Error(`No ${count} consecutive free ports found on 127.0.0.1`);
}

export interface StartOnFreePorts<T> {
  /** What is started, for the error: `3 WordPress blogs`. */
  what: string;
  /** Prefix of the state folder made under the system's temp folder for each attempt (none: '' is passed). */
  stateDirPrefix?: string;
  /** The base port of an attempt. */
  freePorts(): Promise<number>;
  /** Starts the peer; throws on failure (a message saying the port is in use makes it retry). */
  start(basePort: number, stateDir: string): Promise<T>;
  /** Stops what a failed start may have left running, before its state folder is removed. */
  cleanUp?(stateDir: string): Promise<void>;
  /** What a failure caused by a taken port says (default: `in use`). */
  portTaken?: RegExp;
}

/** Up to five attempts on other free ports; the state folder of a failed attempt is removed. */
export async function startOnFreePorts<T>(peer: StartOnFreePorts<T>): Promise<T> {
  let lastError: unknown;
  for (let attempt = 0; attempt < 5; attempt++) {
    const basePort = await peer.freePorts();
    const stateDir = peer.stateDirPrefix ? fs.mkdtempSync(path.join(os.tmpdir(), peer.stateDirPrefix)) : '';
    try {
      return await peer.start(basePort, stateDir);
    } catch (error) {
      lastError = error;
      await peer.cleanUp?.(stateDir).catch(() => undefined);
      if (stateDir) fs.rmSync(stateDir, { recursive: true, force: true });
      // Another process took a port between the check and the start: try other ports.
      if (!(peer.portTaken ?? /in use/).test(describeFailure(error))) break;
    }
  }
  throw new Error(`Could not start ${peer.what}: ${describeFailure(lastError)}`);
}

/** What a peer script of scripts/peers/ (`start N BASEPORT STATE_DIR` printing one JSON line a site, `stop STATE_DIR`) starts. */
export interface ScriptPeers<Site> {
  sites: Site[];
  stateDir: string;
  stop(): Promise<void>;
}

export interface ScriptPeersOptions {
  /** Who they are, for messages: `WordPress`. */
  name: string;
  /** What one is called in the plural: `blogs`. */
  sites: string;
  /** The peer's script (its `start` and `stop`). */
  script: string;
  /** Its availability (peerAvailability); unavailable, the start throws with the reason. */
  availability: () => Promise<PeerAvailability>;
  /** Prefix of the state folder under the system's temp folder. */
  stateDirPrefix: string;
  /** Variables for the script besides the process's. */
  env: Record<string, string>;
  /** How long `start` may take. */
  startTimeoutMs: number;
}

/** Starts `count` sites of a peer script on free consecutive ports of 127.0.0.1. */
export async function startScriptPeers<Site>(count: number, peer: ScriptPeersOptions): Promise<ScriptPeers<Site>> {
  const ready = await peer.availability();
  if (!ready.available) throw new Error(`${peer.name} peers are unavailable: ${ready.reason}`);
  const scriptName = path.basename(peer.script);
  return startOnFreePorts({
    what: `${count} ${peer.name} ${peer.sites}`,
    stateDirPrefix: peer.stateDirPrefix,
    freePorts: () => freeConsecutivePorts(count),
    async start(basePort, stateDir) {
      const env = { ...process.env, ...peer.env };
      const { stdout } = await run('bash', [peer.script, 'start', String(count), String(basePort), stateDir], { timeout: peer.startTimeoutMs, env });
      const sites = stdout
        .split('\n')
        .filter((line) => line.trim().startsWith('{'))
        .map((line) => JSON.parse(line) as Site);
      if (sites.length !== count) throw new Error(`${scriptName} start printed ${sites.length} ${peer.sites} instead of ${count}`);
      let stopped = false;
      return {
        sites,
        stateDir,
        async stop() {
          if (stopped) return;
          stopped = true;
          await run('bash', [peer.script, 'stop', stateDir], { timeout: 60_000 });
          fs.rmSync(stateDir, { recursive: true, force: true });
        },
      };
    },
    portTaken: /already in use/,
  });
}
