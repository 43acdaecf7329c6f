import path from 'node:path';
import SQLite from 'better-sqlite3';
import { openDatabase } from '../../packages/server/src/platform/db/dialect';
import { migrateToLatest } from '../../packages/server/src/platform/db/migrate';
import { createUser } from '../../packages/server/src/features/session/create-user';
import { buildCampaign } from '../../packages/server/test/support/factories';
import { buildProfile } from '../../packages/server/test/support/accounts-factories';

/**
 * A fresh SQLite database in `dataDir` with `user` and one account profile of `accounts` accounts,
 * written straight into SQLite in one transaction (migration 0045's triggers keep the profile's
 * count). Account n: site `site{n mod 500}.example.com` (a profile's accounts share a few hundred
 * sites), email `user{n}@mail{n mod 7}.example.com`, username `user{n mod 100000}`. Answers the
 * profile's id.
 */
export async function seedProfile(dataDir: string, user: { username: string; password: string }, accounts: number, name: string): Promise<number> {
  const database = openDatabase({ databaseUrl: undefined, dataDir });
  await migrateToLatest(database);
  const ownerId = await createUser(database.db, user.username, user.password);
  const campaign = await buildCampaign(database.db, { ownerId });
  const profile = await buildProfile(database.db, { ownerId, campaignId: campaign.id, name });
  await database.close();
  const sqlite = new SQLite(path.join(dataDir, 'linkloom.sqlite'));
  sqlite.pragma('journal_mode = WAL');
  const insert = sqlite.prepare('insert into accounts (owner_id, profile_id, site_name, email, username, password, created_at) values (?, ?, ?, ?, ?, ?, ?)');
  const now = Date.now();
  sqlite.transaction(() => {
    for (let n = 1; n <= accounts; n += 1) insert.run(ownerId, profile.id, `site${n % 500}.example.com`, `user${n}@mail${n % 7}.example.com`, `user${n % 100_000}`, `pw${n}`, now);
  })();
  sqlite.pragma('wal_checkpoint(TRUNCATE)');
  sqlite.close();
  return profile.id;
}
