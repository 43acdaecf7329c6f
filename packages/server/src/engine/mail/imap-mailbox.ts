import type { ImapFlow, ListResponse } from 'imapflow';
import { MAIL_ERROR_MESSAGES, type EmailSettings } from '@linkloom/shared';
import { MailError, toMailError } from './mail-error';
import { mailTlsOptions } from './tls-options';

/**
 * Opens an IMAP session with imapflow: implicit TLS (`SSL`), STARTTLS required (`startTls`), or
 * plain (STARTTLS never tried); the certificate checked unless self-signed ones are allowed; every
 * phase bounded by `timeoutMs`. A MailError on failure (wrong login, unreachable, TLS, timeout).
 */
export async function openImap(settings: EmailSettings, timeoutMs: number): Promise<ImapFlow> {
  // Loaded on first use: imapflow and its character sets (iconv-lite, encoding-japanese) cost the
  // server's start-up and idle memory, and most servers open no mailbox for a long while.
  const { ImapFlow } = await import('imapflow');
  const client = new ImapFlow({
    host: settings.emailServer,
    port: settings.emailServerPort,
    secure: settings.SSL,
    doSTARTTLS: settings.SSL ? undefined : settings.startTls,
    auth: { user: settings.emailLogin, pass: settings.emailPassword },
    tls: mailTlsOptions(settings),
    logger: false,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    disableAutoIdle: true,
  });
  // A socket error after connect() settled is reported here; the caller sees it on its next command.
  client.on('error', () => undefined);
  try {
    await client.connect();
    return client;
  } catch (error) {
    client.close();
    throw toMailError(error, settings, timeoutMs);
  }
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
  throw new MailError('folder', MAIL_ERROR_MESSAGES.folder(name, folders.map((folder) => folder.path)));
}
