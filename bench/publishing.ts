/**
 * Publishing benchmark (not a test): posts/minute from the engine to local WordPress blogs
 * (scripts/peers, Debian's WordPress) at 1, 4 and 16 posting threads, next to a plain fetch client
 * posting the same bodies (built by the same content pipeline from the same 2,000-word article)
 * to the same REST endpoint, asking for the same `_fields`, at the same concurrency; the ratio
 * engine / plain. Also the engine's CPU ms and memory per post.
 *
 *   node --import tsx --expose-gc bench/publishing.ts   (BENCH_POSTS_PER_THREAD, default 10, at least 40 posts; BENCH_THREADS, default 1,4,16)
 *
 * The engine runs in this process on SQLite with its real queue, runner, pipeline and connector;
 * post.verify is swapped for a no-op so both sides make the same requests to WordPress (verifying
 * fetches each page once more). Needs root to install the WordPress peers. Prints figures only.
 */
import { LOCAL_PEERS_OUTBOUND_ALLOW } from './support/local-peers';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildPost, createRng, linkProfilesFromForm, type ContentProjectForm } from '../packages/shared/src/index';
import type { AppContext } from '../packages/server/src/app-context';
import { realClock } from '../packages/server/src/platform/clock';
import { loadConfig } from '../packages/server/src/platform/config';
import { openDatabase, type Database } from '../packages/server/src/platform/db/dialect';
import { migrateToLatest } from '../packages/server/src/platform/db/migrate';
import { createUser } from '../packages/server/src/features/session/create-user';
import { saveOptions } from '../packages/server/src/features/options/options.repository';
import { createQueue } from '../packages/server/src/engine/queue/create-queue';
import { JOB, JOB_NAMES, JOB_PAYLOADS } from '../packages/server/src/engine/jobs/job-names';
import { jobRegistrations } from '../packages/server/src/engine/jobs/registry';
import { registerJob } from '../packages/server/src/engine/queue/queue';
import { createDefaultConnectorRegistry } from '../packages/server/src/engine/connectors/registry';
import { postPublishJob } from '../packages/server/src/engine/runner/post-publish.job';
import { startProjectRun } from '../packages/server/src/engine/runner/start-project-run';
import { onRunFinished, type RunFinished } from '../packages/server/src/engine/runner/run-events';
import { slugOfTitle } from '../packages/server/src/engine/connectors/wordpress/slug';
import { buildPrivateProjectWorld, type PrivateProjectWorld } from '../packages/server/test/support/engine-world';
import { startWordPressPeers, type WordPressPeerSite } from '../packages/server/test/support/wordpress-peers';
import { postToWordPress, wordPressTagIds } from './support/wordpress-plain';

const THREADS = (process.env.BENCH_THREADS ?? '1,4,16').split(',').map(Number);
const POSTS_PER_THREAD = Number(process.env.BENCH_POSTS_PER_THREAD ?? 10);
const MIN_POSTS = 40;

const WORDS = ['garden', 'soil', 'compost', 'seed', 'water', 'harvest', 'root', 'leaf', 'season', 'bed', 'mulch', 'tomato', 'bean', 'shade', 'sun', 'grow'];
const GROUPS = ['{quick|fast|rapid}', '{good|great|{fine|solid}}', '{choose|pick|select}', '{many|several|plenty of}'];

/** A 2,000-word spintax article: sentences of 12 words, paragraphs of 6 sentences, a spin group every 8 words. */
function article(words: number): { title: string; body: string } {
  const rng = createRng('bench-publishing-article');
  const paragraphs: string[] = [];
  let sentence: string[] = [];
  let paragraph: string[] = [];
  for (let i = 0; i < words; i += 1) {
    sentence.push(i % 8 === 7 ? rng.pick(GROUPS) : rng.pick(WORDS));
    if (sentence.length === 12) {
      paragraph.push(`${sentence.join(' ')}.`);
      sentence = [];
      if (paragraph.length === 6) {
        paragraphs.push(paragraph.join(' '));
        paragraph = [];
      }
    }
  }
  paragraphs.push([...paragraph, sentence.length ? `${sentence.join(' ')}.` : ''].join(' '));
  return { title: 'A {long|whole} season in the {garden|vegetable beds}', body: paragraphs.join('\n\n') };
}

const ARTICLE = article(2000);

/** One connector registry for every run, as a long-running engine has (it remembers each blog's API and tag ids). */
const CONNECTORS = createDefaultConnectorRegistry();

/** The engine with its real job handlers, post.verify excepted (a no-op: see the header). */
async function startEngine(database: Database): Promise<AppContext> {
  const config = loadConfig({ LOG_LEVEL: 'silent', OUTBOUND_ALLOW: LOCAL_PEERS_OUTBOUND_ALLOW });
  const queue = createQueue(database, JOB_PAYLOADS);
  const ctx: AppContext = { config, database, live: undefined, queue, version: 'bench', clock: realClock };
  for (const registration of jobRegistrations(ctx)) {
    if (registration.name === JOB.postPublish) registerJob(queue, postPublishJob(ctx, CONNECTORS));
    else if (registration.name === JOB.postVerify) registerJob(queue, { ...registration, handler: async () => undefined });
    else registerJob(queue, registration);
  }
  queue.assertHandlers(JOB_NAMES);
  await queue.start();
  return ctx;
}

interface Measured {
  posts: number;
  ms: number;
  cpuMs: number;
}

async function engineRun(blogs: WordPressPeerSite[], threads: number, posts: number): Promise<Measured & { heapPerPostKb: number; rssMb: number; world: PrivateProjectWorld }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'll-bench-publish-'));
  const database = openDatabase({ databaseUrl: undefined, dataDir });
  await migrateToLatest(database);
  const ownerId = await createUser(database.db, 'bench@example.test', 'bench password');
  await saveOptions(database.db, ownerId, { maxPostingThreads: threads, maxConcurrentProjects: 20 });
  const perSite = Math.ceil(posts / blogs.length);
  const world = await buildPrivateProjectWorld(database.db, ownerId, blogs.map((blog) => ({ url: blog.url, username: blog.username, password: blog.applicationPassword })), {
    schedule: { scheduleType: 'FixedDate', startDate: '01/01/2020 10:00', durationType: 'Once', numberOfPosts: perSite },
    article: ARTICLE,
  });
  const ctx = await startEngine(database);
  try {
    global.gc?.();
    const heapBefore = process.memoryUsage().heapUsed;
    const cpu = process.cpuUsage();
    const started = performance.now();
    // The engine's own run-finished event (after the final status is committed), not a poll of the
    // database: polling from this process would add its queries to the engine side only.
    const finished = new Promise<RunFinished>((resolve) => {
      const stopListening = onRunFinished(async (from, event) => {
        if (from !== ctx || event.projectId !== world.projectId) return;
        stopListening();
        resolve(event);
      });
    });
    await startProjectRun(ctx, ownerId, world.projectId, { from: ['NEW'] });
    const ended = await finished;
    const ms = performance.now() - started;
    const used = process.cpuUsage(cpu);
    if (ended.status !== 'COMPLETED') {
      const row = await database.db.selectFrom('projects').select('last_error').where('id', '=', world.projectId).executeTakeFirst();
      throw new Error(`The engine run ended ${ended.status}: ${row?.last_error}`);
    }
    const heapAfter = process.memoryUsage().heapUsed;
    const done = perSite * blogs.length;
    return {
      posts: done, ms, cpuMs: (used.user + used.system) / 1000,
      heapPerPostKb: Math.max(0, heapAfter - heapBefore) / 1024 / done, rssMb: process.memoryUsage().rss / 1024 / 1024, world,
    };
  } finally {
    await ctx.queue.stop({ graceful: false });
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The same posts, built by the same pipeline, posted straight to the REST endpoint by `threads` workers. */
async function plainRun(blogs: WordPressPeerSite[], threads: number, posts: number, form: ContentProjectForm, run: string): Promise<Measured> {
  const links = [1, 2, 3].map((n) => ({ url: `https://seeds.example.test/page-${n}`, anchor: 'seed shop' }));
  const sources = linkProfilesFromForm(form).map((profile) => ({ ...profile, links, keywords: null }));
  const bodies = Array.from({ length: posts }, (_, i) => {
    const built = buildPost({ article: ARTICLE, linkSources: sources, placement: 'RandomParagraph', tags: form.tags }, createRng(`plain-${run}-${i}`));
    return { site: blogs[i % blogs.length]!, title: built.title, html: built.html, tags: built.tags, slug: `${slugOfTitle(built.title)}-plain-${run}-${i}` };
  });
  const tagCache = new Map<string, number[]>();
  for (const body of bodies) {
    const key = `${body.site.url} ${body.tags.join(',')}`;
    if (!tagCache.has(key)) tagCache.set(key, await wordPressTagIds(body.site, body.tags));
  }
  let next = 0;
  const cpu = process.cpuUsage();
  const started = performance.now();
  await Promise.all(Array.from({ length: threads }, async () => {
    for (let i = next++; i < bodies.length; i = next++) {
      const body = bodies[i]!;
      await postToWordPress(body.site, { title: body.title, html: body.html, slug: body.slug, tagIds: tagCache.get(`${body.site.url} ${body.tags.join(',')}`) ?? [] });
    }
  }));
  const used = process.cpuUsage(cpu);
  return { posts, ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000 };
}

const perMinute = (m: Measured) => (m.posts / m.ms) * 60_000;

async function main(): Promise<void> {
  const peers = await startWordPressPeers(2, { phpWorkers: Math.max(8, ...THREADS) });
  try {
    process.stdout.write(`LinkLoom publishing bench: 2 local WordPress blogs, ${os.cpus().length} cores, Node ${process.version}; a 2,000-word spintax article, 2 links per post\n`);
    // Warm-up: PHP's opcache, the blogs' first posts, this process's JIT.
    await engineRun(peers.sites, 2, 4);
    for (const threads of THREADS) {
      const posts = Math.max(MIN_POSTS, POSTS_PER_THREAD * threads);
      const plain = await plainRun(peers.sites, threads, posts, JSON.parse(JSON.stringify({ ...defaultForm(), tags: 'garden, {seeds|plants}' })) as ContentProjectForm, `t${threads}`);
      const engine = await engineRun(peers.sites, threads, posts);
      process.stdout.write(
        `${String(threads).padStart(2)} thread(s): engine ${perMinute(engine).toFixed(0).padStart(5)} posts/min, plain client ${perMinute(plain).toFixed(0).padStart(5)} posts/min, ratio ${(perMinute(engine) / perMinute(plain)).toFixed(2)}` +
        `   (${engine.posts} posts; engine CPU ${(engine.cpuMs / engine.posts).toFixed(1)} ms/post vs plain ${(plain.cpuMs / plain.posts).toFixed(1)} ms/post; heap +${engine.heapPerPostKb.toFixed(0)} kB/post, RSS ${engine.rssMb.toFixed(0)} MB)\n`,
      );
    }
  } finally {
    await peers.stop();
  }
}

function defaultForm(): Pick<ContentProjectForm, 'useLinkSet' | 'linkSetProfiles' | 'minLinks' | 'maxLinks' | 'tags'> {
  return { useLinkSet: true, linkSetProfiles: [{ linkSetId: 1, name: 'links', minLinks: 2, maxLinks: 2, linkProb: 100 }], minLinks: 1, maxLinks: 3, tags: '' };
}

main().then(() => process.exit(0), (err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
