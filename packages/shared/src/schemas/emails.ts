/**
 * The email manager and the mail clients (spec 2 §2 "Email manager", §3 "User email", §5 "Add
 * email dialog", §7 "Emails", §8 "Email errors"): request and response shapes of every call, with
 * the spec's messages and the mail errors a user can act on, written once.
 */
import { z } from 'zod';
import { EMAIL_DEFAULTS, EMAIL_PROTOCOLS, optionValues } from '../constants/project-options';
import { PROJECT_FORM_MESSAGES } from './project-forms';

export const EMAIL_MESSAGES = {
  addressRequired: 'Please enter your email address',
  addressInvalid: 'Please enter a valid email address',
  loginRequired: PROJECT_FORM_MESSAGES.emailLoginRequired,
  passwordRequired: PROJECT_FORM_MESSAGES.emailPasswordRequired,
  serverRequired: PROJECT_FORM_MESSAGES.emailServerRequired,
  portRequired: PROJECT_FORM_MESSAGES.emailPortRequired,
  portRange: PROJECT_FORM_MESSAGES.emailPortRange,
  protocolRequired: PROJECT_FORM_MESSAGES.emailProtocolRequired,
  spamFolderRequired: PROJECT_FORM_MESSAGES.spamFolderRequired,
  deleteConfirm: 'Do you want to delete the selected emails?',
  selectEmails: 'Select at least one email',
  importFilesRequired: 'Please choose at least one file',
  notTextFile: 'Not a text file: expected lines of email:login:password:server:port:protocol:ssl',
  tooManyLines: (max: number) => `Import at most ${max.toLocaleString('en-US')} emails at a time: nothing was imported`,
  // §8: failures (the default text when the answer carries no message) and successes.
  testFailed: 'Failed to login the email address. Unknown error',
  listDownloadFailed: 'Failed to download email from email list',
  noUnusedEmail: 'Every email of the email manager is used: add or import more',
  downloadFailed: 'Failed to download pre-created email address',
  downloaded: 'Successfully downloaded pre-created email address',
  noCatchAll: 'No catch-all mailbox yet: add one in the email manager with an address like *@your-domain.com (every address at that domain must land in it)',
  addFailed: 'Failed to add email account. Unknown error',
  deleteFailed: 'Failed to delete the accounts',
  loadFailed: 'Failed to load emails. Unknown error',
  importFailed: 'Failed to import emails. Unknown error',
  testSucceeded: 'Successfully logged in to the email address',
  added: 'Successfully added email account',
  deleted: 'Successfully deleted the accounts',
  loaded: 'Successfully load emails',
  imported: (count: number, failed: number) => `Successfully imported ${count} email${count === 1 ? '' : 's'}${failed ? `; ${failed} line${failed === 1 ? '' : 's'} refused` : ''}`,
} as const;

/**
 * What a failed mailbox call is called on each screen (spec 1 §8 for the project form, spec 2 §8
 * for the X-Wizard and the email manager): the toast's title when the answer carries no reason.
 */
export const MAILBOX_FAILURES = {
  project: {
    download: 'Failed to download pre-created email address.',
    listDownload: EMAIL_MESSAGES.listDownloadFailed,
    testLogin: 'Failed to login the email address.',
  },
  wizard: { download: EMAIL_MESSAGES.downloadFailed, listDownload: EMAIL_MESSAGES.listDownloadFailed, testLogin: EMAIL_MESSAGES.testFailed },
  emailManager: { testLogin: 'Failed to login to the email. Unknown error' },
} as const;

/**
 * The kinds of mail failure a user can act on (engine/mail sorts every error into one). None
 * carries the server's own words: a greeting, banner or error text is summarised, never echoed.
 */
export const MAIL_ERROR_KINDS = [
  'auth', 'unreachable', 'refused', 'tls', 'folder', 'timeout', 'not-mail-server', 'too-large', 'protocol', 'unknown',
] as const;
export type MailErrorKind = (typeof MAIL_ERROR_KINDS)[number];

export const MAIL_ERROR_MESSAGES = {
  auth: (login: string) => `The mail server refused the login of ${login}: check the email login and password`,
  unreachable: (server: string, port: number) => `Cannot reach the mail server ${server}:${port}: check the server address and port`,
  untrusted: (detail: string) => `The mail server's TLS certificate is not trusted (${detail}): tick "Allow self-signed certificate" only if you trust this server`,
  tls: (detail: string) => `The secure connection to the mail server failed (${detail}): check SSL, STARTTLS and the port`,
  noStartTls: 'The mail server does not offer STARTTLS on this port: untick STARTTLS or use SSL',
  folder: (name: string, folders: readonly string[]) => `The spam folder "${name}" was not found on the server (it has: ${folders.join(', ') || 'no folders'})`,
  timeout: (seconds: number) => `The mail server did not answer within ${seconds} s: check the server address and port`,
  sessionTimeout: (seconds: number) => `The mail server did not finish within ${seconds} s: LinkLoom ended the session`,
  notMailServer: (protocol: 'POP3' | 'IMAP', server: string, port: number) => `The server at ${server}:${port} does not answer like a ${protocol} server: check the protocol and the port`,
  tooLarge: (what: string) => `The mail server sent ${what}, more than LinkLoom reads from a mail server: check the protocol and the port`,
  closed: 'The mail server closed the connection: check the protocol, SSL and the port',
  protocol: (what: string) => `The mail server refused or garbled ${what}: check the protocol and the port`,
  // §8's text for a failed login whose cause is none of the above.
  unknown: MAILBOX_FAILURES.emailManager.testLogin,
} as const;

const requiredText = (message: string, max: number) => z.string({ error: message }).trim().min(1, { error: message }).max(max);
const portSchema = z
  .number({ error: EMAIL_MESSAGES.portRequired })
  .int({ error: EMAIL_MESSAGES.portRange })
  .min(1, { error: EMAIL_MESSAGES.portRange })
  .max(65_535, { error: EMAIL_MESSAGES.portRange });
const protocolSchema = z.enum(optionValues(EMAIL_PROTOCOLS), { error: EMAIL_MESSAGES.protocolRequired });

/** An email address as the manager keys it: trimmed, lower-case, one `@` with text either side. */
export const EmailAddressSchema = requiredText(EMAIL_MESSAGES.addressRequired, 320)
  .toLowerCase()
  .regex(/^[^\s@:]+@[^\s@:]+$/, { error: EMAIL_MESSAGES.addressInvalid });

/**
 * The connection settings of a mailbox. `ssl`: implicit TLS (IMAPS 993, POP3S 995); else
 * `startTls`: upgrade the plain connection (STARTTLS / STLS); else plain. `allowSelfSigned`
 * accepts a certificate no trusted authority signed; otherwise such a server is refused.
 */
const mailboxFields = {
  login: requiredText(EMAIL_MESSAGES.loginRequired, 320),
  password: z.string({ error: EMAIL_MESSAGES.passwordRequired }).min(1, { error: EMAIL_MESSAGES.passwordRequired }).max(1024),
  server: requiredText(EMAIL_MESSAGES.serverRequired, 255),
  port: portSchema,
  protocol: protocolSchema,
  ssl: z.boolean().default(EMAIL_DEFAULTS.SSL),
  startTls: z.boolean().default(false),
  allowSelfSigned: z.boolean().default(false),
  checkSpamFolder: z.boolean().default(false),
  spamFolderName: z.string().trim().max(255).default(''),
};

function spamFolderRule(value: { protocol: string; checkSpamFolder: boolean; spamFolderName: string }, ctx: z.RefinementCtx): void {
  if (value.protocol === 'imap' && value.checkSpamFolder && value.spamFolderName === '') {
    ctx.addIssue({ code: 'custom', path: ['spamFolderName'], message: EMAIL_MESSAGES.spamFolderRequired });
  }
}

/** PUT /rest/user_emails: add one mailbox (or update the one with that address). */
export const UserEmailBodySchema = z.object({ address: EmailAddressSchema, ...mailboxFields }).superRefine(spamFolderRule);
export type UserEmailBody = z.infer<typeof UserEmailBodySchema>;
export type UserEmailInput = z.input<typeof UserEmailBodySchema>;

/** A mailbox of the grid (the password shown in clear, as the spec's grid does). */
export const UserEmailRowSchema = z.object({
  id: z.number().int(),
  address: z.string(),
  login: z.string(),
  password: z.string(),
  server: z.string(),
  port: z.number().int(),
  protocol: z.enum(optionValues(EMAIL_PROTOCOLS)),
  ssl: z.boolean(),
  startTls: z.boolean(),
  allowSelfSigned: z.boolean(),
  checkSpamFolder: z.boolean(),
  spamFolderName: z.string(),
  used: z.boolean(),
});
export type UserEmailRow = z.infer<typeof UserEmailRowSchema>;

/** GET /rest/user_emails. */
export const UserEmailListSchema = z.object({ emails: z.array(UserEmailRowSchema) });
export type UserEmailList = z.infer<typeof UserEmailListSchema>;

/** DELETE /rest/user_emails: the addresses to delete (spec: "a body of email addresses"). */
export const DeleteUserEmailsBodySchema = z.array(z.string().trim().toLowerCase().min(1).max(320))
  .min(1, { error: EMAIL_MESSAGES.selectEmails }).max(10_000);
export const DeletedUserEmailsSchema = z.object({ deleted: z.array(z.string()) });

/** One refused line of an import: its file, its line number and why. */
export const EmailImportErrorSchema = z.object({ file: z.string(), line: z.number().int(), message: z.string() });
/** POST /action/import/user_emails: how many were added or updated, and each refused line. */
export const EmailImportResultSchema = z.object({ imported: z.number().int(), errorList: z.array(EmailImportErrorSchema) });
export type EmailImportResult = z.infer<typeof EmailImportResultSchema>;

/**
 * POST /action/email/test_login: the spec's email settings (the wizard's and the Email tab's field
 * names), plus this product's STARTTLS and self-signed choices.
 */
export const EmailSettingsSchema = z.object({
  emailAddress: z.string().trim().max(320).default(''),
  emailLogin: requiredText(EMAIL_MESSAGES.loginRequired, 320),
  emailPassword: z.string({ error: EMAIL_MESSAGES.passwordRequired }).min(1, { error: EMAIL_MESSAGES.passwordRequired }).max(1024),
  emailServer: requiredText(EMAIL_MESSAGES.serverRequired, 255),
  emailServerPort: portSchema,
  mailProtocol: protocolSchema,
  SSL: z.boolean().default(EMAIL_DEFAULTS.SSL),
  startTls: z.boolean().default(false),
  allowSelfSigned: z.boolean().default(false),
  checkSpamFolder: z.boolean().default(false),
  spamFolderName: z.string().trim().max(255).default(''),
}).superRefine((value, ctx) => spamFolderRule({ protocol: value.mailProtocol, checkSpamFolder: value.checkSpamFolder, spamFolderName: value.spamFolderName }, ctx));
export type EmailSettings = z.infer<typeof EmailSettingsSchema>;

/** A test login that worked: what it proved. */
export const EmailTestResultSchema = z.object({
  message: z.string(),
  /** Messages in the INBOX (IMAP) or the maildrop (POP3). */
  messages: z.number().int(),
  /** The spam folder found (IMAP with Check Spam Folder), or null. */
  spamFolder: z.string().nullable(),
});
export type EmailTestResult = z.infer<typeof EmailTestResultSchema>;

/**
 * Email settings as an answer carries them: stored values, written as they are (the input schema's
 * trims and defaults would make zod's answer differ from the one the compiled serializer writes).
 */
export const EmailSettingsAnswerSchema = z.object({
  emailAddress: z.string(),
  emailLogin: z.string(),
  emailPassword: z.string(),
  emailServer: z.string(),
  emailServerPort: z.number().int(),
  mailProtocol: protocolSchema,
  SSL: z.boolean(),
  startTls: z.boolean(),
  allowSelfSigned: z.boolean(),
  checkSpamFolder: z.boolean(),
  spamFolderName: z.string(),
});

/** GET /action/email_list/download: the next unused mailbox of the email manager, now marked used. */
export const EmailDownloadSchema = z.object({ emailSettings: EmailSettingsAnswerSchema });
export type EmailDownload = z.infer<typeof EmailDownloadSchema>;

/** The mail settings of a stored mailbox, in the test call's words. */
export function emailSettingsOf(row: Pick<UserEmailRow, 'address' | 'login' | 'password' | 'server' | 'port' | 'protocol' | 'ssl' | 'startTls' | 'allowSelfSigned' | 'checkSpamFolder' | 'spamFolderName'>): EmailSettings {
  return {
    emailAddress: row.address, emailLogin: row.login, emailPassword: row.password, emailServer: row.server,
    emailServerPort: row.port, mailProtocol: row.protocol, SSL: row.ssl, startTls: row.startTls,
    allowSelfSigned: row.allowSelfSigned, checkSpamFolder: row.checkSpamFolder, spamFolderName: row.spamFolderName,
  };
}
