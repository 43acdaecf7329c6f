import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Whether a kind of real peer (WordPress, MediaWiki, Dovecot) can run on this machine, and why not. */
export type PeerAvailability = { available: true } | { available: false; reason: string };

/** The last lines a failed command wrote to stderr, else its error message. */
export function describeFailure(error: unknown): string {
  if (error && typeof error === 'object' && 'stderr' in error) {
    const stderr = String((error as { stderr: unknown }).stderr).trim();
    if (stderr) return stderr.split('\n').slice(-3).join(' ');
  }
  return error instanceof Error ? error.message : String(error);
}

/**
 * The availability of one kind of peer, installed by its script's `install` once per process (fast
 * when present). Resolves `available: false` with the reason when this machine cannot; throws
 * instead when the `require` variable (REQUIRE_WORDPRESS=1, …) says the tests must run.
 */
export function peerAvailability(peer: {
  name: string; script: string; require: string; tests: string;
  /** How long the install may take (default 10 minutes). */
  installTimeoutMs?: number;
}): () => Promise<PeerAvailability> {
  let availability: Promise<PeerAvailability> | undefined;
  return () => {
    availability ??= (async () => {
      try {
        await run('bash', [peer.script, 'install'], { timeout: peer.installTimeoutMs ?? 10 * 60_000, maxBuffer: 16 * 1024 * 1024 });
        return { available: true } as const;
      } catch (error) {
        const reason = describeFailure(error);
        if (process.env[peer.require] === '1') throw new Error(`${peer.name} is required (${peer.require}=1) but cannot be installed: ${reason}`);
        process.stdout.write(`\n*** ${peer.name} unavailable (${reason}): the ${peer.tests} are SKIPPED. ***\n\n`);
        return { available: false, reason } as const;
      }
    })();
    return availability;
  };
}
