import http from 'node:http';
import type net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmailSettingsSchema, type EmailSettings } from '@linkloom/shared';
import { confirmByMail, type LinkFetch } from '../../src/engine/mail/confirm-by-mail';
import { openImap } from '../../src/engine/mail/imap-mailbox';
import { dovecotAvailability, startDovecotPeer, testMessage, type DovecotPeer } from '../support/dovecot-peers';

const ready = await dovecotAvailability();

/**
 * Verify mail's building block against a real Dovecot (issue 14.5): a registration's confirmation
 * mail is found in the mailbox (IMAP search, the spam folder, POP3 headers), its link to the site
 * taken out of the MIME body and followed; a local site records the confirmations.
 */
describe.skipIf(!ready.available)('confirming accounts by mail', () => {
  let peer: DovecotPeer;
  let site: http.Server;
  let siteUrl = '';
  const confirmed: string[] = [];
  const fetchLink: LinkFetch = async (url) => ({ status: (await fetch(url)).status });

  beforeAll(async () => {
    peer = await startDovecotPeer({ alice: 'alice pw', bob: 'bob pw' });
    site = http.createServer((request, response) => {
      const ok = /ConfirmEmail\/[0-9a-f]+$|action=rp&key=/.test(request.url ?? '');
      if (ok) confirmed.push(request.url!);
      response.writeHead(ok ? 200 : 404).end(ok ? 'Your email address has been confirmed.' : 'no such page');
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    siteUrl = `http://127.0.0.1:${(site.address() as net.AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => site?.close(resolve));
    await peer?.stop();
  });

  const mailbox = (overrides: Partial<EmailSettings>): EmailSettings => EmailSettingsSchema.parse({
    emailLogin: 'alice', emailPassword: 'alice pw', emailServer: '127.0.0.1', emailServerPort: peer.imaps,
    mailProtocol: 'imap', SSL: true, allowSelfSigned: true, ...overrides,
  });
  const since = () => new Date(Date.now() - 60_000);

  it("finds a wiki's confirmation mail over IMAP and follows its link; another address is still waiting", async () => {
    await peer.deliver('alice', testMessage({
      from: 'Wiki <wiki@127.0.0.1>', to: 'ann.wiki@mail.test', subject: 'Confirm your email address',
      body: `Someone registered the account "Ann" with this address.\nTo confirm, open this link:\n\n${siteUrl}/index.php/Special:ConfirmEmail/0123456789abcdef0123456789abcdef\n\nIt expires in 7 days.`,
    }));
    const outcome = await confirmByMail(mailbox({}), { email: 'ann.wiki@mail.test', siteUrl, since: since() }, fetchLink);
    expect(outcome).toEqual({ state: 'confirmed', folder: 'INBOX', link: `${siteUrl}/index.php/Special:ConfirmEmail/0123456789abcdef0123456789abcdef` });
    expect(confirmed).toContain('/index.php/Special:ConfirmEmail/0123456789abcdef0123456789abcdef');
    expect(await confirmByMail(mailbox({}), { email: 'nobody@mail.test', siteUrl, since: since() }, fetchLink)).toEqual({ state: 'waiting' });
  });

  it('looks in the spam folder when asked', async () => {
    const client = await openImap(mailbox({}), 10_000);
    try {
      await client.append('Junk', testMessage({
        from: 'wiki@127.0.0.1', to: 'spam.case@mail.test', subject: 'Confirm',
        body: `${siteUrl}/index.php/Special:ConfirmEmail/fedcba9876543210fedcba9876543210`,
      }));
    } finally {
      await client.logout();
    }
    const account = { email: 'spam.case@mail.test', siteUrl, since: since() };
    expect(await confirmByMail(mailbox({}), account, fetchLink)).toEqual({ state: 'waiting' });
    expect(await confirmByMail(mailbox({ checkSpamFolder: true, spamFolderName: 'Junk' }), account, fetchLink))
      .toMatchObject({ state: 'confirmed', folder: 'Junk' });
  });

  it('reads a quoted-printable HTML mail over POP3 (headers first, then the match)', async () => {
    const html = `<p>Welcome!</p><p><a href=3D"${siteUrl}/wp-login.php?action=3Drp&amp;key=3DAbC123&amp;login=3Dbob">Set your password</a></p>`;
    const qp = html.replace(/(.{70})/g, '$1=\n');
    await peer.deliver('bob', [
      'From: WordPress <wordpress@127.0.0.1>', 'To: bob.blog@mail.test', 'Subject: [Blog] Login Details',
      `Date: ${new Date().toUTCString().replace('GMT', '+0000')}`, 'MIME-Version: 1.0',
      'Content-Type: text/html; charset=UTF-8', 'Content-Transfer-Encoding: quoted-printable', '', qp, '',
    ].join('\n'));
    const outcome = await confirmByMail(
      mailbox({ emailLogin: 'bob', emailPassword: 'bob pw', mailProtocol: 'pop3', emailServerPort: peer.pop3s }),
      { email: 'bob.blog@mail.test', siteUrl, since: since() }, fetchLink,
    );
    expect(outcome).toMatchObject({ state: 'confirmed', link: `${siteUrl}/wp-login.php?action=rp&key=AbC123&login=bob` });
  });

  it('finds the mail of a www. site sent from its bare domain, over IMAP and POP3', async () => {
    const followed: string[] = [];
    const recordLink: LinkFetch = async (url) => { followed.push(url); return { status: 200 }; };
    const wwwSite = 'http://www.blog.test';
    for (const [to, key] of [['www.imap@mail.test', 'Imap1'], ['www.pop3@mail.test', 'Pop31']] as const) {
      await peer.deliver('alice', testMessage({
        from: 'WordPress <wordpress@blog.test>', to, subject: '[Blog] Confirm your address',
        body: `To confirm, open ${wwwSite}/wp-login.php?action=rp&key=${key}&login=ann`,
      }));
    }
    expect(await confirmByMail(mailbox({}), { email: 'www.imap@mail.test', siteUrl: wwwSite, since: since() }, recordLink))
      .toMatchObject({ state: 'confirmed', link: `${wwwSite}/wp-login.php?action=rp&key=Imap1&login=ann` });
    expect(await confirmByMail(mailbox({ mailProtocol: 'pop3', emailServerPort: peer.pop3s }), { email: 'www.pop3@mail.test', siteUrl: wwwSite, since: since() }, recordLink))
      .toMatchObject({ state: 'confirmed', link: `${wwwSite}/wp-login.php?action=rp&key=Pop31&login=ann` });
    expect(followed).toEqual([`${wwwSite}/wp-login.php?action=rp&key=Imap1&login=ann`, `${wwwSite}/wp-login.php?action=rp&key=Pop31&login=ann`]);
  });

  it('says when the site refuses the link, and when the mail has no link to the site', async () => {
    await peer.deliver('alice', testMessage({ from: 'wiki@127.0.0.1', to: 'bad.link@mail.test', subject: 'Confirm', body: `${siteUrl}/index.php/Special:ConfirmEmail/nothex` }));
    expect(await confirmByMail(mailbox({}), { email: 'bad.link@mail.test', siteUrl, since: since() }, fetchLink))
      .toMatchObject({ state: 'failed', reason: 'The site answered 404 to the confirmation link' });
    await peer.deliver('alice', testMessage({ from: 'wiki@127.0.0.1', to: 'no.link@mail.test', subject: 'Hello', body: 'Visit https://elsewhere.example/confirm?key=1' }));
    expect(await confirmByMail(mailbox({}), { email: 'no.link@mail.test', siteUrl, since: since() }, fetchLink))
      .toEqual({ state: 'no-link', folder: 'INBOX' });
  });

  it('marks a followed mail handled over IMAP, and deletes handled mails older than daysToDeleteMails', async () => {
    const client = await openImap(mailbox({}), 10_000);
    try {
      await client.append('INBOX', testMessage({ from: 'wiki@127.0.0.1', to: 'old@mail.test', subject: 'Old', body: 'handled long ago' }),
        ['\\Seen', '$LinkLoomHandled'], new Date(Date.now() - 10 * 86_400_000));
    } finally {
      await client.logout();
    }
    await peer.deliver('alice', testMessage({
      from: 'wiki@127.0.0.1', to: 'fresh@mail.test', subject: 'Confirm', body: `${siteUrl}/index.php/Special:ConfirmEmail/00112233445566778899aabbccddeeff`,
    }));
    expect(await confirmByMail(mailbox({}), { email: 'fresh@mail.test', siteUrl, since: since() }, fetchLink, { deleteHandledAfterDays: 5 }))
      .toMatchObject({ state: 'confirmed' });
    const check = await openImap(mailbox({}), 10_000);
    try {
      await check.mailboxOpen('INBOX');
      expect(await check.search({ to: 'old@mail.test' })).toEqual([]);
      const handled = (await check.search({ keyword: '$LinkLoomHandled' }, { uid: true })) || [];
      const fresh = (await check.search({ to: 'fresh@mail.test' }, { uid: true })) || [];
      // Handled: the mail just followed (and the first test's, also recent, so kept).
      expect(fresh).toHaveLength(1);
      expect(handled).toContain(fresh[0]);
    } finally {
      await check.logout();
    }
  });
});
