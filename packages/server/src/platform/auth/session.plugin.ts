import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import { SESSION_COOKIE } from '@linkloom/shared';
import type { DB } from '../db/schema';
import { sendError } from '../http/error-handler';
import { findSessionUser, type SessionUser } from './sessions.repository';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user; null on public routes when nobody is signed in. */
    user: SessionUser | null;
  }
  interface FastifyContextConfig {
    /** Reachable without a session (login, setup, app info). Every other route needs one. */
    public?: boolean;
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

/**
 * Loads the session user of every request, and refuses (401) any route not marked public when
 * there is none. Secure by default: a new route needs a session unless it says otherwise.
 */
export const sessionPlugin = fp(async (app: FastifyInstance, options: { db: Kysely<DB> }) => {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    request.user = token ? ((await findSessionUser(options.db, token)) ?? null) : null;
    if (!request.user && request.routeOptions.url && !request.routeOptions.config.public) {
      return sendError(reply, 401, 'Your session has ended. Please log in again.');
    }
  });
}, { name: 'session', dependencies: ['@fastify/cookie', 'csrf'] });

/** The signed-in user of a route that requires one (the hook above guarantees it). */
export function currentUser(request: { user: SessionUser | null }): SessionUser {
  if (!request.user) throw new Error('currentUser() called on a public route without a session');
  return request.user;
}
