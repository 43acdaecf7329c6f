import type { Kysely } from 'kysely';
import { parseWireDate } from '@linkloom/shared';
import type { DialectName } from '../dialect';

interface ScheduledRow {
  id: number;
  schedule: string | null;
}

/**
 * The scheduler's columns on projects (engine/README.md "Data"): `next_run_at`, when a schedule
 * next starts the project (null: none or not yet known); `schedule_job_id`, the queue job that will
 * start it at that instant (cancelled when the schedule is deleted or changed); `schedule_armed_at`,
 * when the schedule was saved or reset (AfterProject counts only parent runs that finished since).
 * Projects already SCHEDULED are armed here, so their schedules fire after the upgrade.
 */
export function scheduleMigration(_dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('projects').addColumn('next_run_at', 'bigint').execute();
      await db.schema.alterTable('projects').addColumn('schedule_job_id', 'varchar(64)').execute();
      await db.schema.alterTable('projects').addColumn('schedule_armed_at', 'bigint').execute();
      // The scheduler's catch-up reads SCHEDULED projects by due time.
      await db.schema.createIndex('projects_schedule_due_idx').on('projects').columns(['status', 'next_run_at']).execute();

      const typed = db as unknown as Kysely<{ projects: ScheduledRow & { status: string; next_run_at: number | null; schedule_armed_at: number | null } }>;
      const scheduled = await typed.selectFrom('projects').select(['id', 'schedule']).where('status', '=', 'SCHEDULED').execute();
      const now = Date.now();
      for (const row of scheduled) {
        const schedule = JSON.parse(row.schedule ?? 'null') as { scheduleType?: string; startDate?: string } | null;
        const at = schedule?.scheduleType === 'FixedDate' ? parseWireDate(schedule.startDate ?? '')?.getTime() ?? null : null;
        await typed.updateTable('projects').set({ next_run_at: at, schedule_armed_at: now }).where('id', '=', row.id).execute();
      }
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('projects_schedule_due_idx').execute();
      for (const column of ['schedule_armed_at', 'schedule_job_id', 'next_run_at']) {
        await db.schema.alterTable('projects').dropColumn(column).execute();
      }
    },
  };
}
