import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { LOGIN_MESSAGES, LoginLimitedResponseSchema } from '@linkloom/shared';
import { DATABASES } from '../support/databases';
import { useTestDatabase } from '../support/lifecycle';
import { startTestApp, type TestApp } from '../support/test-app';
import { buildUser } from '../support/factories';
import { countLoginAttempt } from '../../src/platform/auth/login-limiter';

/** One login attempt as it reaches the server from `address`, with any extra headers. */
function attempt(app: FastifyInstance, username: string, password: string, address: string, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST', url: '/public/api/login/account', remoteAddress: address, headers,
    payload: { username, password, type: 'account' },
  });
}

async function withApp<T>(handle: Parameters<typeof startTestApp>[0], env: Record<string, string>, work: (server: TestApp) => Promise<T>): Promise<T> {
  const server = await startTestApp(handle, env);
  try {
    return await work(server);
  } finally {
    await server.close();
  }
}

describe.each(DATABASES)('sign-in limits that hold in production on $kind', ({ kind, skip }) => {
  const ctx = useTestDatabase(kind, skip, { each: true });

  it.skipIf(skip)('counts per username: a guesser moving to new addresses is still stopped, even with the right password', async () => {
    await withApp(ctx.handle, { LOGIN_ATTEMPTS_PER_MINUTE: '3' }, async ({ app, database }) => {
      const user = await buildUser(database.db);
      for (const address of ['10.0.0.1', '10.0.0.2', '10.0.0.3']) expect((await attempt(app, user.username, 'wrong', address)).statusCode).toBe(401);
      const limited = await attempt(app, user.username.toUpperCase(), user.password, '10.0.0.4');
      expect(limited.statusCode).toBe(429);
      const body = LoginLimitedResponseSchema.parse(limited.json());
      expect(body).toMatchObject({ status: LOGIN_MESSAGES.tooManyAttempts, name: null, error: { message: LOGIN_MESSAGES.tooManyAttempts } });
      expect(Number(limited.headers['retry-after'])).toBe(body.retryAfterSeconds);
      expect(limited.cookies.find((c) => c.name === 'linkloom_session')).toBeUndefined();
      // Another user from another address is not held back by this one.
      const other = await buildUser(database.db);
      expect((await attempt(app, other.username, other.password, '10.0.0.9')).statusCode).toBe(200);
    });
  });

  it.skipIf(skip)('counts per client address: many usernames from one address are stopped', async () => {
    await withApp(ctx.handle, { LOGIN_ATTEMPTS_PER_MINUTE: '3' }, async ({ app }) => {
      for (let i = 0; i < 3; i += 1) expect((await attempt(app, `nobody-${i}@example.test`, 'x', '10.0.1.1')).statusCode).toBe(401);
      expect((await attempt(app, 'nobody-4@example.test', 'x', '10.0.1.1')).statusCode).toBe(429);
      expect((await attempt(app, 'nobody-5@example.test', 'x', '10.0.1.2')).statusCode).toBe(401);
    });
  });

  it.skipIf(skip)('ignores X-Forwarded-For unless TRUST_PROXY says so', async () => {
    await withApp(ctx.handle, { LOGIN_ATTEMPTS_PER_MINUTE: '3' }, async ({ app }) => {
      for (let i = 0; i < 3; i += 1) {
        expect((await attempt(app, `spoof-${i}@example.test`, 'x', '10.0.2.1', { 'x-forwarded-for': `192.0.2.${i}` })).statusCode).toBe(401);
      }
      expect((await attempt(app, 'spoof-9@example.test', 'x', '10.0.2.1', { 'x-forwarded-for': '192.0.2.99' })).statusCode).toBe(429);
    });
    await withApp(ctx.handle, { LOGIN_ATTEMPTS_PER_MINUTE: '3', TRUST_PROXY: '10.0.3.1' }, async ({ app }) => {
      for (let i = 0; i < 5; i += 1) {
        expect((await attempt(app, `proxied-${i}@example.test`, 'x', '10.0.3.1', { 'x-forwarded-for': `198.51.100.${i}` })).statusCode).toBe(401);
      }
      // The same header from an address that is not the trusted proxy counts as that address.
      for (let i = 0; i < 3; i += 1) {
        expect((await attempt(app, `direct-${i}@example.test`, 'x', '10.0.3.2', { 'x-forwarded-for': `198.51.100.${i + 10}` })).statusCode).toBe(401);
      }
      expect((await attempt(app, 'direct-9@example.test', 'x', '10.0.3.2', { 'x-forwarded-for': '198.51.100.99' })).statusCode).toBe(429);
    });
  });

  it.skipIf(skip)('opens a new window a minute after the first attempt, and says when', async () => {
    const database = ctx.handle.open();
    try {
      const start = 1_800_000_000_000;
      const who = { address: '10.0.5.1', username: 'Window@Example.test' };
      for (let i = 0; i < 3; i += 1) expect((await countLoginAttempt(database.db, who, 3, start + i * 1000)).limited).toBe(false);
      expect(await countLoginAttempt(database.db, who, 3, start + 20_000)).toEqual({ limited: true, retryAfterSeconds: 40 });
      expect(await countLoginAttempt(database.db, { ...who, address: '10.0.5.2' }, 3, start + 59_000)).toEqual({ limited: true, retryAfterSeconds: 1 });
      expect((await countLoginAttempt(database.db, who, 3, start + 60_000)).limited).toBe(false);
    } finally {
      await database.close();
    }
  });

  it.skipIf(skip)('shares the count between server processes on one database', async () => {
    const env = { LOGIN_ATTEMPTS_PER_MINUTE: '3' };
    const first = await startTestApp(ctx.handle, env);
    const second = await startTestApp(ctx.handle, env);
    try {
      const user = await buildUser(first.database.db);
      expect((await attempt(first.app, user.username, 'wrong', '10.0.4.1')).statusCode).toBe(401);
      expect((await attempt(second.app, user.username, 'wrong', '10.0.4.2')).statusCode).toBe(401);
      expect((await attempt(first.app, user.username, 'wrong', '10.0.4.3')).statusCode).toBe(401);
      expect((await attempt(second.app, user.username, user.password, '10.0.4.4')).statusCode).toBe(429);
    } finally {
      await first.close();
      await second.close();
    }
  });
});

describe.each(DATABASES)('transport headers on $kind', ({ kind, skip }) => {
  const ctx = useTestDatabase(kind, skip);

  it.skipIf(skip)('sends HSTS only over HTTPS (as told by a trusted proxy), never over plain HTTP', async () => {
    await withApp(ctx.handle, {}, async ({ app }) => {
      const plain = await app.inject({ method: 'GET', url: '/public/api/app-info', headers: { 'x-forwarded-proto': 'https' } });
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['strict-transport-security']).toBeUndefined();
    });
    await withApp(ctx.handle, { TRUST_PROXY: 'true' }, async ({ app }) => {
      const secure = await app.inject({ method: 'GET', url: '/public/api/app-info', headers: { 'x-forwarded-proto': 'https' } });
      expect(secure.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
      const plain = await app.inject({ method: 'GET', url: '/public/api/app-info' });
      expect(plain.headers['strict-transport-security']).toBeUndefined();
      // Refusals and unknown paths too: the header is set as the request arrives, whatever answers it.
      for (const url of ['/api/session', '/no/such/path']) {
        const refused = await app.inject({ method: 'GET', url, headers: { 'x-forwarded-proto': 'https' } });
        expect(refused.statusCode, url).toBeGreaterThanOrEqual(400);
        expect(refused.headers['strict-transport-security'], url).toMatch(/^max-age=\d+/);
      }
    });
  });

  it.skipIf(skip)("serves /docs with a CSP that does not upgrade the page's requests to HTTPS", async () => {
    await withApp(ctx.handle, {}, async ({ app }) => {
      for (const url of ['/docs/', '/docs/static/index.html']) {
        const page = await app.inject({ method: 'GET', url });
        const csp = String(page.headers['content-security-policy'] ?? '');
        expect(csp, url).toContain("default-src 'self'");
        expect(csp, url).not.toContain('upgrade-insecure-requests');
      }
    });
  });
});
