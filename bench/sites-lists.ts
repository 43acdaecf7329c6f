/**
 * Issue 13: the site lists with 20,000 custom sites, on the embedded default (SQLite), through the
 * real server process: GET /sites.json (every custom and private site with DA, measured dofollow
 * and status) and GET /rest/site_selections/{id} (the selection, every site as a grid row ticked
 * or not, the platforms, and 5,000 ticked sites). Prints requests/s, p50 / p99 / max latency and
 * the answer's size; then GET /rest/project/{id} of a private project whose network has as many
 * blogs (every blog a site row). Asserts nothing.
 *
 * Runs alone (`node --import tsx bench/sites-lists.ts`) or from `npm run bench`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { CUSTOM_SITE_MODULES, type CustomSiteFields } from '@linkloom/shared';
import { openDatabase } from '../packages/server/src/platform/db/dialect';
import { migrateToLatest } from '../packages/server/src/platform/db/migrate';
import { createUser } from '../packages/server/src/features/session/create-user';
import { upsertCustomSites } from '../packages/server/src/features/custom-sites/custom-sites.repository';
import { insertSiteSelection, replaceSelectedItems } from '../packages/server/src/features/site-selections/site-selections.repository';
import { startServer } from '../packages/server/test/support/server-process';
import { buildCampaign } from '../packages/server/test/support/factories';
import { buildProject } from '../packages/server/test/support/campaign-factories';
import { buildSites } from '../packages/server/test/support/project-factories';

const SITES = Number(process.env.BENCH_CUSTOM_SITES ?? 20_000);
const TICKED = Math.min(5_000, SITES);
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_SITES_CONNECTIONS ?? 1);
const USER = { username: 'sites@example.test', password: 'bench password' };
const PLATFORMS = ['WordPress', 'MediaWiki', 'Unknown'] as const;

/** Seeds the sites (a third of them with a login), a selection with TICKED of them, and a private project over a network of SITES blogs; their ids. */
async function seed(dataDir: string): Promise<{ selectionId: number; projectId: number }> {
  const database = openDatabase({ databaseUrl: undefined, dataDir });
  await migrateToLatest(database);
  const { db } = database;
  const ownerId = await createUser(db, USER.username, USER.password);
  const sites: CustomSiteFields[] = Array.from({ length: SITES }, (_, i) => ({
    module: CUSTOM_SITE_MODULES[i % CUSTOM_SITE_MODULES.length]!,
    url: `https://site${i}.example.com`, host: `site${i}.example.com`,
    da: i % 101, premium: i % 7 === 0,
    login: i % 3 === 0 ? `admin${i}` : null, password: i % 3 === 0 ? `password ${i}` : null,
  }));
  const ids = await db.transaction().execute((trx) => upsertCustomSites(trx, ownerId, sites));
  // Verifier results on most sites, so the lists carry platforms and statuses of every kind.
  for (const [index, platform] of PLATFORMS.entries()) {
    await db.updateTable('custom_sites').set({ platform, status: index === 2 ? 'FAILED' : 'OK', reason: 'checked by the bench' })
      .where('owner_id', '=', ownerId).where((eb) => eb(eb.ref('id'), '%', 3), '=', index).execute();
  }
  const selection = await insertSiteSelection(db, ownerId, 'Bench selection', 'Manually');
  const ticked = ids.slice(0, TICKED).map((siteId, i) => ({ module: sites[i]!.module, siteId }));
  await db.transaction().execute((trx) => replaceSelectedItems(trx, selection.id, ticked, [{ module: 'Wiki', platform: 'MediaWiki' }]));
  // The private project screen lists every blog of its network as a site row.
  const campaign = await buildCampaign(db, { ownerId });
  const { networkId } = await buildSites(db, { ownerId, count: SITES });
  const projectId = await buildProject(db, { ownerId, campaignId: campaign.id, module: 'Private', settings: JSON.stringify({ profileId: networkId }) });
  await database.close();
  return { selectionId: selection.id, projectId };
}

async function sessionCookie(url: string): Promise<string> {
  const response = await fetch(`${url}/public/api/login/account`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...USER, type: 'account' }),
  });
  if (!response.ok) throw new Error(`login failed: ${response.status}`);
  return response.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

async function measure(label: string, url: string, cookie: string): Promise<void> {
  const size = (await (await fetch(url, { headers: { cookie } })).arrayBuffer()).byteLength;
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, timeout: 60, headers: { cookie } });
  const failed = result.errors + result.timeouts + result.non2xx;
  process.stdout.write(
    `${label.padEnd(48)} ${result.requests.average.toFixed(1).padStart(6)} req/s   ` +
    `latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms   ` +
    `(${(size / 1024 / 1024).toFixed(1)} MB each, ${result.requests.total} requests, ${failed} failed)\n`,
  );
}

/** The two site-list calls with SITES custom sites. */
export async function benchSitesLists(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkloom-bench-sites-'));
  const { selectionId, projectId } = await seed(dataDir);
  const server = await startServer({ DATA_DIR: dataDir, LOGIN_ATTEMPTS_PER_MINUTE: '1000' });
  try {
    const cookie = await sessionCookie(server.baseUrl);
    process.stdout.write(`Site lists: ${SITES} custom sites, SQLite, ${CONNECTIONS} connections, ${DURATION_S} s per route\n`);
    await measure(`GET /sites.json (${SITES} sites)`, `${server.baseUrl}/sites.json`, cookie);
    await measure(`GET /rest/site_selections/{id} (${TICKED} ticked)`, `${server.baseUrl}/rest/site_selections/${selectionId}`, cookie);
    await measure(`GET /rest/project/{id} (private, ${SITES} blogs)`, `${server.baseUrl}/rest/project/${projectId}`, cookie);
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  benchSitesLists().catch((err: unknown) => {
    process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  });
}
