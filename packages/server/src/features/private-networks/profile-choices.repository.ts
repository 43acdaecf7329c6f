import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema';

export interface ProfileChoice {
  id: number;
  name: string;
  campaignId: number;
  campaignName: string;
  count: number;
}

/**
 * The user's account profiles with their campaign and account count, for the "From Account
 * Profiles" import. Read-only; scoped by owner on both tables.
 */
export async function listProfileChoices(db: Kysely<DB>, ownerId: number): Promise<ProfileChoice[]> {
  const rows = await db
    .selectFrom('profiles')
    .innerJoin('campaigns', 'campaigns.id', 'profiles.campaign_id')
    .select((eb) => [
      'profiles.id as id',
      'profiles.name as name',
      'campaigns.id as campaignId',
      'campaigns.name as campaignName',
      eb.selectFrom('accounts').select((inner) => inner.fn.countAll<number | string>().as('n')).whereRef('accounts.profile_id', '=', 'profiles.id').as('count'),
    ])
    .where('profiles.owner_id', '=', ownerId)
    .where('campaigns.owner_id', '=', ownerId)
    .orderBy('campaigns.name').orderBy('profiles.name').orderBy('profiles.id')
    .execute();
  return rows.map((row) => ({ ...row, count: Number(row.count ?? 0) }));
}
