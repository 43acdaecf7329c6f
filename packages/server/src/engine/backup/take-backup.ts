import fs from 'node:fs';
import { sql } from 'kysely';
import type { Database } from '../../platform/db/dialect';
import { backupFile, ensureBackupDir, pruneBackups } from './backup-files';
import { runPgTool } from './pg-tools';

export interface BackupPlace {
  /** The backups folder (BACKUP_DIR). */
  dir: string;
  /** Backups kept (BACKUP_KEEP). */
  keep: number;
  /** PostgreSQL: the URL pg_dump connects with (DATABASE_URL). */
  databaseUrl: string | undefined;
}

/** The PostgreSQL schema the app's tables live in: the configured one, else the connection's current schema. */
export async function appSchema(database: Database): Promise<string> {
  if (database.pgSchema) return database.pgSchema;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(database.db);
  const schema = rows[0]?.schema;
  if (!schema) throw new Error('No current PostgreSQL schema to back up');
  return schema;
}

/**
 * Writes one consistent backup of the whole installation for `day` and keeps the newest
 * `place.keep`: on SQLite through better-sqlite3's online backup API (page by page, never a copy
 * of the live file, no transaction held between steps); on PostgreSQL with pg_dump of the app's
 * schema (one snapshot, custom format for pg_restore). Written to a temporary name first, so a
 * file named for a day is always a finished backup. Answers the file.
 */
export async function takeBackup(database: Database, place: BackupPlace, day: string): Promise<string> {
  ensureBackupDir(place.dir);
  const file = backupFile(place.dir, day, database.dialect);
  const partial = `${file}.partial`;
  fs.rmSync(partial, { force: true });
  try {
    if (database.sqlite) {
      await database.sqlite.backup(partial);
    } else {
      if (!place.databaseUrl) throw new Error('A PostgreSQL backup needs DATABASE_URL');
      const schema = await appSchema(database);
      await runPgTool('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--schema=${schema}`, `--file=${partial}`], place.databaseUrl);
    }
    fs.chmodSync(partial, 0o600);
    fs.renameSync(partial, file);
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw error;
  }
  pruneBackups(place.dir, place.keep);
  return file;
}
