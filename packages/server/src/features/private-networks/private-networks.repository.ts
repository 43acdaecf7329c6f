import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema';
import { selectOwned } from '../../platform/auth/ownership';
import { NotFoundError } from '../../platform/http/errors';

export interface PrivateNetworkRow {
  id: number;
  name: string;
  count: number;
}

/** A network with its site count (the list's Account Count), as one reusable select. */
function networksWithCount(db: Kysely<DB>, ownerId: number) {
  return selectOwned(db, 'private_networks', ownerId).select((eb) => [
    'private_networks.id as id',
    'private_networks.name as name',
    eb
      .selectFrom('private_sites')
      .select((inner) => inner.fn.countAll<number | string>().as('n'))
      .whereRef('private_sites.private_network_id', '=', 'private_networks.id')
      .as('count'),
  ]);
}

// PostgreSQL answers count(*) as bigint text; SQLite as a number.
const toRow = (row: { id: number; name: string; count: number | string | null }): PrivateNetworkRow => ({
  id: row.id, name: row.name, count: Number(row.count ?? 0),
});

/** The user's networks with their site counts, in id order. */
export async function listNetworks(db: Kysely<DB>, ownerId: number): Promise<PrivateNetworkRow[]> {
  const rows = await networksWithCount(db, ownerId).orderBy('private_networks.id').execute();
  return rows.map(toRow);
}

/** One network of the user, or 404 (another user's network answers like a missing one). */
export async function getNetwork(db: Kysely<DB>, ownerId: number, id: number): Promise<PrivateNetworkRow> {
  const row = await networksWithCount(db, ownerId).where('private_networks.id', '=', id).executeTakeFirst();
  if (!row) throw new NotFoundError();
  return toRow(row);
}

export async function insertNetwork(db: Kysely<DB>, ownerId: number, name: string): Promise<PrivateNetworkRow> {
  const row = await db
    .insertInto('private_networks')
    .values({ owner_id: ownerId, name, created_at: Date.now() })
    .returning(['id', 'name'])
    .executeTakeFirstOrThrow();
  return { ...row, count: 0 };
}

/** Renames the user's network; 404 when it is not theirs. */
export async function renameNetwork(db: Kysely<DB>, ownerId: number, id: number, name: string): Promise<void> {
  const result = await db
    .updateTable('private_networks')
    .set({ name })
    .where('id', '=', id)
    .where('owner_id', '=', ownerId)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new NotFoundError();
}

/**
 * Deletes the user's networks (their sites go with them, by cascade). All or nothing: when any id
 * is not the user's, nothing is deleted and the answer is 404.
 */
export async function deleteNetworks(db: Kysely<DB>, ownerId: number, ids: readonly number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  return db.transaction().execute(async (trx) => {
    const owned = await selectOwned(trx, 'private_networks', ownerId).select('id').where('id', 'in', unique).execute();
    if (owned.length !== unique.length) throw new NotFoundError();
    await trx.deleteFrom('private_networks').where('owner_id', '=', ownerId).where('id', 'in', unique).execute();
    return unique;
  });
}

/** Number of sites in a network (after a write, for countChanged). */
export async function countSites(db: Kysely<DB>, networkId: number): Promise<number> {
  const row = await db
    .selectFrom('private_sites')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('private_network_id', '=', networkId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
