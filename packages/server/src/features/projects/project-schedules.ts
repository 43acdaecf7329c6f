import {
  SCHEDULE_MESSAGES, ScheduleWireSchema, draftFromWire, projectKind, validateSchedule, wireFromDraft,
  type ProjectRow, type ScheduleWire,
} from '@linkloom/shared';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../app-context';
import type { DB } from '../../platform/db/schema';
import { ConflictError, HttpError, NotFoundError } from '../../platform/http/errors';
import { findProject, updateProjectSchedule, type ProjectRecord } from './projects.repository';
import { presentProject } from './projects.presenter';
import { publishProjectStatus } from './publish-project-status';
import { STATUS_CHANGED_MEANWHILE } from './change-project-status';
import { armedColumns, readSchedule, rearmSchedule, retimeRunningPosts } from '../../engine/entry-points';

/** A project may be (re)scheduled, or its schedule reset, only while nothing runs it. */
const SCHEDULABLE: readonly string[] = ['NEW', 'COMPLETED', 'STOPPED', 'FAILED', 'SCHEDULED'];
/** While it runs, its schedule may still be edited (issue 35): the run's next posts take the new pace. */
const EDITABLE_WHILE_RUNNING: readonly string[] = ['STARTING', 'RUNNING'];

async function ownProject(db: Kysely<DB>, ownerId: number, id: number): Promise<ProjectRecord> {
  const record = await findProject(db, ownerId, id);
  if (!record) throw new NotFoundError();
  return record;
}

function assertSchedulable(record: ProjectRecord, options: { whileRunning?: boolean } = {}): void {
  if (SCHEDULABLE.includes(record.status)) return;
  if (options.whileRunning === true && EDITABLE_WHILE_RUNNING.includes(record.status)) return;
  throw new ConflictError(SCHEDULE_MESSAGES.notWhileRunning(record.status));
}

/** Parents must be the user's projects (404) of the project's own campaign (422). 0 stands for "several" (indexer). */
async function assertParents(db: Kysely<DB>, ownerId: number, record: ProjectRecord, wire: ScheduleWire): Promise<void> {
  const ids = [...new Set([...(wire.sourceProjectIds ?? []), ...(wire.sourceProjectId ? [wire.sourceProjectId] : [])])];
  if (ids.length === 0) return;
  const parents = await db.selectFrom('projects').select(['id', 'campaign_id'])
    .where('owner_id', '=', ownerId).where('id', 'in', ids).execute();
  const missing = ids.find((id) => !parents.some((parent) => parent.id === id));
  if (missing !== undefined) throw new NotFoundError(`The parent project (id ${missing}) does not exist`);
  if (parents.some((parent) => parent.campaign_id !== record.campaign_id)) throw new HttpError(422, SCHEDULE_MESSAGES.parentNotInCampaign);
}

/** The stored schedule's own fields (what the dialog saved), without what the engine added; null when there is none. */
function storedWire(record: ProjectRecord): ScheduleWire | null {
  if (presentProject(record).schedule === null) return null;
  const parsed = ScheduleWireSchema.safeParse(JSON.parse(record.schedule ?? 'null'));
  return parsed.success ? parsed.data : null;
}

/** A schedule as stored: its wire fields with a value, and its status (SCHEDULED unless it governs a run under way: RUNNING). */
export function scheduleText(wire: ScheduleWire, status: 'SCHEDULED' | 'RUNNING' = 'SCHEDULED'): string {
  const fields = Object.entries(wire).filter(([, value]) => value !== null && value !== undefined);
  return JSON.stringify({ ...Object.fromEntries(fields), status });
}

/**
 * Writes the schedule with its timing (when it starts the project; AfterProject waits for parent
 * runs finished from now on), tells the screens, then re-arms the scheduler's start job.
 */
async function writeSchedule(
  ctx: AppContext, ownerId: number, record: ProjectRecord, changes: { status: string; schedule: string | null },
): Promise<ProjectRow> {
  const now = Date.now();
  // A running project waits for nothing: its schedule's date or parents count from its next start (Reset Schedule).
  const timing = EDITABLE_WHILE_RUNNING.includes(changes.status) ? { next_run_at: null, schedule_armed_at: now } : armedColumns(readSchedule(changes.schedule), now);
  const updated = await updateProjectSchedule(ctx.database.db, ownerId, record.id, record.status, { ...changes, ...timing });
  if (!updated) throw new ConflictError(STATUS_CHANGED_MEANWHILE);
  const row = presentProject(updated);
  publishProjectStatus(ctx, ownerId, row);
  await rearmSchedule(ctx, ownerId, record.id);
  return row;
}

/**
 * POST /rest/schedule/{projectId}: the schedule dialog's save (spec 1 §4, §5). The rules are the
 * dialog's (422 with every message); parents must be projects of the same campaign. The project
 * becomes SCHEDULED with the schedule's fields its type uses. While it runs (issue 35) it keeps
 * running: the schedule is stored as the one governing this run (status RUNNING, DONE when the run
 * ends) and the run's posts not begun yet take its pace from the next one on; its date or parents
 * apply to the project's next start.
 */
export async function saveSchedule(ctx: AppContext, ownerId: number, projectId: number, schedule: ScheduleWire): Promise<ProjectRow> {
  const { db } = ctx.database;
  const record = await ownProject(db, ownerId, projectId);
  assertSchedulable(record, { whileRunning: true });
  const kind = projectKind(record.module);
  const draft = draftFromWire(schedule);
  const problems = validateSchedule(draft, { id: projectId, kind });
  if (problems.length > 0) throw new HttpError(422, problems[0]!.message, problems.map((problem) => problem.message));
  const wire = wireFromDraft(draft, kind);
  await assertParents(db, ownerId, record, wire);
  if (EDITABLE_WHILE_RUNNING.includes(record.status)) {
    const row = await writeSchedule(ctx, ownerId, record, { status: record.status, schedule: scheduleText(wire, 'RUNNING') });
    await retimeRunningPosts(ctx, ownerId, projectId);
    return row;
  }
  return writeSchedule(ctx, ownerId, record, { status: 'SCHEDULED', schedule: scheduleText(wire) });
}

/** GET /action/delete/schedule/{id}: the schedule goes; a SCHEDULED project is NEW again. */
export async function deleteSchedule(ctx: AppContext, ownerId: number, projectId: number): Promise<ProjectRow> {
  const record = await ownProject(ctx.database.db, ownerId, projectId);
  if (presentProject(record).schedule === null) throw new ConflictError(SCHEDULE_MESSAGES.noSchedule);
  return writeSchedule(ctx, ownerId, record, { status: record.status === 'SCHEDULED' ? 'NEW' : record.status, schedule: null });
}

/**
 * GET /action/reset/schedule/{id}: the schedule starts over, as the dialog saved it (what the
 * engine recorded of its runs is dropped), and the project is SCHEDULED again.
 */
export async function resetSchedule(ctx: AppContext, ownerId: number, projectId: number): Promise<ProjectRow> {
  const record = await ownProject(ctx.database.db, ownerId, projectId);
  const wire = storedWire(record);
  if (wire === null) throw new ConflictError(SCHEDULE_MESSAGES.noSchedule);
  if (EDITABLE_WHILE_RUNNING.includes(record.status)) throw new ConflictError(SCHEDULE_MESSAGES.resetWhileRunning(record.status));
  assertSchedulable(record);
  return writeSchedule(ctx, ownerId, record, { status: 'SCHEDULED', schedule: scheduleText(wire) });
}
