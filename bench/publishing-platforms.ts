/**
 * Publishing to each self-hosted platform (issue 37, not a test): posts/s through the platform's
 * connector — chooseName then publish, as the engine calls them, with fresh titles — next to a
 * plain fetch client making the requests that publish the same post straight to the same site, at
 * 1 and 4 threads; the ratio connector / plain (goal ≥ 0.9). Real peers from Debian's packages
 * (scripts/peers): WordPress, MediaWiki, DokuWiki and Shaarli from Debian's packages and Ghost from
 * the npm registry, one site each.
 *
 *   node --import tsx bench/publishing-platforms.ts
 *     (BENCH_PLATFORM_ROUNDS, default 3; BENCH_PLATFORM_THREADS, default 1,4;
 *      BENCH_PLATFORM_POSTS: posts per round, default sized so that a round of both sides takes
 *      about BENCH_PLATFORM_ROUND_SECONDS (default 4) at the warm-up's rates, 8 to 24 posts;
 *      BENCH_PLATFORMS, default WordPress,MediaWiki,DokuWiki,Shaarli,Ghost)
 *
 * The peers' PHP answers a post in 100–500 ms on a 2-core machine, so a fixed 40 posts a round
 * would take many minutes: each platform's rounds are sized from its warm-up instead, and the
 * whole bench stays within about three minutes (BENCH_PLATFORM_POSTS=40 for the longer run).
 *
 * The plain clients are written with fetch alone, no connector code, log in once as a
 * long-running client would (the connectors keep their logins too), and make the same API calls
 * as the connector for each post (the issue's baseline: what the connector's own work costs, next
 * to a script that calls the site the same way) — the look-up of a free name first, as a careful
 * script does, since none of these APIs refuses to write over a post of the same name or address:
 * - WordPress: basic auth with the application password; `GET /wp/v2/posts?slug=…`, then
 *   `POST /wp/v2/posts` (tag ids found once);
 * - MediaWiki: login with the bot password and a CSRF token once; `action=query&titles=…`, then
 *   `action=edit` createonly;
 * - DokuWiki: `dokuwiki.login` and `wiki.aclCheck` once (a cookie session); `wiki.getPageInfo` of
 *   the name, `dokuwiki.setLocks`, `wiki.getPageInfo` again under the lock, then `wiki.putPage`;
 * - Shaarli: a fresh HS512 JWT per request; `GET /api/v1/links?searchterm=…`, then `POST /api/v1/links`;
 * - Ghost: a fresh HS256 Admin API token per request; `GET posts/slug/{slug}/`, then
 *   `POST posts/?source=html`.
 * The requests per post of both sides are printed, so that a connector making more calls shows.
 * Each post is the same article on both sides (4 paragraphs, 3 links, the first one of its own, as
 * Shaarli keeps one bookmark per address): HTML for the connector, the platform's own markup for
 * the plain client. Connector and plain rounds alternate (and which goes first), so the machine's
 * noise falls on both (Shaarli, which reads its whole datastore on every request, slows as the
 * bookmarks add up); a warm-up of each comes first (the peers' first requests, the connector's
 * login and caches, this process's JIT). Every request either side sends is counted by kind
 * (support/request-count.ts), to show where a connector spends more than the plain client.
 * Needs root to install the peers, which are started here and stopped on the way out. Prints figures only.
 */
import './support/local-peers';
import { createHmac } from 'node:crypto';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import type { ClaimedNames, Connector, PublishOptions, PublishTarget } from '../packages/server/src/engine/connectors/connector';
import { createDefaultConnectorRegistry } from '../packages/server/src/engine/connectors/registry';
import { startWordPressPeers, type WordPressPeerSite } from '../packages/server/test/support/wordpress-peers';
import { startMediaWikiPeers, type MediaWikiPeerSite } from '../packages/server/test/support/mediawiki-peers';
import { startDokuWikiPeers, type DokuWikiPeerSite } from '../packages/server/test/support/dokuwiki-peers';
import { startShaarliPeers, type ShaarliPeerSite } from '../packages/server/test/support/shaarli-peers';
import { startGhostPeers, type GhostPeerSite } from '../packages/server/test/support/ghost-peers';
import type { ScriptPeers } from '../packages/server/test/support/peer-ports';
import { countRequests, takeRequestCounts, type RequestTally } from './support/request-count';
import { postToWordPress, takenWordPressSlugs, wordPressTagIds } from './support/wordpress-plain';

const FIXED_POSTS = process.env.BENCH_PLATFORM_POSTS ? Number(process.env.BENCH_PLATFORM_POSTS) : undefined;
const ROUND_SECONDS = Number(process.env.BENCH_PLATFORM_ROUND_SECONDS ?? 4);
const MIN_POSTS = 8;
const MAX_POSTS = 24;
const ROUNDS = Number(process.env.BENCH_PLATFORM_ROUNDS ?? 3);
const THREADS = (process.env.BENCH_PLATFORM_THREADS ?? '1,4').split(',').map(Number);
const PLATFORMS = (process.env.BENCH_PLATFORMS ?? 'WordPress,MediaWiki,DokuWiki,Shaarli,Ghost').split(',').map((name) => name.trim());
const WARM_UP_POSTS = 6;
const GOAL = 0.9;
/** php workers per site: every thread has one, as a site that is not the bottleneck would. */
const PHP_WORKERS = Math.max(4, ...THREADS);
const OPTIONS: PublishOptions = { timeoutMs: 60_000 };
const TAGS = ['garden', 'seeds'];

// ---------------------------------------------------------------------------------------------
// The posts

type Piece = string | { url: string; anchor: string };

interface BenchPost {
  title: string;
  paragraphs: Piece[][];
  html: string;
  /** The post's first link (its own address). */
  firstUrl: string;
}

const WORDS = ['garden', 'soil', 'compost', 'seed', 'water', 'harvest', 'root', 'leaf', 'season', 'bed', 'mulch', 'tomato', 'bean', 'shade', 'sun', 'grow', 'prune', 'weed'];
const TOPICS = ['Tomato', 'Compost', 'Raised bed', 'Seedling', 'Mulch', 'Herb', 'Bean', 'Orchard'];

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Post `i` of run `run`: a fresh title, 4 paragraphs of 48 words, 3 links (the first one its own). */
function benchPost(run: string, i: number): BenchPost {
  let seed = 0;
  for (const char of `${run}-${i}`) seed = (seed * 31 + char.charCodeAt(0)) >>> 0;
  const next = () => (seed = (seed * 1_103_515_245 + 12_345) >>> 0) % 65_536;
  const sentence = () => Array.from({ length: 12 }, () => WORDS[next() % WORDS.length]!).join(' ');
  const firstUrl = `https://seeds.example.test/${run}/${i}`;
  const links = [{ url: firstUrl, anchor: 'seed shop' }, { url: 'https://garden.example.test/guide', anchor: 'growing guide' }, { url: 'https://soil.example.test/compost', anchor: 'compost tips' }];
  const paragraphs: Piece[][] = Array.from({ length: 4 }, (_, p) => {
    const text = Array.from({ length: 4 }, () => `${sentence()}.`).join(' ');
    const link = p === 0 ? links[0] : p === 2 ? links[1] : p === 3 ? links[2] : undefined;
    if (!link) return [text];
    const cut = text.indexOf(' ', text.length / 2);
    return [`${text.slice(0, cut)} `, link, text.slice(cut)];
  });
  const title = `${TOPICS[i % TOPICS.length]} notes ${run} ${i}`;
  const html = paragraphs.map((pieces) => `<p>${pieces.map((piece) => (typeof piece === 'string' ? escapeHtml(piece) : `<a href="${escapeHtml(piece.url)}">${escapeHtml(piece.anchor)}</a>`)).join('')}</p>`).join('\n');
  return { title, paragraphs, html, firstUrl };
}

/** The post's paragraphs in a platform's markup, each link written by `link`. */
const markup = (post: BenchPost, link: (url: string, anchor: string) => string) =>
  post.paragraphs.map((pieces) => pieces.map((piece) => (typeof piece === 'string' ? piece : link(piece.url, piece.anchor))).join('')).join('\n\n');

// ---------------------------------------------------------------------------------------------
// The plain clients: fetch alone, no connector code

interface PlainClient {
  /** What a long-running client does once (log in, find the tag ids). */
  open(): Promise<void>;
  post(post: BenchPost): Promise<void>;
}

/** Cookies of one plain session, as a browser keeps them. */
class Cookies {
  private readonly jar = new Map<string, string>();
  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';', 1);
      const at = pair.indexOf('=');
      if (at > 0) this.jar.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
  }
  header(): string {
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

function plainWordPress(site: WordPressPeerSite): PlainClient {
  let tagIds: number[] = [];
  return {
    async open() {
      tagIds = await wordPressTagIds(site, TAGS);
    },
    async post(post) {
      const slug = post.title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
      if ((await takenWordPressSlugs(site, [slug])).length > 0) throw new Error(`plain WordPress: the slug ${slug} is taken`);
      await postToWordPress(site, { title: post.title, html: post.html, slug, tagIds });
    },
  };
}

function plainMediaWiki(site: MediaWikiPeerSite): PlainClient {
  const cookies = new Cookies();
  let token = '';
  const api = async (params: Record<string, string>, post = false): Promise<Record<string, unknown>> => {
    const query = new URLSearchParams({ ...params, format: 'json', formatversion: '2' }).toString();
    const response = post
      ? await fetch(site.apiUrl, { method: 'POST', headers: { cookie: cookies.header(), 'content-type': 'application/x-www-form-urlencoded' }, body: query })
      : await fetch(`${site.apiUrl}?${query}`, { headers: { cookie: cookies.header() } });
    cookies.take(response);
    return (await response.json()) as Record<string, unknown>;
  };
  const tokenOf = (answer: Record<string, unknown>, type: string) => String((answer.query as { tokens: Record<string, string> }).tokens[`${type}token`]);
  return {
    async open() {
      const lgtoken = tokenOf(await api({ action: 'query', meta: 'tokens', type: 'login' }), 'login');
      const login = (await api({ action: 'login', lgname: site.botUsername, lgpassword: site.botPassword, lgtoken }, true)).login as { result?: string };
      if (login.result !== 'Success') throw new Error(`plain MediaWiki login failed: ${JSON.stringify(login)}`);
      token = tokenOf(await api({ action: 'query', meta: 'tokens', type: 'csrf' }), 'csrf');
    },
    async post(post) {
      const pages = (await api({ action: 'query', titles: post.title })).query as { pages: Array<{ missing?: boolean }> };
      if (!pages.pages.every((page) => page.missing)) throw new Error(`plain MediaWiki: the page ${post.title} exists`);
      const text = [`'''${post.title}'''`, markup(post, (url, anchor) => `[${url} ${anchor}]`), TAGS.map((tag) => `[[Category:${tag}]]`).join('\n')].join('\n\n');
      const answer = await api({ action: 'edit', title: post.title, text, createonly: '1', assert: 'user', token }, true);
      if ((answer.edit as { result?: string } | undefined)?.result !== 'Success') throw new Error(`plain MediaWiki edit failed: ${JSON.stringify(answer)}`);
    },
  };
}

const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const xmlString = (text: string) => `<value><string>${xml(text)}</string></value>`;

function plainDokuWiki(site: DokuWikiPeerSite): PlainClient {
  const cookies = new Cookies();
  /** One call; its answer, which `expect` must match (a page that does not exist answers a fault). */
  const call = async (method: string, params: string[], expect: RegExp = /<boolean>1<\/boolean>/): Promise<string> => {
    const body = `<?xml version="1.0"?><methodCall><methodName>${method}</methodName><params>${params.map((param) => `<param>${param}</param>`).join('')}</params></methodCall>`;
    const response = await fetch(`${site.url}/lib/exe/xmlrpc.php`, { method: 'POST', headers: { 'content-type': 'text/xml', cookie: cookies.header() }, body });
    cookies.take(response);
    const answer = await response.text();
    if (response.status !== 200 || !expect.test(answer)) throw new Error(`plain DokuWiki ${method} failed: HTTP ${response.status} ${answer.slice(0, 300)}`);
    return answer;
  };
  // No such page: a fault 121, or (Debian's 2022 release) an empty struct.
  const noPage = /<name>faultCode<\/name>\s*<value><int>121<\/int>|<struct>\s*<\/struct>/;
  return {
    async open() {
      await call('dokuwiki.login', [xmlString(site.userUsername), xmlString(site.userPassword)]);
      await call('wiki.aclCheck', [xmlString('start')], /<int>\d+<\/int>/);
    },
    async post(post) {
      const id = post.title.toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_|_$/g, '');
      await call('wiki.getPageInfo', [xmlString(id)], noPage);
      const lock = `<value><struct><member><name>lock</name><value><array><data>${xmlString(id)}</data></array></value></member><member><name>unlock</name><value><array><data></data></array></value></member></struct></value>`;
      await call('dokuwiki.setLocks', [lock], /<name>locked<\/name>/);
      await call('wiki.getPageInfo', [xmlString(id)], noPage);
      const text = [`====== ${post.title} ======`, markup(post, (url, anchor) => `[[${url}|${anchor}]]`)].join('\n\n');
      await call('wiki.putPage', [xmlString(id), xmlString(text), '<value><struct><member><name>sum</name><value><string></string></value></member><member><name>minor</name><value><boolean>0</boolean></value></member></struct></value>']);
    },
  };
}

function plainShaarli(site: ShaarliPeerSite): PlainClient {
  const header = Buffer.from(JSON.stringify({ typ: 'JWT', alg: 'HS512' })).toString('base64url');
  const jwt = () => {
    const payload = Buffer.from(JSON.stringify({ iat: Math.floor(Date.now() / 1000) - 30 })).toString('base64url');
    return `${header}.${payload}.${createHmac('sha512', site.apiSecret).update(`${header}.${payload}`).digest('base64url')}`;
  };
  return {
    async open() {},
    async post(post) {
      const description = markup(post, (url, anchor) => `[${anchor}](${url} )`);
      const searchterm = [...new Set(post.title.toLowerCase().match(/[a-z0-9]+/g) ?? [])].sort((a, b) => b.length - a.length).slice(0, 4).join(' ');
      const search = await fetch(`${site.url}/api/v1/links?${new URLSearchParams({ searchterm, limit: 'all', visibility: 'all' }).toString()}`, { headers: { authorization: `Bearer ${jwt()}` } });
      if (search.status !== 200) throw new Error(`plain Shaarli search failed: HTTP ${search.status} ${await search.text()}`);
      if (((await search.json()) as Array<{ title: string }>).some((link) => link.title === post.title)) throw new Error(`plain Shaarli: a bookmark is titled ${post.title}`);
      const response = await fetch(`${site.url}/api/v1/links`, {
        method: 'POST',
        headers: { authorization: `Bearer ${jwt()}`, 'content-type': 'application/json' },
        body: JSON.stringify({ url: post.firstUrl, title: post.title, description, tags: TAGS, private: false }),
      });
      if (response.status !== 201) throw new Error(`plain Shaarli post failed: HTTP ${response.status} ${await response.text()}`);
      await response.text();
    },
  };
}

function plainGhost(site: GhostPeerSite): PlainClient {
  const [id = '', secret = ''] = site.adminApiKey.split(':');
  const header = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT', kid: id })).toString('base64url');
  const token = () => {
    const iat = Math.floor(Date.now() / 1000);
    const payload = Buffer.from(JSON.stringify({ iat, exp: iat + 300, aud: '/admin/' })).toString('base64url');
    return `${header}.${payload}.${createHmac('sha256', Buffer.from(secret, 'hex')).update(`${header}.${payload}`).digest('base64url')}`;
  };
  const api = `${site.url}/ghost/api/admin`;
  const headers = () => ({ authorization: `Ghost ${token()}`, 'accept-version': 'v5.0', accept: 'application/json' });
  return {
    async open() {},
    async post(post) {
      const slug = post.title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
      const look = await fetch(`${api}/posts/slug/${slug}/?fields=id,slug`, { headers: headers() });
      if (look.status !== 404) throw new Error(`plain Ghost: the slug ${slug} answered HTTP ${look.status}`);
      await look.text();
      const response = await fetch(`${api}/posts/?source=html`, {
        method: 'POST',
        headers: { ...headers(), 'content-type': 'application/json' },
        body: JSON.stringify({ posts: [{ title: post.title, html: post.html, status: 'published', slug, tags: TAGS }] }),
      });
      if (response.status !== 201) throw new Error(`plain Ghost post failed: HTTP ${response.status} ${await response.text()}`);
      await response.text();
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Runs

interface Platform {
  name: string;
  connector: Connector;
  target: PublishTarget;
  plain: PlainClient;
}

interface Run {
  posts: number;
  ms: number;
  cpuMs: number;
  requests: Map<string, RequestTally>;
}

const noClaims: ClaimedNames = async () => new Set();

/** `count` tasks on `threads` workers, each taking the next task as it finishes one. */
async function inPool(count: number, threads: number, task: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(threads, count) }, async () => {
    for (let i = next++; i < count; i = next++) await task(i);
  }));
}

async function measure(count: number, threads: number, task: (i: number) => Promise<void>): Promise<Run> {
  takeRequestCounts();
  const cpu = process.cpuUsage();
  const started = performance.now();
  await inPool(count, threads, task);
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  return { posts: count, ms, cpuMs: (used.user + used.system) / 1000, requests: takeRequestCounts() };
}

/** The engine's two calls for one post: a name free on the site, then the post under it (the intent recorded in between). */
async function connectorPost(platform: Platform, post: BenchPost): Promise<void> {
  const named = { title: post.title, html: post.html };
  const name = await platform.connector.chooseName(platform.target, named, noClaims, OPTIONS);
  const result = await platform.connector.publish(platform.target, { ...named, tags: TAGS, intent: { title: post.title, name, at: Date.now() } }, OPTIONS);
  if (!result.url || !result.remoteId) throw new Error(`${platform.name}: published without an address (${JSON.stringify(result)})`);
}

const connectorRun = (platform: Platform, run: string, threads: number, count: number) =>
  measure(count, threads, (i) => connectorPost(platform, benchPost(run, i)));
const plainRun = (platform: Platform, run: string, threads: number, count: number) =>
  measure(count, threads, (i) => platform.plain.post(benchPost(run, i)));

interface Row {
  platform: string;
  threads: number;
  /** Posts per round, each side. */
  posts: number;
  rounds: Array<{ connector: Run; plain: Run }>;
}

const rate = (runs: Run[]) => runs.reduce((sum, run) => sum + run.posts, 0) / (runs.reduce((sum, run) => sum + run.ms, 0) / 1000);
const perPost = (runs: Run[], value: (run: Run) => number) => runs.reduce((sum, run) => sum + value(run), 0) / runs.reduce((sum, run) => sum + run.posts, 0);
const requestTotal = (run: Run) => [...run.requests.values()].reduce((sum, tally) => sum + tally.count, 0);

/** Requests per post by kind over these runs, most first, with their mean wait: `POST /api.php edit 1.00 (412 ms)`. */
function requestKinds(runs: Run[]): string {
  const total = new Map<string, RequestTally>();
  for (const run of runs) {
    for (const [kind, tally] of run.requests) {
      const sum = total.get(kind) ?? { count: 0, ms: 0 };
      total.set(kind, { count: sum.count + tally.count, ms: sum.ms + tally.ms });
    }
  }
  const posts = runs.reduce((sum, run) => sum + run.posts, 0);
  return [...total].sort((a, b) => b[1].count - a[1].count).map(([kind, tally]) => `${kind} ${(tally.count / posts).toFixed(2)} (${(tally.ms / tally.count).toFixed(0)} ms)`).join(', ');
}

async function benchPlatform(platform: Platform, short: string): Promise<Row[]> {
  await platform.plain.open();
  // Warm-up: the peer's first requests, the connector's login and caches, this process's JIT; then both sides
  // once more, whose rates size the rounds.
  await connectorRun(platform, `${short}wc`, 2, 2);
  await plainRun(platform, `${short}wp`, 2, 2);
  const connectorRate = rate([await connectorRun(platform, `${short}sc`, 2, WARM_UP_POSTS)]);
  const plainRate = rate([await plainRun(platform, `${short}sp`, 2, WARM_UP_POSTS)]);
  const posts = FIXED_POSTS ?? Math.min(MAX_POSTS, Math.max(MIN_POSTS, Math.round(ROUND_SECONDS / (1 / connectorRate + 1 / plainRate))));
  const rows: Row[] = [];
  for (const threads of THREADS) {
    const row: Row = { platform: platform.name, threads, posts, rounds: [] };
    for (let round = 0; round < ROUNDS; round++) {
      const key = `${short}${threads}r${round}`;
      // Which side goes first alternates from round to round.
      if (round % 2 === 0) {
        const connector = await connectorRun(platform, `${key}c`, threads, posts);
        row.rounds.push({ connector, plain: await plainRun(platform, `${key}p`, threads, posts) });
      } else {
        const plain = await plainRun(platform, `${key}p`, threads, posts);
        row.rounds.push({ connector: await connectorRun(platform, `${key}c`, threads, posts), plain });
      }
    }
    rows.push(row);
    printRow(row);
  }
  return rows;
}

function printRow(row: Row): void {
  const connector = row.rounds.map((round) => round.connector);
  const plain = row.rounds.map((round) => round.plain);
  const ratio = rate(connector) / rate(plain);
  process.stdout.write(
    `${row.platform.padEnd(10)} ${String(row.threads).padStart(7)} ${String(row.posts).padStart(5)}  ${rate(connector).toFixed(1).padStart(14)}  ${rate(plain).toFixed(1).padStart(10)}  ${ratio.toFixed(2).padStart(5)}${ratio < GOAL ? '!' : ' '}  ` +
    `${perPost(connector, requestTotal).toFixed(2).padStart(5)} / ${perPost(plain, requestTotal).toFixed(2).padEnd(5)}  ` +
    `${perPost(connector, (run) => run.cpuMs).toFixed(1).padStart(5)} / ${perPost(plain, (run) => run.cpuMs).toFixed(1).padEnd(5)}  ` +
    `${row.rounds.map((round) => `${rate([round.connector]).toFixed(1)}/${rate([round.plain]).toFixed(1)}`).join(', ')}\n`,
  );
}

// ---------------------------------------------------------------------------------------------

type AnyPeers = ScriptPeers<unknown>;

async function main(): Promise<void> {
  countRequests();
  const wanted = (name: string) => PLATFORMS.includes(name);
  // All the peers at once (their start is mostly waiting); stopped on the way out whatever happens.
  const started: AnyPeers[] = [];
  const stopAll = async () => {
    await Promise.allSettled(started.splice(0).map((peers) => peers.stop()));
  };
  process.once('SIGINT', () => void stopAll().finally(() => process.exit(130)));
  process.once('SIGTERM', () => void stopAll().finally(() => process.exit(143)));
  try {
    const starting = {
      wordpress: wanted('WordPress') ? startWordPressPeers(1, { phpWorkers: Math.max(8, PHP_WORKERS) }) : undefined,
      mediawiki: wanted('MediaWiki') ? startMediaWikiPeers(1, { phpWorkers: PHP_WORKERS }) : undefined,
      dokuwiki: wanted('DokuWiki') ? startDokuWikiPeers(1, { phpWorkers: PHP_WORKERS }) : undefined,
      shaarli: wanted('Shaarli') ? startShaarliPeers(1, { phpWorkers: PHP_WORKERS }) : undefined,
      ghost: wanted('Ghost') ? startGhostPeers(1) : undefined,
    };
    const settled = await Promise.allSettled(Object.values(starting).map((start) => start ?? Promise.resolve(undefined)));
    for (const result of settled) if (result.status === 'fulfilled' && result.value) started.push(result.value as AnyPeers);
    const failed = settled.find((result): result is PromiseRejectedResult => result.status === 'rejected');
    if (failed) throw failed.reason;

    const connectors = createDefaultConnectorRegistry();
    const platforms: Array<[Platform, string]> = [];
    if (starting.wordpress) {
      const site = (await starting.wordpress).sites[0]!;
      platforms.push([{ name: 'WordPress', connector: connectors.get('WordPress'), target: { siteUrl: site.url, username: site.username, password: site.applicationPassword }, plain: plainWordPress(site) }, 'wp']);
    }
    if (starting.mediawiki) {
      const site = (await starting.mediawiki).sites[0]!;
      platforms.push([{ name: 'MediaWiki', connector: connectors.get('MediaWiki'), target: { siteUrl: site.url, username: site.botUsername, password: site.botPassword }, plain: plainMediaWiki(site) }, 'mw']);
    }
    if (starting.dokuwiki) {
      const site = (await starting.dokuwiki).sites[0]!;
      platforms.push([{ name: 'DokuWiki', connector: connectors.get('DokuWiki'), target: { siteUrl: site.url, username: site.userUsername, password: site.userPassword }, plain: plainDokuWiki(site) }, 'dw']);
    }
    if (starting.shaarli) {
      const site = (await starting.shaarli).sites[0]!;
      platforms.push([{ name: 'Shaarli', connector: connectors.get('Shaarli'), target: { siteUrl: site.url, username: site.username, password: site.apiSecret }, plain: plainShaarli(site) }, 'sh']);
    }
    if (starting.ghost) {
      const site = (await starting.ghost).sites[0]!;
      platforms.push([{ name: 'Ghost', connector: connectors.get('Ghost'), target: { siteUrl: site.url, username: '', password: site.adminApiKey }, plain: plainGhost(site) }, 'gh']);
    }

    process.stdout.write(
      `Publishing through the connectors vs a plain fetch client: one local site per platform (scripts/peers), posts of 4 paragraphs with 3 links, ` +
      `${ROUNDS} alternating rounds a thread count, ${os.cpus().length} cores, Node ${process.version}; goal ratio ≥ ${GOAL} (! below)\n` +
      `platform   threads posts  connector posts/s  plain posts/s  ratio  requests/post  CPU ms/post   rounds (connector/plain posts/s)\n`,
    );
    const rows: Row[] = [];
    for (const [platform, short] of platforms) rows.push(...(await benchPlatform(platform, short)));
    process.stdout.write('\nRequests per post by kind (mean wait for the answer), all rounds, each thread count:\n');
    for (const row of rows) {
      process.stdout.write(`  ${row.platform} ${row.threads}: connector ${requestKinds(row.rounds.map((round) => round.connector))} | plain ${requestKinds(row.rounds.map((round) => round.plain))}\n`);
    }
  } finally {
    await stopAll();
  }
}

main().then(() => process.exit(0), (err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
