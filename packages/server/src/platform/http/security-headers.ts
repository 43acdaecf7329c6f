import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * helmet's headers with the product's settings: its default Content-Security-Policy without
 * upgrade-insecure-requests (LinkLoom is served over plain HTTP on a LAN by default) and no
 * Strict-Transport-Security (platform/http/https-only-hsts.ts sends it over HTTPS only).
 */
const OPTIONS = { contentSecurityPolicy: { directives: { 'upgrade-insecure-requests': null } }, strictTransportSecurity: false } as const;

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

/**
 * Sets helmet's security headers on every answer, from one list computed at start: @fastify/helmet
 * builds helmet's middleware (and parses the CSP directives) again for every request.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  const headers = securityHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    const raw = reply.raw;
    for (const [name, value] of headers) raw.setHeader(name, value);
    done();
  });
}
