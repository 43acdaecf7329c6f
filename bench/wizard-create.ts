/**
 * Issue 17: Create Campaign from a 5-tier, 60-node strategy (160 projects, 60 account profiles,
 * 6 link sets) through the real server process on the embedded default (SQLite):
 * PUT /action/create/xcampaign with the wizard lz-string compressed as the editor sends it, one
 * campaign after another. Prints p50 / p99 / max time (goal ≤ 300 ms) and projects created per
 * second, next to PUT /rest/campaigns (a manual campaign: the same stack with one insert) measured
 * in the same run as the baseline. Every create is checked to have answered 200. Asserts nothing else.
 *
 *   node --import tsx bench/wizard-create.ts     (also run by `npm run bench`)
 *
 * BENCH_WIZARD_RUNS (default 30) creates after 3 warm-up ones; BENCH_WIZARD_SITES (default 40)
 * custom sites per module, which every project ticks (All Sites).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import lzString from 'lz-string';
import { CUSTOM_SITE_MODULES, planCampaign, type CustomSiteFields } from '@linkloom/shared';
import { openDatabase } from '../packages/server/src/platform/db/dialect';
import { migrateToLatest } from '../packages/server/src/platform/db/migrate';
import { createUser } from '../packages/server/src/features/session/create-user';
import { insertContentGroup } from '../packages/server/src/features/content/content-groups.repository';
import { insertStrategies } from '../packages/server/src/features/strategies/strategies.repository';
import { upsertCustomSites } from '../packages/server/src/features/custom-sites/custom-sites.repository';
import { startServer } from '../packages/server/test/support/server-process';
import { signIn } from './link-import';
import { benchDiagram, benchWizard } from './support/wizard-strategy';

const RUNS = Number(process.env.BENCH_WIZARD_RUNS ?? 30);
const WARM_UP = 3;
const SITES_PER_MODULE = Number(process.env.BENCH_WIZARD_SITES ?? 40);
const USER = { username: 'wizard@example.test', password: 'bench password' };

/** The user, their copy of the bench strategy, a content group and custom sites of every module. */
async function seed(dataDir: string): Promise<{ strategyId: number; contentGroupId: number }> {
  const database = openDatabase({ databaseUrl: undefined, dataDir });
  await migrateToLatest(database);
  const { db } = database;
  const ownerId = await createUser(db, USER.username, USER.password);
  const contentGroupId = await insertContentGroup(db, ownerId, 'Bench articles');
  const [strategy] = await insertStrategies(db, ownerId, [{ name: 'Bench 5 tiers', description: '', diagram: JSON.stringify(benchDiagram()), img: '' }]);
  const sites: CustomSiteFields[] = CUSTOM_SITE_MODULES.flatMap((module) => Array.from({ length: SITES_PER_MODULE }, (_, i) => ({
    module, url: `https://${module.toLowerCase()}${i}.example.com`, host: `${module.toLowerCase()}${i}.example.com`, da: i % 101, premium: false, login: null, password: null,
  })));
  await db.transaction().execute((trx) => upsertCustomSites(trx, ownerId, sites));
  await database.close();
  return { strategyId: strategy!.id, contentGroupId };
}

function figures(samples: number[]): { p50: number; p99: number; max: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { p50: at(0.5), p99: at(0.99), max: sorted[sorted.length - 1]! };
}

/** Times `RUNS` sequential PUTs (after the warm-up) of the body each call gives. */
async function timePuts(url: string, auth: { cookie: string; xsrf: string }, body: (i: number) => string, contentType: string): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < WARM_UP + RUNS; i += 1) {
    const start = performance.now();
    const response = await fetch(url, { method: 'PUT', headers: { cookie: auth.cookie, 'x-xsrf-token': auth.xsrf, 'content-type': contentType }, body: body(i) });
    const text = await response.text();
    const elapsed = performance.now() - start;
    if (response.status !== 200) throw new Error(`PUT ${url} answered ${response.status}: ${text.slice(0, 300)}`);
    if (i >= WARM_UP) samples.push(elapsed);
  }
  return samples;
}

export async function benchWizardCreate(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkloom-bench-wizard-'));
  const ids = await seed(dataDir);
  const diagram = benchDiagram();
  const wizard = benchWizard(diagram, ids);
  const plan = planCampaign(diagram, wizard);
  const server = await startServer({ DATA_DIR: dataDir, LOGIN_ATTEMPTS_PER_MINUTE: '1000' });
  try {
    const auth = await signIn(server.baseUrl, USER);
    process.stdout.write(
      `wizard create: SQLite, ${os.cpus().length} cores, Node ${process.version}; 5 tiers, 60 nodes → ${plan.projects.length} projects, ` +
      `${plan.profiles.length} profiles, ${plan.linkSets.length} link sets; ${SITES_PER_MODULE} sites per module; ${RUNS} runs after ${WARM_UP} warm-up\n`,
    );
    const baseline = figures(await timePuts(`${server.baseUrl}/rest/campaigns`, auth, (i) => JSON.stringify({ name: `Manual ${i}` }), 'application/json'));
    const packed = (i: number) => lzString.compressToEncodedURIComponent(JSON.stringify({ saveWizard: false, wizard: { ...wizard, campaignName: `Bench ${i}` } }));
    const create = figures(await timePuts(`${server.baseUrl}/action/create/xcampaign`, auth, packed, 'text/plain'));
    const line = (label: string, f: ReturnType<typeof figures>) => `${label.padEnd(52)} p50 ${f.p50.toFixed(1)} ms   p99 ${f.p99.toFixed(1)} ms   max ${f.max.toFixed(1)} ms`;
    process.stdout.write(`${line('PUT /rest/campaigns (baseline: one manual campaign)', baseline)}\n`);
    process.stdout.write(`${line(`PUT /action/create/xcampaign (${plan.projects.length} projects)`, create)}   goal ≤ 300 ms\n`);
    process.stdout.write(`projects created per second: ${(plan.projects.length / (create.p50 / 1000)).toFixed(0)} at p50, ${(plan.projects.length / (create.p99 / 1000)).toFixed(0)} at p99\n`);
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  benchWizardCreate().catch((err: unknown) => {
    process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  });
}
