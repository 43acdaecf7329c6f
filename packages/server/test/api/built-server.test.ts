/**
 * The server `npm start` runs is the esbuild bundle (scripts/build/server.mjs), not the sources
 * every other test loads through tsx: packages are bundled into it unless they open files of their
 * own. This builds it and uses it as a user would, on both databases: sign-in, a screen's data,
 * the OpenAPI page, the live channel's handshake, a link file large enough for the import thread
 * and a text large enough for the content pool's (each thread started from its own bundle, beside
 * the server's) — each a path a wrongly bundled package breaks.
 */
import fs from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, OWN_FILES_NEVER_OPENED, WORKER_SOURCES as BUILT_WORKERS } from '../../../../scripts/build/server.mjs';
import { WORKER_SOURCES } from '../../src/platform/worker-entry';
import { DATABASES } from '../support/databases';
import { useTestDatabase } from '../support/lifecycle';
import { REPO_ROOT, runCli, startServer } from '../support/server-process';
import { buildLinkSet } from '../support/link-factories';

/** Inside the repository (the server finds its root by walking up from its own file), one per run. */
const OUT_DIR = path.join(REPO_ROOT, 'packages/server/dist', `.test-build-${process.pid}`);
const BUILT = path.join(OUT_DIR, 'main.js');

/** What server.cjs require()s from outside, as the build's metafile lists it, and which of those are optional peers. */
let required: string[] = [];
let optional: string[] = [];
/** What the build said of the code cache it writes by starting the server once. */
let codeCache = '';

beforeAll(async () => {
  ({ required, optional, codeCache } = await buildServer({ outfile: BUILT }));
}, 120_000);

afterAll(() => {
  fs.rmSync(OUT_DIR, { recursive: true, force: true });
});

function canResolve(require: NodeJS.Require, name: string): boolean {
  try {
    require.resolve(name);
    return true;
  } catch {
    return false;
  }
}

/** The bundle's list of workers is the server's own. */
it('bundles every worker the server starts', () => {
  expect(BUILT_WORKERS).toEqual(WORKER_SOURCES);
});

/**
 * What the bundle leaves outside is a require() in server.cjs of a package in node_modules: those
 * that open files of their own, native addons, and those only a dynamic import() reaches (mail, the
 * PostgreSQL queue and live adapter, the API docs, Markdown, piscina), read on first use rather than compiled
 * at every start. Each resolves from the build's folder and gives named exports, as the code that
 * imports it takes them (`const { simpleParser } = await import('mailparser')`).
 */
it('leaves out what only a dynamic import reaches, and every package it leaves out loads from the build', () => {
  const packages = required.filter((name) => !name.startsWith('node:') && !builtinModules.includes(name));
  expect(packages).toEqual(expect.arrayContaining(['imapflow', 'mailparser', 'marked', 'pg-boss', '@fastify/swagger', '@socket.io/postgres-adapter', 'better-sqlite3', 'piscina']));
  const fromBuild = createRequire(path.join(OUT_DIR, 'server.cjs'));
  for (const name of packages) {
    // An optional peer (ws's bufferutil) is required in a try by the package that wants it, and may be missing.
    if (optional.includes(name) && !canResolve(fromBuild, name)) continue;
    const loaded = fromBuild(name) as unknown;
    expect(typeof loaded === 'function' || Object.keys(loaded as object).length > 0, name).toBe(true);
  }
  expect(optional).toEqual(expect.arrayContaining(['bufferutil', 'utf-8-validate']));
  expect(packages.filter((name) => !optional.includes(name))).not.toContain('bufferutil');
  // Bundled though they open files of their own, on paths the server never takes (OWN_FILES_NEVER_OPENED):
  // compiled from the code cache at start. The live channel's handshake below runs the bundled socket.io.
  for (const name of OWN_FILES_NEVER_OPENED.keys()) expect(packages, name).not.toContain(name);
  // The names the lazy imports take.
  expect(fromBuild('mailparser')).toHaveProperty('simpleParser');
  expect(fromBuild('imapflow')).toHaveProperty('ImapFlow');
  expect(fromBuild('marked')).toHaveProperty('Marked');
  expect(fromBuild('@socket.io/postgres-adapter')).toHaveProperty('createAdapter');
});

/** The server's line once it is up: the code cache was written (or had nothing to write) before it. */
const RUNNING = /LinkLoom is running on/;

/**
 * The launcher (main.js) compiles server.cjs from V8's code cache, server.cjs.cache: the build
 * writes it by starting the server once, so the first start after a build compiles from it and has
 * nothing to write; a start that finds none writes it once the server is up, and the next start
 * compiles from that one (a cache V8 refused, made under other flags for one, would be written again).
 */
it('builds with a code cache that the first start compiles from', async () => {
  const cache = path.join(OUT_DIR, 'server.cjs.cache');
  expect(codeCache).toBe('written');
  const built = fs.statSync(cache, { bigint: true }).mtimeNs;
  const first = await startServer({ LOG_LEVEL: 'info' }, { entry: [BUILT] });
  try {
    await expect.poll(() => RUNNING.test(first.stdout())).toBe(true);
    expect(fs.statSync(cache, { bigint: true }).mtimeNs).toBe(built);
  } finally {
    expect(await first.stop()).toBe(0);
  }
});

it('writes the code cache once the server is up when there is none, and the next start compiles from it', async () => {
  const cache = path.join(OUT_DIR, 'server.cjs.cache');
  fs.rmSync(cache, { force: true });
  const first = await startServer({ LOG_LEVEL: 'info' }, { entry: [BUILT] });
  try {
    await expect.poll(() => RUNNING.test(first.stdout())).toBe(true);
    expect(fs.statSync(cache).size).toBeGreaterThan(1_000_000);
  } finally {
    expect(await first.stop()).toBe(0);
  }
  const written = fs.statSync(cache, { bigint: true }).mtimeNs;
  const second = await startServer({ LOG_LEVEL: 'info' }, { entry: [BUILT] });
  try {
    await expect.poll(() => RUNNING.test(second.stdout())).toBe(true);
    expect((await fetch(`${second.baseUrl}/help`)).status).toBe(200);
    expect(fs.statSync(cache, { bigint: true }).mtimeNs).toBe(written);
    expect(second.stderr()).not.toMatch(/Error|Warning/);
  } finally {
    expect(await second.stop()).toBe(0);
  }
});

/** Session cookies and XSRF header of a signed-in user. */
async function signIn(baseUrl: string, username: string, password: string): Promise<Record<string, string>> {
  const response = await fetch(`${baseUrl}/public/api/login/account`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password, type: 'account' }),
  });
  expect(response.status).toBe(200);
  const pairs = response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]!);
  const xsrf = pairs.find((pair) => pair.startsWith('XSRF-TOKEN='))?.slice('XSRF-TOKEN='.length) ?? '';
  return { cookie: pairs.join('; '), 'x-xsrf-token': xsrf };
}

describe.each(DATABASES)('the built server (npm start) on $kind', ({ kind, skip }) => {
  const ctx = useTestDatabase(kind, skip);

  it.skipIf(skip)('signs in, serves screens, docs and the live channel, imports a large link file and spins a large text on their threads', async () => {
    // tsx refuses to start with this: a thread that compiled its TypeScript instead of loading its bundle fails.
    const server = await startServer({ ...ctx.handle.env, TSX_TSCONFIG_PATH: path.join(OUT_DIR, 'no-tsx-here', 'tsconfig.json') }, { entry: [BUILT] });
    try {
      // Added through the CLI from the sources (tsx), so without the variable that stops tsx.
      expect((await runCli(['user:add', 'built@example.test'], 'built server password\n', ctx.handle.env)).code).toBe(0);
      const headers = await signIn(server.baseUrl, 'built@example.test', 'built server password');
      const campaigns = await fetch(`${server.baseUrl}/rest/campaigns`, { headers });
      expect(campaigns.status).toBe(200);
      expect(await campaigns.json()).toMatchObject({ campaigns: [] });
      const docs = await fetch(`${server.baseUrl}/docs/json`);
      expect(docs.status).toBe(200);
      expect(((await docs.json()) as { paths: object }).paths).toHaveProperty(['/rest/campaigns']);
      expect((await fetch(`${server.baseUrl}/docs/`)).status).toBe(200);
      const handshake = await fetch(`${server.baseUrl}/eventbus/?EIO=4&transport=polling`);
      expect(handshake.status).toBe(200);
      expect(await handshake.text()).toMatch(/^0\{"sid":/);

      const database = ctx.handle.open();
      let linkSetId: number;
      try {
        const user = await database.db.selectFrom('users').select('id').where('username', '=', 'built@example.test').executeTakeFirstOrThrow();
        linkSetId = (await buildLinkSet(database.db, { ownerId: user.id, name: 'Built server links' })).id;
      } finally {
        await database.close();
      }
      // Over 4 MB: written by the import thread (run-link-import.ts), which loads its own bundle (dist/workers).
      const lines = Array.from({ length: 80_000 }, (_, n) => `https://site${n % 97}.example.test/built/${n}|x|anchor ${n}|x|${n % 50}`);
      const text = `${lines.join('\n')}\n`;
      expect(Buffer.byteLength(text)).toBeGreaterThan(4 * 1024 * 1024);
      const form = new FormData();
      form.append('file', new Blob([text], { type: 'text/plain' }), 'links.txt');
      const imported = await fetch(`${server.baseUrl}/action/import/url_list/${linkSetId}`, { method: 'POST', headers, body: form });
      expect(imported.status).toBe(200);
      expect(await imported.json()).toMatchObject({ added: 80_000, skipped: 0 });
      const found = await fetch(`${server.baseUrl}/rest/url_items/${linkSetId}?url=built/6999&page=1&pageSize=50`, { headers });
      expect(((await found.json()) as { total: number }).total).toBe(11);

      // Over 16 K characters: spun on a content pool thread (engine/content-work), from its bundle too.
      const spintax = '{a|'.repeat(100_000);
      const spun = await fetch(`${server.baseUrl}/action/spin/test`, {
        method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ spinnerService: 'BuiltIn', body: spintax }),
      });
      expect(spun.status).toBe(200);
      expect(((await spun.json()) as { result: string }).result).toBe(spintax);
      expect(server.stderr()).not.toMatch(/Error|Cannot find/);
      expect(fs.readdirSync(path.join(OUT_DIR, 'workers')).sort()).toEqual(['content-work.worker.js', 'content-work.worker.js.map', 'link-import.worker.js', 'link-import.worker.js.map']);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  }, 180_000);
});
