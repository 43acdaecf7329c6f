import { describe, expect, it } from 'vitest';
import { LOGIN_MESSAGES, LoginRequestSchema, SETUP_MESSAGES, SetupRequestSchema } from '../src/schemas/session';
import { STATUS_TEXTS, statusText } from '../src/constants/status-texts';
import { MENU_ENTRIES } from '../src/constants/menu';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues.map((i) => i.message) ?? [];

describe('login schema', () => {
  it("gives the spec's messages for an empty form", () => {
    expect(messages(LoginRequestSchema.safeParse({ username: '', password: '' }))).toEqual([LOGIN_MESSAGES.usernameRequired, LOGIN_MESSAGES.passwordRequired]);
    expect(messages(LoginRequestSchema.safeParse({}))).toEqual([LOGIN_MESSAGES.usernameRequired, LOGIN_MESSAGES.passwordRequired]);
    expect(LOGIN_MESSAGES.usernameRequired).toBe('Please enter your email address');
  });

  it('trims the username and fills type and autoLogin', () => {
    expect(LoginRequestSchema.parse({ username: ' ann ', password: 'x' })).toEqual({ username: 'ann', password: 'x', type: 'account', autoLogin: true });
  });
});

describe('setup schema', () => {
  it('requires a long enough, confirmed password', () => {
    expect(messages(SetupRequestSchema.safeParse({ username: 'a', password: 'short', confirmPassword: 'short' }))).toEqual([SETUP_MESSAGES.passwordTooShort]);
    expect(messages(SetupRequestSchema.safeParse({ username: 'a', password: 'long enough', confirmPassword: 'other one' }))).toEqual([SETUP_MESSAGES.passwordsDiffer]);
    expect(SetupRequestSchema.safeParse({ username: 'a', password: 'long enough', confirmPassword: 'long enough' }).success).toBe(true);
  });
});

describe('status texts and menu', () => {
  it("maps the spec's codes and falls back to the response's own text", () => {
    expect(statusText(422)).toBe('validation error');
    expect(statusText(401)).toBe('no permission');
    expect(statusText(418, "I'm a teapot")).toBe("I'm a teapot");
    expect(Object.keys(STATUS_TEXTS)).toHaveLength(15);
  });

  it('lists the menu entries in the spec order', () => {
    expect(MENU_ENTRIES.map((e) => e.label)).toEqual([
      'Campaigns', 'Content', 'Blurbs', 'Diagrams', 'Email Manager', 'Custom Sites', 'Private Network',
      'X-Wizard', 'Wizard', 'Turbo Wizard', 'Site Selection', 'Settings', 'Changelog',
    ]);
  });
});
