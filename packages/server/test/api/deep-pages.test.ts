/**
 * Deep pages of a link set and of a profile's accounts (issue 40 item 6): an unfiltered page starts after the page anchor
 * nearest before it (platform/db/page-anchors.ts), kept while the set's order stamp (migration
 * 0044) stays. Every page, under every sort and order the screen offers, is exactly what a plain
 * OFFSET over the set answers — after the anchors were found, and after each kind of write that can
 * change the order: a link edited, links deleted, added one by one, by a batch, by a file import,
 * and a URL changed by the engine. A check of links (status only) leaves the stamp as it was. The
 * unpaged answer's batches, read after a cursor the same way, give every link once and in order.
 * The same for accounts (migration 0045): every page under every sort, after an account added, an
 * upload, a username edited and accounts deleted; the profile's kept count is its number of accounts.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_SORT_FIELDS, AccountListResponseSchema, URL_ITEM_SORT_FIELDS, UrlItemListResponseSchema, type AccountFields, type AccountSortField, type UrlItemSortField } from '@linkloom/shared';
import { DATABASES } from '../support/databases';
import { useTestServer } from '../support/lifecycle';
import { useTwoUsers } from '../support/scenario';
import { buildLinkSet, buildLinks, type TestLink } from '../support/link-factories';
import { multipartFile } from '../support/multipart';
import { buildCampaign } from '../support/factories';
import { buildProfile } from '../support/accounts-factories';
import { linkListingKey, linkPageAnchors, listedLinksAfter, type LinkListCursor } from '../../src/features/link-items/link-items.repository';
import { accountListingKey, accountPageAnchors, listedAccountsAfter, type AccountListCursor } from '../../src/features/accounts/accounts.repository';

/** More than two anchors' worth (an anchor every 1,000 links), with ties in every sort key. */
const LINKS = 2_650;
const SORT_SQL: Record<UrlItemSortField, string> = { id: 'id', url: 'substr(url, 1, 600)', anchor: 'substr(anchor, 1, 600)', dateAdded: 'date_added' };
/** [page, pageSize]: the first page, pages on and across anchors, a small page deep in, past the end. */
const PAGES: [number, number][] = [[1, 100], [10, 100], [11, 100], [20, 100], [21, 100], [27, 100], [150, 7], [2, 1000], [3, 1000], [40, 100], [1_000_000_000, 1000]];

function links(count: number, tag: string): TestLink[] {
  return Array.from({ length: count }, (_, i) => ({
    url: `https://s${(i * 7) % 37}.test/${tag}/${(i * 7919) % 600}`,
    anchor: `anchor ${(i * 31) % 250}`,
    dateAdded: 1_700_000_000_000 + (i % 13) * 60_000,
  }));
}

describe.each(DATABASES)('deep pages of a link set on $kind', ({ kind, skip }) => {
  const ctx = useTestServer(kind, skip);
  const { ann } = useTwoUsers(ctx, skip);
  const db = () => ctx.server.database.db;

  /** The ids a plain OFFSET over the set answers for the page. */
  async function offsetPage(urlListId: number, sort: UrlItemSortField, order: 'asc' | 'desc', page: number, pageSize: number): Promise<number[]> {
    const direction = sql.raw(order);
    const { rows } = await sql<{ id: number }>`select id from url_items where url_list_id = ${urlListId}
      order by ${sql.raw(SORT_SQL[sort])} ${direction}, id ${direction} limit ${pageSize} offset ${(page - 1) * pageSize}`.execute(db());
    return rows.map((row) => Number(row.id));
  }

  async function apiPage(urlListId: number, sort: UrlItemSortField, order: 'asc' | 'desc', page: number, pageSize: number): Promise<number[]> {
    const response = await ann.agent.request('GET', `/rest/url_items/${urlListId}?page=${page}&pageSize=${pageSize}&sort=${sort}&order=${order}`);
    expect(response.statusCode).toBe(200);
    return UrlItemListResponseSchema.parse(response.json()).urls.map((link) => link.id);
  }

  /** Every page of PAGES under every sort and order, against the OFFSET oracle: the pages that differ. */
  async function wrongPagesOnce(urlListId: number, when: string): Promise<string[]> {
    const wrong: string[] = [];
    for (const sort of URL_ITEM_SORT_FIELDS) {
      for (const order of ['asc', 'desc'] as const) {
        for (const [page, pageSize] of PAGES) {
          const [got, expected] = [await apiPage(urlListId, sort, order, page, pageSize), await offsetPage(urlListId, sort, order, page, pageSize)];
          if (JSON.stringify(got) !== JSON.stringify(expected)) wrong.push(`${when}: ${sort} ${order} page ${page} of ${pageSize}`);
        }
      }
    }
    return wrong;
  }

  /**
   * The pages checked as a write left them — the anchors found again in the background, the pages
   * meanwhile starting from the nearest one found — then again once every listing's anchors are in.
   */
  async function wrongPages(urlListId: number, when: string): Promise<string[]> {
    const wrong = await wrongPagesOnce(urlListId, `${when} (anchors being found)`);
    const anchors = linkPageAnchors(db());
    for (const sort of URL_ITEM_SORT_FIELDS) for (const order of ['asc', 'desc'] as const) await anchors.walked(linkListingKey(urlListId, { sort, order }));
    return [...wrong, ...(await wrongPagesOnce(urlListId, `${when} (anchors found)`))];
  }

  /** The whole listing read in batches of 300 after a cursor (as the unpaged answer streams it), against the OFFSET oracle. */
  async function wrongBatches(urlListId: number): Promise<string[]> {
    const wrong: string[] = [];
    for (const sort of URL_ITEM_SORT_FIELDS) {
      for (const order of ['asc', 'desc'] as const) {
        const ids: number[] = [];
        let cursor: LinkListCursor | null = null;
        for (;;) {
          const batch: { json: string[]; last: LinkListCursor | null } = await listedLinksAfter(db(), kind, urlListId, { sort, order }, cursor, 300);
          ids.push(...batch.json.map((json) => (JSON.parse(json) as { id: number }).id));
          if (batch.json.length < 300) break;
          cursor = batch.last;
        }
        if (JSON.stringify(ids) !== JSON.stringify(await offsetPage(urlListId, sort, order, 1, 100_000))) wrong.push(`${sort} ${order}`);
      }
    }
    return wrong;
  }

  const stampOf = async (urlListId: number) => String((await db().selectFrom('url_lists').select('order_stamp').where('id', '=', urlListId).executeTakeFirstOrThrow()).order_stamp);

  it.skipIf(skip)('answers every page as OFFSET does, before and after every write that changes the order', async () => {
    const linkSet = await buildLinkSet(db(), { ownerId: ann.id });
    await buildLinks(db(), { ownerId: ann.id, urlListId: linkSet.id }, links(LINKS, 'a'));
    const id = linkSet.id;
    expect(await wrongPages(id, 'first')).toEqual([]);
    // The same two-range seek after a cursor reads the unpaged answer batch by batch, ties in the sort key included.
    expect(await wrongBatches(id)).toEqual([]);

    const ids = await offsetPage(id, 'id', 'asc', 1, LINKS);
    // A check changes no order: the stamp stays, the anchors are used as they are.
    let stamp = await stampOf(id);
    await db().updateTable('url_items').set({ check_status: 'OK', check_info: 'found', checked_at: Date.now() }).where('id', 'in', ids.slice(0, 500)).execute();
    expect(await stampOf(id)).toBe(stamp);

    const writes: [string, () => Promise<unknown>][] = [
      ['a link edited', async () => {
        const edited = await ann.agent.request('POST', `/rest/url_item/${id}`, { body: { id: ids[1500], url: 'https://aaa.test/first-now', anchor: 'zzz last now', linksOnPage: null } });
        expect(edited.statusCode).toBe(200);
      }],
      ['links deleted', async () => {
        expect((await ann.agent.request('DELETE', `/rest/url_items/${id}`, { body: { ids: [ids[3]!, ids[900]!, ids[1200]!] } })).statusCode).toBe(200);
      }],
      ['a link added', async () => {
        expect((await ann.agent.request('POST', `/rest/url_item/${id}`, { body: { url: 'https://s1.test/a/1', anchor: 'anchor 1' } })).statusCode).toBe(201);
      }],
      ['a batch added', async () => {
        const batch = links(40, 'batch').map((link) => `${link.url}|x|${link.anchor}`).join('\n');
        expect((await ann.agent.request('PUT', `/rest/url_items/${id}`, { body: { links: batch } })).statusCode).toBe(200);
      }],
      ['a file imported', async () => {
        const lines = links(300, 'file').map((link) => `${link.url}|x|${link.anchor}`).join('\n');
        const { body, headers } = multipartFile('links.txt', `${lines}\n`, { contentType: 'text/plain' });
        expect((await ann.agent.request('POST', `/action/import/url_list/${id}`, { body, headers })).statusCode).toBe(200);
      }],
      ['a URL changed by the engine', async () => {
        await db().updateTable('url_items').set({ url: 'https://s0.test/a/0' }).where('id', '=', ids[2000]!).execute();
      }],
    ];
    for (const [what, write] of writes) {
      await write();
      const next = await stampOf(id);
      expect({ what, moved: next !== stamp }).toEqual({ what, moved: true });
      stamp = next;
      expect(await wrongPages(id, what)).toEqual([]);
    }
  }, 120_000);

  /** The accounts' order of each sort: the repository's pair of columns (the second makes it unique). */
  const ACCOUNT_ORDER: Record<AccountSortField, [string, string]> = { site: ['site_name', 'email'], email: ['email', 'site_name'], username: ['username', 'id'] };

  function accounts(count: number, tag: string): AccountFields[] {
    return Array.from({ length: count }, (_, i) => ({
      siteName: `site${(i * 7) % 37}.test`, email: `${tag}${(i * 7919) % count}@mail${i % 5}.test`, username: `user${(i * 31) % 250}`, password: `pw ${i}`,
    }));
  }

  /** An account's identity (the API lists accounts without their ids). */
  const identity = (account: { site_name: string; email: string }) => `${account.site_name} ${account.email}`;

  async function offsetAccounts(profileId: number, sort: AccountSortField, order: 'asc' | 'desc', page: number, pageSize: number): Promise<string[]> {
    const [first, second] = ACCOUNT_ORDER[sort].map((column) => sql.raw(column));
    const direction = sql.raw(order);
    const { rows } = await sql<{ site_name: string; email: string }>`select site_name, email from accounts where profile_id = ${profileId}
      order by ${first} ${direction}, ${second} ${direction} limit ${pageSize} offset ${(page - 1) * pageSize}`.execute(db());
    return rows.map(identity);
  }

  async function wrongAccountPagesOnce(profileId: number, when: string): Promise<string[]> {
    const wrong: string[] = [];
    const total = Number((await sql<{ n: number }>`select count(*) as n from accounts where profile_id = ${profileId}`.execute(db())).rows[0]!.n);
    for (const sort of ACCOUNT_SORT_FIELDS) {
      for (const order of ['asc', 'desc'] as const) {
        for (const [page, pageSize] of PAGES) {
          if (page > 10_000_000) continue;
          const response = await ann.agent.request('GET', `/rest/accounts/${profileId}?page=${page}&pageSize=${pageSize}&sortField=${sort}&sortOrder=${order}`);
          expect(response.statusCode).toBe(200);
          const body = AccountListResponseSchema.parse(response.json());
          const expected = await offsetAccounts(profileId, sort, order, page, pageSize);
          if (JSON.stringify(body.accounts.map((account) => identity({ site_name: account.siteName, email: account.email }))) !== JSON.stringify(expected) || body.total !== total) wrong.push(`${when}: ${sort} ${order} page ${page} of ${pageSize}`);
        }
      }
    }
    return wrong;
  }

  async function wrongAccountPages(profileId: number, when: string): Promise<string[]> {
    const wrong = await wrongAccountPagesOnce(profileId, `${when} (anchors being found)`);
    const anchors = accountPageAnchors(db());
    for (const sortField of ACCOUNT_SORT_FIELDS) for (const sortOrder of ['asc', 'desc'] as const) await anchors.walked(accountListingKey(profileId, { sortField, sortOrder }));
    return [...wrong, ...(await wrongAccountPagesOnce(profileId, `${when} (anchors found)`))];
  }

  async function wrongAccountBatches(profileId: number): Promise<string[]> {
    const wrong: string[] = [];
    for (const sortField of ACCOUNT_SORT_FIELDS) {
      for (const sortOrder of ['asc', 'desc'] as const) {
        const ids: string[] = [];
        let cursor: AccountListCursor | null = null;
        for (;;) {
          const batch: { rows: { site_name: string; email: string }[]; read: number; last: AccountListCursor | null } = await listedAccountsAfter(db(), kind, profileId, { sortField, sortOrder, filters: {} }, cursor, 300);
          ids.push(...batch.rows.map(identity));
          if (batch.read < 300) break;
          cursor = batch.last;
        }
        if (JSON.stringify(ids) !== JSON.stringify(await offsetAccounts(profileId, sortField, sortOrder, 1, 100_000))) wrong.push(`${sortField} ${sortOrder}`);
      }
    }
    return wrong;
  }

  const profileStamp = async (profileId: number) => {
    const row = await db().selectFrom('profiles').select(['order_stamp', 'account_count']).where('id', '=', profileId).executeTakeFirstOrThrow();
    return { stamp: String(row.order_stamp), count: Number(row.account_count) };
  };

  it.skipIf(skip)('answers every page of accounts as OFFSET does, with the kept count, before and after every write that changes the order', async () => {
    const campaign = await buildCampaign(db(), { ownerId: ann.id });
    const profile = await buildProfile(db(), { ownerId: ann.id, campaignId: campaign.id, accounts: accounts(LINKS, 'a') });
    const id = profile.id;
    expect(await wrongAccountPages(id, 'first')).toEqual([]);
    expect(await wrongAccountBatches(id)).toEqual([]);
    const ids = (await db().selectFrom('accounts').select('id').where('profile_id', '=', id).orderBy('id').execute()).map((row) => row.id);
    const stored = (n: number) => db().selectFrom('accounts').select(['site_name', 'email']).where('id', '=', ids[n]!).executeTakeFirstOrThrow();
    let before = await profileStamp(id);
    expect(before.count).toBe(LINKS);
    // A password or a verification changes no order.
    await db().updateTable('accounts').set({ verified_at: Date.now() }).where('id', 'in', ids.slice(0, 300)).execute();
    expect(await profileStamp(id)).toEqual(before);

    const writes: [string, number, () => Promise<unknown>][] = [
      ['an account added', 1, async () => {
        expect((await ann.agent.request('PUT', '/rest/account', { body: { accountListId: id, siteName: 'site3.test', email: 'new@mail.test', username: 'user1', password: 'pw' } })).statusCode).toBe(201);
      }],
      ['a username edited', 0, async () => {
        const account = await stored(1500);
        expect((await ann.agent.request('PUT', '/rest/account', { body: { accountListId: id, siteName: account.site_name, email: account.email, username: 'aaa first now', password: 'pw' } })).statusCode).toBe(200);
      }],
      ['accounts uploaded', 200, async () => {
        const csv = ['site,email,username,password', ...accounts(200, 'up').map((a) => `${a.siteName},${a.email},${a.username},${a.password}`)].join('\n');
        const { body, headers } = multipartFile('more.csv', `${csv}\n`, { contentType: 'text/csv' });
        expect((await ann.agent.request('POST', `/action/import/profile/${id}`, { body, headers })).statusCode).toBe(200);
      }],
      ['accounts deleted', -3, async () => {
        const keys = await Promise.all([3, 900, 1200].map(async (n) => ({ accountListId: id, ...(await stored(n).then((a) => ({ siteName: a.site_name, email: a.email }))) })));
        expect((await ann.agent.request('DELETE', `/rest/accounts/${id}`, { body: keys })).statusCode).toBe(200);
      }],
    ];
    for (const [what, added, write] of writes) {
      await write();
      const after = await profileStamp(id);
      expect({ what, moved: after.stamp !== before.stamp, count: after.count }).toEqual({ what, moved: true, count: before.count + added });
      before = after;
      expect(await wrongAccountPages(id, what)).toEqual([]);
    }
  }, 120_000);
});
