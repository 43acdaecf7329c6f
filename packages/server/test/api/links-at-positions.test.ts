/**
 * A post composed from a set too large to load whole reads its links by position among the set's
 * live links in id order (engine/runner/links-at-positions.ts). The walk answers exactly what a
 * plain OFFSET over the live links would, for positions in any order, repeated, at both ends and
 * past the end, with another set's links in between and dead links among them, and again after a
 * link dies and another comes back; on SQLite it goes through the live-link index (migration 0046),
 * so the links it skips are index entries, not table rows.
 */
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/platform/db/dialect';
import type { DB } from '../../src/platform/db/schema';
import { linksAtPositions } from '../../src/engine/runner/links-at-positions';
import { DATABASES } from '../support/databases';
import { useTestDatabase } from '../support/lifecycle';
import { buildUser } from '../support/factories';
import { buildLinkSet, buildLinks } from '../support/link-factories';

describe.each(DATABASES)('links at positions of a large set on $kind', ({ kind, skip }) => {
  const ctx = useTestDatabase(kind, skip);
  let database: Database;
  let setId = 0;
  const db = (): Kysely<DB> => database.db;

  beforeAll(async () => {
    if (skip) return;
    database = ctx.handle.open();
    const user = await buildUser(db());
    const set = await buildLinkSet(db(), { ownerId: user.id });
    const other = await buildLinkSet(db(), { ownerId: user.id });
    // Blocks of the two sets in turn: the set's ids have gaps where the other's links stand.
    for (let block = 0; block < 5; block += 1) {
      await buildLinks(db(), { ownerId: user.id, urlListId: set.id }, Array.from({ length: 300 }, (_, i) => ({ url: `https://s${block}.test/${i}`, anchor: `a ${block} ${i}` })));
      await buildLinks(db(), { ownerId: user.id, urlListId: other.id }, 40);
    }
    // Every seventh link of the set dead (issue 18.2's tier health): no target for new posts.
    await sql`update url_items set dead_since = 1 where url_list_id = ${set.id} and id % 7 = 0`.execute(db());
    setId = set.id;
  });

  afterAll(async () => {
    if (!skip) await database.close();
  });

  /** The oracle: position → URL among the set's live links in id order. */
  async function liveUrls(): Promise<string[]> {
    const rows = await db().selectFrom('url_items').select('url').where('url_list_id', '=', setId).where('dead_since', 'is', null).orderBy('id', 'asc').execute();
    return rows.map((row) => row.url);
  }

  async function expectOracle(positions: number[]): Promise<void> {
    const live = await liveUrls();
    const found = await linksAtPositions(db(), setId, positions);
    const expected = [...new Set(positions)].filter((position) => position < live.length).sort((a, b) => a - b).map((position) => [position, live[position]]);
    expect([...found].map(([position, link]) => [position, link.url]).sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual(expected);
  }

  it.skipIf(skip)('answers what an OFFSET over the live links answers, for positions in any order, repeated, at both ends and past the end', async () => {
    const live = await liveUrls();
    expect(live.length).toBeGreaterThan(1_200);
    await expectOracle([]);
    await expectOracle([0]);
    await expectOracle([live.length - 1]);
    await expectOracle([live.length, live.length + 40, 3]);
    await expectOracle([900, 5, 5, 1_100, 0, 299, 300, 301, 899]);
    // Seeded spread over the whole set, as a post's build asks.
    let seed = 7;
    const spread = Array.from({ length: 60 }, () => (seed = (seed * 48_271) % 2_147_483_647) % (live.length + 10));
    await expectOracle(spread);
  });

  it.skipIf(skip)('follows a link that dies and one that comes back', async () => {
    const revived = (await sql<{ id: number }>`select min(id) as id from url_items where url_list_id = ${setId} and dead_since is not null`.execute(db())).rows[0]!.id;
    const dying = (await sql<{ id: number }>`select max(id) as id from url_items where url_list_id = ${setId} and dead_since is null`.execute(db())).rows[0]!.id;
    await db().updateTable('url_items').set({ dead_since: null }).where('id', '=', Number(revived)).execute();
    await db().updateTable('url_items').set({ dead_since: Date.now() }).where('id', '=', Number(dying)).execute();
    const live = await liveUrls();
    await expectOracle([0, 1, 2, 5, 6, 7, 8, live.length - 2, live.length - 1, live.length]);
  });

  it.skipIf(skip || kind !== 'sqlite')('skips through the live-link index, never the table', async () => {
    const plan = await sql<{ detail: string }>`explain query plan select "id", "url", "anchor" from "url_items"
      where "url_list_id" = ${setId} and "dead_since" is null and "id" > ${1} order by "id" asc limit ${1} offset ${10}`.execute(db());
    // A range of the index, in its own order: no table scan, no sort.
    expect(plan.rows.map((row) => row.detail)).toEqual(['SEARCH url_items USING INDEX url_items_live_idx (url_list_id=? AND id>?)']);
  });
});
