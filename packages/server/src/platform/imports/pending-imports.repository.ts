import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { ImportKind } from './pending-imports.tables';
import { undoAccountImport } from './account-import-undo';

/** Where each kind of import writes: the table and the column naming the parent it fills. */
const TARGETS: Record<Exclude<ImportKind, 'accounts'>, { table: 'url_items' | 'articles'; parent: 'url_list_id' | 'content_group_id' }> = {
  links: { table: 'url_items', parent: 'url_list_id' },
  articles: { table: 'articles', parent: 'content_group_id' },
};

/** Rows deleted per statement when an import is undone: short statements, so others interleave. */
const DELETE_BATCH_ROWS = 5000;

export interface ImportMarker {
  id: number;
  kind: ImportKind;
  target_id: number;
}

/** Records (committed) that an import into `targetId` starts; its rows will carry the returned id. */
export async function insertImportMarker(db: Kysely<DB>, ownerId: number, kind: ImportKind, targetId: number): Promise<number> {
  const now = Date.now();
  const row = await db.insertInto('pending_imports')
    .values({ owner_id: ownerId, kind, target_id: targetId, heartbeat_at: now, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Marks the import alive (inside each chunk's transaction). */
export async function renewImportMarker(db: Kysely<DB>, id: number): Promise<void> {
  await db.updateTable('pending_imports').set({ heartbeat_at: Date.now() }).where('id', '=', id).execute();
}

/** The import is whole: its rows stay, its marker goes (one short statement, whatever the size). */
export async function deleteImportMarker(db: Kysely<DB>, id: number): Promise<void> {
  await db.deleteFrom('pending_imports').where('id', '=', id).execute();
}

/**
 * Undoes an import: deletes the rows it wrote, a batch per statement (found through the parent's
 * index), or for accounts puts back what it changed; then its marker. Safe to repeat: a crash
 * halfway leaves the marker for the next sweep.
 */
export async function discardImport(db: Kysely<DB>, marker: ImportMarker): Promise<void> {
  if (marker.kind === 'accounts') {
    await undoAccountImport(db, marker.id);
    await deleteImportMarker(db, marker.id);
    return;
  }
  const { table, parent } = TARGETS[marker.kind];
  for (;;) {
    const result = await sql`delete from ${sql.table(table)} where id in (
      select id from ${sql.table(table)} where ${sql.ref(parent)} = ${marker.target_id} and import_id = ${marker.id} limit ${DELETE_BATCH_ROWS}
    )`.execute(db);
    if (Number(result.numAffectedRows ?? 0) < DELETE_BATCH_ROWS) break;
  }
  await deleteImportMarker(db, marker.id);
}

/** Imports whose heartbeat is older than `staleBefore` (epoch ms; all of them when undefined). */
export async function findAbandonedImports(db: Kysely<DB>, staleBefore: number | undefined): Promise<ImportMarker[]> {
  let query = db.selectFrom('pending_imports').select(['id', 'kind', 'target_id']).orderBy('id');
  if (staleBefore !== undefined) query = query.where('heartbeat_at', '<', staleBefore);
  return query.execute();
}
