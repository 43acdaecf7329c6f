import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_MESSAGES, EmailSettingsSchema, type EmailSettings, type MailErrorKind } from '@linkloom/shared';
import { testMailLogin } from '../../src/engine/mail/test-mail-login';
import { MailError } from '../../src/engine/mail/mail-error';
import { Pop3Client } from '../../src/engine/mail/pop3-client';
import { VERIFICATION_LIMITS, withIdle } from '../../src/engine/mail/mail-limits';
import { openImap } from '../../src/engine/mail/imap-mailbox';
import { findMail } from '../../src/engine/mail/find-mail';
import { dovecotAvailability, startDovecotPeer, testMessage, type DovecotPeer } from '../support/dovecot-peers';

const ready = await dovecotAvailability();

/** The mail clients (engine/mail) against a real Dovecot: IMAP, IMAPS, POP3, POP3S, STARTTLS, and the errors a user can act on. */
describe.skipIf(!ready.available)('mail clients against a real Dovecot', () => {
  let peer: DovecotPeer;
  let silent: net.Server;
  const silentSockets: net.Socket[] = [];
  let silentPort = 0;
  let closedPort = 0;

  beforeAll(async () => {
    peer = await startDovecotPeer({ alice: 'alice pw 1', bob: 'bob-pw-2' });
    await peer.deliver('alice', testMessage({ from: 'wiki@127.0.0.1', to: 'alice@localhost', subject: 'Confirm your address', body: 'Hello\n.a line that starts with a dot\n..two dots' }));
    await peer.deliver('alice', testMessage({ from: 'blog@127.0.0.1', to: 'alice@localhost', subject: 'Second', body: 'two' }));
    // A server that accepts and never answers (timeouts), and a port nothing listens on.
    silent = net.createServer((socket) => silentSockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    silentPort = (silent.address() as net.AddressInfo).port;
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    closedPort = (probe.address() as net.AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
  });
  afterAll(async () => {
    for (const socket of silentSockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
    await peer?.stop();
  });

  const settings = (overrides: Partial<EmailSettings>): EmailSettings => EmailSettingsSchema.parse({
    emailAddress: 'alice@localhost', emailLogin: 'alice', emailPassword: 'alice pw 1', emailServer: '127.0.0.1',
    emailServerPort: peer.imaps, mailProtocol: 'imap', SSL: true, allowSelfSigned: true, ...overrides,
  });
  const failure = async (overrides: Partial<EmailSettings>, timeoutMs?: number): Promise<{ kind: MailErrorKind; message: string }> => {
    const error = await testMailLogin(settings(overrides), timeoutMs).then(() => null, (caught: unknown) => caught);
    expect(error).toBeInstanceOf(MailError);
    return { kind: (error as MailError).kind, message: (error as MailError).message };
  };

  it('logs in over all four ports: IMAP (plain and STARTTLS), IMAPS, POP3 (plain and STLS), POP3S', async () => {
    const cases: Partial<EmailSettings>[] = [
      { emailServerPort: peer.imap, SSL: false },
      { emailServerPort: peer.imap, SSL: false, startTls: true },
      { emailServerPort: peer.imaps },
      { mailProtocol: 'pop3', emailServerPort: peer.pop3, SSL: false },
      { mailProtocol: 'pop3', emailServerPort: peer.pop3, SSL: false, startTls: true },
      { mailProtocol: 'pop3', emailServerPort: peer.pop3s },
    ];
    for (const overrides of cases) {
      expect(await testMailLogin(settings(overrides)), JSON.stringify(overrides))
        .toEqual({ message: EMAIL_MESSAGES.testSucceeded, messages: 2, spamFolder: null });
    }
  });

  it('finds the spam folder by name, else the special-use Junk folder, and says which', async () => {
    const named = await testMailLogin(settings({ checkSpamFolder: true, spamFolderName: 'junk' }));
    expect(named).toMatchObject({ spamFolder: 'Junk', message: `${EMAIL_MESSAGES.testSucceeded} (spam folder: Junk)` });
    expect((await testMailLogin(settings({ checkSpamFolder: true, spamFolderName: 'Spam' }))).spamFolder).toBe('Junk');
  });

  it('says the spam folder is missing, listing the folders there are', async () => {
    expect(await failure({ emailLogin: 'bob', emailPassword: 'bob-pw-2', checkSpamFolder: true, spamFolderName: 'Spam' }))
      .toEqual({ kind: 'folder', message: 'The spam folder "Spam" was not found on the server (it has: INBOX)' });
  });

  it('refuses a wrong password over IMAP and POP3 as a login problem', async () => {
    for (const overrides of [{}, { mailProtocol: 'pop3', emailServerPort: peer.pop3s }] as Partial<EmailSettings>[]) {
      expect(await failure({ ...overrides, emailPassword: 'wrong' })).toEqual({
        kind: 'auth', message: 'The mail server refused the login of alice: check the email login and password',
      });
    }
  });

  it('refuses the self-signed certificate unless allowed, on IMAPS, STARTTLS, POP3S and STLS', async () => {
    const cases: Partial<EmailSettings>[] = [
      {}, { emailServerPort: peer.imap, SSL: false, startTls: true },
      { mailProtocol: 'pop3', emailServerPort: peer.pop3s }, { mailProtocol: 'pop3', emailServerPort: peer.pop3, SSL: false, startTls: true },
    ];
    for (const overrides of cases) {
      const refused = await failure({ ...overrides, allowSelfSigned: false });
      expect(refused.kind, JSON.stringify(overrides)).toBe('tls');
      expect(refused.message).toContain('tick "Allow self-signed certificate" only if you trust this server');
    }
  });

  it('names an unreachable server, a TLS mismatch and a silent server', async () => {
    expect(await failure({ emailServerPort: closedPort })).toEqual({
      kind: 'unreachable', message: `Cannot reach the mail server 127.0.0.1:${closedPort}: check the server address and port`,
    });
    expect((await failure({ mailProtocol: 'pop3', emailServerPort: closedPort })).kind).toBe('unreachable');
    expect((await failure({ emailServerPort: peer.imap, SSL: true })).kind).toBe('tls');
    expect((await failure({ mailProtocol: 'pop3', emailServerPort: silentPort, SSL: false }, 300)))
      .toEqual({ kind: 'timeout', message: 'The mail server did not answer within 0 s: check the server address and port' });
    expect((await failure({ emailServerPort: silentPort, SSL: false }, 300)).kind).toBe('timeout');
  });

  it('POP3 reads whole messages dot-unstuffed, by number and unique id', async () => {
    const client = await Pop3Client.open(settings({ mailProtocol: 'pop3', emailServerPort: peer.pop3s }), withIdle(VERIFICATION_LIMITS, 10_000));
    try {
      expect((await client.uidl()).map((entry) => entry.number)).toEqual([1, 2]);
      const text = (await client.retrieve(1)).toString('utf8');
      expect(text).toContain('Subject: Confirm your address');
      expect(text).toContain('\r\nHello\r\n.a line that starts with a dot\r\n..two dots');
      expect((await client.top(2, 0)).toString('utf8')).toContain('Subject: Second');
    } finally {
      await client.quit();
    }
  });

  it('finds a confirmation mail with SEARCH on the server (INBOX, then the spam folder), or nothing', async () => {
    await peer.deliver('alice', testMessage({ from: 'blog@127.0.0.1', to: 'new.user@mail.test', subject: 'Activate', body: 'http://127.0.0.1/activate?key=1' }));
    const client = await openImap(settings({}), 10_000);
    try {
      const since = new Date(Date.now() - 3_600_000);
      const found = await findMail(client, ['INBOX', 'Junk'], { to: 'new.user@mail.test', from: 'blog@127.0.0.1', since });
      expect(found?.folder).toBe('INBOX');
      expect(found?.source.toString('utf8')).toContain('activate?key=1');
      expect(await findMail(client, ['INBOX', 'Junk'], { to: 'nobody@mail.test', since })).toBeNull();
      expect(await findMail(client, ['INBOX'], { to: 'new.user@mail.test', since: new Date(Date.now() + 86_400_000) })).toBeNull();
    } finally {
      await client.logout();
    }
  });
});
