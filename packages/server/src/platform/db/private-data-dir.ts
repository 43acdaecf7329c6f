import fs from 'node:fs';

/** What the check needs of the file system (a test hands one whose chmod is refused). */
export type DataDirFileSystem = Pick<typeof fs, 'statSync' | 'chmodSync'>;

/** The data folder is open to other users and cannot be made private: the server does not start. */
export class DataDirNotPrivateError extends Error {}

/**
 * DATA_DIR holds the SQLite database, the secret key file and (by default) the backups: only
 * LinkLoom's own user may open it. A folder made by LinkLoom is 0700 from the start; an existing
 * one with group or other access (made by hand, by an older version, by a container's volume) is
 * tightened to 0700 here, at every start. When that is refused (the folder belongs to another
 * user, a read-only mount…) the start stops with what to do. A folder that does not exist yet is
 * left to whoever makes it (0700 as well).
 */
export function keepDataDirPrivate(dir: string, fileSystem: DataDirFileSystem = fs): void {
  let mode: number;
  try {
    mode = fileSystem.statSync(dir).mode;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  if ((mode & 0o077) === 0) return;
  try {
    fileSystem.chmodSync(dir, 0o700);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new DataDirNotPrivateError(
      `The data folder ${dir} (DATA_DIR) can be opened by other users of this machine (mode ${(mode & 0o777).toString(8).padStart(4, '0')}) `
      + `and LinkLoom cannot make it private (${code}). It holds the database and the secret key, so LinkLoom does not start: `
      + `run "chmod 700 ${dir}" as the folder's owner, or set DATA_DIR to a folder owned by the user LinkLoom runs as.`,
    );
  }
}
