import { UserEmailBodySchema, type UserEmailBody } from '../schemas/emails';

/** Messages of an import line that is not a mailbox. */
export const EMAIL_LINE_MESSAGES = {
  fieldCount: 'Expected email:login:password:server:port:protocol:ssl',
  port: 'The port must be a number between 1 and 65535',
  protocol: 'The protocol must be POP3 or IMAP',
  ssl: 'SSL must be true or false',
} as const;

export type EmailLine = { ok: true; email: UserEmailBody } | { ok: false; message: string };

/**
 * One line of an email import (spec 2 §2): `email:login:password:server:port:protocol:ssl`,
 * protocol POP3 or IMAP (any case), ssl true or false (`starttls` also: a plain connection
 * upgraded). The password may itself hold colons: the first two and the last four fields are
 * fixed, the rest is the password. Checked with the Add Email dialog's schema.
 */
export function parseEmailLine(line: string): EmailLine {
  const parts = line.trim().split(':');
  if (parts.length < 7) return { ok: false, message: EMAIL_LINE_MESSAGES.fieldCount };
  const [address = '', login = ''] = parts;
  const [server = '', port = '', protocol = '', ssl = ''] = parts.slice(-4);
  const password = parts.slice(2, -4).join(':');
  if (!/^[0-9]{1,5}$/.test(port.trim())) return { ok: false, message: EMAIL_LINE_MESSAGES.port };
  const protocolName = protocol.trim().toLowerCase();
  if (protocolName !== 'pop3' && protocolName !== 'imap') return { ok: false, message: EMAIL_LINE_MESSAGES.protocol };
  const security = ssl.trim().toLowerCase();
  if (security !== 'true' && security !== 'false' && security !== 'starttls') return { ok: false, message: EMAIL_LINE_MESSAGES.ssl };
  const parsed = UserEmailBodySchema.safeParse({
    address, login, password, server, port: Number(port), protocol: protocolName,
    ssl: security === 'true', startTls: security === 'starttls',
  });
  if (!parsed.success) return { ok: false, message: parsed.error.issues.map((issue) => issue.message).join('; ') };
  return { ok: true, email: parsed.data };
}

/** A mailbox as an import line (the export of the grid, re-importable). */
export function emailLineOf(email: Pick<UserEmailBody, 'address' | 'login' | 'password' | 'server' | 'port' | 'protocol' | 'ssl' | 'startTls'>): string {
  const security = email.ssl ? 'true' : email.startTls ? 'starttls' : 'false';
  return [email.address, email.login, email.password, email.server, email.port, email.protocol.toUpperCase(), security].join(':');
}
