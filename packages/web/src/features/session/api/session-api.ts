import {
  LOGIN_MESSAGES,
  LoginResponseSchema,
  SessionResponseSchema,
  SetupStatusSchema,
  type LoginRequest,
  type SetupRequest,
} from '@linkloom/shared';
import { get, post } from '@/lib/http';
import { HttpError } from '@/lib/http-error';
import { loginFailureText, setupFailureLines } from './failure-text';

/** Query keys of this feature; keys under 'public' survive a sign-out (see app/query-client). */
export const sessionKeys = {
  setupStatus: ['public', 'setup-status'],
  session: ['session'],
} as const;

/** GET /public/api/setup: whether the first account still has to be created. */
export function fetchSetupStatus() {
  return get('/public/api/setup', { schema: SetupStatusSchema });
}

/** GET /api/session: who the session cookie belongs to (401 when it is no longer valid). */
export function fetchSession() {
  return get('/api/session', { schema: SessionResponseSchema });
}

/** Outcome of a login or setup attempt: signed in as `name`, or the lines to show. */
export type SignInOutcome = { ok: true; name: string } | { ok: false; lines: string[]; status: number | null };

function bodyOf(error: unknown): unknown {
  return error instanceof HttpError ? error.body : null;
}

/** POST /public/api/login/account. Never throws: every failure becomes the text to show. */
export async function login(values: Pick<LoginRequest, 'username' | 'password' | 'autoLogin'>): Promise<SignInOutcome> {
  try {
    const answer = await post('/public/api/login/account', {
      body: { username: values.username, password: values.password, type: 'account', autoLogin: values.autoLogin ?? true },
      schema: LoginResponseSchema,
      // Login handles its own failures: a 401 here means wrong credentials, not an expired session.
      silent: true,
    });
    if (answer.status === LOGIN_MESSAGES.ok && answer.name) return { ok: true, name: answer.name };
    return { ok: false, lines: [loginFailureText(answer)], status: 200 };
  } catch (error) {
    const status = error instanceof HttpError ? error.status : null;
    return { ok: false, lines: [loginFailureText(bodyOf(error))], status };
  }
}

/** POST /public/api/setup: creates the first account and signs it in. Never throws. */
export async function createFirstAccount(values: SetupRequest): Promise<SignInOutcome> {
  try {
    const answer = await post('/public/api/setup', { body: values, schema: LoginResponseSchema, silent: true });
    if (answer.name) return { ok: true, name: answer.name };
    return { ok: false, lines: [LOGIN_MESSAGES.serverError], status: 201 };
  } catch (error) {
    const status = error instanceof HttpError ? error.status : null;
    return { ok: false, lines: setupFailureLines(bodyOf(error)), status };
  }
}

/** GET /api/logout: ends the server session. */
export function logout() {
  return get('/api/logout', { silent: true });
}
