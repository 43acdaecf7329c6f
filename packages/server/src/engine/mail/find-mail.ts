import type { ImapFlow } from 'imapflow';
import { VERIFICATION_LIMITS, type MailLimits } from './mail-limits';

/** What a registration's confirmation mail is known by: its recipient, sender, and when it came at the earliest. */
export interface MailQuery {
  to: string;
  from?: string;
  subject?: string;
  since: Date;
}

/** A message found: where, and its whole source (RFC 822). */
export interface FoundMail {
  folder: string;
  uid: number;
  source: Buffer;
  /** POP3: the message's unique id (UIDL), by which it is deleted later. */
  pop3Uid?: string;
}

/**
 * Finds the newest message matching `query` in the given folders (INBOX first, then the spam
 * folder) with IMAP SEARCH on the server: only the matching message is downloaded, however many
 * the mailbox holds (issue 14.5: never a download of every message). SINCE is by day (RFC 3501),
 * so messages of that day that arrived before `since` are skipped by their internal date. Caps
 * (issue 33.5): the newest `messagesRead` matches of a folder are looked at, a message larger than
 * `messageBytes` (by its RFC822.SIZE) is skipped unread, and at most `messagesRead` are downloaded.
 */
export async function findMail(
  client: ImapFlow, folders: readonly string[], query: MailQuery, limits: Pick<MailLimits, 'messagesRead' | 'messageBytes'> = VERIFICATION_LIMITS,
): Promise<FoundMail | null> {
  let downloaded = 0;
  for (const folder of folders) {
    const lock = await client.getMailboxLock(folder, { readOnly: true });
    try {
      const criteria = {
        since: query.since, to: query.to,
        ...(query.from ? { from: query.from } : {}), ...(query.subject ? { subject: query.subject } : {}),
      };
      const uids = (await client.search(criteria, { uid: true })) || [];
      for (const uid of [...uids].sort((a, b) => b - a).slice(0, limits.messagesRead)) {
        const facts = await client.fetchOne(String(uid), { size: true, internalDate: true }, { uid: true });
        if (!facts) continue;
        const arrived = facts.internalDate ? new Date(facts.internalDate) : null;
        if (arrived && arrived.getTime() < query.since.getTime() - 1000) continue;
        // Too large to be a confirmation mail: not downloaded (imapflow would end the session at its literal cap).
        if (typeof facts.size === 'number' && facts.size > limits.messageBytes) continue;
        if (downloaded >= limits.messagesRead) return null;
        downloaded += 1;
        const message = await client.fetchOne(String(uid), { source: true }, { uid: true });
        if (!message || !message.source) continue;
        return { folder, uid, source: message.source };
      }
    } finally {
      lock.release();
    }
  }
  return null;
}

/** The IMAP keyword Verify mail sets on a confirmation mail it has followed. */
export const HANDLED_KEYWORD = '$LinkLoomHandled';

/** Marks a followed confirmation mail as handled (an IMAP keyword), so a later pass can delete it. */
export async function markHandled(client: ImapFlow, found: FoundMail): Promise<void> {
  const lock = await client.getMailboxLock(found.folder);
  try {
    await client.messageFlagsAdd(String(found.uid), [HANDLED_KEYWORD], { uid: true });
  } finally {
    lock.release();
  }
}

/**
 * Deletes the handled confirmation mails that arrived before `before` (the user's
 * daysToDeleteMails), folder by folder, with SEARCH on the server; answers how many went.
 */
export async function deleteHandledBefore(client: ImapFlow, folders: readonly string[], before: Date): Promise<number> {
  let deleted = 0;
  for (const folder of folders) {
    const lock = await client.getMailboxLock(folder);
    try {
      const uids = (await client.search({ keyword: HANDLED_KEYWORD, before }, { uid: true })) || [];
      if (uids.length > 0 && await client.messageDelete(uids.join(','), { uid: true })) deleted += uids.length;
    } finally {
      lock.release();
    }
  }
  return deleted;
}
