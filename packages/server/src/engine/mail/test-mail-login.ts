import { EMAIL_MESSAGES, type EmailSettings, type EmailTestResult } from '@linkloom/shared';
import { findSpamFolder, openImapSession } from './imap-mailbox';
import { MAIL_TIMEOUT_MS, TEST_LOGIN_LIMITS, withIdle } from './mail-limits';
import { Pop3Client } from './pop3-client';

/**
 * Really logs in to a mailbox (POST /action/email/test_login): POP3 logs in and counts the
 * maildrop; IMAP logs in, counts the INBOX and, with Check Spam Folder, finds the spam folder
 * (named, or the special-use \Junk one) and says which. Through the outbound policy and within
 * the test login's caps (1 MB, 30 s: mail-limits.ts). A MailError the user can act on otherwise,
 * in our words only: nothing the server says is passed on.
 */
export async function testMailLogin(settings: EmailSettings, timeoutMs = MAIL_TIMEOUT_MS): Promise<EmailTestResult> {
  const limits = withIdle(TEST_LOGIN_LIMITS, timeoutMs);
  if (settings.mailProtocol === 'pop3') {
    const client = await Pop3Client.open(settings, limits);
    try {
      const { count } = await client.stat();
      return { message: EMAIL_MESSAGES.testSucceeded, messages: count, spamFolder: null };
    } catch (error) {
      throw client.explain(error);
    } finally {
      await client.quit();
    }
  }
  const session = await openImapSession(settings, limits);
  const { client } = session;
  try {
    const inbox = await client.status('INBOX', { messages: true });
    const spamFolder = settings.checkSpamFolder ? await findSpamFolder(client, settings.spamFolderName) : null;
    const message = spamFolder ? `${EMAIL_MESSAGES.testSucceeded} (spam folder: ${spamFolder})` : EMAIL_MESSAGES.testSucceeded;
    return { message, messages: (inbox && inbox.messages) || 0, spamFolder };
  } catch (error) {
    throw session.explain(error);
  } finally {
    await session.end();
  }
}
