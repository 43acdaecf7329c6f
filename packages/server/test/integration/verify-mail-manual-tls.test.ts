import { describe, expect, it } from 'vitest';
import { useTestServer } from '../support/lifecycle';
import { useTwoUsers } from '../support/scenario';
import { buildCampaign } from '../support/factories';
import { buildProject } from '../support/campaign-factories';
import { buildProfile } from '../support/accounts-factories';
import { dovecotAvailability, testMessage } from '../support/dovecot-peers';
import { useVerifyMailPeers } from '../support/verify-mail-peers';

const ready = await dovecotAvailability();

/**
 * The Email tab's Manual mailbox on a server that needs STARTTLS or presents a self-signed
 * certificate (issue 14, audit): its verificationInfo carries startTls and allowSelfSigned as the
 * email manager's mailboxes do, and Verify mail connects with them — through the real server, its
 * engine and a real Dovecot whose TLS ports present a self-signed certificate.
 */
describe.skipIf(!ready.available)('Verify mail with a Manual mailbox on STARTTLS or a self-signed certificate', () => {
  const ctx = useTestServer('sqlite', false, { startEngine: true });
  const { ann } = useTwoUsers(ctx, false);
  const db = () => ctx.server.database.db;
  const mail = useVerifyMailPeers({ inbox: 'inbox pw' });

  const projectRow = (id: number) => db().selectFrom('projects').select(['status', 'settings']).where('id', '=', id).executeTakeFirstOrThrow();
  const lineOf = async (id: number): Promise<string | null> => JSON.parse((await projectRow(id)).settings).verificationInfo?.status ?? null;

  /** A project with one account whose confirmation mail is in the peer's mailbox; Verify mail started. */
  async function verifyWith(email: string, key: string, mailbox: Record<string, unknown>): Promise<number> {
    const campaign = await buildCampaign(db(), { ownerId: ann.id });
    const profile = await buildProfile(db(), {
      ownerId: ann.id, campaignId: campaign.id, accounts: [{ siteName: `http://${mail.siteHost}`, email, username: email.split('@')[0]!, password: 'pw' }],
    });
    const verificationInfo = {
      emailServer: '127.0.0.1', emailAddress: 'inbox@localhost', emailLogin: 'inbox', emailPassword: 'inbox pw',
      checkSpamFolder: false, spamFolderName: '', status: null, ...mailbox,
    };
    const id = await buildProject(db(), {
      ownerId: ann.id, campaignId: campaign.id, module: 'AccountCreation', status: 'COMPLETED',
      settings: JSON.stringify({ profileId: profile.id, emailSource: 'MANUAL', verificationInfo }),
    });
    await mail.peer.deliver('inbox', testMessage({
      from: 'Wiki <wiki@127.0.0.1>', to: email, subject: 'Confirm your email address',
      body: `Open http://${mail.siteHost}/index.php/Special:ConfirmEmail/${key} to confirm.`,
    }));
    expect((await ann.agent.request('GET', `/action/start/verifying/${id}`)).json().status).toBe('STARTING_VERIFYING');
    return id;
  }

  it('confirms through IMAP with STARTTLS on the plain port, the self-signed certificate allowed', async () => {
    const id = await verifyWith('starttls@mail.test', 'c'.repeat(32), {
      emailServerPort: mail.peer.imap, mailProtocol: 'imap', SSL: false, startTls: true, allowSelfSigned: true,
    });
    await expect.poll(() => lineOf(id), { timeout: 30_000 }).toBe('Verified 1 of 1 account');
    await expect.poll(async () => (await projectRow(id)).status, { timeout: 30_000 }).toBe('COMPLETED');
    expect(mail.confirmed).toContain(`/index.php/Special:ConfirmEmail/${'c'.repeat(32)}`);
  });

  it('confirms through POP3S whose certificate is self-signed, when allowed', async () => {
    const id = await verifyWith('pop3s@mail.test', 'd'.repeat(32), {
      emailServerPort: mail.peer.pop3s, mailProtocol: 'pop3', SSL: true, startTls: false, allowSelfSigned: true,
    });
    await expect.poll(() => lineOf(id), { timeout: 30_000 }).toBe('Verified 1 of 1 account');
    await expect.poll(async () => (await projectRow(id)).status, { timeout: 30_000 }).toBe('COMPLETED');
    expect(mail.confirmed).toContain(`/index.php/Special:ConfirmEmail/${'d'.repeat(32)}`);
  });

  it('STARTTLS really upgrades: without allowing the self-signed certificate the account says so and nothing is confirmed', async () => {
    const id = await verifyWith('refused@mail.test', 'e'.repeat(32), {
      emailServerPort: mail.peer.imap, mailProtocol: 'imap', SSL: false, startTls: true, allowSelfSigned: false,
    });
    await expect.poll(() => lineOf(id), { timeout: 30_000 }).toMatch(/^Verified 0 of 1 account; refused@mail\.test: The mail server's TLS certificate is not trusted/);
    expect(await lineOf(id)).toContain('tick "Allow self-signed certificate" only if you trust this server');
    expect(mail.confirmed).not.toContain(`/index.php/Special:ConfirmEmail/${'e'.repeat(32)}`);
    const { status } = await projectRow(id);
    if (status === 'VERIFYING') await ann.agent.request('GET', `/action/stop/verifying/${id}`);
    await expect.poll(async () => (await projectRow(id)).status, { timeout: 30_000 }).toBe('COMPLETED');
  });
});
