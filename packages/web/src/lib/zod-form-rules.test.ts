import { describe, expect, it } from 'vitest';
import { LOGIN_MESSAGES, LoginRequestSchema, SETUP_MESSAGES, SetupRequestSchema } from '@linkloom/shared';
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

  it('returns null when the whole form is valid', () => {
    expect(fieldProblem(LoginRequestSchema, { username: 'a', password: 'b' }, 'username')).toBeNull();
  });
});
