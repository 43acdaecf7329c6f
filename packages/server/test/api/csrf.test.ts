import { describe, expect, it } from 'vitest';
import { changesState } from '@linkloom/shared';
import { CSRF_MESSAGE } from '../../src/platform/auth/csrf.plugin';
import { DATABASES } from '../support/databases';
import { useTestServer } from '../support/lifecycle';
import { Agent, signedIn } from '../support/agent';
import { buildUser } from '../support/factories';

describe.each(DATABASES)('CSRF double-submit on $kind', ({ kind, skip }) => {
  const ctx = useTestServer(kind, skip);

  it.skipIf(skip)('refuses every state-changing route without the token, with no session or a valid one', async () => {
    const user = await buildUser(ctx.server.database.db);
    const stateChanging = ctx.server.routes.filter((r) => changesState(r.method, r.url) && r.url !== '/public/api/login/account');
    expect(stateChanging.length).toBeGreaterThan(1);
    const anonymous = await new Agent(ctx.server.app).prime();
    const member = await signedIn(ctx.server.app, user);
    for (const agent of [anonymous, member]) {
      for (const route of stateChanging) {
        const url = route.url.replace(/:(\w+)/g, '1');
        for (const xsrf of [false, 'forged-token'] as const) {
          const response = await agent.request(route.method as 'POST', url, { xsrf, body: route.method === 'GET' ? undefined : { anything: true } });
          expect(response.statusCode, `${route.method} ${url} xsrf=${String(xsrf)}`).toBe(403);
          expect(response.json()).toEqual({ error: { message: CSRF_MESSAGE } });
        }
      }
    }
    expect((await member.request('GET', '/api/session')).statusCode).toBe(200);
  });

  it.skipIf(skip)("checks the token before routing, auth or validation: GET /action/* and unknown writes answer 403", async () => {
    const agent = await new Agent(ctx.server.app).prime();
    expect((await agent.request('GET', '/action/start/project/1', { xsrf: false })).statusCode).toBe(403);
    expect((await agent.request('DELETE', '/rest/no-such-thing', { body: '{broken', xsrf: false })).statusCode).toBe(403);
    const malformed = await agent.request('POST', '/public/api/setup', { body: '{broken', xsrf: false, headers: { 'content-type': 'application/json' } });
    expect(malformed.statusCode).toBe(403);
  });

  it.skipIf(skip)('exempts the login call and lets reads through', async () => {
    const user = await buildUser(ctx.server.database.db);
    const agent = new Agent(ctx.server.app);
    expect((await agent.login(user.username, user.password)).statusCode).toBe(200);
    expect((await agent.request('GET', '/rest/campaigns', { xsrf: false })).statusCode).toBe(200);
  });

  it.skipIf(skip)('sets a readable XSRF-TOKEN cookie on the first response', async () => {
    const response = await new Agent(ctx.server.app).request('GET', '/public/api/app-info');
    const cookie = response.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(cookie?.value).toMatch(/^[\w-]{32}$/);
    expect(cookie?.httpOnly).toBeFalsy();
  });
});
