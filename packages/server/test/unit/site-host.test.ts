import { describe, expect, it } from 'vitest';
import { confirmationLink } from '../../src/engine/mail/confirmation-link';
import { mailHostOf, siteHostKey } from '../../src/engine/mail/site-host';

/**
 * A www. site that mails from its bare domain (WordPress sends as wordpress@example.com for
 * www.example.com): the sender is matched on the host without its leading www., and the mail's
 * links to either form of the host are the site's. The real-mailbox cases are in
 * test/integration/confirm-by-mail.test.ts.
 */
describe('the host a confirmation mail is matched on', () => {
  it('drops a leading www., whatever the case, path or port', () => {
    expect(mailHostOf('http://www.example.com')).toBe('example.com');
    expect(mailHostOf('https://WWW.Example.COM:8443/wiki/Main_Page')).toBe('example.com');
    expect(siteHostKey('https://www.example.com:8443/wp-login.php')).toBe('example.com:8443');
  });

  it('keeps every other host as it is', () => {
    expect(mailHostOf('http://wiki.example.com/')).toBe('wiki.example.com');
    expect(mailHostOf('http://example.com')).toBe('example.com');
    expect(mailHostOf('http://127.0.0.1:8080')).toBe('127.0.0.1');
    expect(mailHostOf('http://www.localhost:8080')).toBe('www.localhost');
    expect(mailHostOf('http://wwwexample.com')).toBe('wwwexample.com');
  });

  it("matches a bare-domain sender's address, which the www. host did not", () => {
    const sender = 'WordPress <wordpress@example.com>'.toLowerCase();
    expect(sender.includes(new URL('http://www.example.com').hostname)).toBe(false);
    expect(sender.includes(mailHostOf('http://www.example.com'))).toBe(true);
  });
});

describe('the confirmation link of a www. site', () => {
  const mail = (body: string) => Buffer.from(`From: wordpress@example.com\r\nTo: ann@mail.test\r\nSubject: Confirm\r\n\r\n${body}\r\n`);

  it('takes a link to the bare domain for a www. site, and a www. link for a bare-domain site', async () => {
    expect(await confirmationLink(mail('Open https://example.com/wp-login.php?action=rp&key=K1&login=ann'), 'https://www.example.com'))
      .toBe('https://example.com/wp-login.php?action=rp&key=K1&login=ann');
    expect(await confirmationLink(mail('Open https://www.example.com/index.php/Special:ConfirmEmail/abc'), 'https://example.com'))
      .toBe('https://www.example.com/index.php/Special:ConfirmEmail/abc');
  });

  it('still refuses links to other sites', async () => {
    expect(await confirmationLink(mail('Open https://evil.example.org/confirm?key=1'), 'https://www.example.com')).toBeNull();
    expect(await confirmationLink(mail('Open https://blog.example.com/confirm?key=1'), 'https://www.example.com')).toBeNull();
  });
});
