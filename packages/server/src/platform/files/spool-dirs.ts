import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The temporary folders uploads are spooled to (spool-upload.ts), and the sweep of those a crashed
 * process left behind. A folder is named after the process that made it,
 * `linkloom-upload-<pid>-XXXXXX`, so a server starting up can tell its own kind's leftovers (the
 * process is gone) from a running upload of another server on the same machine (never touched).
 */
export const SPOOL_DIR_PREFIX = 'linkloom-upload-';

/**
 * Past this age a spool folder is removed whoever made it: an upload is spooled and read within
 * minutes, and the folders of older versions (no pid in the name) or of a pid since reused by
 * another process (a container's server is often pid 1 again after a restart) are still swept.
 */
export const SPOOL_DIR_MAX_AGE_MS = 24 * 3600_000;

const NAMED_BY_PROCESS = new RegExp(`^${SPOOL_DIR_PREFIX}(\\d+)-[A-Za-z0-9]{6}$`);
/** Before the process was in the name: mkdtemp's six characters only. */
const NAMED_BEFORE_PIDS = new RegExp(`^${SPOOL_DIR_PREFIX}[A-Za-z0-9]{6}$`);

/** The prefix mkdtemp completes for a spool folder of this process. */
export function spoolDirPrefix(tmpDir: string = os.tmpdir()): string {
  return path.join(tmpDir, `${SPOOL_DIR_PREFIX}${process.pid}-`);
}

/** Is the process with this id running (on this machine, as any user)? */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export interface SpoolSweepOptions {
  tmpDir?: string;
  /** Tests name another liveness check; the default asks the operating system. */
  isAlive?: (pid: number) => boolean;
}

/** Why a folder is left: true when it is stale (its process is gone, or it is older than SPOOL_DIR_MAX_AGE_MS). */
function isStale(name: string, stat: fs.Stats, isAlive: (pid: number) => boolean, now: number): boolean {
  const old = now - stat.mtimeMs > SPOOL_DIR_MAX_AGE_MS;
  const byProcess = NAMED_BY_PROCESS.exec(name);
  if (byProcess) {
    const pid = Number(byProcess[1]);
    // This very process may hold live uploads (the tests run several apps in one process).
    return old || (pid !== process.pid && !isAlive(pid));
  }
  return NAMED_BEFORE_PIDS.test(name) && old;
}

/**
 * Removes the spool folders in the temp directory whose upload can no longer be running: made by
 * a process that is gone, or older than SPOOL_DIR_MAX_AGE_MS. Only folders (never links) named
 * like ours and owned by this user are considered. Answers the paths removed; a folder that
 * cannot be removed is left for the next start.
 */
export async function sweepStaleSpoolDirs(options: SpoolSweepOptions = {}): Promise<string[]> {
  const tmpDir = options.tmpDir ?? os.tmpdir();
  const isAlive = options.isAlive ?? isProcessAlive;
  const uid = process.getuid?.();
  const now = Date.now();
  const removed: string[] = [];
  let names: string[];
  try {
    names = (await fs.promises.readdir(tmpDir)).filter((name) => name.startsWith(SPOOL_DIR_PREFIX));
  } catch {
    return removed;
  }
  for (const name of names) {
    const dir = path.join(tmpDir, name);
    try {
      const stat = await fs.promises.lstat(dir);
      if (!stat.isDirectory() || (uid !== undefined && stat.uid !== uid)) continue;
      if (!isStale(name, stat, isAlive, now)) continue;
      await fs.promises.rm(dir, { recursive: true, force: true });
      removed.push(dir);
    } catch {
      // Gone meanwhile, or not ours to remove: the next start tries again.
    }
  }
  return removed;
}
