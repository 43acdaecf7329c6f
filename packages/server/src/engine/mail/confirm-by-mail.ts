import type { EmailSettings } from '@linkloom/shared';
import { confirmationLink } from './confirmation-link';
import { deleteHandledBefore, findMail, markHandled, type FoundMail, type MailQuery } from './find-mail';
import { findSpamFolder, openImapSession } from './imap-mailbox';
import { VERIFICATION_LIMITS, withIdle, type MailLimits } from './mail-limits';
import { Pop3Client } from './pop3-client';
import { mailHostOf } from './site-host';

/** What one account's confirmation came to. */
export type ConfirmationOutcome =
  | { state: 'confirmed'; link: string; folder: string; pop3Uid?: string }
  | { state: 'waiting' }
  | { state: 'no-link'; folder: string }
  | { state: 'failed'; link: string; reason: string };

/**
 * How the engine reaches the confirmation link (through the outbound policy: the link comes from a
 * mail). It answers the status, or throws an error whose message is the user's reason.
 */
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
  const limits = withIdle(VERIFICATION_LIMITS, options.timeoutMs);
  // The sender is matched on the site's host without a leading www. (a www. site may mail from its bare domain).
  const host = mailHostOf(account.siteUrl);
  const query: MailQuery = { to: account.email, from: host, since: account.since };
  if (settings.mailProtocol === 'imap') return confirmOverImap(settings, account.siteUrl, query, fetchLink, limits, options.deleteHandledAfterDays);
  const found = await findOverPop3(settings, query, host, limits);
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
  settings: EmailSettings, siteUrl: string, query: MailQuery, fetchLink: LinkFetch, limits: MailLimits, deleteAfterDays: number | undefined,
): Promise<ConfirmationOutcome> {
  const session = await openImapSession(settings, limits);
  const { client } = session;
  try {
    const folders = ['INBOX'];
    if (settings.checkSpamFolder) folders.push(await findSpamFolder(client, settings.spamFolderName));
    const found = await findMail(client, folders, query, limits);
    const outcome: ConfirmationOutcome = found ? await follow(found, siteUrl, fetchLink) : { state: 'waiting' };
    if (found && outcome.state === 'confirmed') await markHandled(client, found);
    if (deleteAfterDays !== undefined) await deleteHandledBefore(client, folders, new Date(Date.now() - deleteAfterDays * 86_400_000));
    return outcome;
  } catch (error) {
    throw session.explain(error);
  } finally {
    await session.end();
  }
}

function header(headers: string, name: string): string {
  const match = new RegExp(`^${name}:([^\\r\\n]*(?:\\r?\\n[ \\t][^\\r\\n]*)*)`, 'im').exec(headers);
  return match ? match[1]!.replace(/\r?\n[ \t]/g, ' ').trim() : '';
}

/**
 * POP3 has no search: the headers (TOP 0) of the newest messages are read, newest first, down to
 * the first one older than `since`; the first match is downloaded, unless its size (LIST) is more
 * than a confirmation mail can be. At most `messagesRead` messages are downloaded.
 */
async function findOverPop3(settings: EmailSettings, query: MailQuery, host: string, limits: MailLimits): Promise<FoundMail | null> {
  const client = await Pop3Client.open(settings, limits);
  try {
    const { count } = await client.stat();
    let downloaded = 0;
    for (let number = count; number >= 1 && number > count - POP3_NEWEST; number--) {
      const headers = (await client.top(number, 0)).toString('utf8');
      const date = Date.parse(header(headers, 'Date'));
      if (!Number.isNaN(date) && date < query.since.getTime() - 60_000) break;
      if (!header(headers, 'To').toLowerCase().includes(query.to.toLowerCase())) continue;
      if (!header(headers, 'From').toLowerCase().includes(host.toLowerCase())) continue;
      if (await client.size(number) > limits.messageBytes) continue;
      if (downloaded >= limits.messagesRead) break;
      downloaded += 1;
      const source = await client.retrieve(number);
      const pop3Uid = await client.uidOf(number);
      return { folder: 'INBOX', uid: number, source, ...(pop3Uid ? { pop3Uid } : {}) };
    }
    return null;
  } catch (error) {
    throw client.explain(error);
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
  settings: EmailSettings, handled: { before: Date; pop3Uids: readonly string[] }, timeoutMs?: number,
): Promise<{ deleted: number; goneUids: string[] }> {
  const limits = withIdle(VERIFICATION_LIMITS, timeoutMs);
  if (settings.mailProtocol === 'imap') {
    const session = await openImapSession(settings, limits);
    try {
      const folders = ['INBOX'];
      if (settings.checkSpamFolder) folders.push(await findSpamFolder(session.client, settings.spamFolderName));
      return { deleted: await deleteHandledBefore(session.client, folders, handled.before), goneUids: [] };
    } catch (error) {
      throw session.explain(error);
    } finally {
      await session.end();
    }
  }
  if (handled.pop3Uids.length === 0) return { deleted: 0, goneUids: [] };
  const client = await Pop3Client.open(settings, limits);
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
    throw client.explain(error);
  } finally {
    await client.quit();
  }
}
