import type { Kysely } from 'kysely';
import type { DB, OwnedTable } from '../db/schema';
import { NotFoundError } from '../http/errors';

/**
 * The one place that decides whether a row belongs to a user. Routes, jobs and the live channel
 * all ask here; an id of another user's row answers exactly like an id that does not exist.
 */
export async function isOwnedBy(db: Kysely<DB>, table: OwnedTable, id: number, ownerId: number): Promise<boolean> {
  const row = await db
    .selectFrom(table)
    .select('id')
    .where('id', '=', id)
    .where('owner_id', '=', ownerId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Throws 404 unless the row exists and belongs to the user. */
export async function assertOwned(db: Kysely<DB>, table: OwnedTable, id: number, ownerId: number): Promise<void> {
  if (!(await isOwnedBy(db, table, id, ownerId))) throw new NotFoundError();
}

/** A select on an owned table already limited to one user's rows: repositories start here. */
export function selectOwned<T extends OwnedTable>(db: Kysely<DB>, table: T, ownerId: number) {
  return db.selectFrom(table as OwnedTable).where('owner_id', '=', ownerId);
}
