import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AccountFields } from '@linkloom/shared';
import type { DB } from '../../src/platform/db/schema';
import { secretBoxOf } from '../../src/platform/crypto/database-secrets';

export interface TestProfile {
  id: number;
  name: string;
  campaignId: number;
}

/** A profile row of a campaign, inserted directly, with `accounts` (a count or a list) when given. */
export async function buildProfile(
  db: Kysely<DB>,
  overrides: { ownerId: number; campaignId: number; name?: string; group?: string; accounts?: number | AccountFields[] },
): Promise<TestProfile> {
  const name = overrides.name ?? `Profile ${randomBytes(3).toString('hex')}`;
  const row = await db.insertInto('profiles')
    .values({ owner_id: overrides.ownerId, campaign_id: overrides.campaignId, name, group_name: overrides.group ?? '', created_at: Date.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  const profile = { id: row.id, name, campaignId: overrides.campaignId };
  if (overrides.accounts !== undefined) await buildAccounts(db, profile, overrides.ownerId, overrides.accounts);
  return profile;
}

/** `count` accounts site-001.test … in a profile, or the given ones. */
export async function buildAccounts(
  db: Kysely<DB>, profile: { id: number }, ownerId: number, accounts: number | AccountFields[],
): Promise<AccountFields[]> {
  const list = typeof accounts === 'number'
    ? Array.from({ length: accounts }, (_, i) => {
      const n = String(i + 1).padStart(3, '0');
      return { siteName: `site-${n}.test`, email: `user${n}@mail.test`, username: `user${n}`, password: `pw${n}` };
    })
    : accounts;
  for (let start = 0; start < list.length; start += 500) {
    await db.insertInto('accounts').values(list.slice(start, start + 500).map((a) => ({
      owner_id: ownerId, profile_id: profile.id, site_name: a.siteName, email: a.email, username: a.username, password: a.password, created_at: Date.now(),
    }))).execute();
  }
  return list;
}

/** The profile's accounts as stored (passwords opened), ordered by site then email. */
export async function storedAccounts(db: Kysely<DB>, profileId: number): Promise<AccountFields[]> {
  const rows = await db.selectFrom('accounts').select(['site_name', 'email', 'username', 'password'])
    .where('profile_id', '=', profileId).orderBy('site_name').orderBy('email').execute();
  // Passwords are stored sealed (platform/crypto): opened with the database's key, as the app reads them.
  const box = secretBoxOf(db);
  return rows.map((r) => ({ siteName: r.site_name, email: r.email, username: r.username, password: box.open(r.password) }));
}
