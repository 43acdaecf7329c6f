import type { AccountFields, AccountUpsertResponse } from '@linkloom/shared';
import type { AppContext } from '../../app-context';
import { countProfileAccounts, existingKeys, findProfileWithCampaign, identityKey, upsertAccounts } from './accounts.repository';
import { presentAccount } from './accounts.presenter';
import { publishAccountsChanged } from './accounts.live';

/**
 * Adds an account to one of the user's profiles, or updates username and password of the account
 * with the same site and email (the identity). Live newAccount / accountEdited after the commit.
 */
export async function saveAccount(ctx: AppContext, ownerId: number, profileId: number, fields: AccountFields): Promise<AccountUpsertResponse> {
  const { db } = ctx.database;
  const profile = await findProfileWithCampaign(db, profileId, ownerId);
  const { created, total } = await db.transaction().execute(async (trx) => {
    const existed = (await existingKeys(trx, profileId, [fields])).has(identityKey(fields.siteName, fields.email));
    await upsertAccounts(trx, ownerId, profileId, [fields]);
    return { created: !existed, total: await countProfileAccounts(trx, profileId) };
  });
  const account = presentAccount({ profile_id: profileId, site_name: fields.siteName, email: fields.email, username: fields.username, password: fields.password });
  publishAccountsChanged(ctx, ownerId, profile, created ? 'newAccount' : 'accountEdited', { profileId, account, total }, total);
  return { account, created };
}
