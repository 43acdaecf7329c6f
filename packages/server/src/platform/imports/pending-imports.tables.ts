import type { Generated } from 'kysely';

/** What an import writes: links into a link set, or articles into a content group. */
export type ImportKind = 'links' | 'articles';

/** An import still being written (migration 0015); its rows carry its id in import_id. */
export interface PendingImportsTable {
  id: Generated<number>;
  owner_id: number;
  kind: ImportKind;
  /** The link set or content group written into. */
  target_id: number;
  /** Renewed with every chunk written: an old one on PostgreSQL means its server died. */
  heartbeat_at: number;
  created_at: number;
}

export interface PendingImportTables {
  pending_imports: PendingImportsTable;
}
