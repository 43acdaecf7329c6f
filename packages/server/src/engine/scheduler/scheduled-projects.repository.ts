import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema';

type Db = Kysely<DB>;

/** A project as the scheduler reads it, with its campaign's status. */
export interface ScheduledProject {
  id: number;
  owner_id: number;
  campaign_id: number;
  module: string;
  status: string;
  schedule: string | null;
  next_run_at: number | null;
  schedule_job_id: string | null;
  schedule_armed_at: number | null;
  campaign_status: string;
}

const COLUMNS = [
  'projects.id', 'projects.owner_id', 'projects.campaign_id', 'projects.module', 'projects.status', 'projects.schedule',
  'projects.next_run_at', 'projects.schedule_job_id', 'projects.schedule_armed_at', 'campaigns.campaign_status',
] as const;

function withCampaign(db: Db) {
  return db.selectFrom('projects').innerJoin('campaigns', 'campaigns.id', 'projects.campaign_id').select(COLUMNS);
}

/** Numbers come back as strings from PostgreSQL bigint columns. */
function normalise(row: ScheduledProject): ScheduledProject {
  return {
    ...row,
    next_run_at: row.next_run_at === null ? null : Number(row.next_run_at),
    schedule_armed_at: row.schedule_armed_at === null ? null : Number(row.schedule_armed_at),
  };
}

export async function findScheduledProject(db: Db, ownerId: number, projectId: number): Promise<ScheduledProject | undefined> {
  const row = await withCampaign(db).where('projects.id', '=', projectId).where('projects.owner_id', '=', ownerId).executeTakeFirst();
  return row ? normalise(row) : undefined;
}

/** SCHEDULED projects (of every user) whose start is due by `dueBy`, oldest first. */
export async function dueProjects(db: Db, dueBy: number, limit: number): Promise<ScheduledProject[]> {
  const rows = await withCampaign(db)
    .where('projects.status', '=', 'SCHEDULED').where('projects.next_run_at', '<=', dueBy)
    .where('campaigns.campaign_status', '=', 'ACTIVE')
    .orderBy('projects.next_run_at').orderBy('projects.id').limit(limit).execute();
  return rows.map(normalise);
}

/** SCHEDULED projects with a start instant but no queue job for it (armed by an upgrade, or a lost send). */
export async function projectsWithoutJob(db: Db, limit: number): Promise<ScheduledProject[]> {
  const rows = await withCampaign(db)
    .where('projects.status', '=', 'SCHEDULED').where('projects.next_run_at', 'is not', null).where('projects.schedule_job_id', 'is', null)
    .orderBy('projects.next_run_at').limit(limit).execute();
  return rows.map(normalise);
}

/** SCHEDULED projects waiting for their parents (no start instant yet); one owner's, or everyone's. */
export async function waitingForParents(db: Db, ownerId?: number): Promise<ScheduledProject[]> {
  let query = withCampaign(db)
    .where('projects.status', '=', 'SCHEDULED').where('projects.next_run_at', 'is', null).where('projects.schedule_armed_at', 'is not', null);
  if (ownerId !== undefined) query = query.where('projects.owner_id', '=', ownerId);
  return (await query.orderBy('projects.id').execute()).map(normalise);
}

export interface ParentState {
  id: number;
  module: string;
  status: string;
  /** When its newest run ended (null: never ran, or still running). */
  finishedAt: number | null;
}

/** The projects of one campaign with their status and when their newest run ended. */
export async function campaignProjectStates(db: Db, ownerId: number, campaignId: number): Promise<ParentState[]> {
  const projects = await db.selectFrom('projects').select(['id', 'module', 'status'])
    .where('owner_id', '=', ownerId).where('campaign_id', '=', campaignId).execute();
  if (projects.length === 0) return [];
  const runs = await db.selectFrom('project_runs').select(['project_id', 'finished_at'])
    .where('owner_id', '=', ownerId)
    .where('id', 'in', (qb) => qb.selectFrom('project_runs').select((eb) => eb.fn.max('id').as('id'))
      .where('owner_id', '=', ownerId).where('project_id', 'in', projects.map((project) => project.id)).groupBy('project_id'))
    .execute();
  const finished = new Map(runs.map((run) => [run.project_id, run.finished_at === null ? null : Number(run.finished_at)]));
  return projects.map((project) => ({ ...project, finishedAt: finished.get(project.id) ?? null }));
}

/** The scheduler's columns of a project, written only while its schedule text is still `expected`. */
export async function updateScheduleColumns(
  db: Db, ownerId: number, projectId: number, expected: { schedule: string | null; status?: string; nextRunAt?: number | null },
  changes: { schedule?: string | null; next_run_at?: number | null; schedule_job_id?: string | null },
): Promise<boolean> {
  let query = db.updateTable('projects').set(changes).where('id', '=', projectId).where('owner_id', '=', ownerId);
  query = expected.schedule === null ? query.where('schedule', 'is', null) : query.where('schedule', '=', expected.schedule);
  if (expected.status !== undefined) query = query.where('status', '=', expected.status);
  if (expected.nextRunAt !== undefined) {
    query = expected.nextRunAt === null ? query.where('next_run_at', 'is', null) : query.where('next_run_at', '=', expected.nextRunAt);
  }
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
