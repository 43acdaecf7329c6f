import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema';
import { selectOwned } from '../../platform/auth/ownership';
import { NotFoundError } from '../../platform/http/errors';

export interface ContentGroupRow {
  id: number;
  name: string;
  count: number;
  words_not_to_be_changed: string;
  max_usage_per_article: number;
}

/** The user's content groups with their article counts, in id order (one query, no N+1). */
export async function listContentGroups(db: Kysely<DB>, ownerId: number): Promise<ContentGroupRow[]> {
  const rows = await selectOwned(db, 'content_groups', ownerId)
    .select(['id', 'name', 'words_not_to_be_changed', 'max_usage_per_article'])
    .select((eb) =>
      eb.selectFrom('articles').select((inner) => inner.fn.countAll<number>().as('c'))
        .whereRef('articles.content_group_id', '=', 'content_groups.id').as('count'))
    .orderBy('id', 'asc')
    .execute();
  // PostgreSQL answers count(*) as bigint: normalise to a number for both dialects.
  return rows.map((row) => ({ ...row, count: Number(row.count ?? 0) }));
}

/** One group of the user, or 404 when it is missing or another user's. */
export async function findContentGroup(db: Kysely<DB>, id: number, ownerId: number): Promise<ContentGroupRow> {
  const row = await selectOwned(db, 'content_groups', ownerId)
    .where('id', '=', id)
    .select(['id', 'name', 'words_not_to_be_changed', 'max_usage_per_article'])
    .select((eb) =>
      eb.selectFrom('articles').select((inner) => inner.fn.countAll<number>().as('c'))
        .whereRef('articles.content_group_id', '=', 'content_groups.id').as('count'))
    .executeTakeFirst();
  if (!row) throw new NotFoundError();
  return { ...row, count: Number(row.count ?? 0) };
}

/** Creates an empty group with default settings and answers its id. */
export async function insertContentGroup(db: Kysely<DB>, ownerId: number, name: string): Promise<number> {
  const row = await db
    .insertInto('content_groups')
    .values({ owner_id: ownerId, name, created_at: Date.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Renames one of the user's groups; 404 when it is not theirs. */
export async function renameContentGroup(db: Kysely<DB>, ownerId: number, id: number, name: string): Promise<void> {
  const result = await db.updateTable('content_groups').set({ name })
    .where('id', '=', id).where('owner_id', '=', ownerId)
    .executeTakeFirst();
  if (result.numUpdatedRows === 0n) throw new NotFoundError();
}

/** Saves the spinner settings of one of the user's groups; 404 when it is not theirs. */
export async function saveContentGroupSettings(
  db: Kysely<DB>, ownerId: number, id: number, settings: { wordsNottobeChanged: string; maxUsagePerArticle: number },
): Promise<void> {
  const result = await db.updateTable('content_groups')
    .set({ words_not_to_be_changed: settings.wordsNottobeChanged, max_usage_per_article: settings.maxUsagePerArticle })
    .where('id', '=', id).where('owner_id', '=', ownerId)
    .executeTakeFirst();
  if (result.numUpdatedRows === 0n) throw new NotFoundError();
}

/**
 * Deletes the user's groups (their articles go with them through the cascade). All or nothing:
 * when any id is missing or another user's, the answer is 404 and nothing is deleted.
 */
export async function deleteContentGroups(db: Kysely<DB>, ownerId: number, ids: readonly number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  return db.transaction().execute(async (trx) => {
    const owned = await selectOwned(trx, 'content_groups', ownerId).where('id', 'in', unique).select('id').execute();
    if (owned.length !== unique.length) throw new NotFoundError();
    await trx.deleteFrom('content_groups').where('owner_id', '=', ownerId).where('id', 'in', unique).execute();
    return unique;
  });
}
