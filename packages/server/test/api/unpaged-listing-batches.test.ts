/**
 * The unpaged listings across the batches they are read in, on both databases. GET
 * /rest/url_items/{id} (LISTING_BATCH rows a batch): every sort key in both orders gives every link
 * once, in (key, id) order, with many links sharing a key (so the id tie-break at a batch boundary
 * is exercised). Guards the keyset cursor condition (`key >= c and (key > c or id > c.id)`) that
 * lets the index start at the cursor. GET /rest/accounts/{profileId} likewise (below).
 */
import { describe, expect, it } from 'vitest';
import { DATABASES } from '../support/databases';
import { useTestServer } from '../support/lifecycle';
import { useTwoUsers } from '../support/scenario';
import { buildLinkSet, buildLinks, type TestLink } from '../support/link-factories';
import { LISTING_BATCH } from '../../src/features/link-items/stream-all-links';
import { ACCOUNT_LISTING_BATCH } from '../../src/features/accounts/stream-all-accounts';
import { buildCampaign } from '../support/factories';
import { buildAccounts, buildProfile } from '../support/accounts-factories';

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

/** Two batch boundaries of the accounts listing and a part batch. */
const ACCOUNTS = 2 * ACCOUNT_LISTING_BATCH + 300;
const ACCOUNT_SORTS = { site: ['siteName', 'email'], email: ['email', 'siteName'], username: ['username', 'id'] } as const;

/**
 * GET /rest/accounts/{profileId} without paging (issue 38), across its batches: every sort in both
 * orders gives every account once, in the order's two keys, with sites, emails and usernames shared
 * by many accounts (so each order's second key decides at a batch boundary); a filter keeps the
 * matching ones only.
 */
describe.each(DATABASES)('the unpaged account listing across batches on $kind', ({ kind, skip }) => {
  const ctx = useTestServer(kind, skip);
  const { ann } = useTwoUsers(ctx, skip);

  it.skipIf(skip)('lists every account once, in the order\'s keys, for every sort field and both orders, filtered when asked', async () => {
    const db = ctx.server.database.db;
    const campaign = await buildCampaign(db, { ownerId: ann.id, name: 'Batches' });
    const profile = await buildProfile(db, { ownerId: ann.id, campaignId: campaign.id });
    // Keys of equal length: the same order under any collation. (site, email) is an account's identity.
    const fields = Array.from({ length: ACCOUNTS }, (_, i) => ({
      siteName: `site${i % 7}.test`, email: `user${String(i).padStart(5, '0')}@mail${i % 3}.test`, username: `name${i % 5}`, password: `pw${i}`,
    }));
    await buildAccounts(db, profile, ann.id, fields);
    const rows = await db.selectFrom('accounts').select(['id', 'email']).where('profile_id', '=', profile.id).execute();
    const idOf = new Map(rows.map((row) => [row.email, row.id]));
    const stored = fields.map((account) => ({ ...account, id: idOf.get(account.email)! }));
    type Stored = (typeof stored)[number];
    const compare = (keys: readonly (keyof Stored)[], direction: number) => (a: Stored, b: Stored) => {
      for (const key of keys) if (a[key] !== b[key]) return direction * (a[key] < b[key] ? -1 : 1);
      return 0;
    };
    for (const [sortField, keys] of Object.entries(ACCOUNT_SORTS)) {
      for (const sortOrder of ['asc', 'desc'] as const) {
        const response = await ann.agent.request('GET', `/rest/accounts/${profile.id}?sortField=${sortField}&sortOrder=${sortOrder}`);
        expect(response.statusCode).toBe(200);
        const body = response.json() as { accounts: { email: string }[]; total: number; profile: { count: number } };
        const expected = [...stored].sort(compare(keys, sortOrder === 'asc' ? 1 : -1));
        expect(body.total, `${sortField} ${sortOrder}`).toBe(ACCOUNTS);
        expect(body.profile.count).toBe(ACCOUNTS);
        expect(body.accounts.map((account) => account.email), `${sortField} ${sortOrder}`).toEqual(expected.map((account) => account.email));
      }
    }
    const filtered = (await ann.agent.request('GET', `/rest/accounts/${profile.id}?sortField=username&email=MAIL1`)).json() as { accounts: { email: string }[]; total: number };
    const matching = stored.filter((account) => account.email.includes('mail1')).sort(compare(ACCOUNT_SORTS.username, 1));
    expect(filtered.total).toBe(matching.length);
    expect(filtered.accounts.map((account) => account.email)).toEqual(matching.map((account) => account.email));
  });
});
