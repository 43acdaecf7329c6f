import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { XSRF_COOKIE, XSRF_HEADER, changesState } from '@linkloom/shared';
import { sendError } from '../http/error-handler';

export const CSRF_MESSAGE = 'Missing or invalid security token (X-XSRF-TOKEN). Reload the page and try again.';

/** Calls exempt from the token: logging in (it has no session to ride on). */
const EXEMPT = new Set(['POST /public/api/login/account']);

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function pathOf(request: FastifyRequest): string {
  return request.url.split('?')[0] ?? '/';
}

/**
 * Double-submit CSRF check, registered first so it runs before anything else: the server sets a
 * readable XSRF-TOKEN cookie, and the client echoes it in X-XSRF-TOKEN on state-changing calls.
 * A page on another site can send the cookie but cannot read it, so it cannot forge the header.
 */
export const csrfPlugin = fp(async (app: FastifyInstance, options: { secureCookie: boolean }) => {
  app.addHook('onRequest', async (request, reply) => {
    const cookieToken = request.cookies[XSRF_COOKIE];
    if (!cookieToken) {
      reply.setCookie(XSRF_COOKIE, randomBytes(24).toString('base64url'), {
        path: '/', sameSite: 'lax', httpOnly: false, secure: options.secureCookie,
      });
    }
    const path = pathOf(request);
    if (!changesState(request.method, path) || EXEMPT.has(`${request.method} ${path}`)) return;
    const headerToken = request.headers[XSRF_HEADER];
    if (!cookieToken || typeof headerToken !== 'string' || !sameToken(cookieToken, headerToken)) {
      return sendError(reply, 403, CSRF_MESSAGE);
    }
  });
}, { name: 'csrf', dependencies: ['@fastify/cookie'] });
