import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '../src/schemas/profiles';
import {
  POSITIONAL_COLUMNS, accountFromFields, detectAccountLineFormat, headerColumns, isBlankRecord, splitPipeLine,
  wrongFieldCountMessage,
} from '../src/domain/account-lines';

describe('detectAccountLineFormat', () => {
  it('reads CSV unless the line splits into four fields only at pipes', () => {
    expect(detectAccountLineFormat('site,email,username,password')).toBe('csv');
    expect(detectAccountLineFormat('a.com|me@a.com|me|secret')).toBe('pipe');
    expect(detectAccountLineFormat('a.com|me@a.com|me|pa,ss')).toBe('pipe');
    expect(detectAccountLineFormat('a.com,me@a.com,me,pa|ss')).toBe('csv');
    expect(detectAccountLineFormat('https://a.com:me@a.com:me:pw')).toBe('csv');
    expect(detectAccountLineFormat('')).toBe('csv');
  });
  it('splits pipe lines', () => {
    expect(splitPipeLine('a|b||d')).toEqual(['a', 'b', '', 'd']);
  });
});

describe('headerColumns', () => {
  it('maps the export header and its variants by name, in any order', () => {
    expect(headerColumns(['site', 'email', 'username', 'password'])).toEqual(POSITIONAL_COLUMNS);
    expect(headerColumns(['Password', 'User Name', 'E-Mail', 'Website'])).toEqual({ siteName: 3, email: 2, username: 1, password: 0 });
    expect(headerColumns(['site', 'email', 'username', 'password', 'profile'])).toEqual(POSITIONAL_COLUMNS);
    expect(headerColumns(['Site_Name', 'email'])).toEqual({ siteName: 0, email: 1, username: -1, password: -1 });
  });
  it('treats a row without site and email names as data', () => {
    expect(headerColumns(['a.com', 'me@a.com', 'me', 'pw'])).toBeNull();
    expect(headerColumns(['site', 'username', 'password'])).toBeNull();
    expect(headerColumns([])).toBeNull();
  });
});

describe('accountFromFields', () => {
  it('accepts four fields, trimming all but the password', () => {
    expect(accountFromFields([' a.com ', 'me@a.com', ' me', ' pw '], POSITIONAL_COLUMNS, true))
      .toEqual({ ok: true, account: { siteName: 'a.com', email: 'me@a.com', username: 'me', password: ' pw ' } });
  });
  it("names the first missing field with the spec's message", () => {
    const check = (fields: string[]) => accountFromFields(fields, POSITIONAL_COLUMNS, true);
    expect(check(['', 'e', 'u', 'p'])).toEqual({ ok: false, message: ACCOUNT_MESSAGES.siteRequired });
    expect(check(['s', ' ', 'u', 'p'])).toEqual({ ok: false, message: ACCOUNT_MESSAGES.emailRequired });
    expect(check(['s', 'e', '', 'p'])).toEqual({ ok: false, message: ACCOUNT_MESSAGES.usernameRequired });
    expect(check(['s', 'e', 'u', '  '])).toEqual({ ok: false, message: ACCOUNT_MESSAGES.passwordRequired });
    expect(check(['x'.repeat(2049), 'e', 'u', 'p'])).toEqual({ ok: false, message: ACCOUNT_MESSAGES.siteTooLong });
  });
  it('wants exactly four fields without a header, any number with one', () => {
    expect(accountFromFields(['a', 'b', 'c'], POSITIONAL_COLUMNS, true)).toEqual({ ok: false, message: wrongFieldCountMessage(3) });
    expect(accountFromFields(['a', 'b', 'c', 'd', 'e'], POSITIONAL_COLUMNS, true)).toEqual({ ok: false, message: wrongFieldCountMessage(5) });
    expect(accountFromFields(['a', 'b', 'c', 'd', 'profile 1'], POSITIONAL_COLUMNS, false)).toMatchObject({ ok: true });
    expect(accountFromFields(['a', 'b'], { siteName: 0, email: 1, username: -1, password: -1 }, false))
      .toEqual({ ok: false, message: ACCOUNT_MESSAGES.usernameRequired });
  });
  it('knows a blank record', () => {
    expect(isBlankRecord([''])).toBe(true);
    expect(isBlankRecord([' ', ''])).toBe(true);
    expect(isBlankRecord(['', 'x'])).toBe(false);
  });
});
