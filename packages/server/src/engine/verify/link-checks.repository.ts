import type { Kysely, Selectable } from 'kysely';
import type { ExpectedBacklink, LinkCheckStatus } from '@linkloom/shared';
import type { DB } from '../../platform/db/schema';
import type { UrlItemsTable } from '../seams';
import type { PostRow } from '../runner/runs.repository';

type Db = Kysely<DB>;

/** The output link a published post added (its url_item_id, or the link that names the post). */
export async function outputLinkOfPost(db: Db, ownerId: number, post: Pick<PostRow, 'id' | 'url_item_id'>): Promise<Selectable<UrlItemsTable> | undefined> {
  const query = db.selectFrom('url_items').selectAll().where('owner_id', '=', ownerId);
  return post.url_item_id !== null
    ? query.where('id', '=', post.url_item_id).executeTakeFirst()
    : query.where('post_id', '=', post.id).orderBy('id').limit(1).executeTakeFirst();
}

/** The links the engine placed in a post: what its page must carry. */
export async function placedLinks(db: Db, ownerId: number, postId: number): Promise<ExpectedBacklink[]> {
  return db.selectFrom('engine_post_links').select(['url', 'anchor'])
    .where('post_id', '=', postId).where('owner_id', '=', ownerId).orderBy('id').execute();
}

/** Stores a check of one output link; false when the link no longer exists (deleted meanwhile). */
export async function storeCheck(db: Db, ownerId: number, urlItemId: number, check: { status: LinkCheckStatus; info: string | null; checkedAt: number | null }): Promise<boolean> {
  const result = await db.updateTable('url_items')
    .set({ check_status: check.status, check_info: check.info, checked_at: check.checkedAt })
    .where('id', '=', urlItemId).where('owner_id', '=', ownerId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
