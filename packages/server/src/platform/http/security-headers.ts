import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route serves a page or a file of the web app (not a JSON answer): it gets helmet's full set of headers. */
    servesPage?: boolean;
  }
}

/**
 * helmet's headers with the product's settings: its default Content-Security-Policy without
 * upgrade-insecure-requests (LinkLoom is served over plain HTTP on a LAN by default) and no
 * Strict-Transport-Security (sent below, over HTTPS only).
 */
const OPTIONS = { contentSecurityPolicy: { directives: { 'upgrade-insecure-requests': null } }, strictTransportSecurity: false } as const;

/**
 * The headers of a JSON answer (the API, and any unmatched path): what still means something for
 * a response no browser renders as a page (OWASP's REST security advice). Nothing may load or frame
 * it, another site may not embed it, and no browser may sniff it into a script or a page. The
 * page-only headers (helmet's document CSP, COOP, Origin-Agent-Cluster, DNS prefetch, referrer,
 * download and cross-domain policies, the old XSS filter) would cost every call about a kilobyte
 * and a dozen header writes for nothing (issue 10).
 */
export const API_SECURITY_HEADERS: readonly (readonly [string, string])[] = [
  ['content-security-policy', "default-src 'none'; frame-ancestors 'none'"],
  ['cross-origin-resource-policy', 'same-origin'],
  ['x-content-type-options', 'nosniff'],
  ['x-frame-options', 'DENY'],
];

/** The headers helmet sets with OPTIONS, computed by running it once against a stand-in response. */
export function securityHeaders(): [string, string][] {
  const headers = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  helmet(OPTIONS)({} as never, response as never, (error?: unknown) => {
    if (error) throw error;
  });
  return [...headers];
}

/** One year, subdomains included: what helmet would send, but only where it means something. */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Sets the security headers on every answer, from lists computed at start (@fastify/helmet builds
 * helmet's middleware, and parses the CSP directives, again for every request): helmet's full set
 * on the routes that serve pages and files (`config.servesPage`, decided by the route the server
 * matched, never by how the URL is spelled), the JSON set on every other answer. Strict-Transport-
 * Security only on requests that came over HTTPS: over plain HTTP (the default on a LAN) the header
 * is meaningless to browsers and wrong to promise. Behind a TLS-terminating proxy,
 * `request.protocol` says https only when TRUST_PROXY trusts that proxy's X-Forwarded-Proto.
 * One hook for all of it, set before the answer exists (a hook at send time would cost every call).
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  const pageHeaders = securityHeaders();
  app.addHook('onRequest', (request, reply, done) => {
    // Through Fastify's own header list, not reply.raw.setHeader: one raw header sends every header
    // of the answer down Node's slow path (each validated and stored twice), about a tenth of a
    // small JSON answer's cost (issue 10).
    for (const [name, value] of request.routeOptions.config.servesPage === true ? pageHeaders : API_SECURITY_HEADERS) reply.header(name, value);
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    done();
  });
}
