import { randomUUID } from 'node:crypto';
import type { SpinArticleBody, SpinArticleResponse } from '@linkloom/shared';
import type { AppContext } from '../../app-context';
import { spinWithService } from '../../engine/entry-points';
import { readOptions } from '../options/options.repository';
import { findContentGroup } from './content-groups.repository';
import { asHttpErrors } from './content-tools.errors';

/**
 * POST /action/spin/article/{groupId}: one readable variation of the editor's title and body by the
 * chosen spinner, keeping the group's protected words. Nothing is saved (the editor marks the
 * article changed); the service is called outside any transaction.
 */
export async function spinArticle(ctx: AppContext, ownerId: number, groupId: number, body: SpinArticleBody): Promise<SpinArticleResponse> {
  const { db } = ctx.database;
  const group = await findContentGroup(db, groupId, ownerId);
  const { options } = await readOptions(db, ownerId);
  const seed = `spin:${groupId}:${randomUUID()}`;
  return asHttpErrors(() => spinWithService(body.spinnerService, options.spinners, { title: body.title, body: body.body }, group.words_not_to_be_changed, seed,
    { timeoutMs: options.waitTimeOut * 1000 }));
}
