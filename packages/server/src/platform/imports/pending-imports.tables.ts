import type { Generated } from 'kysely';

/** What an import writes: links into a link set, articles into a content group, accounts into a profile. */
export type ImportKind = 'links' | 'articles' | 'accounts';

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

/**
 * One account an unfinished account import changed (migration 0019): what it was before the import
 * (existed = 1: prior username and sealed password) or that the import made it (existed = 0).
 */
export interface AccountImportUndoTable {
  import_id: number;
  account_id: number;
  existed: number;
  prior_username: string | null;
  prior_password: string | null;
}

export interface PendingImportTables {
  pending_imports: PendingImportsTable;
  account_import_undo: AccountImportUndoTable;
}
