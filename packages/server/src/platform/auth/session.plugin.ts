import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import { API_TOKEN_MESSAGES, SESSION_COOKIE } from '@linkloom/shared';
import type { DB } from '../db/schema';
import { sendError } from '../http/error-handler';
import { findSessionUser, type SessionUser } from './sessions.repository';
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
  app.decorateRequest('user', null);
  app.decorateRequest('authenticatedBy', null);
  app.addHook('onRequest', async (request, reply) => {
    const matched = Boolean(request.routeOptions.url);
    const bearer = readBearerHeader(request.headers.authorization);
    if (bearer.kind !== 'none') {
      if (!matched) return;
      if (bearer.kind === 'malformed') return sendError(reply, 401, API_TOKEN_MESSAGES.malformed);
      const found = await findTokenUser(options.db, bearer.secret);
      if (!found) return sendError(reply, 401, API_TOKEN_MESSAGES.invalid);
      const verdict = limiter.take(found.tokenId);
      if (verdict.limited) {
        reply.header('retry-after', String(verdict.retryAfterSeconds));
        return sendError(reply, 429, API_TOKEN_MESSAGES.tooManyRequests(verdict.retryAfterSeconds));
      }
      if (request.routeOptions.config.sessionOnly === true) return sendError(reply, 403, API_TOKEN_MESSAGES.sessionOnly);
      await stampTokenUse(options.db, found);
      request.user = found.user;
      request.authenticatedBy = 'token';
      return;
    }
    const token = request.cookies[SESSION_COOKIE];
    request.user = token ? ((await findSessionUser(options.db, token)) ?? null) : null;
    request.authenticatedBy = request.user ? 'session' : null;
    if (!request.user && matched && !request.routeOptions.config.public) {
      return sendError(reply, 401, 'Your session has ended. Please log in again.');
    }
  });
}, { name: 'session', dependencies: ['@fastify/cookie', 'csrf'] });

/** The signed-in user of a route that requires one (the hook above guarantees it). */
export function currentUser(request: { user: SessionUser | null }): SessionUser {
  if (!request.user) throw new Error('currentUser() called on a public route without a session');
  return request.user;
}
