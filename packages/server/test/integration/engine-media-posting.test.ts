/**
 * Issue 16.7 end to end: a project that searches for images by keyword publishes them on a real
 * WordPress blog. The images come from the stand-in that follows Openverse's documented search
 * (no internet here); the post on the blog carries them with the credit line the licence asks for,
 * and the run completes without a warning line.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SERVICES_OVERRIDE_ENV } from '../../src/engine/content-services/content-http';
import { startEngine } from '../../src/engine/jobs/engine';
import { createTestDatabase, type TestDatabaseHandle } from '../support/databases';
import { buildUser } from '../support/factories';
import { signedIn, type Agent } from '../support/agent';
import { buildPrivateProjectWorld } from '../support/engine-world';
import { startTestApp, type TestApp } from '../support/test-app';
import { startWordPressPeers, wordPressAvailability, type WordPressPeers } from '../support/wordpress-peers';
import { startContentServicesStandIn, type ContentServicesStandIn } from '../support/content-services-stand-in';
import { untilWithin } from '../support/until';

const availability = await wordPressAvailability();
const skipReason = availability.available ? '' : ` (SKIPPED: ${availability.reason})`;
const until = untilWithin(90_000, 200);

describe.skipIf(!availability.available)(`engine: images found by keyword on a real WordPress post${skipReason}`, () => {
  let peers: WordPressPeers;
  let standIn: ContentServicesStandIn;
  let handle: TestDatabaseHandle;
  let server: TestApp;
  let ownerId: number;
  let agent: Agent;

  beforeAll(async () => {
    standIn = await startContentServicesStandIn();
    process.env[CONTENT_SERVICES_OVERRIDE_ENV] = standIn.url;
    peers = await startWordPressPeers(1);
    handle = await createTestDatabase('sqlite');
    server = await startTestApp(handle, {}, { withLive: false });
    await startEngine(server.context);
    const user = await buildUser(server.database.db);
    ownerId = user.id;
    agent = await signedIn(server.app, user);
  });

  afterAll(async () => {
    delete process.env[CONTENT_SERVICES_OVERRIDE_ENV];
    await server?.close();
    await handle?.drop();
    await peers?.stop();
    await standIn?.close();
  });

  it('publishes the post with two found images and their licence credit, and completes', async () => {
    const db = server.database.db;
    const site = peers.sites[0]!;
    const world = await buildPrivateProjectWorld(db, ownerId, [{ url: site.url, username: site.username, password: site.applicationPassword }]);
    const form = { ...world.form, insertImages: true, searchForImages: true, keywordsForImage: 'garden compost', minImage: 2, maxImage: 2, imagePosition: 'Top' };
    const saved = await agent.request('POST', '/rest/privateproject', {
      body: { project: { id: world.projectId, ...form }, sites: world.sites.map((s) => ({ id: { siteId: s.id, email: s.email }, checked: true })), sessionUuid: 'media-session' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await agent.request('GET', `/action/start/project/${world.projectId}`)).statusCode).toBe(200);
    const done = await until('the project to finish', async () => {
      const row = await db.selectFrom('projects').select(['status', 'last_error']).where('id', '=', world.projectId).executeTakeFirstOrThrow();
      return row.status === 'COMPLETED' || row.status === 'FAILED' ? row : undefined;
    });
    expect(done).toEqual({ status: 'COMPLETED', last_error: '[]' });

    const post = await db.selectFrom('engine_posts').select(['remote_url']).where('project_id', '=', world.projectId).where('state', '=', 'published').executeTakeFirstOrThrow();
    const page = await (await fetch(post.remote_url!)).text();
    // Two of the images the search found, inline; each CC BY one with the credit line its licence asks for (the stand-in's first image is CC0).
    const escaped = standIn.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const chosen = [...page.matchAll(new RegExp(`<img [^>]*src="${escaped}/images/garden%20compost-(\\d)\\.jpg"`, 'g'))].map((m) => Number(m[1]));
    expect(new Set(chosen).size).toBe(2);
    for (const n of chosen.filter((image) => image !== 1)) {
      expect(page).toContain(`<figcaption>&quot;garden compost ${n}&quot; by Photographer ${n} is licensed under CC BY 2.0.</figcaption>`);
    }
    expect(standIn.requests.some((r) => r.path === '/api.openverse.org/v1/images/' && r.fields.q === 'garden compost')).toBe(true);
  });
});
