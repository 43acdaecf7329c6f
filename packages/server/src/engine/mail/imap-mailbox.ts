import type { ImapFlow, ListResponse } from 'imapflow';
import { MAIL_ERROR_MESSAGES, type EmailSettings } from '@linkloom/shared';
import { egressImapTransport } from './imap-transport';
import { MailError } from './mail-error';
import { MAIL_TIMEOUT_MS, VERIFICATION_LIMITS, withIdle, type MailLimits } from './mail-limits';
import { MailSessionGuard } from './mail-session-guard';

/**
 * Tokens (atoms, strings, lists…) in one IMAP answer. Each costs about a hundred bytes of heap
 * while parsed; the answers read here (STATUS, LIST lines, one FETCH of a source) have a few
 * dozen, and SEARCH answers are not tokenised.
 */
const MAX_ANSWER_TOKENS = 10_000;

/** imapflow's codes of a connection gone under a command: the reason is the error that took it down. */
const GONE = new Set(['NoConnection', 'EConnectionClosed']);

/** An open IMAP session: its client, and the user's reason for any failure of it. */
export interface ImapSession {
  client: ImapFlow;
  /** A MailError for a failure of this session: the cap it passed, the error that closed it, else `error` sorted. */
  explain(error: unknown): MailError;
  /** LOGOUT (a close when that fails); the session is over. */
  end(): Promise<void>;
}

function codeOf(error: unknown): unknown {
  return error && typeof error === 'object' ? (error as { code?: unknown }).code : undefined;
}

/**
 * Opens an IMAP session with imapflow through the outbound policy (imap-transport.ts): implicit
 * TLS (`SSL`), STARTTLS required (`startTls`), or plain (STARTTLS never tried); the certificate
 * checked against the user's host name unless self-signed ones are allowed. Hard caps: imapflow's
 * own line, literal, answer and token limits set from `limits`, the session's bytes counted on its
 * socket, its total time bounded, and every phase bounded by the silence timeout. A MailError on
 * failure (refused, wrong login, unreachable, TLS, timeout, not an IMAP server, too large).
 */
export async function openImapSession(settings: EmailSettings, limits: MailLimits): Promise<ImapSession> {
  // Loaded on first use: imapflow and its character sets (iconv-lite, encoding-japanese) cost the
  // server's start-up and idle memory, and most servers open no mailbox for a long while.
  const { ImapFlow } = await import('imapflow');
  const guard = new MailSessionGuard(limits, { settings, idleMs: limits.idleMs });
  const client = new ImapFlow({
    host: settings.emailServer,
    port: settings.emailServerPort,
    secure: settings.SSL,
    doSTARTTLS: settings.SSL ? undefined : settings.startTls,
    auth: { user: settings.emailLogin, pass: settings.emailPassword },
    transport: egressImapTransport(settings, guard),
    logger: false,
    connectionTimeout: limits.idleMs,
    greetingTimeout: limits.idleMs,
    socketTimeout: limits.idleMs,
    disableAutoIdle: true,
    maxLineLength: limits.lineBytes,
    maxLiteralSize: limits.messageBytes,
    // Above the literal cap, as imapflow asks: the answer also carries the literal's marker line.
    maxResponseSize: limits.messageBytes + limits.lineBytes,
    maxResponseTokens: MAX_ANSWER_TOKENS,
  });
  // After connect() a parse or socket failure is reported here and the command under way only
  // learns that the connection is gone: this error is the reason.
  let takenDown: unknown = null;
  client.on('error', (error: unknown) => {
    takenDown ??= error;
  });
  guard.onFailure(() => client.close());
  const explain = (error: unknown): MailError => guard.explain(takenDown !== null && GONE.has(String(codeOf(error))) ? takenDown : error);
  try {
    await client.connect();
  } catch (error) {
    client.close();
    guard.end();
    throw explain(error);
  }
  return {
    client,
    explain,
    end: async () => {
      try {
        await client.logout();
      } catch {
        client.close();
      } finally {
        guard.end();
      }
    },
  };
}

/**
 * An IMAP client with verification's caps and the given silence timeout (tests and tools that
 * read a mailbox directly); the caller logs out.
 */
export async function openImap(settings: EmailSettings, timeoutMs = MAIL_TIMEOUT_MS): Promise<ImapFlow> {
  return (await openImapSession(settings, withIdle(VERIFICATION_LIMITS, timeoutMs))).client;
}

/**
 * The spam folder to read: the folder named `name` (any case; by its full path or its last
 * part), else the one marked special-use \Junk. A MailError of kind `folder` listing the folders
 * there are when neither exists.
 */
export async function findSpamFolder(client: ImapFlow, name: string): Promise<string> {
  const folders: ListResponse[] = await client.list();
  const wanted = name.trim().toLowerCase();
  const named = folders.find((folder) => folder.path.toLowerCase() === wanted || folder.name.toLowerCase() === wanted);
  if (named) return named.path;
  const junk = folders.find((folder) => folder.specialUse === '\\Junk' && folder.specialUseSource !== 'name');
  if (junk) return junk.path;
  throw new MailError('folder', MAIL_ERROR_MESSAGES.folder(name, folderNames(folders)));
}

/** Folders named in a message: a few, each cut short (the names come from the server). */
const LISTED_FOLDERS = 20;
const FOLDER_NAME_CHARS = 80;

function folderNames(folders: readonly ListResponse[]): string[] {
  const names = folders.slice(0, LISTED_FOLDERS).map((folder) => (folder.path.length > FOLDER_NAME_CHARS ? `${folder.path.slice(0, FOLDER_NAME_CHARS)}…` : folder.path));
  return folders.length > LISTED_FOLDERS ? [...names, `and ${folders.length - LISTED_FOLDERS} more`] : names;
}
