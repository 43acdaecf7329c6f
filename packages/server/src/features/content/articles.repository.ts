import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema';
import { selectOwned } from '../../platform/auth/ownership';
import { NotFoundError } from '../../platform/http/errors';

export interface ArticleRow {
  id: number;
  content_group_id: number;
  title: string;
  body: string;
  author_name: string;
  author_bio: string;
  usage_count: number;
}

export interface ArticleSummaryRow {
  id: number;
  title: string;
  usage_count: number;
  author_missing: boolean;
}

/** A new article's fields as an import or the editor gives them. */
export interface NewArticle {
  title: string;
  body: string;
  authorName?: string;
  authorBio?: string;
}

/** SQLite allows 32,766 bound values per statement: 500 rows of 8 columns stay far below it. */
const INSERT_CHUNK = 500;

/** The table rows of one group (no bodies: a group may hold thousands of long articles). */
export async function listArticleSummaries(db: Kysely<DB>, ownerId: number, groupId: number): Promise<ArticleSummaryRow[]> {
  return selectOwned(db, 'articles', ownerId)
    .where('content_group_id', '=', groupId)
    .select(['id', 'title', 'usage_count', 'author_name', 'author_bio'])
    .orderBy('id', 'asc')
    .execute()
    .then((rows) => rows.map(({ author_name, author_bio, ...row }) => ({ ...row, author_missing: author_name.trim() === '' || author_bio.trim() === '' })));
}

/** One article of the user, or 404. */
export async function findArticle(db: Kysely<DB>, ownerId: number, id: number): Promise<ArticleRow> {
  const row = await selectOwned(db, 'articles', ownerId)
    .where('id', '=', id)
    .select(['id', 'content_group_id', 'title', 'body', 'author_name', 'author_bio', 'usage_count'])
    .executeTakeFirst();
  if (!row) throw new NotFoundError();
  return row;
}

/** Inserts articles into a group in chunks; the caller holds the transaction. `importId`: the upload writing them. */
export async function insertArticles(
  db: Kysely<DB>, ownerId: number, groupId: number, articles: readonly NewArticle[], importId: number | null = null,
): Promise<number[]> {
  const ids: number[] = [];
  const now = Date.now();
  for (let start = 0; start < articles.length; start += INSERT_CHUNK) {
    const rows = articles.slice(start, start + INSERT_CHUNK).map((article) => ({
      owner_id: ownerId, content_group_id: groupId, title: article.title, body: article.body,
      author_name: article.authorName ?? '', author_bio: article.authorBio ?? '', created_at: now, updated_at: now, import_id: importId,
    }));
    const inserted = await db.insertInto('articles').values(rows).returning('id').execute();
    ids.push(...inserted.map((row) => row.id));
  }
  return ids;
}

/** Saves an article of the user inside the given group; 404 when it is not theirs or not in that group. */
export async function updateArticle(
  db: Kysely<DB>, ownerId: number, groupId: number, id: number, fields: Required<NewArticle>,
): Promise<void> {
  const result = await db.updateTable('articles')
    .set({ title: fields.title, body: fields.body, author_name: fields.authorName, author_bio: fields.authorBio, updated_at: Date.now() })
    .where('id', '=', id).where('owner_id', '=', ownerId).where('content_group_id', '=', groupId)
    .executeTakeFirst();
  if (result.numUpdatedRows === 0n) throw new NotFoundError();
}

/**
 * Deletes articles of one group. All or nothing: when any id is missing, another user's or in
 * another group, the answer is 404 and nothing is deleted.
 */
export async function deleteArticles(db: Kysely<DB>, ownerId: number, groupId: number, ids: readonly number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  return db.transaction().execute(async (trx) => {
    const found = await selectOwned(trx, 'articles', ownerId)
      .where('content_group_id', '=', groupId).where('id', 'in', unique).select('id').execute();
    if (found.length !== unique.length) throw new NotFoundError();
    await trx.deleteFrom('articles').where('owner_id', '=', ownerId).where('id', 'in', unique).execute();
    return unique;
  });
}

/**
 * Gives articles of one group the same author name and bio. All or nothing: when any id is
 * missing, another user's or in another group, the answer is 404 and nothing changes.
 */
export async function setArticleAuthor(
  db: Kysely<DB>, ownerId: number, groupId: number, ids: readonly number[], author: { authorName: string; authorBio: string },
): Promise<number[]> {
  const unique = [...new Set(ids)];
  return db.transaction().execute(async (trx) => {
    const found = await selectOwned(trx, 'articles', ownerId)
      .where('content_group_id', '=', groupId).where('id', 'in', unique).select('id').execute();
    if (found.length !== unique.length) throw new NotFoundError();
    await trx.updateTable('articles')
      .set({ author_name: author.authorName, author_bio: author.authorBio, updated_at: Date.now() })
      .where('owner_id', '=', ownerId).where('id', 'in', unique)
      .execute();
    return unique;
  });
}

/** How many articles a group holds (for the list's Article Count after a change). */
export async function countArticles(db: Kysely<DB>, groupId: number): Promise<number> {
  const row = await db.selectFrom('articles').where('content_group_id', '=', groupId)
    .select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  return Number(row.count);
}
