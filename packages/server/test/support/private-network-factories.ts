import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../src/platform/db/schema';
import { buildCampaign } from './factories';

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
  overrides: {
    ownerId: number; campaignName?: string; name?: string;
    accounts: { siteName: string; email: string; username: string; password: string }[];
  },
): Promise<{ id: number; name: string; campaignId: number; campaignName: string }> {
  const campaign = await buildCampaign(db, { ownerId: overrides.ownerId, ...(overrides.campaignName ? { name: overrides.campaignName } : {}) });
  const name = overrides.name ?? `Profile ${randomBytes(3).toString('hex')}`;
  const { id } = await db
    .insertInto('profiles')
    .values({ owner_id: overrides.ownerId, campaign_id: campaign.id, name, created_at: Date.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const account of overrides.accounts) {
    await db.insertInto('accounts').values({
      owner_id: overrides.ownerId, profile_id: id, site_name: account.siteName, email: account.email,
      username: account.username, password: account.password, created_at: Date.now(),
    }).execute();
  }
  return { id, name, campaignId: campaign.id, campaignName: campaign.name };
}
