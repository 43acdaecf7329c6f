import { describe, expect, it } from 'vitest';
import { DATABASES } from '../support/databases';
import { useTestDatabase } from '../support/lifecycle';
import { startServer } from '../support/server-process';

/**
 * A clean start (issue 11.7): the server process prints no deprecation warning — Node's
 * `DeprecationWarning` nor Fastify's own `FSTDEP…` codes — at start or while it serves a first
 * visit (setup question, the web app, a document page, the live channel's handshake), where some
 * warnings are only emitted on first use.
 */
describe.each(DATABASES)('clean start on $kind', ({ kind, skip }) => {
  const ctx = useTestDatabase(kind, skip);

  it.skipIf(skip)('serves a first visit without a deprecation warning on standard error', async () => {
    const server = await startServer({ ...ctx.handle.env, LOG_LEVEL: 'info' });
    try {
      expect((await fetch(`${server.baseUrl}/public/api/setup`)).status).toBe(200);
      expect((await fetch(`${server.baseUrl}/`)).status).toBe(200);
      expect((await fetch(`${server.baseUrl}/help`)).status).toBe(200);
      expect((await fetch(`${server.baseUrl}/eventbus/?EIO=4&transport=polling`)).status).toBe(200);
      const login = await fetch(`${server.baseUrl}/public/api/login/account`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      expect(login.status).toBeGreaterThanOrEqual(400);
    } finally {
      expect(await server.stop()).toBe(0);
    }
    const stderr = server.stderr();
    expect(stderr).not.toMatch(/DeprecationWarning|FSTDEP\d+|\[DEP\d+\]/);
  });
});
