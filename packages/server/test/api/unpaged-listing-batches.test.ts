/**
 * GET /rest/url_items/{id} without paging, across the batches it is read in (LISTING_BATCH rows), on both
 * databases: every sort key in both orders gives every link once, in (key, id) order, with many
 * links sharing a key (so the id tie-break at a batch boundary is exercised). Guards the keyset
 * cursor condition (`key >= c and (key > c or id > c.id)`) that lets the index start at the cursor.
 */
import { describe, expect, it } from 'vitest';
import { DATABASES } from '../support/databases';
import { useTestServer } from '../support/lifecycle';
import { useTwoUsers } from '../support/scenario';
import { buildLinkSet, buildLinks, type TestLink } from '../support/link-factories';
import { LISTING_BATCH } from '../../src/features/link-items/stream-all-links';

/** Two batch boundaries and a part batch. */
const LINKS = 2 * LISTING_BATCH + 500;
const SORTS = ['id', 'url', 'anchor', 'dateAdded'] as const;

interface Listed {
  id: number;
  url: string;
  anchor: string;
  dateAdded: number;
}

/** Keys of equal length that differ in one digit: the same order under any collation. */
function link(n: number): TestLink {
  return { url: `https://site${n % 7}.test/page`, anchor: `anchor ${n % 3}`, dateAdded: 1_700_000_000_000 + (n % 5) };
}

describe.each(DATABASES)('the unpaged link listing across batches on $kind', ({ kind, skip }) => {
  const ctx = useTestServer(kind, skip);
  const { ann } = useTwoUsers(ctx, skip);

  it.skipIf(skip)('lists every link once, in key then id order, for every sort key and both orders', async () => {
    const db = ctx.server.database.db;
    const linkSet = await buildLinkSet(db, { ownerId: ann.id, name: 'Batches' });
    const ids = await buildLinks(db, { ownerId: ann.id, urlListId: linkSet.id }, Array.from({ length: LINKS }, (_, i) => link(i + 1)));
    const stored = ids.map((id, i): Listed => ({ id, url: link(i + 1).url, anchor: link(i + 1).anchor ?? '', dateAdded: link(i + 1).dateAdded ?? 0 }));
    for (const sort of SORTS) {
      for (const order of ['asc', 'desc'] as const) {
        const response = await ann.agent.request('GET', `/rest/url_items/${linkSet.id}?sort=${sort}&order=${order}`);
        expect(response.statusCode).toBe(200);
        const body = response.json() as { urls: Listed[]; total: number };
        const direction = order === 'asc' ? 1 : -1;
        const expected = [...stored].sort((a, b) => {
          const byKey = a[sort] < b[sort] ? -1 : a[sort] > b[sort] ? 1 : 0;
          return direction * (byKey !== 0 ? byKey : a.id - b.id);
        });
        expect(body.total, `${sort} ${order}`).toBe(LINKS);
        expect(body.urls.map((row) => row.id), `${sort} ${order}`).toEqual(expected.map((row) => row.id));
      }
    }
  });
});
