import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import pg from 'pg';
import { DATABASES } from '../support/databases';
import { useTestServer } from '../support/lifecycle';
import { useTwoUsers } from '../support/scenario';
import { buildUser } from '../support/factories';
import { openDatabase, type Database } from '../../src/platform/db/dialect';
import { backupJob, runDailyBackup } from '../../src/engine/backup/backup.job';
import { pgBossSchemaFor } from '../../src/engine/queue/create-queue';
import { JOB } from '../../src/engine/jobs/job-names';
import { restoreBackup } from '../../src/engine/backup/restore-backup';
import { listBackups } from '../../src/engine/backup/backup-files';
import { POSTGRES_TEST_URL } from '../support/postgres-url';

/** Rows of every table of the app's database, by table name. */
async function rowCounts(database: Database, schema: string | undefined): Promise<Record<string, number>> {
  const tables =
    database.dialect === 'sqlite'
      ? (await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(database.db)).rows
      : (await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = ${schema} and table_type = 'BASE TABLE'`.execute(database.db)).rows;
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(name)}`.execute(database.db);
    counts[name] = Number(rows[0]?.n);
  }
  return counts;
}

describe.each(DATABASES)('automatic backup and restore on $kind', ({ kind, skip }) => {
  const backupDir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkloom-backups-'));
  const ctx = useTestServer(kind, skip, { env: { BACKUP_DIR: backupDir, BACKUP_KEEP: '2' } });
  const { ann } = useTwoUsers(ctx, skip);
  const cleanups: (() => Promise<void> | void)[] = [() => fs.rmSync(backupDir, { recursive: true, force: true })];
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
  });

  it.skipIf(skip)('backs up only when a user has automaticBackup on, once a day, keeps the newest BACKUP_KEEP', async () => {
    const context = ctx.server.context;
    expect(await runDailyBackup(context, '2026-01-01')).toEqual({ kind: 'not-wanted' });
    expect(listBackups(backupDir)).toEqual([]);

    expect((await ann.agent.request('POST', '/rest/options', { body: { automaticBackup: true } })).statusCode).toBe(200);
    const first = await runDailyBackup(context, '2026-01-01');
    expect(first.kind).toBe('written');
    // The same day again (another worker, a restart): the day's backup is there, nothing is written.
    expect((await runDailyBackup(context, '2026-01-01')).kind).toBe('exists');
    await runDailyBackup(context, '2026-01-02');
    await runDailyBackup(context, '2026-01-03');
    expect(listBackups(backupDir).map((file) => path.basename(file).slice(0, 19))).toEqual(['linkloom-2026-01-02', 'linkloom-2026-01-03']);
    expect(fs.statSync(backupDir).mode & 0o077).toBe(0);
  });

  /** The backup jobs waiting in the queue's store (the database driver's table, or pg-boss's), by day. */
  async function waitingBackupJobs(database: Database): Promise<{ day: string; startAfter: number }[]> {
    if (database.dialect === 'sqlite') {
      const rows = await database.db.selectFrom('jobs').select(['payload', 'start_after']).where('name', '=', JOB.backupRun).where('state', '=', 'created').orderBy('id').execute();
      return rows.map((row) => ({ day: (JSON.parse(row.payload) as { day: string }).day, startAfter: Number(row.start_after) }));
    }
    const { rows } = await sql<{ data: { day: string }; start_after: Date }>`select data, start_after from ${sql.raw(`"${pgBossSchemaFor(database)}".job`)}
      where name = ${JOB.backupRun} and state = 'created' order by created_on`.execute(database.db);
    return rows.map((row) => ({ day: row.data.day, startAfter: new Date(row.start_after).getTime() }));
  }

  it.skipIf(skip)('the daily job backs up its day and plans the next day\'s at midnight; run again the same day it takes none', async () => {
    const ownDir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkloom-daily-'));
    cleanups.push(() => fs.rmSync(ownDir, { recursive: true, force: true }));
    const context = { ...ctx.server.context, config: { ...ctx.server.context.config, backupDir: ownDir } };
    const job = backupJob(context);
    const run = () => job.handler({ id: 'test', name: JOB.backupRun, payload: { day: 'any' }, attempt: 1, signal: new AbortController().signal });
    expect((await ann.agent.request('POST', '/rest/options', { body: { automaticBackup: true } })).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2026-03-10T15:30:00Z'));
      await run();
      expect(listBackups(ownDir).map((file) => path.basename(file).slice(0, 19))).toEqual(['linkloom-2026-03-10']);
      expect(await waitingBackupJobs(ctx.server.database)).toEqual([{ day: '2026-03-11', startAfter: Date.parse('2026-03-11T00:00:00Z') }]);
      const written = fs.statSync(listBackups(ownDir)[0]!).mtimeMs;

      // Later the same day (a restart's job, another worker): no second backup, still one job for tomorrow.
      vi.setSystemTime(new Date('2026-03-10T22:00:00Z'));
      await run();
      expect(listBackups(ownDir).map((file) => path.basename(file).slice(0, 19))).toEqual(['linkloom-2026-03-10']);
      expect(fs.statSync(listBackups(ownDir)[0]!).mtimeMs).toBe(written);
      expect(await waitingBackupJobs(ctx.server.database)).toEqual([{ day: '2026-03-11', startAfter: Date.parse('2026-03-11T00:00:00Z') }]);

      // The next day's job (run here by hand, so it also stays waiting): that day's backup, and the day after is planned.
      vi.setSystemTime(new Date('2026-03-11T00:00:01Z'));
      await run();
      expect(listBackups(ownDir).map((file) => path.basename(file).slice(0, 19))).toEqual(['linkloom-2026-03-10', 'linkloom-2026-03-11']);
      expect(await waitingBackupJobs(ctx.server.database)).toEqual([
        { day: '2026-03-11', startAfter: Date.parse('2026-03-11T00:00:00Z') }, { day: '2026-03-12', startAfter: Date.parse('2026-03-12T00:00:00Z') },
      ]);
    } finally {
      vi.useRealTimers();
    }
  });

  it.skipIf(skip)('a backup restored into fresh data has the same rows in every table', async () => {
    const { server, handle } = ctx;
    const schema = handle.env.DATABASE_SCHEMA;
    await buildUser(server.database.db);
    const before = await rowCounts(server.database, schema);
    expect(before.users).toBeGreaterThanOrEqual(3);
    const outcome = await runDailyBackup(server.context, '2026-02-01');
    if (outcome.kind !== 'written') throw new Error(`no backup: ${outcome.kind}`);
    // Data written after the backup is not in it.
    await buildUser(server.database.db);

    if (kind === 'sqlite') {
      const fresh = fs.mkdtempSync(path.join(os.tmpdir(), 'linkloom-restored-'));
      cleanups.push(() => fs.rmSync(fresh, { recursive: true, force: true }));
      await restoreBackup({ dataDir: fresh, databaseUrl: undefined, databaseSchema: undefined }, outcome.file);
      const restored = openDatabase({ databaseUrl: undefined, dataDir: fresh });
      try {
        expect(await rowCounts(restored, undefined)).toEqual(before);
      } finally {
        await restored.close();
      }
      return;
    }
    // PostgreSQL: the server stops, the schema is restored from the archive (the old one moved aside).
    await server.close();
    const aside = await restoreBackup({ dataDir: handle.env.DATA_DIR!, databaseUrl: POSTGRES_TEST_URL, databaseSchema: schema }, outcome.file);
    cleanups.push(async () => {
      const client = new pg.Client({ connectionString: POSTGRES_TEST_URL });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS "${aside.replace(/^schema /, '')}" CASCADE`);
      await client.end();
    });
    expect(aside).toMatch(/^schema t_.*_before_restore_/);
    const restored = handle.open();
    try {
      expect(await rowCounts(restored, schema)).toEqual(before);
    } finally {
      await restored.close();
    }
    // useTestServer closes whatever server is there at the end.
    ctx.server = { ...server, close: async () => undefined };
  });
});
