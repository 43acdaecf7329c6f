import type { AppContext } from '../../app-context';
import { downloadKontentMachineArticles } from '../../engine/entry-points';
import { readOptions } from '../options/options.repository';
import { findContentGroup } from './content-groups.repository';
import { insertArticles } from './articles.repository';
import { asHttpErrors } from './content-tools.errors';
import { publishCountChange } from './publish-count-change';

/**
 * POST /action/download/kmarticles/{groupId}: the campaign's articles from Kontent Machine (called
 * before any transaction), then written into the user's group in one short transaction; the group's
 * screens hear `articlesImported` and the new count after the commit.
 */
export async function downloadKmArticles(ctx: AppContext, ownerId: number, groupId: number, inputInfo: string): Promise<{ imported: number }> {
  const { db } = ctx.database;
  await findContentGroup(db, groupId, ownerId);
  const { options } = await readOptions(db, ownerId);
  const articles = await asHttpErrors(() => downloadKontentMachineArticles(inputInfo, options.articleSources, { timeoutMs: options.waitTimeOut * 1000 }));
  const ids = await db.transaction().execute(async (trx) => {
    await findContentGroup(trx, groupId, ownerId);
    return insertArticles(trx, ownerId, groupId, articles);
  });
  ctx.live?.publish(ownerId, `content_group/${groupId}`, 'articlesImported', { count: ids.length });
  await publishCountChange(ctx, ownerId, groupId);
  return { imported: ids.length };
}
