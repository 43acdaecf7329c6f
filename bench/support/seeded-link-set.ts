import path from 'node:path';
import SQLite from 'better-sqlite3';
import { indexLinksInBulk } from '../../packages/server/src/platform/db/link-search-trigger';
import { openDatabase } from '../../packages/server/src/platform/db/dialect';
import { migrateToLatest } from '../../packages/server/src/platform/db/migrate';
import { createUser } from '../../packages/server/src/features/session/create-user';
import { buildLinkSet } from '../../packages/server/test/support/link-factories';

/**
 * A fresh SQLite database in `dataDir` with `user` and one link set of `links` links, written
 * straight into SQLite in one transaction (the benches that use it are not about importing), with
 * its search index and count built at once. Link n: `https://site{n mod 9973}.example.com/articles/{n}`,
 * anchor `anchor text number {n}`. Answers the set's id.
 */
export async function seedLinkSet(dataDir: string, user: { username: string; password: string }, links: number, name: string): Promise<number> {
  const database = openDatabase({ databaseUrl: undefined, dataDir });
  await migrateToLatest(database);
  const ownerId = await createUser(database.db, user.username, user.password);
  const linkSet = await buildLinkSet(database.db, { ownerId, name });
  await database.close();
  const sqlite = new SQLite(path.join(dataDir, 'linkloom.sqlite'));
  sqlite.pragma('journal_mode = WAL');
  const insert = sqlite.prepare('insert into url_items (owner_id, created_at, url_list_id, url, anchor, links_on_page, date_added) values (?, ?, ?, ?, ?, ?, ?)');
  const now = Date.now();
  sqlite.transaction(() => {
    for (let n = 1; n <= links; n += 1) insert.run(ownerId, now, linkSet.id, `https://site${n % 9973}.example.com/articles/${n}`, `anchor text number ${n}`, n % 50, now);
    // This connection has no per-link trigger (migration 0025): the search index and count are built at once.
    indexLinksInBulk(sqlite, linkSet.id);
  })();
  sqlite.pragma('wal_checkpoint(TRUNCATE)');
  sqlite.close();
  return linkSet.id;
}
