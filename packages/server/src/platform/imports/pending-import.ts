import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { ImportKind } from './pending-imports.tables';
import { forgetFinishedAccountImports } from './account-import-undo';
import { deleteImportMarker, discardImport, insertImportMarker, renewImportMarker } from './pending-imports.repository';

/**
 * One import written in short transactions instead of one long one, so other requests (on SQLite,
 * which has one connection, every other request) run between its chunks, yet all or nothing:
 * the rows carry the import's id under a committed marker; finish() drops the marker in one short
 * statement, discard() deletes the rows; a server that dies meanwhile leaves the marker, and the
 * sweep at the next start (sweep-abandoned-imports.ts) deletes the rows.
 */
export class PendingImport {
  private constructor(
    private readonly db: Kysely<DB>,
    readonly id: number,
    private readonly kind: ImportKind,
    private readonly targetId: number,
  ) {}

  /** Commits the marker of a new import into the user's link set or content group. */
  static async begin(db: Kysely<DB>, target: { ownerId: number; kind: ImportKind; targetId: number }): Promise<PendingImport> {
    const id = await insertImportMarker(db, target.ownerId, target.kind, target.targetId);
    return new PendingImport(db, id, target.kind, target.targetId);
  }

  /** The import `id` as another connection (a worker thread's) writes its chunks. */
  static attach(db: Kysely<DB>, marker: { id: number; kind: ImportKind; targetId: number }): PendingImport {
    return new PendingImport(db, marker.id, marker.kind, marker.targetId);
  }

  /**
   * Runs one chunk's writes (rows carrying this import's id) in a transaction of its own, then lets
   * the event loop serve whatever waited meanwhile before the caller prepares the next chunk.
   */
  async writeChunk(write: (trx: Kysely<DB>) => Promise<void>): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await write(trx);
      await renewImportMarker(trx, this.id);
    });
    await new Promise<void>((resolve) => setImmediate(resolve));
  }

  /** Every chunk is written: the rows become the import's for good. */
  async finish(): Promise<void> {
    await deleteImportMarker(this.db, this.id);
    if (this.kind === 'accounts') await forgetFinishedAccountImports(this.db);
  }

  /** The import failed: its rows are deleted and the marker with them. */
  async discard(): Promise<void> {
    await discardImport(this.db, { id: this.id, kind: this.kind, target_id: this.targetId });
  }

  /** Runs `write` with the import; a failure discards what it wrote and rethrows. */
  async run<T>(write: (pending: PendingImport) => Promise<T>): Promise<T> {
    let result: T;
    try {
      result = await write(this);
    } catch (err) {
      await this.discard();
      throw err;
    }
    await this.finish();
    return result;
  }
}
