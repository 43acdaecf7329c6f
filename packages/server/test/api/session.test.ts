import { describe, expect, it } from 'vitest';
import { LOGIN_MESSAGES, SESSION_COOKIE, SETUP_MESSAGES } from '@linkloom/shared';
import { DATABASES } from '../support/databases';
import { useTestServer } from '../support/lifecycle';
import { startTestApp } from '../support/test-app';
import { Agent, signedIn } from '../support/agent';
import { buildUser } from '../support/factories';
import { countUsers } from '../../src/platform/auth/users.repository';

describe.each(DATABASES)('sign-in on $kind', ({ kind, skip }) => {
  const ctx = useTestServer(kind, skip, { each: true, withLive: true });

  describe.skipIf(skip)('first run', () => {
    it('asks for the first account, creates it once, signs in, then refuses a second one', async () => {
      const agent = await new Agent(ctx.server.app).prime();
      expect((await agent.request('GET', '/public/api/setup')).json()).toEqual({ setupRequired: true, setupCodeRequired: false });

      const body = { username: 'Owner@Example.test', password: 'correct horse', confirmPassword: 'correct horse' };
      const created = await agent.request('POST', '/public/api/setup', { body });
      expect(created.statusCode).toBe(201);
      expect(created.json()).toEqual({ status: 'ok', name: 'Owner@Example.test' });
      const cookie = created.cookies.find((c) => c.name === SESSION_COOKIE);
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });

      expect((await agent.request('GET', '/api/session')).json()).toEqual({ name: 'Owner@Example.test', username: 'owner@example.test' });
      expect((await agent.request('GET', '/public/api/setup')).json()).toEqual({ setupRequired: false, setupCodeRequired: false });

      const again = await new Agent(ctx.server.app).prime();
      const refused = await again.request('POST', '/public/api/setup', { body: { ...body, username: 'intruder' } });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ error: { message: SETUP_MESSAGES.alreadyDone } });
      expect(await countUsers(ctx.server.database.db)).toBe(1);
    });

    it('rejects a short or unconfirmed password with the message and creates nothing', async () => {
      const agent = await new Agent(ctx.server.app).prime();
      const short = await agent.request('POST', '/public/api/setup', { body: { username: 'a', password: 'short', confirmPassword: 'short' } });
      expect(short.statusCode).toBe(422);
      expect(short.json().error.message).toBe(SETUP_MESSAGES.passwordTooShort);
      const differ = await agent.request('POST', '/public/api/setup', { body: { username: 'a', password: 'long enough', confirmPassword: 'long enougH' } });
      expect(differ.statusCode).toBe(422);
      expect(differ.json().error.message).toBe(SETUP_MESSAGES.passwordsDiffer);
      expect(await countUsers(ctx.server.database.db)).toBe(0);
    });
  });

  describe.skipIf(skip)('login', () => {
    it('answers ok and the name for the right password, case-insensitive username', async () => {
      const user = await buildUser(ctx.server.database.db, { username: 'Ann@Example.test' });
      const agent = await new Agent(ctx.server.app).prime();
      const response = await agent.login('ann@example.TEST', user.password);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok', name: 'Ann@Example.test' });
      expect((await agent.request('GET', '/api/session')).statusCode).toBe(200);
    });

    it('keeps the session cookie across browser restarts only with auto-login (the default)', async () => {
      const user = await buildUser(ctx.server.database.db);
      const remembered = await new Agent(ctx.server.app).prime();
      const lasting = await remembered.login(user.username, user.password);
      expect(lasting.cookies.find((c) => c.name === SESSION_COOKIE)?.expires).toBeInstanceOf(Date);
      const forgetful = await new Agent(ctx.server.app).prime();
      const once = await forgetful.request('POST', '/public/api/login/account', { body: { username: user.username, password: user.password, autoLogin: false } });
      expect(once.statusCode).toBe(200);
      expect(once.cookies.find((c) => c.name === SESSION_COOKIE)?.expires).toBeUndefined();
      expect((await forgetful.request('GET', '/api/session')).statusCode).toBe(200);
    });

    it("answers the server's status text for a wrong password or an unknown user, and opens no session", async () => {
      const user = await buildUser(ctx.server.database.db);
      for (const [username, password] of [[user.username, 'wrong'], ['nobody@example.test', user.password]] as const) {
        const agent = await new Agent(ctx.server.app).prime();
        const response = await agent.login(username, password);
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ status: LOGIN_MESSAGES.wrongCredentials, name: null });
        expect(agent.sessionToken).toBeUndefined();
      }
    });

    it("validates with the spec's messages: empty username, missing password, wrong types", async () => {
      const agent = new Agent(ctx.server.app);
      const empty = await agent.request('POST', '/public/api/login/account', { body: { username: '  ', password: '' } });
      expect(empty.statusCode).toBe(422);
      expect(empty.json()).toEqual({ error: { message: LOGIN_MESSAGES.usernameRequired, details: [`username: ${LOGIN_MESSAGES.usernameRequired}`, `password: ${LOGIN_MESSAGES.passwordRequired}`] } });
      const wrongTypes = await agent.request('POST', '/public/api/login/account', { body: { username: 42, password: ['x'] } });
      expect(wrongTypes.statusCode).toBe(422);
      expect(wrongTypes.json().error.details).toEqual([`username: ${LOGIN_MESSAGES.usernameRequired}`, `password: ${LOGIN_MESSAGES.passwordRequired}`]);
      const wrongType = await agent.request('POST', '/public/api/login/account', { body: { username: 'a', password: 'b', type: 'mobile' } });
      expect(wrongType.statusCode).toBe(422);
    });

    it('answers 400 for malformed JSON and 413 for a huge body', async () => {
      const agent = new Agent(ctx.server.app);
      const malformed = await agent.request('POST', '/public/api/login/account', { body: '{"username":', headers: { 'content-type': 'application/json' } });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toEqual({ error: { message: 'The request body is not valid JSON' } });
      const huge = await agent.request('POST', '/public/api/login/account', { body: { username: 'a', password: 'x'.repeat(2 * 1024 * 1024) } });
      expect(huge.statusCode).toBe(413);
    });

    it('stores passwords hashed with scrypt, never in clear', async () => {
      const user = await buildUser(ctx.server.database.db);
      const row = await ctx.server.database.db.selectFrom('users').select('password_hash').where('id', '=', user.id).executeTakeFirstOrThrow();
      expect(row.password_hash).toMatch(/^scrypt\$32768\$8\$1\$/);
      expect(row.password_hash).not.toContain(user.password);
    });
  });

  describe.skipIf(skip)('logout and sessions', () => {
    it('logout needs the CSRF token, then ends the session', async () => {
      const user = await buildUser(ctx.server.database.db);
      const agent = await signedIn(ctx.server.app, user);
      const token = agent.sessionToken!;

      const forged = await agent.request('GET', '/api/logout', { xsrf: false });
      expect(forged.statusCode).toBe(403);
      expect((await agent.request('GET', '/api/session')).statusCode).toBe(200);

      const out = await agent.request('GET', '/api/logout');
      expect(out.statusCode).toBe(200);
      expect(agent.sessionToken).toBeUndefined();
      const stale = await agent.request('GET', '/api/session', { headers: { cookie: `${SESSION_COOKIE}=${token}` } });
      expect(stale.statusCode).toBe(401);
    });

    it('keeps sessions in the database: they survive a restart', async () => {
      const user = await buildUser(ctx.server.database.db);
      const agent = await signedIn(ctx.server.app, user);
      await ctx.server.close();
      ctx.server = await startTestApp(ctx.handle);
      const revived = new Agent(ctx.server.app);
      for (const [name, value] of agent.cookies) revived.cookies.set(name, value);
      const response = await revived.request('GET', '/api/session');
      expect(response.statusCode).toBe(200);
      expect(response.json().username).toBe(user.username);
    });

    it('refuses an expired session', async () => {
      const user = await buildUser(ctx.server.database.db);
      const agent = await signedIn(ctx.server.app, user);
      await ctx.server.database.db.updateTable('sessions').set({ expires_at: Date.now() - 1000 }).execute();
      expect((await agent.request('GET', '/api/session')).statusCode).toBe(401);
    });

    it('rate-limits login attempts', async () => {
      await ctx.server.close();
      ctx.server = await startTestApp(ctx.handle, { LOGIN_ATTEMPTS_PER_MINUTE: '3' });
      const user = await buildUser(ctx.server.database.db);
      const agent = new Agent(ctx.server.app);
      for (let i = 0; i < 3; i += 1) expect((await agent.login(user.username, 'wrong')).statusCode).toBe(401);
      const limited = await agent.login(user.username, user.password);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ status: LOGIN_MESSAGES.tooManyAttempts, name: null, error: { message: LOGIN_MESSAGES.tooManyAttempts } });
      expect(agent.sessionToken).toBeUndefined();
    });
  });
});
