/**
 * Never twice, without a marker in the post (issue 34 item 2), against a real WordPress blog and a
 * real MediaWiki wiki (scripts/peers), each behind a front that decides what happens to the
 * requests that create posts: the engine (a child process) SIGKILLed while a post is being
 * published, before the request reaches the site and after the site saved it; an answer dropped
 * after the site saved the post; and two projects publishing one title to one site. Each ends with
 * every post on the site exactly once, and each engine post recorded with its own item.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { openDatabase } from '../../src/platform/db/dialect';
import { migrateToLatest } from '../../src/platform/db/migrate';
import type { DB } from '../../src/platform/db/schema';
import { createUser } from '../../src/features/session/create-user';
import { saveOptions } from '../../src/features/options/options.repository';
import { startEngine } from '../../src/engine/jobs/engine';
import { slugOfTitle } from '../../src/engine/connectors/wordpress/slug';
import { createTestDatabase, type TestDatabaseHandle } from '../support/databases';
import { buildUser } from '../support/factories';
import { signedIn, type Agent } from '../support/agent';
import { buildPrivateProjectWorld, type EngineBlog, type PrivateProjectWorld } from '../support/engine-world';
import { httpUser } from '../support/http-user';
import { MEDIAWIKI_CREATES, startPublishFront, WORDPRESS_CREATES, type CreateFate, type CreateRequests } from '../support/publish-front';
import { startServer, type RunningServer } from '../support/server-process';
import { startTestApp, type TestApp } from '../support/test-app';
import { untilWithin } from '../support/until';
import { mediaWikiAvailability, startMediaWikiPeers, type MediaWikiPeerSite } from '../support/mediawiki-peers';
import { startWordPressPeers, wordPressAvailability, type WordPressPeerSite } from '../support/wordpress-peers';

const until = untilWithin(90_000, 200);
/** A killed server's jobs are taken again after this lease (not the default 30 s: the test kills twice per platform). */
const KILLED_JOB_LEASE_S = '3';

const ARTICLE_BODY = [
  'Rain barrels catch the water a roof sheds in a storm. Placed under a downpipe, one barrel fills in an afternoon.',
  'Cover the opening with a fine mesh so mosquitoes stay out, and raise the barrel on blocks so a watering can fits under the tap.',
  'In a dry month the stored rainwater keeps the vegetable beds going without the hose.',
].join('\n\n');

/** A platform under test: its peer, how its create requests look, and the items our account made there. */
interface Platform {
  name: 'WordPress' | 'MediaWiki';
  available: boolean;
  reason: string;
  creates: CreateRequests;
  start(): Promise<{ site: EngineBlog; items: () => Promise<Item[]>; stop: () => Promise<void> }>;
}

/** An item on the site made by the engine's account: its id and its name (slug or page title). */
interface Item {
  id: string;
  name: string;
}

const [wordpress, mediawiki] = await Promise.all([wordPressAvailability(), mediaWikiAvailability()]);

const PLATFORMS: Platform[] = [
  {
    name: 'WordPress', available: wordpress.available, reason: wordpress.available ? '' : wordpress.reason, creates: WORDPRESS_CREATES,
    async start() {
      const peers = await startWordPressPeers(1);
      const blog = peers.sites[0] as WordPressPeerSite;
      return { site: { url: blog.url, username: blog.username, password: blog.applicationPassword }, items: () => blogPosts(blog), stop: () => peers.stop() };
    },
  },
  {
    name: 'MediaWiki', available: mediawiki.available, reason: mediawiki.available ? '' : mediawiki.reason, creates: MEDIAWIKI_CREATES,
    async start() {
      const peers = await startMediaWikiPeers(1);
      const wiki = peers.sites[0] as MediaWikiPeerSite;
      return { site: { url: wiki.url, username: wiki.botUsername, password: wiki.botPassword }, items: () => wikiPages(wiki), stop: () => peers.stop() };
    },
  },
];

/** Every post of the blog but WordPress's own first one, in any status (asked straight of its REST API as the admin). */
async function blogPosts(blog: WordPressPeerSite): Promise<Item[]> {
  const items: Item[] = [];
  for (let page = 1; ; page += 1) {
    const response = await fetch(`${blog.url}/wp-json/wp/v2/posts?per_page=100&page=${page}&_fields=id,slug&status=publish,draft,future,pending,private`, {
      headers: { authorization: `Basic ${Buffer.from(`${blog.username}:${blog.applicationPassword}`).toString('base64')}` },
    });
    if (response.status === 400) break;
    const batch = (await response.json()) as { id: number; slug: string }[];
    items.push(...batch.filter((post) => post.slug !== 'hello-world').map((post) => ({ id: String(post.id), name: post.slug })));
    if (batch.length < 100) break;
  }
  return items;
}

/** Every page the bot's user created in the wiki's main namespace. */
async function wikiPages(wiki: MediaWikiPeerSite): Promise<Item[]> {
  const user = wiki.botUsername.split('@')[0]!;
  const answer = (await (await fetch(`${wiki.apiUrl}?action=query&list=usercontribs&ucuser=${encodeURIComponent(user)}&ucshow=new&ucnamespace=0&uclimit=500&format=json&formatversion=2`)).json()) as {
    query: { usercontribs: { pageid: number; title: string }[] };
  };
  return answer.query.usercontribs.map((contribution) => ({ id: String(contribution.pageid), name: contribution.title }));
}

/** The private project's site is this platform's (a private network lists wikis as well as blogs). */
async function onPlatform(db: Kysely<DB>, world: PrivateProjectWorld, platform: Platform['name']): Promise<void> {
  await db.updateTable('private_sites').set({ platform }).where('id', 'in', world.sites.map((site) => site.id)).execute();
  // The article as written: two projects of one title meet on one site.
  const settings = JSON.parse((await db.selectFrom('projects').select('settings').where('id', '=', world.projectId).executeTakeFirstOrThrow()).settings) as Record<string, unknown>;
  await db.updateTable('projects').set({ settings: JSON.stringify({ ...settings, spinArticles: false }) }).where('id', '=', world.projectId).execute();
}

/** The name a title gets on the platform when free (WordPress's slug of it; the wiki's page title). */
const plainName = (platform: Platform['name'], title: string) => (platform === 'WordPress' ? slugOfTitle(title) : title);

for (const platform of PLATFORMS) {
  const skipReason = platform.available ? '' : ` (SKIPPED: ${platform.reason})`;

  describe.skipIf(!platform.available)(`never twice on ${platform.name}, without a marker in the post${skipReason}`, () => {
    let peer: Awaited<ReturnType<Platform['start']>>;

    beforeAll(async () => {
      peer = await platform.start();
    });

    afterAll(async () => {
      await peer?.stop();
    });

    describe('the engine killed (SIGKILL) while a post is being published', () => {
      let dataDir: string;
      let server: RunningServer | undefined;

      beforeAll(() => {
        dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'll-never-twice-'));
      });

      afterAll(async () => {
        await server?.stop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      });

      it('before the request reaches the site, then after the site saved the post: each post is on the site once, recorded with its own item', async () => {
        const database = openDatabase({ databaseUrl: undefined, dataDir });
        await migrateToLatest(database);
        const { db } = database;
        const killed: number[] = [];
        // The first create never reaches the site; the second is saved, then the engine dies before it hears so.
        const fates: CreateFate[] = ['killBefore', 'killAfter'];
        const front = await startPublishFront(peer.site.url, platform.creates, (n) => fates[n - 1] ?? 'pass', () => {
          if (server?.pid !== undefined && !killed.includes(server.pid)) {
            killed.push(server.pid);
            process.kill(server.pid, 'SIGKILL');
          }
        });
        try {
          const before = await peer.items();
          const ownerId = await createUser(db, 'killer@example.test', 'kill password');
          await saveOptions(db, ownerId, { maxPostingThreads: 1, timeToWaitBeforeRetry: 1 });
          const world = await buildPrivateProjectWorld(db, ownerId, [{ ...peer.site, url: front.url }], {
            schedule: { scheduleType: 'FixedDate', startDate: '01/01/2020 10:00', durationType: 'Once', numberOfPosts: 3 },
            linksPerPost: 1, article: { title: 'Rain barrels for a small garden', body: ARTICLE_BODY },
          });
          await onPlatform(db, world, platform.name);
          const status = async () => db.selectFrom('projects').select(['status', 'last_error']).where('id', '=', world.projectId).executeTakeFirstOrThrow();

          server = await startServer({ DATA_DIR: dataDir, QUEUE_LEASE_SECONDS: KILLED_JOB_LEASE_S });
          const user = await httpUser(server.baseUrl, 'killer@example.test', 'kill password');
          expect((await user.request('GET', `/action/start/project/${world.projectId}`)).status).toBe(200);
          for (const kill of [1, 2]) {
            await until(`kill ${kill}`, async () => killed.length >= kill, 60_000);
            await server.stop();
            // The post the kill caught is left `publishing` with its intent: its outcome is unknown to
            // the engine (after the second kill, the first one's post may still be too: which post's
            // job runs first after a restart is not fixed).
            const publishing = await db.selectFrom('engine_posts').select(['id', 'intent_name']).where('project_id', '=', world.projectId).where('state', '=', 'publishing').execute();
            expect(publishing.length).toBeGreaterThanOrEqual(1);
            expect(publishing.length).toBeLessThanOrEqual(kill);
            expect(publishing.every((post) => post.intent_name !== null)).toBe(true);
            server = await startServer({ DATA_DIR: dataDir, QUEUE_LEASE_SECONDS: KILLED_JOB_LEASE_S });
          }
          const done = await until('the resumed run to finish', async () => {
            const row = await status();
            return row.status === 'COMPLETED' || row.status === 'FAILED' ? row : undefined;
          }, 120_000);
          expect(done, done.last_error).toEqual({ status: 'COMPLETED', last_error: '[]' });

          const posts = await db.selectFrom('engine_posts').select(['id', 'state', 'remote_id', 'intent_name']).where('project_id', '=', world.projectId).orderBy('id').execute();
          expect(posts.map((post) => post.state)).toEqual(['published', 'published', 'published']);
          // Three creates reached the site (the killed one never did), each saved once; the one saved
          // while the engine died was found again, not made twice.
          expect(front.creates).toBe(4);
          expect(front.savedIds).toHaveLength(3);
          expect(posts.map((post) => post.remote_id).sort()).toEqual([...front.savedIds].sort());
          const made = (await peer.items()).filter((item) => !before.some((old) => old.id === item.id));
          expect(made.map((item) => item.id).sort()).toEqual([...front.savedIds].sort());
          expect(made.map((item) => item.name).sort()).toEqual(posts.map((post) => post.intent_name!).sort());
        } finally {
          await front.close();
          await database.close();
        }
      }, 300_000);
    });

    describe('in one process', () => {
      let handle: TestDatabaseHandle;
      let app: TestApp;
      let ownerId: number;
      let agent: Agent;

      beforeAll(async () => {
        handle = await createTestDatabase('sqlite');
        app = await startTestApp(handle, {}, {});
        await startEngine(app.context);
        const user = await buildUser(app.database.db);
        ownerId = user.id;
        agent = await signedIn(app.app, user);
        await saveOptions(app.database.db, ownerId, { timeToWaitBeforeRetry: 1, maxNumberOfRetries: 2 });
      });

      afterAll(async () => {
        await app?.close();
        await handle?.drop();
      });

      const db = () => app.database.db;
      const finished = (projectId: number) => until(`project ${projectId} to finish`, async () => {
        const row = await db().selectFrom('projects').select(['status', 'last_error']).where('id', '=', projectId).executeTakeFirstOrThrow();
        return row.status === 'COMPLETED' || row.status === 'FAILED' ? row : undefined;
      });
      const postsOf = (projectId: number) => db().selectFrom('engine_posts').selectAll().where('project_id', '=', projectId).orderBy('id').execute();

      it('an answer dropped after the site saved the post: the retry looks it up by its intent and records it; one post', async () => {
        const front = await startPublishFront(peer.site.url, platform.creates, (n) => (n === 1 ? 'dropAfter' : 'pass'));
        try {
          const before = await peer.items();
          const world = await buildPrivateProjectWorld(db(), ownerId, [{ ...peer.site, url: front.url }], {
            linksPerPost: 1, article: { title: 'Collecting rain for dry months', body: ARTICLE_BODY },
          });
          await onPlatform(db(), world, platform.name);
          expect((await agent.request('GET', `/action/start/project/${world.projectId}`)).statusCode).toBe(200);
          const done = await finished(world.projectId);
          expect(done, done.last_error ?? '').toEqual({ status: 'COMPLETED', last_error: '[]' });
          const [post] = await postsOf(world.projectId);
          // One create request: the site saved it, the answer was lost, the retry found it instead of posting again.
          expect(front.creates).toBe(1);
          expect(post).toMatchObject({ state: 'published', remote_id: front.savedIds[0], intent_name: plainName(platform.name, 'Collecting rain for dry months'), attempts: 1 });
          const made = (await peer.items()).filter((item) => !before.some((old) => old.id === item.id));
          expect(made).toEqual([{ id: front.savedIds[0], name: post!.intent_name }]);
        } finally {
          await front.close();
        }
      });

      it('two projects publishing one title to one site: two names, the second told apart by a word of its text; each found again by its own intent', async () => {
        const title = 'Mesh covers for water barrels';
        const worlds: PrivateProjectWorld[] = [];
        for (let n = 0; n < 2; n += 1) {
          const world = await buildPrivateProjectWorld(db(), ownerId, [peer.site], { linksPerPost: 1, article: { title, body: ARTICLE_BODY } });
          await onPlatform(db(), world, platform.name);
          expect((await agent.request('GET', `/action/start/project/${world.projectId}`)).statusCode).toBe(200);
          const done = await finished(world.projectId);
          expect(done, done.last_error ?? '').toEqual({ status: 'COMPLETED', last_error: '[]' });
          worlds.push(world);
        }
        const posts = [(await postsOf(worlds[0]!.projectId))[0]!, (await postsOf(worlds[1]!.projectId))[0]!];
        expect(posts.map((post) => post.intent_title)).toEqual([title, title]);
        expect(posts[0]!.intent_name).toBe(plainName(platform.name, title));
        expect(posts[1]!.intent_name).not.toBe(posts[0]!.intent_name);
        expect(posts[1]!.intent_name!.startsWith(plainName(platform.name, title))).toBe(true);
        expect(posts[1]!.intent_name).not.toMatch(/\d/);
        expect(posts[0]!.remote_id).not.toBe(posts[1]!.remote_id);

        // Both lose track of their posts (a crash before the result was recorded) and ask the site.
        for (const [index, post] of posts.entries()) {
          await db().deleteFrom('url_items').where('post_id', '=', post.id).execute();
          await db().updateTable('engine_posts').set({ state: 'publishing', remote_url: null, remote_id: null, url_item_id: null, job_id: null }).where('id', '=', post.id).execute();
          await db().updateTable('project_runs').set({ state: 'running', finished_at: null }).where('id', '=', post.run_id).execute();
          await db().updateTable('projects').set({ status: 'RUNNING' }).where('id', '=', worlds[index]!.projectId).execute();
        }
        const items = await peer.items();
        for (const post of posts) await app.context.queue.send('post.publish', { ownerId, postId: post.id });
        for (const world of worlds) expect((await finished(world.projectId)).status).toBe('COMPLETED');
        const after = [(await postsOf(worlds[0]!.projectId))[0]!, (await postsOf(worlds[1]!.projectId))[0]!];
        // Each found its own item, and nothing was posted again.
        expect(after.map((post) => [post.state, post.remote_id, post.remote_url])).toEqual(posts.map((post) => ['published', post.remote_id, post.remote_url]));
        expect(await peer.items()).toEqual(items);
      });
    });
  });
}
