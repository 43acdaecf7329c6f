/**
 * Hard caps of one mail session (issue 33.5). A mail server is a user-supplied address: whatever
 * it sends (a line with no end, a literal announced at a gigabyte, an endless trickle) is read
 * only up to these, so a hostile server costs the process a bounded amount of memory and time.
 */
export interface MailLimits {
  /** Silence allowed while an answer is due. */
  idleMs: number;
  /** The whole session, connect to logout, however busily the server trickles. */
  sessionMs: number;
  /** Everything the server may send in the session. */
  sessionBytes: number;
  /** One line of an answer (a POP3 status line, an IMAP response line). */
  lineBytes: number;
  /** One message or IMAP literal (and one POP3 multi-line answer). */
  messageBytes: number;
  /** Messages downloaded whole in one session (a confirmation is among the newest few). */
  messagesRead: number;
}

const KB = 1024;
const MB = 1024 * KB;

/** How long one mail session may stay silent before it counts as a timeout. */
export const MAIL_TIMEOUT_MS = 15_000;

/**
 * A test login: greeting, capabilities, login, a count of the INBOX and the folder list. Nothing
 * legitimate comes near 1 MB (a LIST of thousands of folders is a few hundred KB).
 */
export const TEST_LOGIN_LIMITS: MailLimits = {
  idleMs: MAIL_TIMEOUT_MS, sessionMs: 30_000, sessionBytes: MB, lineBytes: 64 * KB, messageBytes: 64 * KB, messagesRead: 0,
};

/**
 * Verification reads confirmation mails: a few KB of text or HTML, so 4 MB per message leaves room
 * for a logo or two; SEARCH answers and UIDL listings may be long lines of numbers.
 */
export const VERIFICATION_LIMITS: MailLimits = {
  idleMs: MAIL_TIMEOUT_MS, sessionMs: 120_000, sessionBytes: 32 * MB, lineBytes: MB, messageBytes: 4 * MB, messagesRead: 10,
};

/** Limits with another silence timeout (the callers' `timeoutMs`). */
export function withIdle(limits: MailLimits, idleMs: number | undefined): MailLimits {
  return idleMs === undefined ? limits : { ...limits, idleMs };
}

/** "64 KB", "4 MB": a size as the messages name it. */
export function sizeText(bytes: number): string {
  return bytes >= MB ? `${Math.round(bytes / MB)} MB` : `${Math.round(bytes / KB)} KB`;
}
