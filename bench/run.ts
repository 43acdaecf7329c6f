/**
 * `npm run bench`: GET of JSON routes through the full stack (cookie → session lookup in the
 * database → owner-scoped read → zod-checked response) on the embedded default (SQLite), served
 * by a separate server process. Prints requests/s and latency percentiles; then the server's start
 * and the first screen in Chromium (issue 10), the link import and the engine. Builds what changed
 * first, as `npm start` does, so the figures are those of what it serves. Asserts nothing.
 */
import './support/local-peers';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { openDatabase } from '../packages/server/src/platform/db/dialect';
import { migrateToLatest } from '../packages/server/src/platform/db/migrate';
import { createUser } from '../packages/server/src/features/session/create-user';
import { insertCampaign } from '../packages/server/src/features/campaigns/campaigns.repository';
import { startServer } from '../packages/server/test/support/server-process';
import { benchLinkImport } from './link-import';
import { benchUploadMemory } from './upload-memory';
import { benchServerStart } from './server-start';
import { benchFirstScreen } from './first-screen';
import { benchDiagramDesigner } from './diagram-designer';
import { benchLinkListing } from './link-listing';
import { benchDeepPages } from './deep-pages';
import { benchLinkPicks } from './link-picks';
import { benchApiVsRaw } from './api-vs-raw';
import { benchLinkSearch } from './link-search';
import { benchSitesLists } from './sites-lists';
import { benchWizardCreate } from './wizard-create';
import { benchSpin } from './spin';
import { buildWhatChanged } from '../scripts/build/build-what-changed.mjs';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const CAMPAIGNS = 100;

async function seed(dataDir: string): Promise<void> {
  const database = openDatabase({ databaseUrl: undefined, dataDir });
  await migrateToLatest(database);
  const ownerId = await createUser(database.db, 'bench@example.test', 'bench password');
  const other = await createUser(database.db, 'other@example.test', 'bench password');
  for (let i = 0; i < CAMPAIGNS; i += 1) {
    await insertCampaign(database.db, { ownerId, name: `Campaign ${i}` });
    await insertCampaign(database.db, { ownerId: other, name: `Other ${i}` });
  }
  await database.close();
}

async function sessionCookie(url: string): Promise<string> {
  const response = await fetch(`${url}/public/api/login/account`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'bench@example.test', password: 'bench password' }),
  });
  if (!response.ok) throw new Error(`login failed: ${response.status}`);
  return response.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

async function measure(label: string, url: string, cookie: string): Promise<void> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers: { cookie } });
  const failed = result.errors + result.timeouts + result.non2xx;
  process.stdout.write(
    `${label.padEnd(40)} ${result.requests.average.toFixed(0).padStart(6)} req/s   ` +
    `latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms   ` +
    `(${result.requests.total} requests, ${failed} failed)\n`,
  );
}

async function main(): Promise<void> {
  // What `npm start` serves, built as `npm start` builds it (only what changed): the server's start,
  // the API against raw and the first screen measure the build, never stale or missing files.
  await buildWhatChanged();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkloom-bench-'));
  await seed(dataDir);
  const server = await startServer({ DATA_DIR: dataDir, LOGIN_ATTEMPTS_PER_MINUTE: '1000' });
  try {
    const cookie = await sessionCookie(server.baseUrl);
    process.stdout.write(`LinkLoom bench: SQLite, ${CONNECTIONS} connections, ${DURATION_S} s per route, ${os.cpus().length} cores, Node ${process.version}\n`);
    await measure('GET /api/session (session + user)', `${server.baseUrl}/api/session`, cookie);
    await measure(`GET /rest/campaigns (session + ${CAMPAIGNS} rows)`, `${server.baseUrl}/rest/campaigns`, cookie);
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  // Issue 10: the same two routes at 50 connections against raw Fastify + better-sqlite3, and the server's memory;
  // process start → first answer, and navigation → campaign rows in Chromium (each against its baseline).
  process.stdout.write('\n');
  await benchApiVsRaw();
  process.stdout.write('\n');
  await benchServerStart();
  await benchFirstScreen();
  // Issue 12: a 500-node diagram in the designer (open, auto-layout, drag frames) and the first load it leaves alone.
  await benchDiagramDesigner();
  // Link import of a million lines, deep pages, and SQLite's own insert rate (bench/link-import.ts).
  await benchLinkImport();
  // A 400 MB ZIP of articles, once and three at once: how far the server's memory rises.
  await benchUploadMemory();
  // GET /rest/url_items/{id} unpaged on a million links with an API token: time to last byte, server RSS rise (issue 19).
  await benchLinkListing();
  // Page 5,000 of a million links and of a million accounts under every sort, next to page 1 (issue 40 item 6).
  await benchDeepPages();
  await benchLinkPicks();
  // Link filters through the trigram index and the kept count on a million links, next to today's scan (issue 10.5).
  process.stdout.write('\n');
  await benchLinkSearch();
  // /sites.json and GET /rest/site_selections/{id} with 20,000 custom sites: p99 latency (issue 13).
  process.stdout.write('\n');
  await benchSitesLists();
  // Create Campaign from a 5-tier, 60-node strategy: PUT /action/create/xcampaign time and projects/s (issue 17).
  process.stdout.write('\n');
  await benchWizardCreate();
  // Issue 33.4: POST /action/spin/test on 10 KB–500 KB of spintax, groups closed and never closed, and another user's p99 meanwhile.
  process.stdout.write('\n');
  await benchSpin();
  // The engine: content pipeline cost per post, the built-in spinner and article builder (issue 16),
  // scheduler lateness, publishing to real WordPress.
  for (const script of ['content-pipeline.ts', 'spinner.ts', 'scheduler.ts', 'publishing.ts', 'publishing-platforms.ts']) runBenchScript(script);
  // Issue 34: a run's Start planning 10,000 posts' links over 1,000 targets (time, links per target largest − smallest) and their articles.
  runBenchScript('tier-planning.ts');
  // Proxy checks: proxies/s at the default concurrency, and 1,000 proxies half hung against the timeout (issue 15.3).
  runBenchScript('proxy-check.ts');
  runBenchScript('outbound-policy.ts');
  // Verify mail's lookup of one confirmation in a 10,000-message mailbox over IMAP (issue 14.5).
  runBenchScript('mailbox-scan.ts');
  // Account creation: accounts registered per minute on local blogs at 1 and 8 threads, next to a plain REST client (issue 14.4).
  runBenchScript('account-registration.ts');
  // The platform verifier: sites/s against real WordPress blogs and wikis next to a plain fetch client (issue 13).
  runBenchScript('site-verifier.ts');
  // Link health (issue 18): re-checks/s vs a plain fetch client, RSS with 100,000 links due, the report on 1,000,000 links.
  runBenchScript('link-health.ts');
  // Check now (issue 36): 10,000 links over 50 local sites, time to finish and peak requests per site next to a plain concurrent fetch.
  runBenchScript('check-now.ts');
}

/** Runs one of the engine's bench scripts in its own process (each sets up what it measures). */
function runBenchScript(script: string): void {
  process.stdout.write(`\n--- bench/${script}\n`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', '--expose-gc', path.join(import.meta.dirname, script)], { stdio: 'inherit', env: process.env });
  if (result.status !== 0) throw new Error(`bench/${script} exited with ${result.status ?? result.signal}`);
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
