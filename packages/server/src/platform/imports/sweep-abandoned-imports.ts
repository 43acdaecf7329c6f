import type { Database } from '../db/dialect';
import { forgetFinishedAccountImports } from './account-import-undo';
import { discardImport, findAbandonedImports } from './pending-imports.repository';

/** After this long without a chunk written, an import on PostgreSQL counts as dead. */
export const IMPORT_STALE_MS = 2 * 60_000;

/**
 * Undoes the imports a dead server left half written (their markers remain), so each link set,
 * content group or account profile holds a whole file or none of it. At start-up on SQLite every marker is such a
 * leftover (one server process owns the file); on PostgreSQL other servers may be importing right
 * now, so only markers without a heartbeat for IMPORT_STALE_MS are taken. Answers how many.
 */
export async function sweepAbandonedImports(database: Database, options: { atStartUp: boolean }): Promise<number> {
  const everything = options.atStartUp && database.dialect === 'sqlite';
  const markers = await findAbandonedImports(database.db, everything ? undefined : Date.now() - IMPORT_STALE_MS);
  for (const marker of markers) await discardImport(database.db, marker);
  // Undo notes of account imports that finished just before a crash, their marker already gone.
  await forgetFinishedAccountImports(database.db);
  return markers.length;
}
