import { describe, expect, it } from 'vitest';
import {
  AccountListQuerySchema, ArticleFieldsSchema, CampaignNameSchema, ContentProjectFormSchema, ID_MESSAGES, IdListSchema, IdParamsSchema,
  IdSchema, PLAIN_TEXT_MESSAGES, PathIdSchema, UrlItemListQuerySchema, findTextFault, isPlainText, textFaultMessage, textProblem,
} from '../src';

describe('body ids', () => {
  it('takes JSON numbers only: no text, booleans, fractions or unsafe integers', () => {
    expect(IdSchema.parse(11)).toBe(11);
    expect(IdSchema.parse(Number.MAX_SAFE_INTEGER)).toBe(Number.MAX_SAFE_INTEGER);
    const refused: [unknown, string][] = [
      ['11', ID_MESSAGES.notNumber], [true, ID_MESSAGES.notNumber], [null, ID_MESSAGES.notNumber], [[1], ID_MESSAGES.notNumber],
      [1.5, ID_MESSAGES.notWhole], [0, ID_MESSAGES.notPositive], [-3, ID_MESSAGES.notPositive], [2 ** 53, ID_MESSAGES.notWhole],
      [Number.NaN, ID_MESSAGES.notNumber], [Number.POSITIVE_INFINITY, ID_MESSAGES.notNumber],
    ];
    for (const [value, message] of refused) expect(IdSchema.safeParse(value).error?.issues[0]?.message, String(value)).toBe(message);
    expect(IdListSchema.safeParse([1, '2']).success).toBe(false);
  });
});

describe('path and query ids', () => {
  it('takes exactly the decimal digits of a positive safe integer', () => {
    expect(PathIdSchema.parse('12')).toBe(12);
    expect(PathIdSchema.parse('9007199254740991')).toBe(Number.MAX_SAFE_INTEGER);
    expect(IdParamsSchema.parse({ id: '7' })).toEqual({ id: 7 });
    for (const spelling of ['0x10', ' 1', '1 ', '+1', '-1', '0', '01', '1.0', '1e1', '', '１', '9007199254740992', '99999999999999999999', 'abc']) {
      expect(PathIdSchema.safeParse(spelling).success, JSON.stringify(spelling)).toBe(false);
    }
    expect(PathIdSchema.safeParse('0x10').error?.issues[0]?.message).toBe(ID_MESSAGES.notDigits);
    expect(PathIdSchema.safeParse(12).success).toBe(false);
  });

  it('takes page numbers as plain digits, with their defaults when absent', () => {
    expect(AccountListQuerySchema.parse({})).toMatchObject({ page: 1, pageSize: 100 });
    expect(AccountListQuerySchema.parse({ page: '3', pageSize: '50' })).toMatchObject({ page: 3, pageSize: 50 });
    expect(UrlItemListQuerySchema.parse({ page: '2' })).toMatchObject({ page: 2 });
    for (const page of ['0x2', '+2', '2.0', '2e0', ' 2', '02', '-1', 'abc', ['1', '2']]) {
      expect(AccountListQuerySchema.safeParse({ page }).error?.issues[0]?.message, JSON.stringify(page)).toBe('page must be a number');
      expect(UrlItemListQuerySchema.safeParse({ page }).success, JSON.stringify(page)).toBe(false);
    }
    expect(AccountListQuerySchema.safeParse({ page: '0' }).error?.issues[0]?.message).toBe('page must be at least 1');
    expect(AccountListQuerySchema.safeParse({ pageSize: '1001' }).error?.issues[0]?.message).toBe('pageSize must be at most 1000');
  });
});

describe('plain text', () => {
  it('refuses a NUL character and unpaired surrogates, and takes well-formed pairs', () => {
    expect(textProblem('a\u0000b')).toBe(PLAIN_TEXT_MESSAGES.nul);
    for (const text of ['\ud800', 'a\udbffb', '\udc00', 'x\udfff', '\ude80\ud83d']) expect(textProblem(text), JSON.stringify(text)).toBe(PLAIN_TEXT_MESSAGES.surrogate);
    for (const text of ['', 'plain', '\ud83d\ude80', 'tab\tand\nnewline', '\u0001', '\ufffd', 'é中文']) expect(isPlainText(text), JSON.stringify(text)).toBe(true);
  });

  it('names the first faulty text of a body by its path, keys included', () => {
    expect(findTextFault({ name: 'ok', project: { tags: 'a', sites: [{ email: 'x' }, { email: 'b\u0000' }] } }))
      .toEqual({ path: 'project.sites[1].email', message: PLAIN_TEXT_MESSAGES.nul });
    expect(findTextFault(['ok', 'bad\ud800'])).toEqual({ path: 'body[1]', message: PLAIN_TEXT_MESSAGES.surrogate });
    expect(findTextFault('\u0000', 'query')).toEqual({ path: 'query', message: PLAIN_TEXT_MESSAGES.nul });
    expect(findTextFault({ 'odd key': { 'k\u0000': 1 } })).toEqual({ path: '"odd key"', message: PLAIN_TEXT_MESSAGES.nul });
    expect(findTextFault({ a: 1, b: true, c: null, d: [1, 2, { e: 'fine' }] })).toBeNull();
    expect(textFaultMessage({ path: 'name', message: PLAIN_TEXT_MESSAGES.nul })).toBe(`name: ${PLAIN_TEXT_MESSAGES.nul}`);
  });

  it('walks a deeply nested body without running out of stack', () => {
    let deep: unknown = 'bad\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findTextFault(deep)?.message).toBe(PLAIN_TEXT_MESSAGES.nul);
  });

  it('is a rule of the form schemas, so the forms show it under the field', () => {
    expect(CampaignNameSchema.safeParse('Spring\u0000').error?.issues[0]?.message).toBe(PLAIN_TEXT_MESSAGES.nul);
    expect(ArticleFieldsSchema.safeParse({ title: 'T\ud800', body: 'B', authorName: 'A', authorBio: 'B' }).error?.issues)
      .toEqual([expect.objectContaining({ path: ['title'], message: PLAIN_TEXT_MESSAGES.surrogate })]);
    expect(ContentProjectFormSchema.safeParse({ tags: 'a\u0000' }).error?.issues[0]).toMatchObject({ path: ['tags'], message: PLAIN_TEXT_MESSAGES.nul });
    expect(CampaignNameSchema.parse(' Launch \ud83d\ude80 ')).toBe('Launch \ud83d\ude80');
  });
});

