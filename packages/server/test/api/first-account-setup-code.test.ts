/**
 * A fresh install cannot be claimed from the network (issue 33 item 8): while no account exists,
 * a request that does not come from the machine itself (another address, or through a proxy) must
 * give the one-time setup code the server prints in its log; without it, or with a wrong one, it
 * is refused 403 with the shared message and nothing is created. From the machine itself no code
 * is needed. The code serves once: the setup closes with the first account.
 */
import { describe, expect, it } from 'vitest';
import { SETUP_MESSAGES } from '@linkloom/shared';
import { DATABASES } from '../support/databases';
import { useTestDatabase, useTestServer } from '../support/lifecycle';
import { startTestApp } from '../support/test-app';
import { Agent } from '../support/agent';
import { startServer } from '../support/server-process';
import { untilWithin } from '../support/until';
import { countUsers } from '../../src/platform/auth/users.repository';
import { setupCodeOf } from '../../src/features/session/setup-code';

const ELSEWHERE = '203.0.113.9';
const until = untilWithin(20_000);
const account = (username: string) => ({ username, password: 'correct horse', confirmPassword: 'correct horse' });

describe.each(DATABASES)('the first account and the setup code on $kind', ({ kind, skip }) => {
  const ctx = useTestServer(kind, skip, { each: true });
  const users = () => countUsers(ctx.server.database.db);

  it.skipIf(skip)('from another machine: refused 403 without the code or with a wrong one, nothing created; the right code works once', async () => {
    const remote = await new Agent(ctx.server.app, ELSEWHERE).prime();
    expect((await remote.request('GET', '/public/api/setup')).json()).toEqual({ setupRequired: true, setupCodeRequired: true });

    const without = await remote.request('POST', '/public/api/setup', { body: account('intruder') });
    expect(without.statusCode).toBe(403);
    expect(without.json()).toEqual({ error: { message: SETUP_MESSAGES.setupCodeRequired } });
    for (const wrong of ['', '   ', 'AAAA-AAAA-AAAA', 'not the code at all']) {
      const refused = await remote.request('POST', '/public/api/setup', { body: { ...account('intruder'), setupCode: wrong } });
      expect(refused.statusCode, wrong).toBe(403);
      expect(refused.json().error.message).toBe(wrong.trim() === '' ? SETUP_MESSAGES.setupCodeRequired : SETUP_MESSAGES.setupCodeWrong);
    }
    expect(await users()).toBe(0);

    const code = await setupCodeOf(ctx.server.database);
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    // Typed loosely: lower case, spaces instead of dashes.
    const created = await remote.request('POST', '/public/api/setup', { body: { ...account('Owner@Example.test'), setupCode: ` ${code.toLowerCase().replaceAll('-', ' ')} ` } });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toEqual({ status: 'ok', name: 'Owner@Example.test' });
    expect((await remote.request('GET', '/api/session')).statusCode).toBe(200);
    expect(await users()).toBe(1);

    // Single use: the setup is closed, whoever brings the code.
    const again = await new Agent(ctx.server.app, '198.51.100.7').prime();
    expect((await again.request('GET', '/public/api/setup')).json()).toEqual({ setupRequired: false, setupCodeRequired: false });
    const reused = await again.request('POST', '/public/api/setup', { body: { ...account('second'), setupCode: code } });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().error.message).toBe(SETUP_MESSAGES.alreadyDone);
    expect(await users()).toBe(1);
  });

  it.skipIf(skip)('from the machine itself no code is needed (IPv4 and IPv6 loopback)', async () => {
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1', '127.9.9.9']) {
      const local = await new Agent(ctx.server.app, address).prime();
      expect((await local.request('GET', '/public/api/setup')).json(), address).toEqual({ setupRequired: true, setupCodeRequired: false });
    }
    const local = await new Agent(ctx.server.app, '::1').prime();
    const created = await local.request('POST', '/public/api/setup', { body: account('owner') });
    expect(created.statusCode, created.body).toBe(201);
    expect(await users()).toBe(1);
  });

  it.skipIf(skip)('a request through a proxy needs the code even from 127.0.0.1, as the proxy may serve anyone', async () => {
    const proxied = await new Agent(ctx.server.app).prime();
    const proxyHeaders: Record<string, string>[] = [{ 'x-forwarded-for': '127.0.0.1' }, { forwarded: 'for=127.0.0.1' }, { 'x-real-ip': '127.0.0.1' }];
    for (const headers of proxyHeaders) {
      expect((await proxied.request('GET', '/public/api/setup', { headers })).json()).toEqual({ setupRequired: true, setupCodeRequired: true });
      const refused = await proxied.request('POST', '/public/api/setup', { body: account('intruder'), headers });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.message).toBe(SETUP_MESSAGES.setupCodeRequired);
    }
    expect(await users()).toBe(0);
    const withCode = await proxied.request('POST', '/public/api/setup', {
      body: { ...account('owner'), setupCode: await setupCodeOf(ctx.server.database) }, headers: { 'x-forwarded-for': '203.0.113.5' },
    });
    expect(withCode.statusCode, withCode.body).toBe(201);
  });

  it.skipIf(skip)('with TRUST_PROXY, the client address the proxy names decides too (request.ip)', async () => {
    const trusting = await startTestApp(ctx.handle, { TRUST_PROXY: '127.0.0.1' });
    try {
      const viaProxy = await new Agent(trusting.app).prime();
      expect((await viaProxy.request('GET', '/public/api/setup', { headers: { 'x-forwarded-for': ELSEWHERE } })).json())
        .toEqual({ setupRequired: true, setupCodeRequired: true });
      // A proxy nobody trusts cannot make a remote visitor local by naming 127.0.0.1.
      const remote = await new Agent(trusting.app, ELSEWHERE).prime();
      expect((await remote.request('GET', '/public/api/setup', { headers: { 'x-forwarded-for': '127.0.0.1' } })).json())
        .toEqual({ setupRequired: true, setupCodeRequired: true });
    } finally {
      await trusting.close();
    }
  });
});

describe.each(DATABASES)('the setup code in the server log on $kind', ({ kind, skip }) => {
  const ctx = useTestDatabase(kind, skip);

  it.skipIf(skip)('the server prints the code at start while no account exists, with where to type it', async () => {
    const server = await startServer(ctx.handle.env);
    try {
      const logged = await until('the setup code line', async () => server.stdout().split('\n').find((text) => text.includes('Setup code: ')));
      const line = (JSON.parse(logged) as { msg: string }).msg;
      const database = ctx.handle.open();
      try {
        const code = await setupCodeOf(database);
        expect(line.startsWith(`Setup code: ${code} - `)).toBe(true);
        expect(line).toContain(`type ${code} in the Setup code field of the Create your account screen`);
      } finally {
        await database.close();
      }
    } finally {
      await server.stop();
    }
  }, 90_000);
});
