/**
 * Free ports of 127.0.0.1 for the real peers (WordPress, MediaWiki, Dovecot, microsocks) and the
 * start loop they share: pick free ports, start the peer's script in a fresh state folder, and on
 * a port another process took between the check and the start, try other ports.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describeFailure } from './peer-availability';

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
