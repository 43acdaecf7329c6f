import { describe, expect, it } from 'vitest';
import {
  AccountFieldsSchema, ArticleFieldsSchema, LOGIN_MESSAGES, LoginRequestSchema, PLAIN_TEXT_MESSAGES, SETUP_MESSAGES, SetupRequestSchema,
} from '@linkloom/shared';
import { fieldProblem } from './zod-form-rules';

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
