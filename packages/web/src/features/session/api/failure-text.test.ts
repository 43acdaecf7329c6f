import { describe, expect, it } from 'vitest';
import { LOGIN_MESSAGES } from '@linkloom/shared';
import { loginFailureText, setupFailureLines } from './failure-text';

describe('loginFailureText', () => {
  it("shows the server's status text", () => {
    expect(loginFailureText({ status: LOGIN_MESSAGES.wrongCredentials, name: null })).toBe(LOGIN_MESSAGES.wrongCredentials);
    expect(loginFailureText({ status: LOGIN_MESSAGES.tooManyAttempts, name: null })).toBe(LOGIN_MESSAGES.tooManyAttempts);
  });

  it('shows the message of an error body (validation)', () => {
    expect(loginFailureText({ error: { message: 'Please enter your password', details: [] } })).toBe('Please enter your password');
  });

  it("says 'Server Error' when there is no usable answer", () => {
    expect(loginFailureText(null)).toBe(LOGIN_MESSAGES.serverError);
    expect(loginFailureText('<html>')).toBe(LOGIN_MESSAGES.serverError);
    expect(loginFailureText({ status: '', name: null })).toBe(LOGIN_MESSAGES.serverError);
  });
});

describe('setupFailureLines', () => {
  it('lists the message, then each detail', () => {
    expect(setupFailureLines({ error: { message: 'Invalid', details: ['password: too short'] } })).toEqual(['Invalid', 'password: too short']);
  });

  it("says 'Server Error' without an error body", () => {
    expect(setupFailureLines(undefined)).toEqual([LOGIN_MESSAGES.serverError]);
  });
});
