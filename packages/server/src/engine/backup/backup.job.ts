import fs from 'node:fs';
import type { AppContext } from '../../app-context';
import { JOB, type EngineJob, type EngineQueue } from '../jobs/job-names';
import { backupDay, backupFile, nextBackupStart } from './backup-files';
import { backupWanted } from './backup-wanted';
import { takeBackup } from './take-backup';

/**
 * Sends the backup job of `day` (UTC), not before `startAfter`. Its singleton key is the day, so
 * every process (each server and worker at start, each finishing backup job) asks for the same
 * job and one chain of daily jobs exists however many there are.
 */
export function sendBackupJob(queue: EngineQueue, day: string, startAfter?: Date): Promise<string> {
  return queue.send(JOB.backupRun, { day }, { singletonKey: `backup-${day}`, ...(startAfter ? { startAfter } : {}), retryLimit: 2, retryDelaySeconds: 600 });
}

/** At engine start: today's job (it does nothing when today's backup exists or nobody wants one). */
export function sendTodaysBackup(queue: EngineQueue, now = Date.now()): Promise<string> {
  return sendBackupJob(queue, backupDay(now));
}

export type BackupOutcome = { kind: 'written'; file: string } | { kind: 'exists'; file: string } | { kind: 'not-wanted' };

/**
 * The day's automatic backup: written when any user has automaticBackup on and no backup of
 * that day is in the backups folder yet (a day is backed up once, however often its job runs).
 */
export async function runDailyBackup(ctx: AppContext, day: string): Promise<BackupOutcome> {
  const { config, database } = ctx;
  const file = backupFile(config.backupDir, day, database.dialect);
  if (fs.existsSync(file)) return { kind: 'exists', file };
  if (!(await backupWanted(database.db))) return { kind: 'not-wanted' };
  return { kind: 'written', file: await takeBackup(database, { dir: config.backupDir, keep: config.backupKeep, databaseUrl: config.databaseUrl }, day) };
}

/**
 * `backup.run`: first sends the next day's job (the chain lives in the queue), then backs up the
 * day it runs on (a job that waited past its day, e.g. while the server was down, backs up today).
 */
export function backupJob(ctx: AppContext): EngineJob<'backup.run'> {
  return {
    name: JOB.backupRun,
    handler: async () => {
      const next = nextBackupStart();
      await sendBackupJob(ctx.queue, backupDay(next.getTime()), next);
      await runDailyBackup(ctx, backupDay());
    },
    options: { concurrency: 1, timeoutSeconds: 3600 },
  };
}
