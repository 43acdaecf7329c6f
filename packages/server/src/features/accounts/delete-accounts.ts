import { ACCOUNT_MESSAGES, type AccountKey } from '@linkloom/shared';
import type { AppContext } from '../../app-context';
import { HttpError } from '../../platform/http/errors';
import { countProfileAccounts, deleteAccounts, findProfileWithCampaign } from './accounts.repository';
import { publishAccountsChanged } from './accounts.live';

/**
 * Deletes accounts of one of the user's profiles, named by identity. Every key must name this
 * profile (accountListId): a list mixing profiles is refused whole. Live accountsDeleted.
 */
export async function deleteProfileAccounts(ctx: AppContext, ownerId: number, profileId: number, keys: readonly AccountKey[]): Promise<number> {
  const { db } = ctx.database;
  const profile = await findProfileWithCampaign(db, profileId, ownerId);
  if (keys.some((key) => key.accountListId !== profileId)) throw new HttpError(422, ACCOUNT_MESSAGES.otherProfile);
  const { deleted, total } = await db.transaction().execute(async (trx) => {
    const count = await deleteAccounts(trx, profileId, keys);
    return { deleted: count, total: await countProfileAccounts(trx, profileId) };
  });
  if (deleted > 0) publishAccountsChanged(ctx, ownerId, profile, 'accountsDeleted', { profileId, count: deleted, total }, total);
  return deleted;
}
