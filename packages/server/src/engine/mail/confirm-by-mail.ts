import { MAIL_ERROR_MESSAGES, type EmailSettings } from '@linkloom/shared';
import { confirmationLink } from './confirmation-link';
import { deleteHandledBefore, findMail, markHandled, type FoundMail, type MailQuery } from './find-mail';
import { findSpamFolder, openImap } from './imap-mailbox';
import { MailError, toMailError } from './mail-error';
import { Pop3Client } from './pop3-client';
import { mailHostOf } from './site-host';
import { MAIL_TIMEOUT_MS } from './test-mail-login';

/** What one account's confirmation came to. */
export type ConfirmationOutcome =
  | { state: 'confirmed'; link: string; folder: string; pop3Uid?: string }
  | { state: 'waiting' }
  | { state: 'no-link'; folder: string }
  | { state: 'failed'; link: string; reason: string };

/** How the engine reaches the confirmation link (a fetch bound to the user's proxy, or the global one). */
export type LinkFetch = (url: string) => Promise<{ status: number }>;

/** Most recent POP3 messages whose headers are read when looking for one (POP3 has no search). */
const POP3_NEWEST = 200;

/**
 * Confirms one registered account through its mailbox (issue 14.5): finds the newest mail to the
 * account's address from the site's host (www. or not) since the registration — IMAP: SEARCH on
 * the server in INBOX and, when asked, the spam folder; POP3: the headers (TOP 0) of the newest
 * messages, then the match alone — takes its confirmation link to the site and follows it. `waiting` when no
 * such mail arrived yet; a MailError (login, TLS, unreachable…) for the account's reason. Over
 * IMAP a followed mail is marked handled and, with `deleteHandledAfterDays` (the user's
 * daysToDeleteMails), handled mails older than that are deleted; over POP3 the confirmed outcome
 * names the mail's UIDL, which {@link deleteHandledMail} deletes once it is old enough.
 */
export async function confirmByMail(
  settings: EmailSettings, account: { email: string; siteUrl: string; since: Date }, fetchLink: LinkFetch,
  options: { timeoutMs?: number; deleteHandledAfterDays?: number } = {},
): Promise<ConfirmationOutcome> {
  const timeoutMs = options.timeoutMs ?? MAIL_TIMEOUT_MS;
  // The sender is matched on the site's host without a leading www. (a www. site may mail from its bare domain).
  const host = mailHostOf(account.siteUrl);
  const query: MailQuery = { to: account.email, from: host, since: account.since };
  if (settings.mailProtocol === 'imap') return confirmOverImap(settings, account.siteUrl, query, fetchLink, timeoutMs, options.deleteHandledAfterDays);
  const found = await findOverPop3(settings, query, host, timeoutMs);
  return found ? follow(found, account.siteUrl, fetchLink) : { state: 'waiting' };
}

/** Takes the mail's confirmation link and follows it. */
async function follow(found: FoundMail, siteUrl: string, fetchLink: LinkFetch): Promise<ConfirmationOutcome> {
  const link = await confirmationLink(found.source, siteUrl);
  if (!link) return { state: 'no-link', folder: found.folder };
  try {
    const answer = await fetchLink(link);
    if (answer.status >= 400) return { state: 'failed', link, reason: `The site answered ${answer.status} to the confirmation link` };
    return { state: 'confirmed', link, folder: found.folder, ...(found.pop3Uid ? { pop3Uid: found.pop3Uid } : {}) };
  } catch (error) {
    return { state: 'failed', link, reason: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * IMAP: one session finds the mail, follows its link, marks a followed mail handled (a keyword)
 * and, with `deleteAfterDays`, deletes the handled mails older than that.
 */
async function confirmOverImap(
  settings: EmailSettings, siteUrl: string, query: MailQuery, fetchLink: LinkFetch, timeoutMs: number, deleteAfterDays: number | undefined,
): Promise<ConfirmationOutcome> {
  const client = await openImap(settings, timeoutMs);
  try {
    const folders = ['INBOX'];
    if (settings.checkSpamFolder) folders.push(await findSpamFolder(client, settings.spamFolderName));
    const found = await findMail(client, folders, query);
    const outcome: ConfirmationOutcome = found ? await follow(found, siteUrl, fetchLink) : { state: 'waiting' };
    if (found && outcome.state === 'confirmed') await markHandled(client, found);
    if (deleteAfterDays !== undefined) await deleteHandledBefore(client, folders, new Date(Date.now() - deleteAfterDays * 86_400_000));
    return outcome;
  } catch (error) {
    throw toMailError(error, settings, timeoutMs);
  } finally {
    await client.logout().catch(() => client.close());
  }
}

function header(headers: string, name: string): string {
  const match = new RegExp(`^${name}:([^\\r\\n]*(?:\\r?\\n[ \\t][^\\r\\n]*)*)`, 'im').exec(headers);
  return match ? match[1]!.replace(/\r?\n[ \t]/g, ' ').trim() : '';
}

async function findOverPop3(settings: EmailSettings, query: MailQuery, host: string, timeoutMs: number): Promise<FoundMail | null> {
  const client = await Pop3Client.open(settings, timeoutMs);
  try {
    const { count } = await client.stat();
    for (let number = count; number >= 1 && number > count - POP3_NEWEST; number--) {
      const headers = (await client.top(number, 0)).toString('utf8');
      const date = Date.parse(header(headers, 'Date'));
      if (!Number.isNaN(date) && date < query.since.getTime() - 60_000) break;
      if (!header(headers, 'To').toLowerCase().includes(query.to.toLowerCase())) continue;
      if (!header(headers, 'From').toLowerCase().includes(host.toLowerCase())) continue;
      const source = await client.retrieve(number);
      const pop3Uid = (await client.uidl()).find((entry) => entry.number === number)?.uid;
      return { folder: 'INBOX', uid: number, source, ...(pop3Uid ? { pop3Uid } : {}) };
    }
    return null;
  } catch (error) {
    if (error instanceof MailError) throw error;
    throw new MailError('protocol', MAIL_ERROR_MESSAGES.protocol(error instanceof Error ? error.message : String(error)), { cause: error });
  } finally {
    await client.quit();
  }
}

/**
 * Deletes handled confirmation mails of one mailbox (the user's daysToDeleteMails): IMAP — the
 * mails marked handled that arrived before `before`, in INBOX and the spam folder when it is read
 * (SEARCH on the server); POP3 — the messages with these UIDLs (DELE, committed by QUIT). Answers
 * how many went and, for POP3, which UIDLs are gone (deleted now, or no longer in the maildrop).
 */
export async function deleteHandledMail(
  settings: EmailSettings, handled: { before: Date; pop3Uids: readonly string[] }, timeoutMs = MAIL_TIMEOUT_MS,
): Promise<{ deleted: number; goneUids: string[] }> {
  if (settings.mailProtocol === 'imap') {
    const client = await openImap(settings, timeoutMs);
    try {
      const folders = ['INBOX'];
      if (settings.checkSpamFolder) folders.push(await findSpamFolder(client, settings.spamFolderName));
      return { deleted: await deleteHandledBefore(client, folders, handled.before), goneUids: [] };
    } catch (error) {
      throw toMailError(error, settings, timeoutMs);
    } finally {
      await client.logout().catch(() => client.close());
    }
  }
  if (handled.pop3Uids.length === 0) return { deleted: 0, goneUids: [] };
  const client = await Pop3Client.open(settings, timeoutMs);
  try {
    const present = new Map((await client.uidl()).map((entry) => [entry.uid, entry.number]));
    let deleted = 0;
    for (const uid of handled.pop3Uids) {
      const number = present.get(uid);
      if (number === undefined) continue;
      await client.delete(number);
      deleted += 1;
    }
    // The DELEs take effect at QUIT: only a QUIT the server accepted makes them gone.
    await client.commit();
    return { deleted, goneUids: [...handled.pop3Uids] };
  } catch (error) {
    if (error instanceof MailError) throw error;
    throw new MailError('protocol', MAIL_ERROR_MESSAGES.protocol(error instanceof Error ? error.message : String(error)), { cause: error });
  } finally {
    await client.quit();
  }
}
