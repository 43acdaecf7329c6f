/**
 * Personal API tokens (issue 19.3) on both databases: made, listed and revoked from a signed-in
 * session with the schema's messages; stored only as a hash; a request with `Authorization: Bearer`
 * acts as the token's owner on reads and writes without the XSRF header, is refused once the token
 * is revoked, never falls back to a cookie it also carries, may not manage tokens, is limited per
 * minute, and never reaches another user's data.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { API_TOKEN_MESSAGES, SESSION_COOKIE, type CreateApiTokenResponse } from '@linkloom/shared';
import { CSRF_MESSAGE } from '../../src/platform/auth/csrf.plugin';
import { DATABASES } from '../support/databases';
import { useTestServer } from '../support/lifecycle';
import { useTwoUsers } from '../support/scenario';
import { signedIn, type Agent } from '../support/agent';
import { buildCampaign, buildUser } from '../support/factories';
import { buildProject } from '../support/campaign-factories';
import { buildProfile } from '../support/accounts-factories';
import { buildLinkSet, buildLinks } from '../support/link-factories';
import { buildContentGroup, buildSites } from '../support/project-factories';
import { FIRST_CUSTOM_STRATEGY_ID } from '../../src/platform/db/migrations/0017-strategies';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A call as a script makes it: the bearer token, no cookie, no XSRF header (unless `headers` add them). */
function withToken(app: FastifyInstance, secret: string, method: Method, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  return app.inject({ method, url, headers: { authorization: `Bearer ${secret}`, ...headers }, ...(body === undefined ? {} : { payload: body as object }) });
}

/** Makes a token from the browser session, as the API tokens screen does. */
async function createToken(agent: Agent, name: string): Promise<CreateApiTokenResponse> {
  const response = await agent.request('POST', '/rest/api_tokens', { body: { name } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const errorOf = (message: string) => ({ error: { message } });

describe.each(DATABASES)('personal API tokens on $kind', ({ kind, skip }) => {
  const ctx = useTestServer(kind, skip);
  const { ann, bob } = useTwoUsers(ctx, skip);
  const app = () => ctx.server.app;
  const db = () => ctx.server.database.db;

  it.skipIf(skip)('creates, lists and revokes tokens from the session, with the schema messages', async () => {
    const empty = await ann.agent.request('POST', '/rest/api_tokens', { body: { name: '  ' } });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().error.message).toBe(API_TOKEN_MESSAGES.nameRequired);
    const long = await ann.agent.request('POST', '/rest/api_tokens', { body: { name: 'x'.repeat(101) } });
    expect(long.statusCode).toBe(422);
    expect(long.json().error.message).toBe(API_TOKEN_MESSAGES.nameTooLong);

    const before = Date.now();
    const first = await createToken(ann.agent, ' Nightly report ');
    const second = await createToken(ann.agent, 'x'.repeat(100));
    expect(first.secret).toMatch(/^ll_[A-Za-z0-9_-]{43}$/);
    expect(first.token).toEqual({ id: expect.any(Number), name: 'Nightly report', prefix: first.secret.slice(0, 8), createdAt: expect.any(Number), lastUsedAt: null });
    expect(first.token.createdAt).toBeGreaterThanOrEqual(before);
    expect(second.secret).not.toBe(first.secret);

    const list = await ann.agent.request('GET', '/rest/api_tokens');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({ tokens: [second.token, first.token], success: { message: 'Success' } });
    expect(list.body).not.toContain(first.secret.slice(8));
    expect((await bob.agent.request('GET', '/rest/api_tokens')).json().tokens).toEqual([]);

    // Another user's token and an unknown id answer alike.
    expect((await bob.agent.request('DELETE', `/rest/api_tokens/${first.token.id}`)).json()).toEqual(errorOf(API_TOKEN_MESSAGES.notFound));
    const revoked = await ann.agent.request('DELETE', `/rest/api_tokens/${first.token.id}`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toEqual({ id: first.token.id });
    const again = await ann.agent.request('DELETE', `/rest/api_tokens/${first.token.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual(errorOf(API_TOKEN_MESSAGES.notFound));
    expect((await ann.agent.request('GET', '/rest/api_tokens')).json().tokens).toEqual([second.token]);
  });

  it.skipIf(skip)('stores only the hash of a secret: not a byte of it in the table (nor in the SQLite file)', async () => {
    const { secret, token } = await createToken(ann.agent, 'Stored hashed');
    const rows = JSON.stringify((await sql`select * from api_tokens`.execute(db())).rows);
    const hidden = secret.slice(8);
    expect(rows).toContain(createHash('sha256').update(secret).digest('hex'));
    expect(rows).toContain(token.prefix);
    expect(rows).not.toContain(hidden);
    if (kind === 'sqlite') {
      const file = path.join(ctx.handle.env.DATA_DIR!, 'linkloom.sqlite');
      for (const part of [file, `${file}-wal`].filter((name) => fs.existsSync(name))) {
        expect(fs.readFileSync(part).includes(hidden), part).toBe(false);
      }
    }
  });

  it.skipIf(skip)("acts as the token's owner on reads and writes, with no cookie and no XSRF header", async () => {
    const { secret, token } = await createToken(ann.agent, 'Script');
    const session = await withToken(app(), secret, 'GET', '/api/session');
    expect(session.statusCode).toBe(200);
    expect(session.json()).toEqual({ name: expect.any(String), username: ann.username });

    const created = await withToken(app(), secret, 'PUT', '/rest/campaigns', { name: 'Made by a script' });
    expect(created.statusCode, created.body).toBe(200);
    const campaigns = await withToken(app(), secret, 'GET', '/rest/campaigns');
    expect(campaigns.statusCode).toBe(200);
    expect(campaigns.json().campaigns.map((c: { name: string }) => c.name)).toContain('Made by a script');
    const owner = await db().selectFrom('campaigns').select('owner_id').where('name', '=', 'Made by a script').executeTakeFirstOrThrow();
    expect(owner.owner_id).toBe(ann.id);

    // last used: stamped on use, then at most once a minute.
    const stamped = (await ann.agent.request('GET', '/rest/api_tokens')).json().tokens.find((t: { id: number }) => t.id === token.id);
    expect(stamped.lastUsedAt).toBeGreaterThanOrEqual(token.createdAt);
    const thirtySecondsAgo = Date.now() - 30_000;
    await db().updateTable('api_tokens').set({ last_used_at: thirtySecondsAgo }).where('id', '=', token.id).execute();
    await withToken(app(), secret, 'GET', '/api/session');
    expect(await lastUsed(token.id)).toBe(thirtySecondsAgo);
    await db().updateTable('api_tokens').set({ last_used_at: Date.now() - 61_000 }).where('id', '=', token.id).execute();
    await withToken(app(), secret, 'GET', '/api/session');
    expect(await lastUsed(token.id)).toBeGreaterThan(Date.now() - 5_000);
  });

  async function lastUsed(id: number): Promise<number | null> {
    const row = await db().selectFrom('api_tokens').select('last_used_at').where('id', '=', id).executeTakeFirstOrThrow();
    return row.last_used_at === null ? null : Number(row.last_used_at);
  }

  it.skipIf(skip)('refuses a revoked, unknown or malformed token with 401, even beside a valid session cookie', async () => {
    const { secret, token } = await createToken(ann.agent, 'Soon revoked');
    expect((await withToken(app(), secret, 'GET', '/rest/campaigns')).statusCode).toBe(200);
    await ann.agent.request('DELETE', `/rest/api_tokens/${token.id}`);
    for (const method of ['GET', 'PUT'] as const) {
      const refused = await withToken(app(), secret, method, '/rest/campaigns', method === 'PUT' ? { name: 'no' } : undefined);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual(errorOf(API_TOKEN_MESSAGES.invalid));
    }
    expect((await withToken(app(), `ll_${'A'.repeat(43)}`, 'GET', '/rest/campaigns')).json()).toEqual(errorOf(API_TOKEN_MESSAGES.invalid));
    const malformed = await app().inject({ method: 'GET', url: '/rest/campaigns', headers: { authorization: 'Bearer' } });
    expect(malformed.statusCode).toBe(401);
    expect(malformed.json()).toEqual(errorOf(API_TOKEN_MESSAGES.malformed));
    // Ann's own live session cookie next to the revoked token: the token decides, and it is dead.
    const both = await withToken(app(), secret, 'GET', '/rest/campaigns', undefined, { cookie: `${SESSION_COOKIE}=${ann.agent.sessionToken}` });
    expect(both.statusCode).toBe(401);
  });

  it.skipIf(skip)('keeps the XSRF check when the session cookie comes along, and then acts as the token, not the cookie', async () => {
    const { secret } = await createToken(ann.agent, 'Beside a cookie');
    const headers = { authorization: `Bearer ${secret}` };
    const forged = await bob.agent.request('PUT', '/rest/campaigns', { body: { name: 'forged' }, xsrf: false, headers });
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toEqual(errorOf(CSRF_MESSAGE));
    const session = await bob.agent.request('GET', '/api/session', { headers });
    expect(session.json().username).toBe(ann.username);
    const write = await bob.agent.request('PUT', '/rest/campaigns', { body: { name: 'Ann via token beside Bob cookie' }, headers });
    expect(write.statusCode).toBe(200);
    const owner = await db().selectFrom('campaigns').select('owner_id').where('name', '=', 'Ann via token beside Bob cookie').executeTakeFirstOrThrow();
    expect(owner.owner_id).toBe(ann.id);
    // HEAD of a state-changing route stays refused for a token too (it would run the GET handler).
    const head = await app().inject({ method: 'HEAD', url: '/action/pause/campaign/1', headers });
    expect(head.statusCode).toBe(405);
  });

  it.skipIf(skip)('does not let a token create, list or revoke tokens', async () => {
    const { secret, token } = await createToken(ann.agent, 'Cannot manage');
    const calls: [Method, string, unknown][] = [
      ['GET', '/rest/api_tokens', undefined], ['POST', '/rest/api_tokens', { name: 'from a token' }], ['DELETE', `/rest/api_tokens/${token.id}`, undefined],
    ];
    for (const [method, url, body] of calls) {
      const response = await withToken(app(), secret, method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json()).toEqual(errorOf(API_TOKEN_MESSAGES.sessionOnly));
    }
    const names = (await ann.agent.request('GET', '/rest/api_tokens')).json().tokens.map((t: { name: string }) => t.name);
    expect(names).toContain('Cannot manage');
    expect(names).not.toContain('from a token');
  });

  it.skipIf(skip)("never reaches another user's data: every GET route with an id, and writes naming Bob's ids, answer 404", async () => {
    // A walker who owns nothing but the token, so no id of Bob's is also one of theirs.
    const walker = await signedIn(app(), await buildUser(db()));
    const { secret } = await createToken(walker, 'Walker');
    const bobIds = await seedBob(bob.id);
    const before = await bobSnapshot(bob.id);
    const routes = ctx.server.routes.filter((route) => route.method === 'GET' && /^\/(rest|action)\//.test(route.url) && /:\w+/.test(route.url));
    expect(routes.length).toBeGreaterThan(10);
    for (const route of routes) {
      for (const id of bobIds.all) {
        const url = route.url.replace(/:\w+/g, String(id));
        const response = await withToken(app(), secret, 'GET', url);
        // A built-in strategy (ids below the first custom one) and its preview are everyone's: read (200) or refused as built-in (403), never Bob's.
        const builtin = /\/strategies\/:id(\/preview)?$/.test(route.url) && id < FIRST_CUSTOM_STRATEGY_ID;
        if (builtin) expect([200, 403], `GET ${url} → ${response.body.slice(0, 200)}`).toContain(response.statusCode);
        else expect(response.statusCode, `GET ${url} → ${response.body.slice(0, 200)}`).toBe(404);
        expect(response.body).not.toContain('BOBMARK');
      }
    }
    const writes = bobWrites(bobIds);
    for (const call of writes) {
      const response = await withToken(app(), secret, call.method, call.url, call.body);
      expect(response.statusCode, `${call.method} ${call.url} → ${response.body}`).toBe(404);
    }
    expect(await bobSnapshot(bob.id)).toBe(before);
    // The same writes with Bob's own token go through: each 404 above was for the owner alone.
    const bobToken = await createToken(bob.agent, 'Control');
    for (const call of writes) {
      const response = await withToken(app(), bobToken.secret, call.method, call.url, call.body);
      expect(response.statusCode, `Bob's own ${call.method} ${call.url} → ${response.body}`).toBeLessThan(300);
    }
  });

  async function seedBob(ownerId: number) {
    const campaign = await buildCampaign(db(), { ownerId, name: 'BOBMARK campaign' });
    const project = await buildProject(db(), { ownerId, campaignId: campaign.id });
    const profile = await buildProfile(db(), { ownerId, campaignId: campaign.id, name: 'BOBMARK profile' });
    const linkSet = await buildLinkSet(db(), { ownerId, campaignId: campaign.id, name: 'BOBMARK links' });
    await buildLinks(db(), { ownerId, urlListId: linkSet.id }, 3);
    const group = await buildContentGroup(db(), { ownerId, name: 'BOBMARK group', articles: 1 });
    const network = await buildSites(db(), { ownerId, count: 1 });
    return {
      campaignId: campaign.id, projectId: project, profileId: profile.id, linkSetId: linkSet.id, groupId: group.id,
      all: [campaign.id, project, profile.id, linkSet.id, group.id, network.networkId],
    };
  }

  async function bobSnapshot(ownerId: number): Promise<string> {
    const tables = ['campaigns', 'projects', 'profiles', 'url_lists', 'url_items', 'content_groups', 'articles', 'private_networks', 'private_sites'] as const;
    const parts: unknown[] = [];
    for (const table of tables) parts.push(await db().selectFrom(table).selectAll().where('owner_id', '=', ownerId).orderBy('id').execute());
    return JSON.stringify(parts);
  }
});

/** Writes a script could aim at another user's objects, by their ids. */
function bobWrites(ids: { campaignId: number; projectId: number; profileId: number; linkSetId: number; groupId: number }) {
  return [
    { method: 'POST' as const, url: '/rest/campaigns', body: { id: ids.campaignId, name: 'renamed by a token' } },
    { method: 'PUT' as const, url: '/rest/project', body: { campaignId: ids.campaignId, module: 'Wiki', name: 'planted by a token' } },
    { method: 'POST' as const, url: `/rest/project/rename/${ids.projectId}`, body: { campaignId: ids.campaignId, module: 'SocialNetwork', name: 'renamed by a token' } },
    { method: 'PUT' as const, url: '/rest/url_list', body: { campaignId: ids.campaignId, name: 'planted by a token' } },
    { method: 'POST' as const, url: `/rest/url_item/${ids.linkSetId}`, body: { url: 'https://planted.example/a', anchor: 'planted' } },
    { method: 'PUT' as const, url: '/rest/profile', body: { campaignId: ids.campaignId, name: 'planted by a token' } },
    { method: 'POST' as const, url: '/rest/article', body: { contentGroupId: ids.groupId, title: 'planted', body: 'planted', authorName: 'x', authorBio: 'x' } },
  ];
}

describe.each(DATABASES)('the per-token request limit on $kind', ({ kind, skip }) => {
  const ctx = useTestServer(kind, skip, { env: { API_TOKEN_REQUESTS_PER_MINUTE: '3' } });
  const { ann } = useTwoUsers(ctx, skip);

  it.skipIf(skip)('answers 429 with the error body and Retry-After past the limit; another token has its own count', async () => {
    const first = await createToken(ann.agent, 'Busy');
    const second = await createToken(ann.agent, 'Quiet');
    for (let call = 1; call <= 3; call += 1) {
      expect((await withToken(ctx.server.app, first.secret, 'GET', '/rest/campaigns')).statusCode, `call ${call}`).toBe(200);
    }
    const limited = await withToken(ctx.server.app, first.secret, 'GET', '/rest/campaigns');
    expect(limited.statusCode).toBe(429);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.json()).toEqual(errorOf(API_TOKEN_MESSAGES.tooManyRequests(retryAfter)));
    expect((await withToken(ctx.server.app, second.secret, 'GET', '/rest/campaigns')).statusCode).toBe(200);
    // The browser session is not counted against any token.
    expect((await ann.agent.request('GET', '/rest/campaigns')).statusCode).toBe(200);
  });
});
