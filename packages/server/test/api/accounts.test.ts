import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, AccountListResponseSchema } from '@linkloom/shared';
import { DATABASES } from '../support/databases';
import { useTestServer } from '../support/lifecycle';
import { useTwoUsers } from '../support/scenario';
import { multipartFile } from '../support/multipart';
import { type Agent } from '../support/agent';
import { buildCampaign } from '../support/factories';
import { buildAccounts, buildProfile, storedAccounts, type TestProfile } from '../support/accounts-factories';

describe.each(DATABASES)('accounts of a profile on $kind', ({ kind, skip }) => {
  const ctx = useTestServer(kind, skip, { withLive: true });
  const { ann, bob, liveInbox } = useTwoUsers(ctx, skip, { listen: true });

  async function annProfile(name?: string): Promise<TestProfile> {
    const campaign = await buildCampaign(ctx.server.database.db, { ownerId: ann.id, name: 'Ann campaign' });
    return buildProfile(ctx.server.database.db, { ownerId: ann.id, campaignId: campaign.id, ...(name ? { name } : {}) });
  }

  const list = async (agent: Agent, profileId: number | string, query = '') => agent.request('GET', `/rest/accounts/${profileId}${query}`);

  it.skipIf(skip)('answers campaign, profile, every account sorted by site and the total without paging parameters; a page of 100 with them', async () => {
    const profile = await annProfile('Store A');
    await buildAccounts(ctx.server.database.db, profile, ann.id, 150);
    const sites = (from: number, count: number) => Array.from({ length: count }, (_, i) => `site-${String(i + from).padStart(3, '0')}.test`);
    const response = await list(ann.agent, profile.id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    // The envelope a script written for the original looks for, as on every GET /rest/* object answer.
    expect(response.json()).toMatchObject({ success: { message: 'Success' } });
    const body = AccountListResponseSchema.parse(response.json());
    expect(body.campaign).toEqual({ id: profile.campaignId, name: 'Ann campaign' });
    expect(body.profile).toEqual({ id: profile.id, name: 'Store A', group: '', campaignId: profile.campaignId, count: 150 });
    // All 150, not the first page of 100 (issue 38: the default page size cut the answer silently).
    expect(body.total).toBe(150);
    expect(body.accounts.map((a) => a.siteName)).toEqual(sites(1, 150));
    expect(body.accounts[0]).toEqual({ accountListId: profile.id, siteName: 'site-001.test', email: 'user001@mail.test', username: 'user001', password: 'pw001', verifiedAt: null });
    // Sorted and filtered as asked, still whole.
    const byUser = AccountListResponseSchema.parse((await list(ann.agent, profile.id, '?sortField=username&sortOrder=desc&email=mail.test')).json());
    expect(byUser.total).toBe(150);
    expect(byUser.accounts.map((a) => a.siteName)).toEqual(sites(1, 150).reverse());
    const filtered = AccountListResponseSchema.parse((await list(ann.agent, profile.id, '?site=site-1')).json());
    expect(filtered).toMatchObject({ total: 51, profile: { count: 150 } });
    expect(filtered.accounts.map((a) => a.siteName)).toEqual(sites(100, 51));

    // With page or pageSize: one page, as the grid asks (the default page size is 100).
    const page1 = AccountListResponseSchema.parse((await list(ann.agent, profile.id, '?page=1')).json());
    expect(page1.total).toBe(150);
    expect(page1.accounts.map((a) => a.siteName)).toEqual(sites(1, 100));
    const page2 = AccountListResponseSchema.parse((await list(ann.agent, profile.id, '?page=2')).json());
    expect(page2.accounts.map((a) => a.siteName)).toEqual(sites(101, 50));
    const sized = AccountListResponseSchema.parse((await list(ann.agent, profile.id, '?pageSize=30')).json());
    expect(sized).toMatchObject({ total: 150 });
    expect(sized.accounts.map((a) => a.siteName)).toEqual(sites(1, 30));
  });

  it.skipIf(skip)('sorts by each column both ways and filters by substring, case-insensitively, wildcards taken literally', async () => {
    const profile = await annProfile();
    await buildAccounts(ctx.server.database.db, profile, ann.id, [
      { siteName: 'alpha.test', email: 'zed@mail.test', username: 'mike', password: 'p' },
      { siteName: 'bravo.test', email: 'yan@mail.test', username: 'lima', password: 'p' },
      { siteName: 'charlie.test', email: 'xav@other.test', username: 'kilo_100%', password: 'p' },
    ]);
    const sites = async (query: string) => AccountListResponseSchema.parse((await list(ann.agent, profile.id, query)).json()).accounts.map((a) => a.siteName);
    expect(await sites('?sortField=site&sortOrder=desc')).toEqual(['charlie.test', 'bravo.test', 'alpha.test']);
    expect(await sites('?sortField=email&sortOrder=asc')).toEqual(['charlie.test', 'bravo.test', 'alpha.test']);
    expect(await sites('?sortField=username&sortOrder=desc')).toEqual(['alpha.test', 'bravo.test', 'charlie.test']);
    expect(await sites('?site=RAV')).toEqual(['bravo.test']);
    expect(await sites('?email=mail.test&username=i')).toEqual(['alpha.test', 'bravo.test']);
    expect(await sites('?username=o_1')).toEqual(['charlie.test']);
    expect(await sites('?username=_')).toEqual(['charlie.test']);
    expect(await sites('?username=%25')).toEqual(['charlie.test']);
    expect(await sites('?site=nothing')).toEqual([]);
    const filtered = AccountListResponseSchema.parse((await list(ann.agent, profile.id, '?email=mail.test&pageSize=1')).json());
    expect(filtered).toMatchObject({ total: 2, profile: { count: 3 } });
    expect(filtered.accounts).toHaveLength(1);
  });

  it.skipIf(skip)('refuses a bad query with its message and another user\'s or a missing profile with 404', async () => {
    const profile = await annProfile();
    const cases: [string, string][] = [
      ['?pageSize=0', 'pageSize must be at least 1'],
      ['?pageSize=1001', 'pageSize must be at most 1000'],
      ['?page=abc', 'page must be a number'],
      ['?sortField=password', 'sortField must be site, email or username'],
      ['?sortOrder=up', 'sortOrder must be asc or desc'],
      [`?site=${'x'.repeat(300)}`, 'A filter must be at most 256 characters'],
    ];
    for (const [query, message] of cases) {
      const response = await list(ann.agent, profile.id, query);
      expect(response.statusCode, query).toBe(422);
      expect(response.json().error.message, query).toBe(message);
    }
    expect((await list(ann.agent, 'abc')).statusCode).toBe(422);
    expect((await list(bob.agent, profile.id)).statusCode).toBe(404);
    expect((await list(ann.agent, 999_999)).json()).toEqual({ error: { message: 'The requested item does not exist' } });
  });

  it.skipIf(skip)('adds an account, updates it by site + email without duplicating, and tells both live topics', async () => {
    const profile = await annProfile();
    const inbox = await liveInbox(ann.agent, `profile/${profile.id}`, `campaign/${profile.campaignId}`);

    const added = await ann.agent.request('PUT', '/rest/account', { body: { accountListId: profile.id, siteName: ' a.test ', email: 'me@a.test', username: 'me', password: 'pw 1' } });
    expect(added.statusCode).toBe(201);
    const account = { accountListId: profile.id, siteName: 'a.test', email: 'me@a.test', username: 'me', password: 'pw 1' };
    expect(added.json()).toEqual({ account, created: true });
    await expect.poll(() => inbox.messages.length).toBe(2);
    expect(inbox.messages).toEqual(expect.arrayContaining([
      { topic: `profile/${profile.id}`, name: 'newAccount', payload: { profileId: profile.id, account, total: 1 } },
      { topic: `campaign/${profile.campaignId}`, name: 'profileEdited', payload: { id: profile.id, name: profile.name, group: '', campaignId: profile.campaignId, count: 1 } },
    ]));

    const edited = await ann.agent.request('PUT', '/rest/account', { body: { ...account, username: 'me2', password: 'pw 2' } });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toEqual({ account: { ...account, username: 'me2', password: 'pw 2' }, created: false });
    await expect.poll(() => inbox.messages.length).toBe(4);
    expect(inbox.messages).toContainEqual({ topic: `profile/${profile.id}`, name: 'accountEdited', payload: { profileId: profile.id, account: { ...account, username: 'me2', password: 'pw 2' }, total: 1 } });
    expect(await storedAccounts(ctx.server.database.db, profile.id)).toEqual([{ siteName: 'a.test', email: 'me@a.test', username: 'me2', password: 'pw 2' }]);
  });

  it.skipIf(skip)("refuses an incomplete account with the spec's messages and another user's profile with 404, changing nothing", async () => {
    const profile = await annProfile();
    const full = { accountListId: profile.id, siteName: 'a.test', email: 'me@a.test', username: 'me', password: 'pw' };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...full, siteName: '  ' }, ACCOUNT_MESSAGES.siteRequired],
      [{ ...full, email: '' }, ACCOUNT_MESSAGES.emailRequired],
      [{ ...full, username: undefined }, ACCOUNT_MESSAGES.usernameRequired],
      [{ ...full, password: ' ' }, ACCOUNT_MESSAGES.passwordRequired],
      [{ ...full, siteName: 'x'.repeat(2049) }, ACCOUNT_MESSAGES.siteTooLong],
      [{ ...full, accountListId: 'x' }, 'Must be a number'],
    ];
    for (const [body, message] of cases) {
      const response = await ann.agent.request('PUT', '/rest/account', { body });
      expect(response.statusCode, message).toBe(422);
      expect(response.json().error.message).toBe(message);
    }
    const other = await bob.agent.request('PUT', '/rest/account', { body: full });
    expect(other.statusCode).toBe(404);
    expect((await ann.agent.request('PUT', '/rest/account', { body: full, xsrf: false })).statusCode).toBe(403);
    expect(await storedAccounts(ctx.server.database.db, profile.id)).toEqual([]);
  });

  it.skipIf(skip)('deletes the named accounts only, refusing keys of another profile and another user', async () => {
    const profile = await annProfile();
    const accounts = await buildAccounts(ctx.server.database.db, profile, ann.id, 4);
    const key = (i: number) => ({ accountListId: profile.id, siteName: accounts[i]!.siteName, email: accounts[i]!.email });
    const inbox = await liveInbox(ann.agent, `profile/${profile.id}`);

    expect((await bob.agent.request('DELETE', `/rest/accounts/${profile.id}`, { body: [key(0)] })).statusCode).toBe(404);
    const mixed = await ann.agent.request('DELETE', `/rest/accounts/${profile.id}`, { body: [key(0), { ...key(1), accountListId: profile.id + 1 }] });
    expect(mixed.statusCode).toBe(422);
    expect(mixed.json().error.message).toBe(ACCOUNT_MESSAGES.otherProfile);
    const empty = await ann.agent.request('DELETE', `/rest/accounts/${profile.id}`, { body: [] });
    expect(empty.json().error.message).toBe('Select at least one item');
    expect(await storedAccounts(ctx.server.database.db, profile.id)).toHaveLength(4);

    const next = inbox.next();
    const response = await ann.agent.request('DELETE', `/rest/accounts/${profile.id}`, { body: [key(0), key(2), { ...key(3), email: 'nobody@mail.test' }] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ deleted: 2 });
    expect(await next).toEqual({ topic: `profile/${profile.id}`, name: 'accountsDeleted', payload: { profileId: profile.id, count: 2, total: 2 } });
    expect((await storedAccounts(ctx.server.database.db, profile.id)).map((a) => a.siteName)).toEqual(['site-002.test', 'site-004.test']);
  });

  it.skipIf(skip)('announces an import on profile/{id} and the new count on campaign/{id}', async () => {
    const profile = await annProfile();
    await buildAccounts(ctx.server.database.db, profile, ann.id, [{ siteName: 'a.test', email: 'a@mail.test', username: 'a', password: 'a' }]);
    const inbox = await liveInbox(ann.agent, `profile/${profile.id}`, `campaign/${profile.campaignId}`);
    const { body, headers } = multipartFile('a.csv', 'a.test,a@mail.test,a2,a2\nb.test,b@mail.test,b,b\n', { contentType: 'text/csv' });
    const response = await ann.agent.request('POST', `/action/import/profile/${profile.id}`, { body, headers });
    expect(response.json()).toEqual({ imported: 1, updated: 1, errors: [], errorsOmitted: 0 });
    await expect.poll(() => inbox.messages.length).toBe(2);
    expect(inbox.messages).toEqual(expect.arrayContaining([
      { topic: `profile/${profile.id}`, name: 'accountsImported', payload: { profileId: profile.id, imported: 1, updated: 1, total: 2 } },
      { topic: `campaign/${profile.campaignId}`, name: 'profileEdited', payload: expect.objectContaining({ id: profile.id, count: 2 }) },
    ]));
  });
});
