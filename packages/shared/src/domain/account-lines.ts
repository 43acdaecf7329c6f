import { ACCOUNT_MESSAGES, AccountFieldsSchema, type AccountFields } from '../schemas/profiles';

/**
 * Lines of an account import (spec 1 section 7: POST /action/import/profile/{id}). Two layouts:
 * - CSV with the export's columns `site,email,username,password` (RFC 4180 quoting); a header row
 *   is optional and, when present, maps the columns by name (extra columns such as the several-
 *   profile export's `profile` are ignored);
 * - `site|email|username|password` lines, the layout the private-network import uses.
 * Colon-separated lines are not accepted: site URLs hold colons (`https://…`), so such a line
 * cannot be split without guessing; it is reported with the expected layout.
 */
export type AccountLineFormat = 'csv' | 'pipe';

/** Where each field sits in a record. */
export type AccountColumns = Record<keyof AccountFields, number>;

export const POSITIONAL_COLUMNS: AccountColumns = { siteName: 0, email: 1, username: 2, password: 3 };

const HEADER_NAMES: Record<string, keyof AccountFields> = {
  site: 'siteName', sitename: 'siteName', website: 'siteName', url: 'siteName', siteurl: 'siteName',
  email: 'email', emailaddress: 'email', mail: 'email',
  username: 'username', user: 'username', login: 'username',
  password: 'password', pass: 'password',
};

const normalise = (name: string) => name.trim().toLowerCase().replace(/[\s_-]/g, '');

/**
 * Picks the layout from the first non-empty line: pipe-separated when splitting at `|` gives the
 * four fields and splitting at commas does not (a comma may sit inside a password either way).
 */
export function detectAccountLineFormat(firstLine: string): AccountLineFormat {
  return firstLine.split('|').length >= 4 && firstLine.split(',').length < 4 ? 'pipe' : 'csv';
}

/** Splits a pipe-separated line into its fields. */
export function splitPipeLine(line: string): string[] {
  return line.split('|');
}

/** The columns named by a header row, or null when the row is data (no site and email names). */
export function headerColumns(fields: readonly string[]): AccountColumns | null {
  const found: Partial<AccountColumns> = {};
  fields.forEach((field, index) => {
    const key = HEADER_NAMES[normalise(field)];
    if (key !== undefined && found[key] === undefined) found[key] = index;
  });
  if (found.siteName === undefined || found.email === undefined) return null;
  return { siteName: found.siteName, email: found.email, username: found.username ?? -1, password: found.password ?? -1 };
}

/** True for a record with nothing in it (a blank line): skipped, not an error. */
export function isBlankRecord(fields: readonly string[]): boolean {
  return fields.every((field) => field.trim() === '');
}

export type AccountLineResult = { ok: true; account: AccountFields } | { ok: false; message: string };

/** The expected-layout message for a line with the wrong number of fields. */
export function wrongFieldCountMessage(found: number): string {
  return `Expected 4 fields (site, email, username, password) separated by commas or |, found ${found}`;
}

/**
 * One record → an account, checked with the same schema as the dialog (so the messages are the
 * spec's). Without a header the record must hold exactly the four fields.
 */
export function accountFromFields(fields: readonly string[], columns: AccountColumns, positional: boolean): AccountLineResult {
  if (positional && fields.length !== 4) return { ok: false, message: wrongFieldCountMessage(fields.length) };
  const at = (index: number) => (index >= 0 ? (fields[index] ?? '') : '');
  const parsed = AccountFieldsSchema.safeParse({
    siteName: at(columns.siteName), email: at(columns.email), username: at(columns.username), password: at(columns.password),
  });
  if (parsed.success) return { ok: true, account: parsed.data };
  return { ok: false, message: parsed.error.issues[0]?.message ?? ACCOUNT_MESSAGES.siteRequired };
}
