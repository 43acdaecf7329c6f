import type { SaveArticleBody } from '@linkloom/shared';
import type { AppContext } from '../../app-context';
import { assertOwned } from '../../platform/auth/ownership';
import { insertArticles, updateArticle } from './articles.repository';
import { publishCountChange } from './publish-count-change';

/**
 * Saves the editor's article: creates it in the group when it has no id, otherwise updates it
 * (404 when the group or the article is not the user's, or the article is in another group).
 * Answers the article's id; the group's screen and list hear about it after the write.
 */
export async function saveArticle(ctx: AppContext, ownerId: number, body: SaveArticleBody): Promise<number> {
  const { db } = ctx.database;
  const { id, contentGroupId, title, body: text, authorName, authorBio } = body;
  await assertOwned(db, 'content_groups', contentGroupId, ownerId);
  const fields = { title, body: text, authorName, authorBio };
  let savedId = id;
  if (savedId === undefined) {
    [savedId] = await insertArticles(db, ownerId, contentGroupId, [fields]);
    if (savedId === undefined) throw new Error('the article was not inserted');
    await publishCountChange(ctx, ownerId, contentGroupId);
  } else {
    await updateArticle(db, ownerId, contentGroupId, savedId, fields);
  }
  ctx.live?.publish(ownerId, `content_group/${contentGroupId}`, 'articleSaved', { id: savedId, title });
  return savedId;
}
