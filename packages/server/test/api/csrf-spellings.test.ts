import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { XSRF_COOKIE, XSRF_HEADER, changesState } from '@linkloom/shared';
import { CSRF_MESSAGE } from '../../src/platform/auth/csrf.plugin';
import { DATABASES } from '../support/databases';
import { useTestServer } from '../support/lifecycle';
import { listen } from '../support/test-app';
import { signedIn, type Agent } from '../support/agent';
import { buildCampaign, buildUser } from '../support/factories';
import { buildProject } from '../support/campaign-factories';

interface RawResponse {
  status: number;
  body: string;
}

/** One request over a real socket with the path exactly as spelled (no client-side normalising). */
function rawRequest(base: string, method: string, rawPath: string, headers: Record<string, string>, body?: string): Promise<RawResponse> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const length = body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) };
    const request = http.request({ host: hostname, port, method, path: rawPath, headers: { connection: 'close', ...length, ...headers } }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
    });
    request.on('error', reject);
    if (body !== undefined) request.end(body);
    else request.end();
  });
}

/** Every way a browser or a hand-written request may spell one path that reaches the same route. */
function spellings(path: string): string[] {
  const segments = path.split('/');
  const encodeFirst = (segment: string) => (segment.length > 0 ? `%${segment.charCodeAt(0).toString(16)}${segment.slice(1)}` : segment);
  return [
    path,
    segments.map((segment, index) => (index === 1 ? encodeFirst(segment) : segment)).join('/'),
    segments.map(encodeFirst).join('/'),
    `/${path}`,
    path.replace(/\//g, '//'),
    `${path}/`,
    path.toUpperCase(),
    `${path}?next=/rest/campaigns`,
  ];
}

function cookieHeader(agent: Agent): string {
  return [...agent.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
}

describe.each(DATABASES)('CSRF by the matched route, however the URL is spelled, on $kind', ({ kind, skip }) => {
  const ctx = useTestServer(kind, skip);
  const db = () => ctx.server.database.db;
  let listening: Promise<string> | undefined;
  const baseUrl = () => (listening ??= listen(ctx.server));

  it.skipIf(skip)('refuses every state-changing route under every spelling and as HEAD without the token', async () => {
    const base = await baseUrl();
    const user = await buildUser(db());
    const agent = await signedIn(ctx.server.app, user);
    const headers = { cookie: cookieHeader(agent), 'content-type': 'application/json' };
    const stateChanging = ctx.server.routes.filter((r) => changesState(r.method, r.url) && r.url !== '/public/api/login/account');
    expect(stateChanging.length).toBeGreaterThan(20);
    for (const route of stateChanging) {
      const path = route.url.replace(/:(\w+)/g, '1');
      const methods = route.method === 'GET' ? ['GET', 'HEAD'] : [route.method];
      for (const method of methods) {
        for (const spelled of spellings(path)) {
          const response = await rawRequest(base, method, spelled, headers, method === 'GET' || method === 'HEAD' ? undefined : '{}');
          expect(response.status, `${method} ${spelled}`).toBe(403);
          if (method !== 'HEAD') expect(JSON.parse(response.body), `${method} ${spelled}`).toEqual({ error: { message: CSRF_MESSAGE } });
        }
      }
    }
    expect((await agent.request('GET', '/api/session')).statusCode).toBe(200);
  });

  it.skipIf(skip)('changes nothing through an encoded path: pause, schedule delete and logout stay undone', async () => {
    const base = await baseUrl();
    const user = await buildUser(db());
    const agent = await signedIn(ctx.server.app, user);
    const campaign = await buildCampaign(db(), { ownerId: user.id });
    const schedule = JSON.stringify({ type: 'FixedDate', status: 'SCHEDULED', startDate: '01/01/2030 10:00' });
    const projectId = await buildProject(db(), { ownerId: user.id, campaignId: campaign.id, status: 'SCHEDULED', schedule });
    const headers = { cookie: cookieHeader(agent) };
    const attacks = [
      `/%61ction/pause/campaign/${campaign.id}`, `/%61ction/delete/schedule/${projectId}`, '/api/logou%74',
      `//action/pause/campaign/${campaign.id}/`, `/ACTION/DELETE/SCHEDULE/${projectId}`, '/API/LOGOUT',
    ];
    for (const path of attacks) {
      for (const method of ['GET', 'HEAD']) expect((await rawRequest(base, method, path, headers)).status, `${method} ${path}`).toBe(403);
    }
    const campaignRow = await db().selectFrom('campaigns').select('campaign_status').where('id', '=', campaign.id).executeTakeFirstOrThrow();
    expect(campaignRow.campaign_status).toBe('ACTIVE');
    const projectRow = await db().selectFrom('projects').select(['status', 'schedule']).where('id', '=', projectId).executeTakeFirstOrThrow();
    expect(projectRow).toEqual({ status: 'SCHEDULED', schedule });
    expect((await agent.request('GET', '/api/session')).statusCode).toBe(200);
    expect(agent.sessionToken).toBeDefined();
  });

  it.skipIf(skip)('refuses HEAD of a state-changing route even with the token (it would run the GET handler)', async () => {
    const base = await baseUrl();
    const user = await buildUser(db());
    const agent = await signedIn(ctx.server.app, user);
    const campaign = await buildCampaign(db(), { ownerId: user.id });
    const token = agent.cookies.get(XSRF_COOKIE) ?? '';
    const headers = { cookie: cookieHeader(agent), [XSRF_HEADER]: token };
    for (const path of [`/action/pause/campaign/${campaign.id}`, `/%61ction/pause/campaign/${campaign.id}`, '/api/logout']) {
      expect((await rawRequest(base, 'HEAD', path, headers)).status, path).toBe(405);
    }
    const paused = await db().selectFrom('campaigns').select('campaign_status').where('id', '=', campaign.id).executeTakeFirstOrThrow();
    expect(paused.campaign_status).toBe('ACTIVE');
    expect((await agent.request('GET', '/api/session')).statusCode).toBe(200);
    // A GET of the same route does its work with the token, so the refusal is HEAD's alone.
    const viaGet = await rawRequest(base, 'GET', `/%61ction/pause/campaign/${campaign.id}`, headers);
    expect(viaGet.status).toBe(200);
    const after = await db().selectFrom('campaigns').select('campaign_status').where('id', '=', campaign.id).executeTakeFirstOrThrow();
    expect(after.campaign_status).toBe('PAUSED');
  });

  it.skipIf(skip)('keeps plain reads and static pages open under HEAD', async () => {
    const base = await baseUrl();
    const user = await buildUser(db());
    const agent = await signedIn(ctx.server.app, user);
    expect((await rawRequest(base, 'HEAD', '/rest/campaigns', { cookie: cookieHeader(agent) })).status).toBe(200);
    expect((await rawRequest(base, 'HEAD', '/public/api/app-info', {})).status).toBe(200);
  });
});
