import { describe, expect, it } from 'vitest';
import { CampaignListResponseSchema } from '@linkloom/shared';
import { DATABASES } from '../support/databases';
import { useTestServer } from '../support/lifecycle';
import { Agent, signedIn } from '../support/agent';
import { buildCampaign, buildUser } from '../support/factories';
import { assertOwned, isOwnedBy } from '../../src/platform/auth/ownership';
import { NotFoundError } from '../../src/platform/http/errors';

describe.each(DATABASES)('owner scoping and API description on $kind', ({ kind, skip }) => {
  const ctx = useTestServer(kind, skip);

  it.skipIf(skip)("lists only the signed-in user's campaigns, newest first", async () => {
    const ann = await buildUser(ctx.server.database.db);
    const bob = await buildUser(ctx.server.database.db);
    const first = await buildCampaign(ctx.server.database.db, { ownerId: ann.id, name: 'Ann 1' });
    const second = await buildCampaign(ctx.server.database.db, { ownerId: ann.id, name: 'Ann 2' });
    await buildCampaign(ctx.server.database.db, { ownerId: bob.id, name: 'Bob 1' });

    const response = await (await signedIn(ctx.server.app, ann)).request('GET', '/rest/campaigns');
    expect(response.statusCode).toBe(200);
    const body = CampaignListResponseSchema.parse(response.json());
    expect(body.campaigns.map((c) => c.id)).toEqual([second.id, first.id]);
    expect(body.campaigns[0]).toEqual({
      id: second.id, name: 'Ann 2', campaignStatus: 'ACTIVE', creatingType: 'Manual',
      projectCount: { scheduled: 0, running: 0, starting: 0, failed: 0 },
    });
  });

  it.skipIf(skip)("answers another user's id exactly like a missing one", async () => {
    const ann = await buildUser(ctx.server.database.db);
    const bob = await buildUser(ctx.server.database.db);
    const campaign = await buildCampaign(ctx.server.database.db, { ownerId: ann.id });
    expect(await isOwnedBy(ctx.server.database.db, 'campaigns', campaign.id, ann.id)).toBe(true);
    expect(await isOwnedBy(ctx.server.database.db, 'campaigns', campaign.id, bob.id)).toBe(false);
    await expect(assertOwned(ctx.server.database.db, 'campaigns', campaign.id, bob.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(assertOwned(ctx.server.database.db, 'campaigns', 999_999, bob.id)).rejects.toBeInstanceOf(NotFoundError);
  });

  it.skipIf(skip)('refuses every non-public route without a session (401, JSON error)', async () => {
    const agent = await new Agent(ctx.server.app).prime();
    for (const route of ctx.server.routes.filter((r) => r.method === 'GET' && /^\/(rest|api\/session)/.test(r.url))) {
      const response = await agent.request('GET', route.url.replace(/:(\w+)/g, '1'));
      expect(response.statusCode, route.url).toBe(401);
      expect(response.json().error.message).toBe('Your session has ended. Please log in again.');
    }
  });

  it.skipIf(skip)('describes the API at /docs from the same schemas', async () => {
    const agent = new Agent(ctx.server.app);
    const ui = await agent.request('GET', '/docs/');
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
    const spec = (await agent.request('GET', '/docs/json')).json();
    expect(spec.openapi).toMatch(/^3\./);
    const login = spec.paths['/public/api/login/account'].post;
    const schema = login.requestBody.content['application/json'].schema;
    expect(schema.required).toEqual(expect.arrayContaining(['username', 'password']));
    expect(Object.keys(spec.paths)).toEqual(expect.arrayContaining(['/api/logout', '/api/session', '/rest/campaigns', '/public/api/setup']));
  });

  it.skipIf(skip)('answers unknown API paths with a JSON 404', async () => {
    const user = await buildUser(ctx.server.database.db);
    const response = await (await signedIn(ctx.server.app, user)).request('GET', '/rest/nothing-here');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { message: 'No such route: GET /rest/nothing-here' } });
  });
});
