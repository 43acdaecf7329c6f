import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import {
  ErrorResponseSchema, LOGIN_MESSAGES, LoginLimitedResponseSchema, LoginRequestSchema, LoginResponseSchema, OkResponseSchema,
  SESSION_COOKIE, SessionResponseSchema, SetupRequestSchema, SetupStatusSchema,
} from '@linkloom/shared';
import type { AppContext } from '../../app-context';
import { clearSessionCookie, currentUser, setSessionCookie } from '../../platform/auth/session.plugin';
import { countLoginAttempt } from '../../platform/auth/login-limiter';
import { createSession, deleteSession } from '../../platform/auth/sessions.repository';
import { signIn } from './sign-in';
import { createFirstUser } from './create-user';
import { checkFirstAccountRequest, setupStatusOf } from './first-account-gate';
import { announceSetupCodeOnListen } from './announce-setup-code';

const tags = ['session'];

/** Sign-in, sign-out, who am I, and the first-run account (spec 1 sections 2, 4 and 7 "Session"). */
export const sessionRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const cookieOptions = { secure: ctx.config.cookieSecure };
  announceSetupCodeOnListen(app, ctx);

  app.post('/public/api/login/account', {
    config: { public: true },
    schema: {
      tags, summary: 'Log in with username and password (limited per client address and per username, across server processes)',
      body: LoginRequestSchema,
      response: { 200: LoginResponseSchema, 401: LoginResponseSchema, 422: ErrorResponseSchema, 429: LoginLimitedResponseSchema },
    },
  }, async (request, reply) => {
    const verdict = await countLoginAttempt(ctx.database.db, { address: request.ip, username: request.body.username }, ctx.config.loginAttemptsPerMinute);
    if (verdict.limited) {
      return reply.code(429).header('retry-after', String(verdict.retryAfterSeconds)).send({
        status: LOGIN_MESSAGES.tooManyAttempts, name: null, error: { message: LOGIN_MESSAGES.tooManyAttempts }, retryAfterSeconds: verdict.retryAfterSeconds,
      });
    }
    const { username, password, autoLogin } = request.body;
    const result = await signIn(ctx.database.db, username, password, ctx.config.sessionDays);
    if (!result.ok) return reply.code(401).send({ status: LOGIN_MESSAGES.wrongCredentials, name: null });
    setSessionCookie(reply, result.token, autoLogin ? result.expiresAt : null, cookieOptions);
    return { status: LOGIN_MESSAGES.ok, name: result.name };
  });

  app.get('/api/logout', {
    config: { public: true },
    schema: { tags, summary: 'Log out (ends this session everywhere it is open)', response: { 200: OkResponseSchema } },
  }, async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (token) {
      await deleteSession(ctx.database.db, token);
      ctx.live?.endSession(token);
    }
    clearSessionCookie(reply, cookieOptions);
    return { ok: true as const };
  });

  app.get('/api/session', {
    schema: { tags, summary: 'The signed-in user', response: { 200: SessionResponseSchema } },
  }, async (request) => {
    const user = currentUser(request);
    return { name: user.name, username: user.username };
  });

  app.get('/public/api/setup', {
    config: { public: true },
    schema: {
      tags, summary: 'Whether the first account still has to be created, and whether this request must give the setup code for it',
      response: { 200: SetupStatusSchema },
    },
  }, async (request) => setupStatusOf(ctx, request));

  app.post('/public/api/setup', {
    config: { public: true },
    schema: {
      tags,
      summary: 'Create the first account (only while none exists) and sign in; from another machine than the server\'s, with the setup code of the server log (403 without it)',
      body: SetupRequestSchema,
      response: { 201: LoginResponseSchema, 403: ErrorResponseSchema, 409: ErrorResponseSchema, 422: ErrorResponseSchema },
    },
  }, async (request, reply) => {
    await checkFirstAccountRequest(ctx, request, request.body.setupCode);
    const userId = await createFirstUser(ctx.database.db, request.body.username, request.body.password);
    const session = await createSession(ctx.database.db, userId, ctx.config.sessionDays);
    setSessionCookie(reply, session.token, session.expiresAt, cookieOptions);
    return reply.code(201).send({ status: LOGIN_MESSAGES.ok, name: request.body.username.trim() });
  });
};

