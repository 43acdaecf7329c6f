import { describe, expect, it } from 'vitest';
import { RunOutlookSchema, describeRunOutlook } from '@linkloom/shared';
import { useTestServer } from '../support/lifecycle';
import { useTwoUsers } from '../support/scenario';
import { buildCampaign } from '../support/factories';
import { buildProject } from '../support/campaign-factories';
import { buildProfile } from '../support/accounts-factories';
import { dovecotAvailability, testMessage } from '../support/dovecot-peers';
import { useVerifyMailPeers } from '../support/verify-mail-peers';

const ready = await dovecotAvailability();

/**
 * Verify mail really verifies (issue 14.5), through the real server, its engine and a real
 * Dovecot: the project's accounts are looked up in their mailboxes (the Email tab's Manual
 * mailbox, or the email manager's), confirmation links are followed on a local site, and the
 * outcome lands in verificationInfo.status with the project back in its status before.
 */
describe.skipIf(!ready.available)('Verify mail pass', () => {
  const ctx = useTestServer('sqlite', false, { withLive: true, startEngine: true });
  const { ann, liveInbox } = useTwoUsers(ctx, false, { listen: true });
  const db = () => ctx.server.database.db;
  const mail = useVerifyMailPeers({ inbox: 'inbox pw', listed: 'listed pw' });

  const confirmationMail = (to: string, key: string) => testMessage({
    from: 'Wiki <wiki@127.0.0.1>', to, subject: 'Confirm your email address', body: `Open http://${mail.siteHost}/index.php/Special:ConfirmEmail/${key} to confirm.`,
  });
  const statusOf = async (id: number) => (await db().selectFrom('projects').select(['status', 'settings']).where('id', '=', id).executeTakeFirstOrThrow());

  it('confirms the accounts whose mail arrived, says why for the others, keeps looking for the rest until Stop verifying', async () => {
    const campaign = await buildCampaign(db(), { ownerId: ann.id });
    const profile = await buildProfile(db(), {
      ownerId: ann.id, campaignId: campaign.id, accounts: [
        { siteName: `http://${mail.siteHost}`, email: 'ann.wiki@mail.test', username: 'Ann', password: 'pw1' },
        { siteName: `http://${mail.siteHost}`, email: 'late@mail.test', username: 'Late', password: 'pw2' },
      ],
    });
    const settings = {
      profileId: profile.id, emailSource: 'MANUAL',
      verificationInfo: {
        emailServer: '127.0.0.1', emailServerPort: mail.peer.imap, mailProtocol: 'imap', emailAddress: 'inbox@localhost',
        emailLogin: 'inbox', emailPassword: 'inbox pw', SSL: false, checkSpamFolder: false, spamFolderName: '', status: null,
      },
    };
    const id = await buildProject(db(), { ownerId: ann.id, campaignId: campaign.id, module: 'AccountCreation', status: 'COMPLETED', settings: JSON.stringify(settings) });
    await mail.peer.deliver('inbox', confirmationMail('ann.wiki@mail.test', 'a'.repeat(32)));
    const inbox = await liveInbox(ann.agent, `project/${id}`);

    expect((await ann.agent.request('GET', `/action/start/verifying/${id}`)).json().status).toBe('STARTING_VERIFYING');
    const status = 'Verified 1 of 2 accounts; late@mail.test (http://' + mail.siteHost + '): no confirmation mail yet';
    const lineOf = async () => JSON.parse((await statusOf(id)).settings).verificationInfo?.status ?? null;
    await expect.poll(lineOf, { timeout: 30_000 }).toBe(status);
    // One account's mail has not come: the project keeps VERIFYING, the next pass is queued for
    // waitForVerifyEmailSchedule (10) minutes later, and Stop verifying returns it to COMPLETED.
    expect((await statusOf(id)).status).toBe('VERIFYING');
    const later = await db().selectFrom('jobs').select(['start_after']).where('name', '=', 'mail.verify').where('state', '=', 'created')
      .where('singleton_key', 'like', `mail-verify-${id}-at-%`).execute();
    expect(later).toHaveLength(1);
    expect(later[0]!.start_after).toBeGreaterThan(Date.now() + 9 * 60_000);
    // The outlook says what it waits for: one account's mail, looked for again at that pass.
    const outlook = RunOutlookSchema.parse((await ann.agent.request('GET', `/rest/project/${id}/outlook`)).json());
    expect(outlook.waitsForMail).toEqual({ accounts: 1, nextLookAt: Number(later[0]!.start_after) });
    expect(describeRunOutlook(outlook, Date.now())[0]).toMatch(/^waits for the confirmation mail of 1 account: next look /);
    expect((await ann.agent.request('GET', `/action/stop/verifying/${id}`)).json().status).toBe('STOPPING_VERIFYING');
    await expect.poll(async () => (await statusOf(id)).status, { timeout: 30_000 }).toBe('COMPLETED');
    expect(mail.confirmed).toEqual([`/index.php/Special:ConfirmEmail/${'a'.repeat(32)}`]);
    await expect.poll(() => inbox.messages.filter((message) => message.name === 'verificationProgressed'))
      .toEqual([{ topic: `project/${id}`, name: 'verificationProgressed', payload: { projectId: id, status } }]);
    // The screen's project answer carries it too.
    const screen = await ann.agent.request('GET', `/rest/project/${id}`);
    expect(JSON.stringify(screen.json())).toContain('Verified 1 of 2 accounts');
  });

  it("reads the email manager's mailbox of each address (source LIST), and an unreachable one is that account's reason", async () => {
    await ann.agent.request('PUT', '/rest/user_emails', {
      body: { address: 'listed@mail.test', login: 'listed', password: 'listed pw', server: '127.0.0.1', port: mail.peer.imaps, protocol: 'imap', ssl: true, allowSelfSigned: true },
    });
    await ann.agent.request('PUT', '/rest/user_emails', {
      body: { address: 'gone@mail.test', login: 'gone', password: 'x', server: '127.0.0.1', port: 9, protocol: 'pop3', ssl: false },
    });
    const campaign = await buildCampaign(db(), { ownerId: ann.id });
    const profile = await buildProfile(db(), {
      ownerId: ann.id, campaignId: campaign.id, accounts: [
        { siteName: mail.siteHost, email: 'listed@mail.test', username: 'L', password: 'pw' },
        { siteName: mail.siteHost, email: 'gone@mail.test', username: 'G', password: 'pw' },
      ],
    });
    const id = await buildProject(db(), { ownerId: ann.id, campaignId: campaign.id, module: 'AccountCreation', settings: JSON.stringify({ profileId: profile.id, emailSource: 'LIST' }) });
    await mail.peer.deliver('listed', confirmationMail('listed@mail.test', 'b'.repeat(32)));
    expect((await ann.agent.request('GET', `/action/start/verifying/${id}`)).statusCode).toBe(200);
    await expect.poll(async () => (await statusOf(id)).status, { timeout: 30_000 }).toBe('NEW');
    expect(JSON.parse((await statusOf(id)).settings).verificationInfo.status)
      .toBe('Verified 1 of 2 accounts; gone@mail.test: Cannot reach the mail server 127.0.0.1:9: check the server address and port');
    expect(mail.confirmed).toContain(`/index.php/Special:ConfirmEmail/${'b'.repeat(32)}`);
  });
});
