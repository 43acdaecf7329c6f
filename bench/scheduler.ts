/**
 * Scheduler benchmark (`node --import tsx bench/scheduler.ts`): 10,000 projects with FixedDate
 * schedules due within one minute, armed the way saving a schedule arms them (one `schedule.start`
 * job each), started by a separate `worker` process (`linkloom worker`, every engine job
 * registered). Prints the lateness of the starts — project_runs.started_at minus the instant —
 * as p50 / p99 / max, and how long the worker took for all of them. SQLite by default;
 * BENCH_DATABASE_URL=postgres://… runs it on PostgreSQL with pg-boss (a schema of its own).
 *
 * BENCH_SCHEDULES (default 10000) and BENCH_SPREAD_S (default 60) change the load.
 */
import { LOCAL_PEERS_OUTBOUND_ALLOW } from './support/local-peers';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { formatWireDate } from '../packages/shared/src/domain/schedule-dates';
import type { AppContext } from '../packages/server/src/app-context';
import { loadConfig } from '../packages/server/src/platform/config';
import { openDatabase, type Database } from '../packages/server/src/platform/db/dialect';
import { migrateToLatest } from '../packages/server/src/platform/db/migrate';
import { createUser } from '../packages/server/src/features/session/create-user';
import { insertCampaign } from '../packages/server/src/features/campaigns/campaigns.repository';
import { createQueue } from '../packages/server/src/engine/queue/create-queue';
import { JOB_PAYLOADS } from '../packages/server/src/engine/jobs/job-names';
import { sendScheduleStart } from '../packages/server/src/engine/scheduler/arm-schedule';
import { findScheduledProject } from '../packages/server/src/engine/scheduler/scheduled-projects.repository';
import { REPO_ROOT } from '../packages/server/test/support/server-process';

const SCHEDULES = Number(process.env.BENCH_SCHEDULES ?? 10_000);
const SPREAD_MS = Number(process.env.BENCH_SPREAD_S ?? 60) * 1000;
const PG_URL = process.env.BENCH_DATABASE_URL;
/** Time between arming the last schedule and the first instant: the worker starts meanwhile. */
const LEAD_MS = 8_000;

interface Target {
  env: Record<string, string>;
  create(): Promise<void>;
  open(): Database;
  drop(): Promise<void>;
}

function target(): Target {
  if (PG_URL) {
    const schema = `bench_${randomBytes(4).toString('hex')}`;
    const admin = async (statement: string) => {
      const client = new pg.Client({ connectionString: PG_URL });
      await client.connect();
      await client.query(statement);
      await client.end();
    };
    return {
      env: { DATABASE_URL: PG_URL, DATABASE_SCHEMA: schema },
      create: () => admin(`CREATE SCHEMA ${schema}`),
      open: () => openDatabase({ databaseUrl: PG_URL, databaseSchema: schema, dataDir: os.tmpdir() }),
      drop: async () => {
        await admin(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
        await admin(`DROP SCHEMA IF EXISTS ${schema}_pgboss CASCADE`);
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkloom-bench-scheduler-'));
  return {
    env: { DATA_DIR: dir },
    create: async () => undefined,
    open: () => openDatabase({ databaseUrl: undefined, dataDir: dir }),
    drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

/** 10,000 SCHEDULED projects (no sites: their runs end at once, so the starts are what is measured). */
async function seedProjects(database: Database): Promise<{ ownerId: number; ids: number[] }> {
  const ownerId = await createUser(database.db, 'scheduler@example.test', 'bench password');
  const campaignId = await insertCampaign(database.db, { ownerId, name: 'Scheduled' });
  const ids: number[] = [];
  const now = Date.now();
  for (let start = 0; start < SCHEDULES; start += 500) {
    const rows = Array.from({ length: Math.min(500, SCHEDULES - start) }, (_, i) => ({
      owner_id: ownerId, campaign_id: campaignId, module: 'Wiki', name: `Scheduled ${start + i + 1}`, status: 'SCHEDULED', created_at: now,
    }));
    const inserted = await database.db.insertInto('projects').values(rows).returning('id').execute();
    ids.push(...inserted.map((row) => row.id));
  }
  return { ownerId, ids };
}

/** Gives each project its instant (spread evenly over SPREAD_MS from `firstAt`) and its start job, as saving the schedule does. */
async function arm(database: Database, ownerId: number, ids: number[], firstAt: number): Promise<Map<number, number>> {
  const queue = createQueue(database, JOB_PAYLOADS);
  const ctx = { config: loadConfig({ LOG_LEVEL: 'silent', OUTBOUND_ALLOW: LOCAL_PEERS_OUTBOUND_ALLOW }), database, live: undefined, queue, version: 'bench' } as AppContext;
  const instants = new Map<number, number>();
  const armedAt = Date.now();
  for (const [index, id] of ids.entries()) {
    const at = firstAt + Math.floor((index * SPREAD_MS) / ids.length);
    instants.set(id, at);
    const schedule = JSON.stringify({ scheduleType: 'FixedDate', startDate: formatWireDate(new Date(at)), durationType: 'Once', status: 'SCHEDULED' });
    await database.db.updateTable('projects').set({ schedule, next_run_at: at, schedule_armed_at: armedAt }).where('id', '=', id).execute();
  }
  // Eight at a time, as several users saving schedules would.
  let next = 0;
  await Promise.all(Array.from({ length: 8 }, async () => {
    while (next < ids.length) {
      const project = await findScheduledProject(database.db, ownerId, ids[next++]!);
      if (project) await sendScheduleStart(ctx, project);
    }
  }));
  await queue.stop();
  return instants;
}

function startWorker(env: Record<string, string>): { stop(): Promise<void>; pid: number | undefined } {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'packages/server/src/main.ts'), 'worker'], {
    cwd: REPO_ROOT, env: { ...process.env, LOG_LEVEL: 'warn', ...env }, stdio: ['ignore', 'inherit', 'inherit'],
  });
  return {
    pid: child.pid,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

async function main(): Promise<void> {
  const where = target();
  await where.create();
  const database = where.open();
  let worker: ReturnType<typeof startWorker> | undefined;
  try {
    await migrateToLatest(database);
    const { ownerId, ids } = await seedProjects(database);
    // Arming 10,000 jobs takes a while: the first instant comes LEAD_MS after arming ends.
    const armStarted = Date.now();
    const estimate = Math.max(2_000, SCHEDULES * (PG_URL ? 3 : 1));
    const firstAt = armStarted + estimate + LEAD_MS;
    const instants = await arm(database, ownerId, ids, firstAt);
    const armMs = Date.now() - armStarted;
    if (Date.now() > firstAt - 1_000) process.stdout.write(`note: arming took ${armMs} ms, later than planned; early starts are late\n`);
    worker = startWorker(where.env);

    const lastAt = firstAt + SPREAD_MS;
    const deadline = lastAt + 180_000;
    let started: { project_id: number; started_at: number }[] = [];
    while (Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      started = (await database.db.selectFrom('project_runs').select(['project_id', 'started_at']).where('owner_id', '=', ownerId).execute())
        .map((row) => ({ project_id: row.project_id, started_at: Number(row.started_at) }));
      if (started.length >= ids.length) break;
    }
    const lateness = started.map((run) => run.started_at - instants.get(run.project_id)!).sort((a, b) => a - b);
    const buckets = new Map<number, number[]>();
    for (const run of started) {
      const at = instants.get(run.project_id)!;
      const bucket = Math.floor((at - firstAt) / 10_000);
      buckets.set(bucket, [...(buckets.get(bucket) ?? []), run.started_at - at]);
    }
    const early = lateness.filter((ms) => ms < 0).length;
    const driver = PG_URL ? 'PostgreSQL + pg-boss' : 'SQLite + database queue';
    process.stdout.write(
      `Scheduler: ${ids.length} FixedDate schedules due within ${SPREAD_MS / 1000} s (${driver}, one worker process, ${os.cpus().length} cores)\n` +
      `  started ${started.length}/${ids.length}; lateness p50 ${percentile(lateness, 50)} ms, p99 ${percentile(lateness, 99)} ms, ` +
      `max ${lateness.at(-1)} ms, min ${lateness[0]} ms; early ${early}; arming took ${armMs} ms\n` +
      `  per 10 s of instants (p50/p99 ms): ${[...buckets.entries()].sort(([a], [b]) => a - b)
        .map(([bucket, values]) => { const sorted = values.sort((a, b) => a - b); return `${bucket * 10}s ${percentile(sorted, 50)}/${percentile(sorted, 99)}`; }).join(', ')}\n`,
    );
  } finally {
    await worker?.stop();
    await database.close();
    await where.drop();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
