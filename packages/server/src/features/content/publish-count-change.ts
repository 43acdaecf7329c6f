import type { AppContext } from '../../app-context';
import { countArticles } from './articles.repository';

/** Tells the content group list that a group's Article Count changed (after the write committed). */
export async function publishCountChange(ctx: AppContext, ownerId: number, groupId: number): Promise<void> {
  if (!ctx.live) return;
  const count = await countArticles(ctx.database.db, groupId);
  ctx.live.publish(ownerId, 'content_groups', 'articleCountChanged', { id: groupId, count });
}
