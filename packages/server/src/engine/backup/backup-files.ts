import fs from 'node:fs';
import path from 'node:path';
import type { DialectName } from '../../platform/db/dialect';

/** A backup's file name: the day (UTC) it stands for and the database it holds. */
const BACKUP_FILE = /^linkloom-(\d{4}-\d{2}-\d{2})\.(sqlite|pgdump)$/;

/** The day (UTC, YYYY-MM-DD) an instant falls on: one automatic backup per day. */
export function backupDay(now = Date.now()): string {
  return new Date(now).toISOString().slice(0, 10);
}

/** The next UTC midnight after `now`: when the next day's backup job may start. */
export function nextBackupStart(now = Date.now()): Date {
  const midnight = new Date(now);
  midnight.setUTCHours(24, 0, 0, 0);
  return midnight;
}

/** The backup file of one day: SQLite's online backup (.sqlite) or PostgreSQL's pg_dump custom-format archive (.pgdump). */
export function backupFile(dir: string, day: string, dialect: DialectName): string {
  return path.join(dir, `linkloom-${day}.${dialect === 'sqlite' ? 'sqlite' : 'pgdump'}`);
}

/** The backup files in `dir`, oldest first. */
export function listBackups(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir).filter((name) => BACKUP_FILE.test(name)).sort().map((name) => path.join(dir, name));
}

/** Deletes the oldest backups beyond the newest `keep`; answers the files deleted. */
export function pruneBackups(dir: string, keep: number): string[] {
  const files = listBackups(dir);
  const old = files.slice(0, Math.max(0, files.length - keep));
  for (const file of old) fs.rmSync(file, { force: true });
  return old;
}

/** The backups folder (0700: it holds the whole database). */
export function ensureBackupDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
}
