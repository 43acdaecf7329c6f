import { describe, expect, it } from 'vitest';
import { EmailSettingsSchema } from '@linkloom/shared';
import { Pop3Client } from '../../src/engine/mail/pop3-client';
import { VERIFICATION_LIMITS, withIdle } from '../../src/engine/mail/mail-limits';
import { openImap } from '../../src/engine/mail/imap-mailbox';
import { HANDLED_KEYWORD } from '../../src/engine/mail/find-mail';
import { useTestServer } from '../support/lifecycle';
import { useTwoUsers } from '../support/scenario';
import { buildCampaign } from '../support/factories';
import { buildProject } from '../support/campaign-factories';
import { buildProfile } from '../support/accounts-factories';
import { dovecotAvailability, testMessage } from '../support/dovecot-peers';
import { useVerifyMailPeers } from '../support/verify-mail-peers';

const ready = await dovecotAvailability();

/**
 * Verify mail records what it verified (issue 14.4 point 2): a followed confirmation makes the
 * account verified (the account grid's answer says so), a verified account is not looked up
 * again, and handled mails older than daysToDeleteMails are deleted — over POP3 by DELE of the
 * UIDL recorded with the account — through the real server, its engine and a real Dovecot.
 */
describe.skipIf(!ready.available)('Verify mail: verified accounts and handled mail deletion', () => {
  const ctx = useTestServer('sqlite', false, { withLive: true, startEngine: true });
  const { ann, bob } = useTwoUsers(ctx, false);
  const db = () => ctx.server.database.db;
  const mail = useVerifyMailPeers({ popper: 'pop pw', imapper: 'imap pw' });

  const popCount = async () => {
    const client = await Pop3Client.open(EmailSettingsSchema.parse({
      emailLogin: 'popper', emailPassword: 'pop pw', emailServer: '127.0.0.1', emailServerPort: mail.peer.pop3, mailProtocol: 'pop3', SSL: false,
    }), withIdle(VERIFICATION_LIMITS, 10_000));
    try {
      return (await client.stat()).count;
    } finally {
      await client.quit();
    }
  };
  const statusOf = async (id: number) => (await db().selectFrom('projects').select(['status', 'settings']).where('id', '=', id).executeTakeFirstOrThrow());

  it('records the account verified, shows it in the account grid, and deletes the handled POP3 mail once older than daysToDeleteMails', async () => {
    const campaign = await buildCampaign(db(), { ownerId: ann.id });
    const profile = await buildProfile(db(), {
      ownerId: ann.id, campaignId: campaign.id, accounts: [{ siteName: `http://${mail.siteHost}`, email: 'pop.user@mail.test', username: 'Pop', password: 'pw1' }],
    });
    const settings = {
      profileId: profile.id, emailSource: 'MANUAL',
      verificationInfo: {
        emailServer: '127.0.0.1', emailServerPort: mail.peer.pop3, mailProtocol: 'pop3', emailAddress: 'pop.user@mail.test',
        emailLogin: 'popper', emailPassword: 'pop pw', SSL: false, checkSpamFolder: false, spamFolderName: '', status: null,
      },
    };
    const id = await buildProject(db(), { ownerId: ann.id, campaignId: campaign.id, module: 'AccountCreation', status: 'COMPLETED', settings: JSON.stringify(settings) });
    await mail.peer.deliver('popper', testMessage({
      from: 'Wiki <wiki@127.0.0.1>', to: 'pop.user@mail.test', subject: 'Confirm your email address',
      body: `Open http://${mail.siteHost}/index.php/Special:ConfirmEmail/${'c'.repeat(32)} to confirm.`,
    }));
    expect(await popCount()).toBe(1);

    // The grid lists the account unverified, then verified after the pass; Bob cannot see either.
    const grid = async () => (await ann.agent.request('GET', `/rest/accounts/${profile.id}`)).json() as { accounts: Array<{ email: string; verifiedAt?: number | null }> };
    expect((await grid()).accounts).toEqual([expect.objectContaining({ email: 'pop.user@mail.test', verifiedAt: null })]);
    expect((await bob.agent.request('GET', `/rest/accounts/${profile.id}`)).statusCode).toBe(404);

    expect((await ann.agent.request('GET', `/action/start/verifying/${id}`)).json().status).toBe('STARTING_VERIFYING');
    await expect.poll(async () => (await statusOf(id)).status, { timeout: 30_000 }).toBe('COMPLETED');
    expect(JSON.parse((await statusOf(id)).settings).verificationInfo.status).toBe('Verified 1 of 1 account');
    expect(mail.confirmed).toEqual([`/index.php/Special:ConfirmEmail/${'c'.repeat(32)}`]);
    const [stored] = await db().selectFrom('accounts').select(['verified_at', 'verify_mail_uid']).where('profile_id', '=', profile.id).execute();
    expect(stored!.verified_at).toBeGreaterThan(Date.now() - 60_000);
    expect(stored!.verify_mail_uid).toBeTruthy();
    expect((await grid()).accounts).toEqual([expect.objectContaining({ email: 'pop.user@mail.test', verifiedAt: stored!.verified_at })]);
    // Handled, but younger than daysToDeleteMails (default): it stays.
    expect(await popCount()).toBe(1);

    // A later pass does not follow the link again; once the handled mail is older than
    // daysToDeleteMails it is deleted (POP3 DELE) and nothing is left to delete.
    await db().updateTable('accounts').set({ verified_at: Date.now() - 30 * 86_400_000 }).where('profile_id', '=', profile.id).execute();
    expect((await ann.agent.request('GET', `/action/start/verifying/${id}`)).statusCode).toBe(200);
    await expect.poll(async () => (await statusOf(id)).status, { timeout: 30_000 }).toBe('COMPLETED');
    expect(mail.confirmed).toHaveLength(1);
    expect(await popCount()).toBe(0);
    const [after] = await db().selectFrom('accounts').select(['verified_at', 'verify_mail_uid']).where('profile_id', '=', profile.id).execute();
    expect(after).toEqual({ verified_at: expect.any(Number), verify_mail_uid: null });
  });

  it('over IMAP deletes, on each pass, the handled mails older than daysToDeleteMails and keeps the one it just handled', async () => {
    const imapSettings = EmailSettingsSchema.parse({
      emailLogin: 'imapper', emailPassword: 'imap pw', emailServer: '127.0.0.1', emailServerPort: mail.peer.imap, mailProtocol: 'imap', SSL: false,
    });
    const subjects = async () => {
      const client = await openImap(imapSettings, 10_000);
      try {
        await client.mailboxOpen('INBOX');
        const found: string[] = [];
        for await (const message of client.fetch('1:*', { envelope: true })) found.push(message.envelope?.subject ?? '');
        return found.sort();
      } catch {
        return [];
      } finally {
        await client.logout();
      }
    };
    // A confirmation a pass handled a month ago (its keyword set, its internal date old) and today's.
    const client = await openImap(imapSettings, 10_000);
    try {
      await client.append('INBOX', testMessage({ from: 'Wiki <wiki@127.0.0.1>', to: 'old@mail.test', subject: 'Old confirmation', body: 'Handled long ago.' }),
        [HANDLED_KEYWORD], new Date(Date.now() - 30 * 86_400_000));
    } finally {
      await client.logout();
    }
    await mail.peer.deliver('imapper', testMessage({
      from: 'Wiki <wiki@127.0.0.1>', to: 'imap.user@mail.test', subject: 'Confirm your email address',
      body: `Open http://${mail.siteHost}/index.php/Special:ConfirmEmail/${'d'.repeat(32)} to confirm.`,
    }));
    expect(await subjects()).toEqual(['Confirm your email address', 'Old confirmation']);

    const campaign = await buildCampaign(db(), { ownerId: ann.id });
    const profile = await buildProfile(db(), {
      ownerId: ann.id, campaignId: campaign.id, accounts: [{ siteName: `http://${mail.siteHost}`, email: 'imap.user@mail.test', username: 'Imap', password: 'pw2' }],
    });
    const settings = {
      profileId: profile.id, emailSource: 'MANUAL',
      verificationInfo: {
        emailServer: '127.0.0.1', emailServerPort: mail.peer.imap, mailProtocol: 'imap', emailAddress: 'imap.user@mail.test',
        emailLogin: 'imapper', emailPassword: 'imap pw', SSL: false, checkSpamFolder: false, spamFolderName: '', status: null,
      },
    };
    const id = await buildProject(db(), { ownerId: ann.id, campaignId: campaign.id, module: 'AccountCreation', status: 'STOPPED', settings: JSON.stringify(settings) });
    expect((await ann.agent.request('GET', `/action/start/verifying/${id}`)).statusCode).toBe(200);
    await expect.poll(async () => (await statusOf(id)).status, { timeout: 30_000 }).toBe('STOPPED');
    expect(JSON.parse((await statusOf(id)).settings).verificationInfo.status).toBe('Verified 1 of 1 account');
    expect(mail.confirmed).toContain(`/index.php/Special:ConfirmEmail/${'d'.repeat(32)}`);
    expect(await subjects()).toEqual(['Confirm your email address']);
  });
});
