import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type SQLite from 'better-sqlite3';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import { API_TOKEN_MESSAGES, SESSION_COOKIE } from '@linkloom/shared';
import type { DB } from '../db/schema';
import { sendError } from '../http/error-handler';
import { findSessionUser, findSessionUserNow, NOT_READ_NOW, type SessionUser } from './sessions.repository';
import { findTokenUser, readBearerHeader, stampTokenUse } from './bearer-auth';
import { TokenRateLimiter } from './token-rate-limiter';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user; null on public routes when nobody is signed in. */
    user: SessionUser | null;
    /** How `user` was authenticated: the session cookie, or an `Authorization: Bearer` API token. */
    authenticatedBy: 'session' | 'token' | null;
  }
  interface FastifyContextConfig {
    /** Reachable without a session (login, setup, app info). Every other route needs one. */
    public?: boolean;
    /** Only a signed-in browser session may call it, never an API token (managing the tokens themselves). */
    sessionOnly?: boolean;
  }
}

export interface SessionCookieOptions {
  secure: boolean;
}

/** Sets the session cookie: HttpOnly, SameSite=Lax; persistent only when the user asked to stay signed in. */
export function setSessionCookie(reply: FastifyReply, token: string, expiresAt: number | null, options: SessionCookieOptions): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/', httpOnly: true, sameSite: 'lax', secure: options.secure,
    ...(expiresAt ? { expires: new Date(expiresAt) } : {}),
  });
}

export function clearSessionCookie(reply: FastifyReply, options: SessionCookieOptions): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: options.secure });
}

/** What the session plugin needs: the database, and the per-token request limit. */
export interface SessionPluginOptions {
  db: Kysely<DB>;
  /** SQLite's handle (undefined on PostgreSQL): sessions are then read at once, without a promise. */
  sqlite?: SQLite.Database | undefined;
  /** API_TOKEN_REQUESTS_PER_MINUTE (default 600). */
  tokenRequestsPerMinute?: number;
}

/**
 * Loads the user of every request, and refuses (401) any route not marked public when there is
 * none. Secure by default: a new route needs a session unless it says otherwise.
 *
 * A request with `Authorization: Bearer …` is authenticated by that API token alone, never by a
 * cookie it also carries: an unknown or revoked token is 401 (on every matched route), a valid one
 * acts as its owner, counts against its per-minute limit (429) and may not call `sessionOnly`
 * routes (403). Owner checks are the same either way: `request.user` is the token's owner.
 */
export const sessionPlugin = fp(async (app: FastifyInstance, options: SessionPluginOptions) => {
  const limiter = new TokenRateLimiter(options.tokenRequestsPerMinute ?? 600);
  const { db, sqlite } = options;
  app.decorateRequest('user', null);
  app.decorateRequest('authenticatedBy', null);

  /** An API token's call: true when it may go on (request.user set), false when it was answered. */
  const tokenCall = async (request: FastifyRequest, reply: FastifyReply, bearer: Exclude<ReturnType<typeof readBearerHeader>, { kind: 'none' }>): Promise<boolean> => {
    if (!request.routeOptions.url) return true;
    if (bearer.kind === 'malformed') return refuse(reply, 401, API_TOKEN_MESSAGES.malformed);
    const found = await findTokenUser(db, bearer.secret);
    if (!found) return refuse(reply, 401, API_TOKEN_MESSAGES.invalid);
    const verdict = limiter.take(found.tokenId);
    if (verdict.limited) {
      reply.header('retry-after', String(verdict.retryAfterSeconds));
      return refuse(reply, 429, API_TOKEN_MESSAGES.tooManyRequests(verdict.retryAfterSeconds));
    }
    if (request.routeOptions.config.sessionOnly === true) return refuse(reply, 403, API_TOKEN_MESSAGES.sessionOnly);
    await stampTokenUse(db, found);
    request.user = found.user;
    request.authenticatedBy = 'token';
    return true;
  };

  /** A cookie's (or no) session: true when the request may go on. */
  const sessionCall = (request: FastifyRequest, reply: FastifyReply, user: SessionUser | null): boolean => {
    request.user = user;
    request.authenticatedBy = user ? 'session' : null;
    if (!user && request.routeOptions.url && !request.routeOptions.config.public) return refuse(reply, 401, 'Your session has ended. Please log in again.');
    return true;
  };

  // Callback style: on SQLite a session is read at once (findSessionUserNow), so the common call
  // costs no promise; a token, PostgreSQL or a busy SQLite take the asynchronous path.
  app.addHook('onRequest', (request, reply, done) => {
    const goOn = (allowed: boolean) => {
      if (allowed) done();
    };
    const bearer = readBearerHeader(request.headers.authorization);
    if (bearer.kind !== 'none') {
      tokenCall(request, reply, bearer).then(goOn, done);
      return;
    }
    const token = request.cookies[SESSION_COOKIE];
    if (!token) {
      goOn(sessionCall(request, reply, null));
      return;
    }
    const now = sqlite ? findSessionUserNow({ db, sqlite }, token) : NOT_READ_NOW;
    if (now !== NOT_READ_NOW) {
      goOn(sessionCall(request, reply, now ?? null));
      return;
    }
    findSessionUser(db, token).then((user) => goOn(sessionCall(request, reply, user ?? null)), done);
  });
}, { name: 'session', dependencies: ['@fastify/cookie', 'csrf'] });

/** Answers the call with an error; false, so the hook does not let it go on. */
function refuse(reply: FastifyReply, statusCode: number, message: string): false {
  sendError(reply, statusCode, message);
  return false;
}

/** The signed-in user of a route that requires one (the hook above guarantees it). */
export function currentUser(request: { user: SessionUser | null }): SessionUser {
  if (!request.user) throw new Error('currentUser() called on a public route without a session');
  return request.user;
}
