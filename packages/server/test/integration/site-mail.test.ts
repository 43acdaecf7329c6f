import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmailSettingsSchema } from '@linkloom/shared';
import { openImap } from '../../src/engine/mail/imap-mailbox';
import { dovecotAvailability, startDovecotPeer, type DovecotPeer } from '../support/dovecot-peers';
import { startWordPressPeers, wordPressAvailability, type WordPressPeers } from '../support/wordpress-peers';

const ready = (await dovecotAvailability()).available && (await wordPressAvailability()).available;

/**
 * The sites really send their mail (issue 14): a WordPress blog whose php-fpm has the Dovecot
 * peer's sendmail hands WordPress's own mail to dovecot-lda, and it is read back over IMAP.
 */
describe.skipIf(!ready)('site mail into a real mailbox', () => {
  let mail: DovecotPeer;
  let blogs: WordPressPeers;
  beforeAll(async () => {
    mail = await startDovecotPeer({ catchall: 'catch all pw' });
    blogs = await startWordPressPeers(1, { phpIniDir: mail.phpIniDir });
  });
  afterAll(async () => {
    await blogs?.stop();
    await mail?.stop();
  });

  it("delivers WordPress's password reset mail (to its admin address) to the catch-all mailbox", async () => {
    const blog = blogs.sites[0]!;
    const response = await fetch(`${blog.url}/wp-login.php?action=lostpassword`, {
      method: 'POST', redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ user_login: blog.username, redirect_to: '', 'wp-submit': 'Get New Password' }).toString(),
    });
    expect(response.status).toBe(302);
    const client = await openImap(EmailSettingsSchema.parse({
      emailLogin: 'catchall', emailPassword: 'catch all pw', emailServer: '127.0.0.1', emailServerPort: mail.imaps,
      mailProtocol: 'imap', SSL: true, allowSelfSigned: true,
    }), 10_000);
    try {
      await client.mailboxOpen('INBOX');
      // Delivery happens inside the request; poll a little anyway (shared notes).
      let found: number[] = [];
      for (let tries = 0; tries < 20 && found.length === 0; tries++) {
        found = (await client.search({ subject: 'Password Reset' }, { uid: true })) || [];
        if (found.length === 0) await new Promise((resolve) => setTimeout(resolve, 500));
      }
      expect(found).toHaveLength(1);
      const message = await client.fetchOne(String(found[0]), { source: true }, { uid: true });
      const source = message && message.source ? message.source.toString('utf8') : '';
      expect(source).toMatch(/^From: .*wordpress@127\.0\.0\.1/m);
      expect(source).toContain('action=rp&key=');
    } finally {
      await client.logout();
    }
  });
});
