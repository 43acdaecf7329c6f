import type { Kysely } from 'kysely';
import { transition, type ProjectStatus } from '@linkloom/shared';
import type { AppContext } from '../../app-context';
import type { DB } from '../../platform/db/schema';
import { ConflictError, NotFoundError } from '../../platform/http/errors';
import { findProject, presentProject, publishProjectStatus, type ProjectRecord } from '../seams';
import { JOB } from '../jobs/job-names';

const STATUS_CHANGED_MEANWHILE = 'The project changed meanwhile: reload it and try again';

/** Where a project goes back when its verification ends and no earlier status was recorded. */
const FALLBACK_RETURN_STATUS = 'STOPPED';

/**
 * Moves a project from `from` to `to` only if it is still in `from` (compare-and-set), writing
 * the return status too when given (`null` clears it); publishes the new status after the write.
 * Returns the record in its new status, or undefined when someone else moved it meanwhile.
 */
export async function moveVerificationStatus(
  ctx: AppContext, ownerId: number, project: ProjectRecord, to: string, returnStatus?: string | null,
): Promise<ProjectRecord | undefined> {
  const db: Kysely<DB> = ctx.database.db;
  const updated = await db.updateTable('projects')
    .set({ status: to, ...(returnStatus === undefined ? {} : { verify_return_status: returnStatus }) })
    .where('id', '=', project.id).where('owner_id', '=', ownerId).where('status', '=', project.status)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) return undefined;
  const record = { ...project, status: to };
  publishProjectStatus(ctx, ownerId, presentProject(record));
  return record;
}

/** The status recorded when verification started (STOPPED when none was). */
export async function returnStatusOf(ctx: AppContext, ownerId: number, projectId: number): Promise<string> {
  const row = await ctx.database.db.selectFrom('projects').select('verify_return_status')
    .where('id', '=', projectId).where('owner_id', '=', ownerId).executeTakeFirst();
  return row?.verify_return_status ?? FALLBACK_RETURN_STATUS;
}

/** Sends the project's `mail.verify` job: one waiting per project (its singleton key). */
export function sendMailVerify(ctx: AppContext, ownerId: number, projectId: number): Promise<string> {
  return ctx.queue.send(JOB.mailVerify, { ownerId, projectId }, { singletonKey: `mail-verify-${projectId}`, retryLimit: 5, retryDelaySeconds: 5 });
}

/**
 * The next pass of a project still verifying, `delayMs` from now. Its singleton key names its
 * instant: the running job (key `mail-verify-{id}`) cannot stand in for it, and Stop verifying's
 * job still runs at once; a later pass that finds the project no longer VERIFYING does nothing.
 * Answers the instant it is due.
 */
export async function sendMailVerifyLater(ctx: AppContext, ownerId: number, projectId: number, delayMs: number): Promise<number> {
  const at = Date.now() + delayMs;
  await ctx.queue.send(JOB.mailVerify, { ownerId, projectId }, {
    singletonKey: `mail-verify-${projectId}-at-${at}`, startAfter: new Date(at), retryLimit: 5, retryDelaySeconds: 5,
  });
  return at;
}

async function changeVerification(
  ctx: AppContext, ownerId: number, projectId: number, action: 'startVerifying' | 'stopVerifying',
): Promise<ProjectRecord> {
  const project = await findProject(ctx.database.db, ownerId, projectId);
  if (!project) throw new NotFoundError();
  const rule = transition(project.status, action, project.module === 'AccountCreation');
  if (!rule.ok) throw new ConflictError(rule.reason);
  const next: ProjectStatus = rule.next;
  const moved = await moveVerificationStatus(ctx, ownerId, project, next, action === 'startVerifying' ? project.status : undefined);
  if (!moved) throw new ConflictError(STATUS_CHANGED_MEANWHILE);
  await sendMailVerify(ctx, ownerId, projectId);
  return moved;
}

/**
 * Verify mail (GET /action/start/verifying/{id}): an account creation project in NEW, COMPLETED,
 * STOPPED, SCHEDULED or FAILED moves to STARTING_VERIFYING, remembering that status, and its
 * `mail.verify` job takes it on (VERIFYING, then back). 404 / 409 as every lifecycle call.
 */
export function startMailVerification(ctx: AppContext, ownerId: number, projectId: number): Promise<ProjectRecord> {
  return changeVerification(ctx, ownerId, projectId, 'startVerifying');
}

/**
 * Stop verifying (GET /action/stop/verifying/{id}): STARTING_VERIFYING / VERIFYING →
 * STOPPING_VERIFYING; the `mail.verify` job then returns the project to the status it had before.
 */
export function stopMailVerification(ctx: AppContext, ownerId: number, projectId: number): Promise<ProjectRecord> {
  return changeVerification(ctx, ownerId, projectId, 'stopVerifying');
}
