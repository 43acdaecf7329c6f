import type { FastifyInstance } from 'fastify';

/** One year, subdomains included: what helmet would send, but only where it means something. */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Strict-Transport-Security only on responses served over HTTPS: over plain HTTP (the default on
 * a LAN) the header is meaningless to browsers and wrong to promise. Behind a TLS-terminating
 * proxy, `request.protocol` says https only when TRUST_PROXY trusts that proxy's X-Forwarded-Proto.
 */
export function registerHstsOverHttps(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    done(null, payload);
  });
}
