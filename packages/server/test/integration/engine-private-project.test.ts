/**
 * The engine end to end against two real WordPress blogs (Debian's WordPress, scripts/peers):
 * a private blog project is started through the HTTP API, its posts appear on the blogs with their
 * links, the output link set fills live and the project completes; a wrong password fails that site
 * only. Then the same with the server as a child process killed (SIGKILL) mid-run: it resumes, no
 * post is made twice and every published post is in the output link set. Posts carry no marker of
 * ours: each is found again by the intent recorded before it was sent (slug from its title).
 */
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEnvelope } from '@linkloom/shared';
import { openDatabase } from '../../src/platform/db/dialect';
import { migrateToLatest } from '../../src/platform/db/migrate';
import { createUser } from '../../src/features/session/create-user';
import { saveOptions } from '../../src/features/options/options.repository';
import { httpUser } from '../support/http-user';
import { startServer, type RunningServer } from '../support/server-process';
import { startEngine } from '../../src/engine/jobs/engine';
import { slugOfTitle } from '../../src/engine/connectors/wordpress/slug';
import { createTestDatabase, type TestDatabaseHandle } from '../support/databases';
import { buildUser } from '../support/factories';
import { signedIn, type Agent } from '../support/agent';
import { buildPrivateProjectWorld, pageAnchors, type PrivateProjectWorld } from '../support/engine-world';
import { connectLive, connected, recorder, subscribe } from '../support/live-client';
import { listen, startTestApp, type TestApp } from '../support/test-app';
import { startWordPressPeers, wordPressAvailability, type WordPressPeers, type WordPressPeerSite } from '../support/wordpress-peers';
import { untilWithin } from '../support/until';

/** A killed server's jobs are taken again after this lease, not the default 30 s (README: QUEUE_LEASE_SECONDS). */
const KILLED_JOB_LEASE_S = '3';

const availability = await wordPressAvailability();
const skipReason = availability.available ? '' : ` (SKIPPED: ${availability.reason})`;

const blogOf = (site: WordPressPeerSite, password = site.applicationPassword) => ({ url: site.url, username: site.username, password });

const until = untilWithin(90_000, 200);

describe.skipIf(!availability.available)(`engine: a private blog project on real WordPress${skipReason}`, () => {
  let peers: WordPressPeers;
  let handle: TestDatabaseHandle;
  let server: TestApp;
  let baseUrl: string;
  let ownerId: number;
  let agent: Agent;

  beforeAll(async () => {
    peers = await startWordPressPeers(2);
    handle = await createTestDatabase('sqlite');
    server = await startTestApp(handle, {}, { withLive: true });
    await startEngine(server.context);
    baseUrl = await listen(server);
    const user = await buildUser(server.database.db);
    ownerId = user.id;
    agent = await signedIn(server.app, user);
  });

  afterAll(async () => {
    await server?.close();
    await handle?.drop();
    await peers?.stop();
  });

  const db = () => server.database.db;
  const statusOf = async (projectId: number) => db().selectFrom('projects').select(['status', 'last_error']).where('id', '=', projectId).executeTakeFirstOrThrow();
  const siteRows = async (projectId: number) => db().selectFrom('project_sites').select(['site_key', 'status', 'wait_info']).where('project_id', '=', projectId).orderBy('id').execute();

  async function inbox(world: PrivateProjectWorld) {
    const socket = connectLive(baseUrl, agent);
    await connected(socket);
    const recorded = recorder(socket);
    for (const topic of [`project/${world.projectId}`, `campaign/${world.campaignId}`, `url_list/${world.outputLinkSetId}`]) {
      expect(await subscribe(socket, topic)).toEqual({ ok: true });
    }
    return { messages: recorded.messages, close: () => socket.disconnect() };
  }

  const named = (messages: LiveEnvelope[], name: string) => messages.filter((message) => message.name === name);

  it('publishes to both blogs with the links placed, fills the output link set live, verifies it, and completes', async () => {
    const world = await buildPrivateProjectWorld(db(), ownerId, peers.sites.map((site) => blogOf(site)));
    // Saved through the screen's call, as a user would.
    const saved = await agent.request('POST', '/rest/privateproject', {
      body: { project: { id: world.projectId, ...world.form }, sites: world.sites.map((site) => ({ id: { siteId: site.id, email: site.email }, checked: true })), sessionUuid: 'engine-session-1' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const live = await inbox(world);

    const started = await agent.request('GET', `/action/start/project/${world.projectId}`);
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().status).toBe('STARTING');

    const done = await until('the project to finish', async () => {
      const row = await statusOf(world.projectId);
      return row.status === 'COMPLETED' || row.status === 'FAILED' ? row : undefined;
    });
    expect(done, done.last_error).toEqual({ status: 'COMPLETED', last_error: '[]' });

    const outputs = await db().selectFrom('url_items').selectAll().where('url_list_id', '=', world.outputLinkSetId).orderBy('id').execute();
    expect(outputs).toHaveLength(2);
    expect(outputs.map((item) => item.site).sort()).toEqual(world.sites.map((site) => site.url).sort());
    const posts = await db().selectFrom('engine_posts').selectAll().where('project_id', '=', world.projectId).orderBy('id').execute();
    expect(posts.map((post) => post.state)).toEqual(['published', 'published']);
    for (const item of outputs) {
      const post = posts.find((candidate) => candidate.id === item.post_id)!;
      expect(item.url).toBe(post.remote_url);
      expect(item.username).toBe('admin');
      expect(item.anchor).not.toBe('');
      // The post is on the blog, with every placed link.
      const page = await fetch(item.url);
      expect(page.status).toBe(200);
      const anchors = pageAnchors(await page.text());
      const placed = await db().selectFrom('engine_post_links').select(['url', 'anchor']).where('post_id', '=', post.id).execute();
      expect(placed).toHaveLength(2);
      for (const link of placed) {
        expect(world.links).toContain(link.url);
        expect(anchors.some((anchor) => anchor.href === link.url)).toBe(true);
      }
    }
    // Verified: every placed link found, followed.
    let checks: { check_status: string; check_info: string | null }[] = [];
    await until('the links to be verified', async () => {
      checks = await db().selectFrom('url_items').select(['check_status', 'check_info']).where('url_list_id', '=', world.outputLinkSetId).execute();
      return checks.every((check) => check.check_status === 'OK') ? true : undefined;
    }, 60_000).catch((error: Error) => {
      throw new Error(`${error.message}: ${JSON.stringify(checks)}`);
    });

    expect((await siteRows(world.projectId)).map((row) => [row.status, row.wait_info])).toEqual([['SUCCESS', '1 of 1 posts'], ['SUCCESS', '1 of 1 posts']]);
    const article = await db().selectFrom('articles').select((eb) => eb.fn.sum<number>('usage_count').as('used')).where('content_group_id', '=', world.contentGroupId).executeTakeFirstOrThrow();
    expect(Number(article.used)).toBe(2);

    const added = () => named(live.messages, 'linksAdded').reduce((sum, m) => sum + (m.payload as { added: number }).added, 0);
    await until('the live messages', async () => added() === 2 && named(live.messages, 'projectStatusChanged').length >= 6);
    expect(named(live.messages, 'linksAdded').at(-1)!.payload).toMatchObject({ urlListId: world.outputLinkSetId, count: 2 });
    const statuses = named(live.messages, 'projectStatusChanged').filter((m) => m.topic === `project/${world.projectId}`).map((m) => (m.payload as { status: string }).status);
    expect(statuses).toEqual(['STARTING', 'RUNNING', 'COMPLETED']);
    expect(named(live.messages, 'urlListEdited').length).toBeGreaterThanOrEqual(1);
    const siteUpdates = named(live.messages, 'siteStatusChanged').flatMap((m) => (m.payload as { sites: { status: string }[] }).sites.map((site) => site.status));
    expect(siteUpdates).toContain('RUNNING');
    expect(siteUpdates).toContain('SUCCESS');
    live.close();

    // Second run: one blog's password is wrong now → that site FAILED with a clear reason, the other SUCCESS, the project FAILED.
    const wrong = world.sites[1]!;
    await db().updateTable('private_sites').set({ password: 'wrong wrong wrong wrong' }).where('id', '=', wrong.id).execute();
    expect((await agent.request('GET', `/action/start/project/${world.projectId}`)).statusCode).toBe(200);
    const failed = await until('the second run to finish', async () => {
      const row = await statusOf(world.projectId);
      return row.status === 'COMPLETED' || row.status === 'FAILED' ? row : undefined;
    });
    expect(failed.status).toBe('FAILED');
    const lastError = JSON.parse(failed.last_error) as string[];
    expect(lastError).toHaveLength(1);
    expect(lastError[0]).toContain(wrong.url.replace(/\/$/, ''));
    expect(lastError[0]).toContain('refused the username or application password');
    const rows = await siteRows(world.projectId);
    expect(rows.map((row) => [row.site_key, row.status])).toEqual([[world.sites[0]!.key, 'SUCCESS'], [wrong.key, 'FAILED']]);
    expect(await db().selectFrom('url_items').select('id').where('url_list_id', '=', world.outputLinkSetId).execute()).toHaveLength(3);
    const screen = await agent.request('GET', `/rest/project/${world.projectId}`);
    expect(screen.json().project.lastError).toEqual(lastError);
  });

  it('posts nothing after Stop: planned posts are cancelled and the project ends STOPPED', async () => {
    const world = await buildPrivateProjectWorld(db(), ownerId, peers.sites.map((site) => blogOf(site)), {
      schedule: { scheduleType: 'FixedDate', startDate: '01/01/2020 10:00', durationType: 'Spread', nDay: 1, numberOfPosts: 4 },
    });
    expect((await agent.request('GET', `/action/start/project/${world.projectId}`)).statusCode).toBe(200);
    // Spread over a day: the first post of each... only the first one starts now.
    await until('the first post', async () => (await db().selectFrom('engine_posts').select('id').where('project_id', '=', world.projectId).where('state', '=', 'published').executeTakeFirst()) ?? undefined);
    const stopped = await agent.request('GET', `/action/stop/project/${world.projectId}`);
    expect(stopped.json().status).toBe('STOPPING');
    const row = await until('STOPPED', async () => ((await statusOf(world.projectId)).status === 'STOPPED' ? true : undefined), 30_000);
    expect(row).toBe(true);
    const states = (await db().selectFrom('engine_posts').select('state').where('project_id', '=', world.projectId).execute()).map((post) => post.state);
    expect(states.filter((state) => state === 'published')).toHaveLength(1);
    expect(states.filter((state) => state === 'cancelled')).toHaveLength(7);
    const run = await db().selectFrom('project_runs').selectAll().where('project_id', '=', world.projectId).executeTakeFirstOrThrow();
    expect(run).toMatchObject({ state: 'stopped', posts_planned: 8, posts_done: 1 });
    // Restartable.
    expect((await agent.request('GET', `/action/start/project/${world.projectId}`)).json().status).toBe('STARTING');
    await agent.request('GET', `/action/stop/project/${world.projectId}`);
    await until('STOPPED again', async () => ((await statusOf(world.projectId)).status === 'STOPPED' ? true : undefined), 30_000);
  });

  it('reconciles an unknown outcome with the blog instead of posting again', async () => {
    const world = await buildPrivateProjectWorld(db(), ownerId, [blogOf(peers.sites[0]!)]);
    expect((await agent.request('GET', `/action/start/project/${world.projectId}`)).statusCode).toBe(200);
    await until('the run', async () => ((await statusOf(world.projectId)).status === 'COMPLETED' ? true : undefined));
    const post = await db().selectFrom('engine_posts').selectAll().where('project_id', '=', world.projectId).executeTakeFirstOrThrow();
    // As if the process died after WordPress made the post but before the result was recorded.
    await db().deleteFrom('url_items').where('post_id', '=', post.id).execute();
    await db().updateTable('engine_posts').set({ state: 'publishing', remote_url: null, remote_id: null, url_item_id: null, job_id: null }).where('id', '=', post.id).execute();
    await db().updateTable('project_runs').set({ state: 'running', finished_at: null }).where('id', '=', post.run_id).execute();
    await db().updateTable('projects').set({ status: 'RUNNING' }).where('id', '=', world.projectId).execute();
    await server.context.queue.send('post.publish', { ownerId, postId: post.id });
    await until('the run to settle again', async () => ((await statusOf(world.projectId)).status === 'COMPLETED' ? true : undefined));
    const after = await db().selectFrom('engine_posts').selectAll().where('id', '=', post.id).executeTakeFirstOrThrow();
    expect(after).toMatchObject({ state: 'published', remote_url: post.remote_url, remote_id: post.remote_id, attempts: post.attempts });
    const slugs = await blogSlugs(peers.sites[0]!);
    expect(slugs.filter((slug) => slug === post.intent_name)).toHaveLength(1);
    const items = await db().selectFrom('url_items').select(['url', 'post_id']).where('url_list_id', '=', world.outputLinkSetId).execute();
    expect(items).toEqual([{ url: post.remote_url, post_id: post.id }]);
  });

  it("posting project: posts with the profile's account for the site, and tries its next account after a refused login", async () => {
    const blog = peers.sites[0]!;
    const base = await buildPrivateProjectWorld(db(), ownerId, [blogOf(blog)]);
    // The user's site list: the blog as a site of the posting module, the accounts in a profile.
    await db().updateTable('private_sites').set({ module: 'SocialNetwork', username: 'nobody', password: 'not used' }).where('id', '=', base.sites[0]!.id).execute();
    const profile = await db().insertInto('profiles').values({ owner_id: ownerId, campaign_id: base.campaignId, name: 'Blog accounts', created_at: Date.now() }).returning('id').executeTakeFirstOrThrow();
    const host = new URL(blog.url).host;
    await db().insertInto('accounts').values([
      { owner_id: ownerId, profile_id: profile.id, site_name: host, email: 'first@example.test', username: blog.username, password: 'a wrong application password', created_at: Date.now() },
      { owner_id: ownerId, profile_id: profile.id, site_name: `www.${host}`, email: 'second@example.test', username: blog.username, password: blog.applicationPassword, created_at: Date.now() },
    ]).execute();
    const form = { ...base.form, selectedCampaignId: base.campaignId, profileId: profile.id };
    const posting = await db().insertInto('projects').values({
      owner_id: ownerId, campaign_id: base.campaignId, name: 'Blogs', module: 'SocialNetwork', settings: JSON.stringify(form), created_at: Date.now(),
    }).returning('id').executeTakeFirstOrThrow();
    const key = `SocialNetwork:${base.sites[0]!.id}`;
    await db().insertInto('project_sites').values({ owner_id: ownerId, project_id: posting.id, site_key: key, checked: 1, created_at: Date.now(), updated_at: Date.now() }).execute();

    expect((await agent.request('GET', `/action/start/project/${posting.id}`)).statusCode).toBe(200);
    const end = await until('the posting run', async () => {
      const row = await statusOf(posting.id);
      return row.status === 'COMPLETED' || row.status === 'FAILED' ? row : undefined;
    });
    expect(end, end.last_error).toEqual({ status: 'COMPLETED', last_error: '[]' });
    const post = await db().selectFrom('engine_posts').selectAll().where('project_id', '=', posting.id).executeTakeFirstOrThrow();
    expect(post).toMatchObject({ state: 'published', account_email: 'second@example.test', accounts_tried: 1 });
    expect(post.last_error).toBeNull();
    const item = await db().selectFrom('url_items').select(['url', 'username', 'site']).where('post_id', '=', post.id).executeTakeFirstOrThrow();
    expect(item).toEqual({ url: post.remote_url, username: blog.username, site: blog.url });
    expect((await fetch(item.url)).status).toBe(200);
  });

  it('posts through the user\'s working proxies when useProxyForPosting is on', async () => {
    // A forward proxy (HTTP CONNECT) on 127.0.0.1 that notes where it tunnels to.
    const tunnels: string[] = [];
    const proxy = http.createServer((_request, response) => response.writeHead(405).end());
    proxy.on('connect', (request: http.IncomingMessage, client: net.Socket, head: Buffer) => {
      tunnels.push(request.url ?? '');
      const [host, port] = (request.url ?? '').split(':');
      const upstream = net.connect(Number(port), host!, () => {
        client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        upstream.write(head);
        upstream.pipe(client);
        client.pipe(upstream);
      });
      upstream.on('error', () => client.destroy());
      client.on('error', () => upstream.destroy());
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    try {
      const user = await buildUser(db());
      const proxyAgent = await signedIn(server.app, user);
      const port = (proxy.address() as net.AddressInfo).port;
      await saveOptions(db(), user.id, { useProxyForPosting: true });
      await db().insertInto('proxies').values([
        { owner_id: user.id, host: '127.0.0.1', port: 1, status: 'FAILED', created_at: Date.now() },
        { owner_id: user.id, host: '127.0.0.1', port, status: 'WORKING', created_at: Date.now() },
      ]).execute();
      const world = await buildPrivateProjectWorld(db(), user.id, [blogOf(peers.sites[1]!)]);
      expect((await proxyAgent.request('GET', `/action/start/project/${world.projectId}`)).statusCode).toBe(200);
      const end = await until('the proxied run', async () => {
        const row = await statusOf(world.projectId);
        return row.status === 'COMPLETED' || row.status === 'FAILED' ? row : undefined;
      });
      expect(end, end.last_error).toEqual({ status: 'COMPLETED', last_error: '[]' });
      expect(tunnels.length).toBeGreaterThan(0);
      expect(new Set(tunnels)).toEqual(new Set([new URL(peers.sites[1]!.url).host]));
    } finally {
      proxy.closeAllConnections();
      await new Promise((resolve) => proxy.close(resolve));
    }
  });

  it("two installations posting to one blog never take each other's posts for their own, even with the same counters", async () => {
    const blog = peers.sites[1]!;
    // Two fresh installations: their users, projects, runs and sites get the same ids.
    const installations = [];
    for (let n = 0; n < 2; n += 1) {
      const fresh = await createTestDatabase('sqlite');
      const app = await startTestApp(fresh, {}, {});
      await startEngine(app.context);
      const user = await buildUser(app.database.db);
      const world = await buildPrivateProjectWorld(app.database.db, user.id, [blogOf(blog)]);
      installations.push({ fresh, app, user, world, agent: await signedIn(app.app, user) });
    }
    try {
      const published = [];
      for (const { app, world, agent: as } of installations) {
        expect((await as.request('GET', `/action/start/project/${world.projectId}`)).statusCode).toBe(200);
        const state = async () => (await app.database.db.selectFrom('projects').select('status').where('id', '=', world.projectId).executeTakeFirstOrThrow()).status;
        await until('the run', async () => ((await state()) === 'COMPLETED' ? true : undefined));
        published.push(await app.database.db.selectFrom('engine_posts').selectAll().where('project_id', '=', world.projectId).executeTakeFirstOrThrow());
      }
      const [first, second] = published as [typeof published[number], typeof published[number]];
      // Same project, run, site and number: without the installation's id the two keys were one.
      const counters = (key: string) => key.replace(/^i[0-9a-f]{16}-/, '');
      expect(counters(first.idempotency_key)).toBe(counters(second.idempotency_key));
      expect(first.idempotency_key).not.toBe(second.idempotency_key);
      expect(first.remote_url).not.toBe(second.remote_url);
      // The second installation loses track of its post (it died before recording it) and asks the
      // blog: it must find its own post, not the first installation's.
      const { app, world } = installations[1]!;
      const sdb = app.database.db;
      await sdb.deleteFrom('url_items').where('post_id', '=', second.id).execute();
      await sdb.updateTable('engine_posts').set({ state: 'publishing', remote_url: null, remote_id: null, url_item_id: null, job_id: null }).where('id', '=', second.id).execute();
      await sdb.updateTable('project_runs').set({ state: 'running', finished_at: null }).where('id', '=', second.run_id).execute();
      await sdb.updateTable('projects').set({ status: 'RUNNING' }).where('id', '=', world.projectId).execute();
      await app.context.queue.send('post.publish', { ownerId: second.owner_id, postId: second.id });
      await until('the run to settle again', async () => ((await sdb.selectFrom('projects').select('status').where('id', '=', world.projectId).executeTakeFirstOrThrow()).status === 'COMPLETED' ? true : undefined));
      const after = await sdb.selectFrom('engine_posts').selectAll().where('id', '=', second.id).executeTakeFirstOrThrow();
      expect(after).toMatchObject({ state: 'published', remote_url: second.remote_url, remote_id: second.remote_id });
      // Each installation's post once on the blog, under its own slug (the second told apart by a word when the titles met).
      expect(first.intent_name).not.toBe(second.intent_name);
      const slugs = await blogSlugs(blog);
      expect(slugs.filter((slug) => slug === first.intent_name)).toHaveLength(1);
      expect(slugs.filter((slug) => slug === second.intent_name)).toHaveLength(1);
    } finally {
      for (const { fresh, app } of installations) {
        await app.close();
        await fresh.drop();
      }
    }
  });

  it("slugs come from the posts' titles: no key, id or number of ours reaches the blog", async () => {
    const posts = await db().selectFrom('engine_posts').select(['idempotency_key', 'remote_url', 'intent_name', 'intent_title']).where('state', '=', 'published').execute();
    expect(posts.length).toBeGreaterThan(0);
    for (const post of posts) {
      expect(post.intent_name!.startsWith(slugOfTitle(post.intent_title!))).toBe(true);
      expect(post.remote_url).toContain(`/${post.intent_name}/`);
      expect(post.remote_url).not.toMatch(/\/ll-|-p\d+-r\d+-/);
      expect(post.remote_url).not.toContain(post.idempotency_key);
    }
  });
});

/** The slug of every post of the blog but WordPress's own first post (asked straight of its REST API). */
async function blogSlugs(site: WordPressPeerSite): Promise<string[]> {
  const slugs: string[] = [];
  for (let page = 1; ; page += 1) {
    const response = await fetch(`${site.url}/wp-json/wp/v2/posts?per_page=100&page=${page}&_fields=slug&status=publish,draft,future,pending,private`, {
      headers: { authorization: `Basic ${Buffer.from(`${site.username}:${site.applicationPassword}`).toString('base64')}` },
    });
    if (response.status === 400) break;
    const batch = (await response.json()) as { slug: string }[];
    slugs.push(...batch.map((post) => post.slug).filter((slug) => slug !== 'hello-world'));
    if (batch.length < 100) break;
  }
  return slugs;
}

describe.skipIf(!availability.available)(`engine: SIGKILL in the middle of a run${skipReason}`, () => {
  const POSTS_PER_SITE = 12;
  let peers: WordPressPeers;
  let dataDir: string;
  let server: RunningServer | undefined;

  beforeAll(async () => {
    peers = await startWordPressPeers(2);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'll-engine-kill-'));
  });

  afterAll(async () => {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    await peers?.stop();
  });

  it('resumes after a restart: each post is on a blog exactly once and every published post is in the output link set', async () => {
    const database = openDatabase({ databaseUrl: undefined, dataDir });
    await migrateToLatest(database);
    const db = database.db;
    try {
      const ownerId = await createUser(db, 'killer@example.test', 'kill password');
      // One post at a time, so the kill lands in the middle of the run.
      await saveOptions(db, ownerId, { maxPostingThreads: 1 });
      const world = await buildPrivateProjectWorld(db, ownerId, peers.sites.map((site) => blogOf(site)), {
        schedule: { scheduleType: 'FixedDate', startDate: '01/01/2020 10:00', durationType: 'Once', numberOfPosts: POSTS_PER_SITE },
        linksPerPost: 1,
      });
      const total = POSTS_PER_SITE * world.sites.length;
      const published = async () => Number((await db.selectFrom('engine_posts').select((eb) => eb.fn.countAll().as('n'))
        .where('project_id', '=', world.projectId).where('state', '=', 'published').executeTakeFirstOrThrow()).n);

      server = await startServer({ DATA_DIR: dataDir, QUEUE_LEASE_SECONDS: KILLED_JOB_LEASE_S });
      const user = await httpUser(server.baseUrl, 'killer@example.test', 'kill password');
      const started = await user.request('GET', `/action/start/project/${world.projectId}`);
      expect(started.status, await started.clone().text()).toBe(200);
      await until('a few posts', async () => (await published()) >= 3 || undefined, 60_000);
      process.kill(server.pid!, 'SIGKILL');
      await server.stop();
      server = undefined;
      const atKill = await published();
      expect(atKill).toBeLessThan(total);

      server = await startServer({ DATA_DIR: dataDir, QUEUE_LEASE_SECONDS: KILLED_JOB_LEASE_S });
      const done = await until('the resumed run to finish', async () => {
        const row = await db.selectFrom('projects').select(['status', 'last_error']).where('id', '=', world.projectId).executeTakeFirstOrThrow();
        return row.status === 'COMPLETED' || row.status === 'FAILED' ? row : undefined;
      }, 120_000);
      expect(done, done.last_error).toEqual({ status: 'COMPLETED', last_error: '[]' });

      const posts = await db.selectFrom('engine_posts').select(['intent_name', 'state', 'remote_url']).where('project_id', '=', world.projectId).execute();
      expect(posts).toHaveLength(total);
      expect(posts.every((post) => post.state === 'published')).toBe(true);
      // On the blogs (only this run posts there): every post exactly once, under the slug its intent recorded.
      const onBlogs = (await Promise.all(peers.sites.map((site) => blogSlugs(site)))).flat();
      expect(onBlogs).toHaveLength(total);
      expect(new Set(onBlogs).size).toBe(total);
      expect(onBlogs.sort()).toEqual(posts.map((post) => post.intent_name!).sort());
      // In the output link set: every published post, once.
      const outputs = (await db.selectFrom('url_items').select('url').where('url_list_id', '=', world.outputLinkSetId).execute()).map((item) => item.url);
      expect(outputs.sort()).toEqual(posts.map((post) => post.remote_url!).sort());
    } finally {
      await database.close();
    }
  });
});
