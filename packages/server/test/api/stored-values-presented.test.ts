/**
 * A stored text the input rules would refuse is still presented (issue 33 item 6): an account
 * also comes from the engine (a registration, whose password the remote site chose) or from an
 * older version, so the account list answers its texts as they are stored instead of failing the
 * whole list (a 500 on the server, an unreadable screen in the web app, which checks answers with
 * the same schema). Saving through PUT /rest/account still checks the dialog's rules.
 */
import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, AccountListResponseSchema, AccountUpsertRequestSchema } from '@linkloom/shared';
import { DATABASES } from '../support/databases';
import { useTestServer } from '../support/lifecycle';
import { useTwoUsers } from '../support/scenario';
import { buildCampaign } from '../support/factories';
import { buildAccounts, buildProfile } from '../support/accounts-factories';

describe.each(DATABASES)('stored values the input rules refuse, presented on $kind', ({ kind, skip }) => {
  const ctx = useTestServer(kind, skip);
  const { ann } = useTwoUsers(ctx, skip);

  it.skipIf(skip)('lists accounts whose stored texts the account dialog would refuse, as they are stored', async () => {
    const db = ctx.server.database.db;
    const campaign = await buildCampaign(db, { ownerId: ann.id });
    const profile = await buildProfile(db, { ownerId: ann.id, campaignId: campaign.id });
    const odd = [
      { siteName: 'a-empty-password.test', email: 'a@mail.test', username: 'a', password: '' },
      { siteName: 'b-long-password.test', email: 'b@mail.test', username: 'b', password: 'p'.repeat(5000) },
      { siteName: ' c-padded.test ', email: ' padded@mail.test ', username: 'bell\u0007 and escape\u001b', password: '   ' },
    ];
    // Each of them breaks at least one rule of the dialog and of PUT /rest/account.
    for (const account of odd) expect(AccountUpsertRequestSchema.safeParse({ ...account, accountListId: profile.id }).success).toBe(false);
    await buildAccounts(db, profile, ann.id, odd);

    const response = await ann.agent.request('GET', `/rest/accounts/${profile.id}`);
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    const listed = AccountListResponseSchema.parse(response.json()).accounts;
    const bySite = (a: { siteName: string }, b: { siteName: string }) => a.siteName.localeCompare(b.siteName);
    expect(listed.map(({ siteName, email, username, password }) => ({ siteName, email, username, password })).sort(bySite)).toEqual([...odd].sort(bySite));

    // The dialog's rules still decide what a save takes.
    const save = await ann.agent.request('PUT', '/rest/account', { body: { ...odd[0], accountListId: profile.id } });
    expect(save.statusCode).toBe(422);
    expect(save.json().error.message).toBe(ACCOUNT_MESSAGES.passwordRequired);
  });
});
