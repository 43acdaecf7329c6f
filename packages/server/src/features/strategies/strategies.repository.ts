import type { Kysely, Selectable } from 'kysely';
import type { DB } from '../../platform/db/schema';
import type { StrategiesTable } from './strategies.tables';

export type StrategyRowData = Selectable<StrategiesTable>;
export type StrategySummaryData = Pick<StrategyRowData, 'id' | 'name' | 'img'>;

export interface NewStrategy {
  name: string;
  description: string;
  diagram: string;
  img: string;
}

/** The user's strategies for the lists (no diagram text). */
export function listStrategies(db: Kysely<DB>, ownerId: number): Promise<StrategySummaryData[]> {
  return db.selectFrom('strategies').select(['id', 'name', 'img']).where('owner_id', '=', ownerId).orderBy('name').orderBy('id').execute();
}

export function findStrategy(db: Kysely<DB>, ownerId: number, id: number): Promise<StrategyRowData | undefined> {
  return db.selectFrom('strategies').selectAll().where('owner_id', '=', ownerId).where('id', '=', id).executeTakeFirst();
}

export async function insertStrategies(db: Kysely<DB>, ownerId: number, strategies: NewStrategy[]): Promise<StrategySummaryData[]> {
  if (strategies.length === 0) return [];
  const now = Date.now();
  return db.transaction().execute(async (trx) => {
    const rows: StrategySummaryData[] = [];
    // One insert per row, in the order given, so the answer lists them as the upload did.
    for (const s of strategies) {
      rows.push(await trx.insertInto('strategies')
        .values({ owner_id: ownerId, name: s.name, description: s.description, diagram: s.diagram, img: s.img, created_at: now, updated_at: now })
        .returning(['id', 'name', 'img']).executeTakeFirstOrThrow());
    }
    return rows;
  });
}

/** Updates the given fields of the user's strategy; false when it is not theirs. */
export async function updateStrategy(
  db: Kysely<DB>, ownerId: number, id: number, fields: { name: string; description?: string; diagram?: string; img?: string },
): Promise<boolean> {
  const result = await db.updateTable('strategies').set({ ...fields, updated_at: Date.now() })
    .where('owner_id', '=', ownerId).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Deletes the user's strategies with these ids: all of them, or none when one is not theirs (false). */
export function deleteStrategies(db: Kysely<DB>, ownerId: number, ids: number[]): Promise<boolean> {
  const unique = [...new Set(ids)];
  return db.transaction().execute(async (trx) => {
    const found = await trx.selectFrom('strategies').select('id').where('owner_id', '=', ownerId).where('id', 'in', unique).execute();
    if (found.length !== unique.length) return false;
    await trx.deleteFrom('strategies').where('owner_id', '=', ownerId).where('id', 'in', unique).execute();
    return true;
  });
}
