import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { EMAIL_LINE_MESSAGES, EMAIL_MESSAGES, UserEmailListSchema, UserEmailRowSchema, type UserEmailRow } from '@linkloom/shared';
import { DATABASES } from '../support/databases';
import { useTestServer } from '../support/lifecycle';
import { useTwoUsers } from '../support/scenario';
import { multipart } from '../support/multipart';
import type { Agent } from '../support/agent';

const ADD = {
  address: 'Ann.Lee@Example.com', login: 'ann.lee', password: 'mail pw:1', server: 'mail.example.com', port: 995, protocol: 'pop3',
};

/** The email manager's calls (spec 2 §7 "Emails") on both databases, with another user's mailboxes and bad input. */
describe.each(DATABASES)('email manager calls on $kind', ({ kind, skip }) => {
  const ctx = useTestServer(kind, skip, { withLive: true });
  const { ann, bob, liveInbox } = useTwoUsers(ctx, skip, { listen: true });
  const db = () => ctx.server.database.db;
  const errorOf = (response: { json(): unknown }) => (response.json() as { error: { message: string } }).error.message;
  const emailsOf = async (agent: Agent): Promise<UserEmailRow[]> => UserEmailListSchema.parse((await agent.request('GET', '/rest/user_emails')).json()).emails;
  const upload = (agent: Agent, files: { name: string; content: string }[]) => {
    const { body, headers } = multipart(files, { contentType: 'text/plain' });
    return agent.request('POST', '/action/import/user_emails', { body, headers });
  };

  it.skipIf(skip)('adds a mailbox with the dialog defaults, seals its password, and updates it by address', async () => {
    const inbox = await liveInbox(ann.agent, 'email_manager');
    const added = await ann.agent.request('PUT', '/rest/user_emails', { body: ADD });
    expect(added.statusCode).toBe(200);
    const row = UserEmailRowSchema.parse(added.json());
    expect(row).toEqual({
      id: row.id, address: 'ann.lee@example.com', login: 'ann.lee', password: 'mail pw:1', server: 'mail.example.com', port: 995,
      protocol: 'pop3', ssl: true, startTls: false, allowSelfSigned: false, checkSpamFolder: false, spamFolderName: '', used: false,
    });
    const stored = await db().selectFrom('user_emails').select('password').where('id', '=', row.id).executeTakeFirstOrThrow();
    expect(stored.password).toMatch(/^enc:v1:/);
    expect(stored.password).not.toContain('mail pw');

    await db().updateTable('user_emails').set({ used: 1 }).where('id', '=', row.id).execute();
    const again = await ann.agent.request('PUT', '/rest/user_emails', {
      body: { ...ADD, address: 'ann.lee@example.COM', protocol: 'imap', port: 993, checkSpamFolder: true, spamFolderName: 'Junk', allowSelfSigned: true },
    });
    expect(again.json()).toMatchObject({ id: row.id, protocol: 'imap', port: 993, checkSpamFolder: true, spamFolderName: 'Junk', allowSelfSigned: true, used: true });
    expect((await emailsOf(ann.agent)).map((email) => email.address)).toEqual(['ann.lee@example.com']);
    expect(await emailsOf(bob.agent)).toEqual([]);
    await expect.poll(() => inbox.messages.length).toBe(2);
    expect(inbox.messages[0]).toEqual({ topic: 'email_manager', name: 'emailsInserted', payload: { emails: [row] } });
  });

  it.skipIf(skip)("refuses bad input with 422 and the dialog's message", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...ADD, address: '' }, EMAIL_MESSAGES.addressRequired],
      [{ ...ADD, address: 'nobody' }, EMAIL_MESSAGES.addressInvalid],
      [{ ...ADD, login: ' ' }, EMAIL_MESSAGES.loginRequired],
      [{ ...ADD, password: '' }, EMAIL_MESSAGES.passwordRequired],
      [{ ...ADD, server: '' }, EMAIL_MESSAGES.serverRequired],
      [{ ...ADD, port: 0 }, EMAIL_MESSAGES.portRange],
      [{ ...ADD, port: '995' }, EMAIL_MESSAGES.portRequired],
      [{ ...ADD, protocol: 'smtp' }, EMAIL_MESSAGES.protocolRequired],
      [{ ...ADD, protocol: 'imap', checkSpamFolder: true }, EMAIL_MESSAGES.spamFolderRequired],
    ];
    for (const [body, message] of cases) {
      const response = await ann.agent.request('PUT', '/rest/user_emails', { body });
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(errorOf(response)).toBe(message);
    }
    // Spam folder name is needed for IMAP only.
    expect((await ann.agent.request('PUT', '/rest/user_emails', { body: { ...ADD, address: 'pop@example.com', checkSpamFolder: true } })).statusCode).toBe(200);
  });

  it.skipIf(skip)('imports several files: per-line errors, re-import updates by address', async () => {
    const user = bob;
    const first = await upload(user.agent, [
      { name: 'a.txt', content: 'one@x.org:one:pw1:mail.x.org:995:POP3:true\nbroken line\n\ntwo@x.org:two:p:w:imap.x.org:143:IMAP:false\n' },
      { name: 'b.txt', content: 'three@x.org:three:pw3:mail.x.org:110:pop3:starttls\r\nfour@x.org:four:pw4:mail.x.org:99999:pop3:true\r\n' },
    ]);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      imported: 3,
      errorList: [
        { file: 'a.txt', line: 2, message: EMAIL_LINE_MESSAGES.fieldCount },
        { file: 'b.txt', line: 2, message: EMAIL_MESSAGES.portRange },
      ],
    });
    const second = await upload(user.agent, [{ name: 'c.txt', content: 'ONE@x.org:one:new-pw:mail2.x.org:995:pop3:true\n' }]);
    expect(second.json()).toEqual({ imported: 1, errorList: [] });
    const emails = await emailsOf(user.agent);
    expect(emails.map((email) => [email.address, email.password, email.server, email.ssl, email.startTls])).toEqual([
      ['one@x.org', 'new-pw', 'mail2.x.org', true, false],
      ['two@x.org', 'p:w', 'imap.x.org', false, false],
      ['three@x.org', 'pw3', 'mail.x.org', false, true],
    ]);
    expect(await emailsOf(ann.agent)).not.toContainEqual(expect.objectContaining({ address: 'one@x.org' }));
  });

  it.skipIf(skip)("deletes by address, only the user's own, publishing emailsDeleted", async () => {
    await ann.agent.request('PUT', '/rest/user_emails', { body: { ...ADD, address: 'del1@example.com' } });
    await bob.agent.request('PUT', '/rest/user_emails', { body: { ...ADD, address: 'del2@example.com' } });
    const inbox = await liveInbox(ann.agent, 'email_manager');
    const notBobs = await bob.agent.request('DELETE', '/rest/user_emails', { body: ['del1@example.com'] });
    expect(notBobs.json()).toEqual({ deleted: [] });
    expect((await emailsOf(ann.agent)).map((email) => email.address)).toContain('del1@example.com');

    const deleted = await ann.agent.request('DELETE', '/rest/user_emails', { body: ['DEL1@example.com', 'del2@example.com'] });
    expect(deleted.json()).toEqual({ deleted: ['del1@example.com'] });
    expect((await emailsOf(bob.agent)).map((email) => email.address)).toContain('del2@example.com');
    await expect.poll(() => inbox.messages).toEqual([{ topic: 'email_manager', name: 'emailsDeleted', payload: { addresses: ['del1@example.com'] } }]);

    const empty = await ann.agent.request('DELETE', '/rest/user_emails', { body: [] });
    expect(empty.statusCode).toBe(422);
    expect(errorOf(empty)).toBe(EMAIL_MESSAGES.selectEmails);
  });

  it.skipIf(skip)('email source LIST hands out the next unused mailbox once, marking it used, then says none is left', async () => {
    const user = ann;
    await user.agent.request('DELETE', '/rest/user_emails', { body: (await emailsOf(user.agent)).map((email) => email.address).concat('none@x') });
    await user.agent.request('PUT', '/rest/user_emails', { body: { ...ADD, address: 'list1@example.com' } });
    await user.agent.request('PUT', '/rest/user_emails', { body: { ...ADD, address: 'list2@example.com', protocol: 'imap', port: 993 } });
    const first = await user.agent.request('GET', '/action/email_list/download');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      emailSettings: {
        emailAddress: 'list1@example.com', emailLogin: 'ann.lee', emailPassword: 'mail pw:1', emailServer: 'mail.example.com', emailServerPort: 995,
        mailProtocol: 'pop3', SSL: true, startTls: false, allowSelfSigned: false, checkSpamFolder: false, spamFolderName: '',
      },
    });
    expect((await user.agent.request('GET', '/action/email_list/download')).json().emailSettings.emailAddress).toBe('list2@example.com');
    expect((await emailsOf(user.agent)).map((email) => email.used)).toEqual([true, true]);
    const none = await user.agent.request('GET', '/action/email_list/download');
    expect(none.statusCode).toBe(409);
    expect(errorOf(none)).toBe(EMAIL_MESSAGES.noUnusedEmail);
    // Bob's own list is his: Ann's mailboxes are never handed to him.
    await bob.agent.request('PUT', '/rest/user_emails', { body: { ...ADD, address: 'bobs@example.com' } });
    expect((await bob.agent.request('GET', '/action/email_list/download')).json().emailSettings.emailAddress).not.toMatch(/^list/);
  });

  it.skipIf(skip)("email source LINKLOOM hands out fresh addresses at the catch-all's domain with its settings; LIST never hands out the catch-all", async () => {
    const none = await bob.agent.request('POST', '/action/email/download');
    expect(none.statusCode).toBe(409);
    expect(errorOf(none)).toBe(EMAIL_MESSAGES.noCatchAll);
    const user = ann;
    await user.agent.request('PUT', '/rest/user_emails', { body: { ...ADD, address: '*@catch.test', login: 'catchall', protocol: 'imap', port: 993 } });
    const first = await user.agent.request('POST', '/action/email/download');
    expect(first.statusCode).toBe(200);
    const settings = first.json().emailSettings;
    expect(settings).toMatchObject({ emailLogin: 'catchall', emailPassword: 'mail pw:1', emailServer: 'mail.example.com', emailServerPort: 993, mailProtocol: 'imap' });
    expect(settings.emailAddress).toMatch(/^[a-z0-9]{8}@catch\.test$/);
    expect((await user.agent.request('POST', '/action/email/download')).json().emailSettings.emailAddress).not.toBe(settings.emailAddress);
    // Everything else of Ann's is used (the LIST test took it): LIST does not fall back on the catch-all.
    await db().updateTable('user_emails').set({ used: 1 }).where('owner_id', '=', ann.id).where('address', 'not like', '%*%').execute();
    expect((await user.agent.request('GET', '/action/email_list/download')).statusCode).toBe(409);
  });

  it.skipIf(skip)('test login really connects: an unreachable server answers 422 with what to check', async () => {
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as net.AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    const settings = {
      emailAddress: 'a@b.c', emailLogin: 'a', emailPassword: 'pw', emailServer: '127.0.0.1', emailServerPort: port, mailProtocol: 'imap', SSL: false,
    };
    const refused = await ann.agent.request('POST', '/action/email/test_login', { body: settings });
    expect(refused.statusCode).toBe(422);
    expect(errorOf(refused)).toBe(`Cannot reach the mail server 127.0.0.1:${port}: check the server address and port`);
    const invalid = await ann.agent.request('POST', '/action/email/test_login', { body: { ...settings, emailServer: '' } });
    expect(invalid.statusCode).toBe(422);
    expect(errorOf(invalid)).toBe(EMAIL_MESSAGES.serverRequired);
    expect((await ann.agent.request('POST', '/action/email/test_login', { body: settings, xsrf: false })).statusCode).toBe(403);
  });
});
