import { describe, expect, it } from 'vitest';
import { DATABASES } from '../support/databases';
import { useTestDatabase } from '../support/lifecycle';
import { startTestApp } from '../support/test-app';
import { API_SECURITY_HEADERS } from '../../src/platform/http/security-headers';

/** Headers only a page needs: a JSON answer never carries them. */
const PAGE_ONLY = ['cross-origin-opener-policy', 'origin-agent-cluster', 'x-dns-prefetch-control', 'x-download-options', 'x-permitted-cross-domain-policies', 'x-xss-protection'];

describe.each(DATABASES)('security headers on $kind', ({ kind, skip }) => {
  const ctx = useTestDatabase(kind, skip);

  it.skipIf(skip)('every JSON answer (signed out, refused, unmatched, oddly spelled) gets the JSON set and no page-only header', async () => {
    const server = await startTestApp(ctx.handle);
    try {
      for (const url of ['/public/api/app-info', '/api/session', '/rest/campaigns', '/%61pi/session', '/no/such/path', '/index.html/x']) {
        const answer = await server.app.inject({ method: 'GET', url });
        expect(answer.headers['content-type'], url).toMatch(/^application\/json/);
        for (const [name, value] of API_SECURITY_HEADERS) expect(answer.headers[name], `${url} ${name}`).toBe(value);
        for (const name of PAGE_ONLY) expect(answer.headers[name], `${url} ${name}`).toBeUndefined();
      }
      // An answer made by the error handler (malformed JSON) keeps them too.
      const malformed = await server.app.inject({ method: 'POST', url: '/public/api/login/account', headers: { 'content-type': 'application/json' }, payload: '{"username":' });
      expect(malformed.statusCode).toBe(400);
      for (const [name, value] of API_SECURITY_HEADERS) expect(malformed.headers[name], `malformed body ${name}`).toBe(value);
      const refused = await server.app.inject({ method: 'POST', url: '/rest/campaigns', payload: { name: 'x' } });
      expect(refused.statusCode).toBe(403);
      expect(refused.headers['x-content-type-options']).toBe('nosniff');
      expect(refused.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    } finally {
      await server.close();
    }
  });

  it.skipIf(skip)("the app's page, its files and the documents get helmet's full set, with the page CSP", async () => {
    const server = await startTestApp(ctx.handle);
    try {
      for (const url of ['/', '/index.html', '/privacy', '/help']) {
        const page = await server.app.inject({ method: 'GET', url });
        expect(page.statusCode, url).toBe(200);
        expect(page.headers['content-type'], url).toMatch(/^text\/html/);
        const csp = String(page.headers['content-security-policy']);
        expect(csp, url).toContain("default-src 'self'");
        expect(csp, url).toContain("script-src 'self'");
        expect(csp, url).not.toContain('upgrade-insecure-requests');
        expect(page.headers['x-frame-options'], url).toBe('SAMEORIGIN');
        expect(page.headers['cross-origin-opener-policy'], url).toBe('same-origin');
        expect(page.headers['x-content-type-options'], url).toBe('nosniff');
      }
    } finally {
      await server.close();
    }
  });
});
