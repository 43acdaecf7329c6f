import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { SESSION_COOKIE, XSRF_COOKIE, XSRF_HEADER, changesState } from '@linkloom/shared';
import { sendError } from '../http/error-handler';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Set at registration (never from the URL a request spelled): the route changes state, so it
     * needs the X-XSRF-TOKEN header, and its HEAD twin is refused.
     */
    changesState?: boolean;
    /** Set at registration for the one call that may change state without a token (logging in). */
    csrfExempt?: boolean;
  }
}

export const CSRF_MESSAGE = 'Missing or invalid security token (X-XSRF-TOKEN). Reload the page and try again.';
export const HEAD_REFUSED_MESSAGE = 'This call changes data: send it as GET with the security token, not as HEAD.';

/** Calls exempt from the token: logging in (it has no session to ride on). */
const EXEMPT = new Set(['POST /public/api/login/account']);

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A script's call: an `Authorization: Bearer` header and no session cookie. It needs no XSRF token:
 * a page on another site cannot add an Authorization header without a CORS preflight, which
 * LinkLoom never allows, and without the cookie nothing rides on the browser's ambient
 * credentials. With the session cookie too, the check stays (the session plugin then ignores the
 * cookie, but a forged call must not get past this one by adding a header).
 */
function isTokenOnlyCall(authorization: string | undefined, sessionCookie: string | undefined): boolean {
  return sessionCookie === undefined && authorization !== undefined && /^\s*bearer\b/i.test(authorization);
}

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Whether a registered route changes state, from its registration: its methods and its URL
 * pattern. Fastify's automatic HEAD twin of a GET route counts as that GET route.
 */
function routeChangesState(methods: string[], pattern: string): boolean {
  return methods.some((method) => changesState(method === 'HEAD' ? 'GET' : method, pattern));
}

/**
 * Double-submit CSRF check, registered first so it runs before anything else: the server sets a
 * readable XSRF-TOKEN cookie, and the client echoes it in X-XSRF-TOKEN on state-changing calls.
 * A page on another site can send the cookie but cannot read it, so it cannot forge the header.
 *
 * What needs the token is decided by what the router matched, never by how the URL was spelled:
 * each route is classified once when it is registered (`config.changesState`), so
 * `/%61ction/…` reaches the same route, with the same flag, as `/action/…`. Every request whose
 * method is not a safe one needs the token too, matched or not. HEAD of a state-changing route is
 * refused (403 without the token, 405 with it): Fastify would otherwise run the GET handler for it.
 */
export const csrfPlugin = fp(async (app: FastifyInstance, options: { secureCookie: boolean }) => {
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    const exempt = methods.every((method) => EXEMPT.has(`${method} ${route.url}`));
    route.config = { ...route.config, changesState: routeChangesState(methods, route.url), csrfExempt: exempt };
  });

  // Callback style (a promise less on every call); an answer given here ends the request without done().
  app.addHook('onRequest', (request, reply, done) => {
    const cookieToken = request.cookies[XSRF_COOKIE];
    if (!cookieToken) {
      reply.setCookie(XSRF_COOKIE, randomBytes(24).toString('base64url'), {
        path: '/', sameSite: 'lax', httpOnly: false, secure: options.secureCookie,
      });
    }
    const config = request.routeOptions.config;
    const needsToken = config.changesState === true || !SAFE_METHODS.has(request.method);
    if (!needsToken || config.csrfExempt === true) {
      done();
      return;
    }
    const headerToken = request.headers[XSRF_HEADER];
    const tokenOnly = isTokenOnlyCall(request.headers.authorization, request.cookies[SESSION_COOKIE]);
    if (!tokenOnly && (!cookieToken || typeof headerToken !== 'string' || !sameToken(cookieToken, headerToken))) {
      sendError(reply, 403, CSRF_MESSAGE);
      return;
    }
    if (request.method === 'HEAD') {
      reply.header('allow', 'GET');
      sendError(reply, 405, HEAD_REFUSED_MESSAGE);
      return;
    }
    done();
  });
}, { name: 'csrf', dependencies: ['@fastify/cookie'] });
