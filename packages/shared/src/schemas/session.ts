import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, USERNAME_MAX_LENGTH } from '../constants/limits';

/** The login screen's messages (spec 1, section 2 "Login screen" and section 4 "Login"). */
export const LOGIN_MESSAGES = {
  usernameRequired: 'Please enter your email address',
  passwordRequired: 'Please enter your password',
  ok: 'ok',
  serverError: 'Server Error',
  wrongCredentials: 'Incorrect username or password',
  tooManyAttempts: 'Too many login attempts. Please wait a minute and try again.',
  captchaRequired: 'Please solve the captcha',
  captchaTimedOut: 'Timed out',
  logoutFailed: 'Failed to log out.',
} as const;

export const SETUP_MESSAGES = {
  usernameRequired: LOGIN_MESSAGES.usernameRequired,
  usernameTooLong: `Must be at most ${USERNAME_MAX_LENGTH} characters`,
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  passwordsDiffer: 'The two passwords do not match',
  confirmPasswordRequired: 'Please enter the password again',
  alreadyDone: 'An account already exists. Please log in.',
  /** The first account from another machine (issue 33 item 8): the code the server printed in its log. */
  setupCodeRequired: 'Please enter the setup code from the server log',
  setupCodeWrong: 'This is not the setup code. Copy it from the server log, the line that starts with "Setup code:"',
  setupCodeHelp: 'You are not on the machine LinkLoom runs on: the server printed a one-time setup code in its log when it started (the line that starts with "Setup code:"). Restarting the server prints it again.',
} as const;

/** Longest setup code accepted as typed (the code is 14 characters with its dashes; spaces are forgiven). */
export const SETUP_CODE_MAX_LENGTH = 64;

const username = z
  .string({ error: LOGIN_MESSAGES.usernameRequired })
  .trim()
  .min(1, { error: LOGIN_MESSAGES.usernameRequired })
  .max(USERNAME_MAX_LENGTH, { error: SETUP_MESSAGES.usernameTooLong });

/** POST /public/api/login/account */
export const LoginRequestSchema = z.object({
  username,
  password: z
    .string({ error: LOGIN_MESSAGES.passwordRequired })
    .min(1, { error: LOGIN_MESSAGES.passwordRequired })
    .max(PASSWORD_MAX_LENGTH, { error: SETUP_MESSAGES.passwordTooLong }),
  type: z.literal('account').default('account'),
  autoLogin: z.boolean().default(true),
  captchaToken: z.string().max(4096).optional(),
});
export type LoginRequest = z.input<typeof LoginRequestSchema>;

/** Login answer: status is 'ok' or the text to show above the form; name is stored locally on ok. */
export const LoginResponseSchema = z.object({
  status: z.string(),
  name: z.string().nullable(),
});
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

/** Login answer past the limit (429): the login shape plus the error body and when to try again. */
export const LoginLimitedResponseSchema = LoginResponseSchema.extend({
  error: z.object({ message: z.string() }),
  retryAfterSeconds: z.number().int().positive(),
});

/** A new password as the setup screen and the CLI take it. */
export const NewPasswordSchema = z
  .string({ error: LOGIN_MESSAGES.passwordRequired })
  .min(1, { error: LOGIN_MESSAGES.passwordRequired })
  .min(PASSWORD_MIN_LENGTH, { error: SETUP_MESSAGES.passwordTooShort })
  .max(PASSWORD_MAX_LENGTH, { error: SETUP_MESSAGES.passwordTooLong });

/** The one-time code of the first account, as typed; the server answers 403 when it is needed and empty or wrong. */
const setupCode = z
  .string({ error: SETUP_MESSAGES.setupCodeWrong })
  .trim()
  .max(SETUP_CODE_MAX_LENGTH, { error: SETUP_MESSAGES.setupCodeWrong });

/** The setup screen's code field, when it is shown (the setup status says the code is needed): required. */
export const SetupCodeFieldSchema = z.object({ setupCode: setupCode.min(1, { error: SETUP_MESSAGES.setupCodeRequired }) });

/**
 * POST /public/api/setup: the first account, only while no user exists. `setupCode` is needed when
 * the request does not come from the machine LinkLoom runs on (GET /public/api/setup says so).
 */
export const SetupRequestSchema = z
  .object({
    username,
    password: NewPasswordSchema,
    confirmPassword: z.string({ error: SETUP_MESSAGES.confirmPasswordRequired }).min(1, { error: SETUP_MESSAGES.confirmPasswordRequired }),
    setupCode: setupCode.optional(),
  })
  .refine((value) => value.password === value.confirmPassword, {
    error: SETUP_MESSAGES.passwordsDiffer,
    path: ['confirmPassword'],
  });
export type SetupRequest = z.input<typeof SetupRequestSchema>;

/**
 * GET /public/api/setup: whether the first account still has to be created, and whether this
 * request must give the setup code for it (it does not come from the machine itself).
 */
export const SetupStatusSchema = z.object({ setupRequired: z.boolean(), setupCodeRequired: z.boolean() });
export type SetupStatus = z.infer<typeof SetupStatusSchema>;

/** GET /api/session: who is signed in (401 when nobody). */
export const SessionResponseSchema = z.object({ name: z.string(), username: z.string() });
export type SessionResponse = z.infer<typeof SessionResponseSchema>;
