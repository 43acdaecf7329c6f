/**
 * Migration 0029 (link health) on an installation with published, checked links, on both
 * databases: those links get a next check spread over the day after the upgrade; links never
 * published, or still PENDING, stay unscheduled. Migration 0032 (tier health) up and down.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/platform/db/migrate';
import { createTestDatabase, DATABASES, type TestDatabaseHandle } from '../support/databases';
import { migrateToBefore } from '../support/migrate-before';
import { buildUser } from '../support/factories';
import { buildPublishedPost } from '../support/engine-check-factories';

const LINK_HEALTH = '0029-link-health';


describe.each(DATABASES)('link health migration on $kind', ({ kind, skip }) => {
  let handle: TestDatabaseHandle | undefined;
  afterEach(async () => {
    await handle?.drop();
    handle = undefined;
  });

  it.skipIf(skip)('schedules the links published before it over the next day, and no others', async () => {
    handle = await createTestDatabase(kind, { migrated: false });
    const database = handle.open();
    try {
      await migrateToBefore(database, LINK_HEALTH);
      const { db } = database;
      const user = await buildUser(db);
      const posts = [];
      for (let i = 0; i < 4; i += 1) posts.push(await buildPublishedPost(db, { ownerId: user.id, remoteUrl: `https://blog.test/${i}/`, links: [] }));
      const statuses = ['OK', 'MISSING', 'ERROR', 'PENDING'];
      for (const [i, post] of posts.entries()) await db.updateTable('url_items').set({ check_status: statuses[i]!, checked_at: Date.now() }).where('id', '=', post.urlItemId).execute();
      await db.insertInto('url_items').values({ owner_id: user.id, url_list_id: posts[0]!.outputLinkSetId, url: 'https://manual.test/', date_added: 1, created_at: 1, check_status: 'OK' }).execute();

      const before = Date.now();
      expect(await migrateToLatest(database)).toContain(LINK_HEALTH);
      const after = Date.now();
      const rows = await db.selectFrom('url_items').select(['id', 'post_id', 'check_status', 'next_check_at']).where('owner_id', '=', user.id).orderBy('id').execute();
      for (const row of rows) {
        if (row.post_id === null || row.check_status === 'PENDING') {
          expect(row.next_check_at, row.check_status).toBeNull();
          continue;
        }
        const due = Number(row.next_check_at);
        expect(due - (row.id % 86_400) * 1000).toBeGreaterThanOrEqual(before);
        expect(due - (row.id % 86_400) * 1000).toBeLessThanOrEqual(after);
      }
      expect(rows.filter((row) => row.next_check_at !== null)).toHaveLength(3);
    } finally {
      await database.close();
    }
  });

  it.skipIf(skip)('0032 adds the tier-health columns and the report indexes, and its down step takes them away again', async () => {
    handle = await createTestDatabase(kind, { migrated: false });
    const database = handle.open();
    try {
      expect(await migrateToLatest(database)).toContain('0032-tier-health');
      const { db } = database;
      const user = await buildUser(db);
      const post = await buildPublishedPost(db, { ownerId: user.id, remoteUrl: 'https://blog.test/dead/', links: [] });
      await db.updateTable('url_items').set({ dead_since: 5, dead_reason: 'GONE' }).where('id', '=', post.urlItemId).execute();
      expect(await db.selectFrom('url_items').select(['dead_since', 'dead_reason']).where('id', '=', post.urlItemId).executeTakeFirstOrThrow())
        .toEqual({ dead_since: 5, dead_reason: 'GONE' });
      await migrateToBefore(database, '0032-tier-health');
      await expect(db.selectFrom('url_items').select('dead_since').execute()).rejects.toThrow();
      expect(await migrateToLatest(database)).toContain('0032-tier-health');
      expect(await db.selectFrom('url_items').select(['dead_since', 'dead_reason']).where('id', '=', post.urlItemId).executeTakeFirstOrThrow()).toEqual({ dead_since: null, dead_reason: null });
    } finally {
      await database.close();
    }
  });
});
