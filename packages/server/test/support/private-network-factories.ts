import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../src/platform/db/schema';
import type { AccountFields } from '@linkloom/shared';
import { buildCampaign } from './factories';
import { buildProfile, type TestProfile } from './accounts-factories';

/** A private network owned by the user, optionally with sites (module Private, platform Unknown). */
export async function buildPrivateNetwork(
  db: Kysely<DB>,
  overrides: { ownerId: number; name?: string; sites?: { siteUrl: string; email: string; username?: string; password?: string }[] },
): Promise<{ id: number; name: string }> {
  const name = overrides.name ?? `Network ${randomBytes(3).toString('hex')}`;
  const { id } = await db
    .insertInto('private_networks')
    .values({ owner_id: overrides.ownerId, name, created_at: Date.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const site of overrides.sites ?? []) {
    await db.insertInto('private_sites').values({
      owner_id: overrides.ownerId, private_network_id: id, module: 'Private', platform: 'Unknown',
      site_url: site.siteUrl, email: site.email, username: site.username ?? 'user', password: site.password ?? 'secret',
      created_at: Date.now(),
    }).execute();
  }
  return { id, name };
}

/** An account profile in a (new) campaign of the user, holding the given accounts. */
export async function buildProfileWithAccounts(
  db: Kysely<DB>,
  overrides: { ownerId: number; campaignName?: string; name?: string; accounts: AccountFields[] },
): Promise<TestProfile & { campaignName: string }> {
  const campaign = await buildCampaign(db, { ownerId: overrides.ownerId, ...(overrides.campaignName ? { name: overrides.campaignName } : {}) });
  const profile = await buildProfile(db, {
    ownerId: overrides.ownerId, campaignId: campaign.id, accounts: overrides.accounts, ...(overrides.name ? { name: overrides.name } : {}),
  });
  return { ...profile, campaignName: campaign.name };
}
