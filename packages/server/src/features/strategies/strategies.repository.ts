import type { Kysely, Selectable } from 'kysely';
import type { DB } from '../../platform/db/schema';
import { reusableQuery } from '../../platform/db/dialect';
import { advancedUpdatedAt } from '../../platform/db/advanced-updated-at';
import type { StrategiesTable } from './strategies.tables';

export type StrategyRowData = Selectable<StrategiesTable>;
/** A strategy as the lists show it: no diagram and no picture, only whether there is one and its version. */
export interface StrategySummaryData {
  id: number;
  name: string;
  /** The preview's version (the row's updated_at), null when the strategy has no preview. */
  previewVersion: number | null;
}

export interface NewStrategy {
  name: string;
  description: string;
  diagram: string;
  img: string;
}

/** Built and compiled once: the campaign list (the first screen) reads it on every visit. */
const strategyListQuery = reusableQuery((db, ownerId: number) => db.selectFrom('strategies')
  .select(['id', 'name', 'updated_at', (eb) => eb.case().when('img', 'is', null).then(0).else(1).end().as('has_img')])
  .where('owner_id', '=', ownerId).orderBy('name').orderBy('id'));

/** The user's strategies for the lists: neither the diagram's text nor the preview's. */
export async function listStrategies(db: Kysely<DB>, ownerId: number): Promise<StrategySummaryData[]> {
  const { rows } = await strategyListQuery(db, ownerId);
  return rows.map((row) => ({ id: row.id, name: row.name, previewVersion: Number(row.has_img) === 1 ? Number(row.updated_at) : null }));
}

/** The preview (SVG text) of the user's strategy and its version; undefined when it is not theirs or has none. */
export async function findStrategyPreview(db: Kysely<DB>, ownerId: number, id: number): Promise<{ svg: string; version: number } | undefined> {
  const row = await db.selectFrom('strategies').select(['img', 'updated_at']).where('owner_id', '=', ownerId).where('id', '=', id).executeTakeFirst();
  return row && row.img !== null ? { svg: row.img, version: Number(row.updated_at) } : undefined;
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
      const row = await trx.insertInto('strategies')
        .values({ owner_id: ownerId, name: s.name, description: s.description, diagram: s.diagram, img: s.img, created_at: now, updated_at: now })
        .returning(['id', 'name']).executeTakeFirstOrThrow();
      rows.push({ ...row, previewVersion: now });
    }
    return rows;
  });
}

/**
 * Updates the given fields of the user's strategy; its new updated_at (the preview's version), or
 * undefined when it is not theirs. updated_at moves on every save, even two within a millisecond,
 * so a preview's address changes whenever it may have.
 */
export async function updateStrategy(
  db: Kysely<DB>, ownerId: number, id: number, fields: { name: string; description?: string; diagram?: string; img?: string },
): Promise<number | undefined> {
  const row = await db.updateTable('strategies')
    .set({ ...fields, updated_at: advancedUpdatedAt(Date.now()) })
    .where('owner_id', '=', ownerId).where('id', '=', id).returning('updated_at').executeTakeFirst();
  return row ? Number(row.updated_at) : undefined;
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
