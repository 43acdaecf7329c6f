import { EMAIL_MESSAGES, type EmailSettings, type EmailTestResult } from '@linkloom/shared';
import { findSpamFolder, openImap } from './imap-mailbox';
import { toMailError } from './mail-error';
import { Pop3Client } from './pop3-client';

/** How long one mail session may stay silent before it counts as a timeout. */
export const MAIL_TIMEOUT_MS = 15_000;

/**
 * Really logs in to a mailbox (POST /action/email/test_login): POP3 logs in and counts the
 * maildrop; IMAP logs in, counts the INBOX and, with Check Spam Folder, finds the spam folder
 * (named, or the special-use \Junk one) and says which. A MailError the user can act on otherwise.
 */
export async function testMailLogin(settings: EmailSettings, timeoutMs = MAIL_TIMEOUT_MS): Promise<EmailTestResult> {
  if (settings.mailProtocol === 'pop3') {
    const client = await Pop3Client.open(settings, timeoutMs);
    try {
      const { count } = await client.stat();
      return { message: EMAIL_MESSAGES.testSucceeded, messages: count, spamFolder: null };
    } catch (error) {
      throw toMailError(error, settings, timeoutMs);
    } finally {
      await client.quit();
    }
  }
  const client = await openImap(settings, timeoutMs);
  try {
    const inbox = await client.status('INBOX', { messages: true });
    const spamFolder = settings.checkSpamFolder ? await findSpamFolder(client, settings.spamFolderName) : null;
    const message = spamFolder ? `${EMAIL_MESSAGES.testSucceeded} (spam folder: ${spamFolder})` : EMAIL_MESSAGES.testSucceeded;
    return { message, messages: (inbox && inbox.messages) || 0, spamFolder };
  } catch (error) {
    throw toMailError(error, settings, timeoutMs);
  } finally {
    await client.logout().catch(() => client.close());
  }
}
