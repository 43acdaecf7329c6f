import { describe, expect, it } from 'vitest';
import {
  CAPTCHA_TAB_FIELDS, OPTION_DEFAULTS, tabSchemaFor,
  AccountFieldsSchema, ArticleFieldsSchema, ContentGroupSettingsSchema, ImportFromProfileBodySchema, LOGIN_MESSAGES, LinkSetKeywordsSchema,
  ProjectCreateSchema, UrlItemInputSchema, LoginRequestSchema, PLAIN_TEXT_MESSAGES, SETUP_MESSAGES, SetupRequestSchema,
} from '@linkloom/shared';
import { z } from 'zod';
import { fieldProblem, isRequiredField } from './zod-form-rules';

describe('fieldProblem', () => {
  it("gives the shared schema's message for the field", () => {
    expect(fieldProblem(LoginRequestSchema, {}, 'username')).toBe(LOGIN_MESSAGES.usernameRequired);
    expect(fieldProblem(LoginRequestSchema, { username: '  ' }, 'username')).toBe(LOGIN_MESSAGES.usernameRequired);
    expect(fieldProblem(LoginRequestSchema, { username: 'a' }, 'password')).toBe(LOGIN_MESSAGES.passwordRequired);
  });

  it('reports cross-field rules on the field they name, even while other fields are empty', () => {
    const values = { username: '', password: 'long enough', confirmPassword: 'different' };
    expect(fieldProblem(SetupRequestSchema, values, 'confirmPassword')).toBe(SETUP_MESSAGES.passwordsDiffer);
    expect(fieldProblem(SetupRequestSchema, values, 'password')).toBeNull();
  });

  it('shows the plain-text rule the server keeps under the field that breaks it', () => {
    const article = { title: 'Title', body: 'Body\u0000', authorName: 'Ann', authorBio: 'Bio' };
    expect(fieldProblem(ArticleFieldsSchema, article, 'body')).toBe(PLAIN_TEXT_MESSAGES.nul);
    expect(fieldProblem(ArticleFieldsSchema, article, 'title')).toBeNull();
    const account = { siteName: 'a.test', email: 'me@a.test', username: 'me', password: 'pw\ud800' };
    expect(fieldProblem(AccountFieldsSchema, account, 'password')).toBe(PLAIN_TEXT_MESSAGES.surrogate);
  });

  it('returns null when the whole form is valid', () => {
    expect(fieldProblem(LoginRequestSchema, { username: 'a', password: 'b' }, 'username')).toBeNull();
  });
});

describe('required fields and human messages', () => {
  it('marks what the schema cannot do without, judged on the other values', () => {
    expect(isRequiredField(SetupRequestSchema, {}, 'username')).toBe(true);
    expect(isRequiredField(SetupRequestSchema, {}, 'confirmPassword')).toBe(true);
    expect(isRequiredField(LoginRequestSchema, {}, 'captchaToken')).toBe(false);
    // A text that may be empty is not required, a number is.
    expect(isRequiredField(ContentGroupSettingsSchema, {}, 'wordsNottobeChanged')).toBe(false);
    expect(isRequiredField(ContentGroupSettingsSchema, {}, 'maxUsagePerArticle')).toBe(true);
    const schema = z.object({ ticked: z.boolean(), note: z.string().optional() }).refine((v) => !v.ticked || (v.note ?? '') !== '', { error: 'Say why', path: ['note'] });
    expect(isRequiredField(schema, { ticked: true }, 'note')).toBe(true);
    expect(isRequiredField(schema, { ticked: false }, 'note')).toBe(false);
  });

  it('the first-run screen never shows zod\'s raw English, for a missing or a wrong-typed value', () => {
    for (const values of [{}, { username: 1, password: [], confirmPassword: {} }, { username: '', password: '', confirmPassword: '' }]) {
      for (const field of ['username', 'password', 'confirmPassword']) {
        const problem = fieldProblem(SetupRequestSchema, values, field);
        expect(problem).not.toBeNull();
        expect(problem).not.toMatch(/Invalid input|expected|received/);
      }
    }
    expect(fieldProblem(SetupRequestSchema, {}, 'confirmPassword')).toBe(SETUP_MESSAGES.confirmPasswordRequired);
  });

  it('every form schema answers a missing or wrong-typed field in words', () => {
    const forms: [z.ZodType, string[]][] = [
      [LoginRequestSchema, ['username', 'password']],
      [AccountFieldsSchema, ['siteName', 'email', 'username', 'password']],
      [ArticleFieldsSchema, ['title', 'body', 'authorName', 'authorBio']],
      [ContentGroupSettingsSchema, ['wordsNottobeChanged', 'maxUsagePerArticle']],
      [ImportFromProfileBodySchema, ['profileId']],
      [LinkSetKeywordsSchema, ['primaryKeyword', 'primaryPercentage']],
      [ProjectCreateSchema, ['name', 'module']],
      [UrlItemInputSchema, ['url', 'anchor', 'linksOnPage']],
    ];
    for (const [schema, fields] of forms) {
      for (const field of fields) {
        for (const value of [undefined, {}, 'x'.repeat(100_000)]) {
          const problem = fieldProblem(schema, { [field]: value }, field);
          if (problem !== null) expect(problem, field).not.toMatch(/^(Invalid|Too small|Too big|Expected)|received/);
        }
      }
    }
  });

  it('writes a raw zod issue in plain words', () => {
    const schema = z.object({ count: z.number(), name: z.string().min(3), kind: z.enum(['a', 'b']) });
    expect(fieldProblem(schema, {}, 'count')).toBe('Please fill in this field');
    expect(fieldProblem(schema, { count: 'x' }, 'count')).toBe('Please enter a number');
    expect(fieldProblem(schema, { name: 'ab' }, 'name')).toBe('Please enter at least 3 characters');
    expect(fieldProblem(schema, { kind: 'c' }, 'kind')).toBe('Please choose one of the options');
  });

  it('judges a nested field by its path: the captcha key a ticked switch needs', () => {
    const schema = tabSchemaFor(false, CAPTCHA_TAB_FIELDS);
    const values = { ...OPTION_DEFAULTS, autoSolveCaptcha: true, primaryCaptchaService: 'TwoCaptcha' };
    const path = ['captchaPrimary', 'TwoCaptcha', 'captchaKey'];
    expect(fieldProblem(schema, values, path)).toBe('Captcha Key is Required');
    expect(isRequiredField(schema, values, path)).toBe(true);
    expect(fieldProblem(schema, values, ['captchaPrimary', 'ZeroCaptcha', 'captchaKey'])).toBeNull();
    expect(isRequiredField(schema, { ...values, autoSolveCaptcha: false }, path)).toBe(false);
    const filled = { ...values, captchaPrimary: { ...values.captchaPrimary, TwoCaptcha: { captchaKey: 'k' } } };
    expect(fieldProblem(schema, filled, path)).toBeNull();
  });
});
