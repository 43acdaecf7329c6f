import type { Kysely, Selectable } from 'kysely';
import type { DB } from '../../platform/db/schema';
import { deleteCampaignRows } from '../../platform/db/owned-rows';
import { secretBoxOf } from '../../platform/crypto/database-secrets';
import { openSealedJson, sealJsonPaths, type SecretPath } from '../../platform/crypto/secret-json';
import type { ProjectsTable } from './projects.tables';

export type ProjectRecord = Pick<Selectable<ProjectsTable>, 'id' | 'campaign_id' | 'name' | 'module' | 'status' | 'last_error' | 'schedule'>;

const COLUMNS = ['id', 'campaign_id', 'name', 'module', 'status', 'last_error', 'schedule'] as const;

/**
 * Form fields that hold third-party credentials, stored sealed (platform/crypto): an account
 * creation project's account password and its mailbox password.
 */
export const PROJECT_SECRET_PATHS: readonly SecretPath[] = [['password'], ['verificationInfo', 'emailPassword']];

/** Form settings (JSON text) as stored: the credentials sealed. */
function sealSettings(db: Kysely<DB>, settings: string): string {
  const box = secretBoxOf(db);
  return sealJsonPaths(settings, PROJECT_SECRET_PATHS, (secret) => box.seal(secret));
}

/** The projects of one of the user's campaigns, in id order. */
export async function listProjects(db: Kysely<DB>, ownerId: number, campaignId: number): Promise<ProjectRecord[]> {
  return db.selectFrom('projects').select(COLUMNS)
    .where('owner_id', '=', ownerId).where('campaign_id', '=', campaignId)
    .orderBy('id', 'asc').execute();
}

/** One of the user's projects, or undefined (another user's id looks missing). */
export async function findProject(db: Kysely<DB>, ownerId: number, id: number): Promise<ProjectRecord | undefined> {
  return db.selectFrom('projects').select(COLUMNS).where('id', '=', id).where('owner_id', '=', ownerId).executeTakeFirst();
}

/** A new project row: status NEW, no schedule, the given settings (JSON text) or none. */
export async function insertProject(
  db: Kysely<DB>,
  project: { ownerId: number; campaignId: number; module: string; name: string; settings?: string },
): Promise<ProjectRecord> {
  return db.insertInto('projects')
    .values({
      owner_id: project.ownerId,
      campaign_id: project.campaignId,
      module: project.module,
      name: project.name,
      ...(project.settings !== undefined ? { settings: sealSettings(db, project.settings) } : {}),
      schedule: null,
      created_at: Date.now(),
    })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
}

export async function renameProject(db: Kysely<DB>, ownerId: number, id: number, name: string): Promise<ProjectRecord | undefined> {
  return db.updateTable('projects').set({ name })
    .where('id', '=', id).where('owner_id', '=', ownerId)
    .returning(COLUMNS).executeTakeFirst();
}

/**
 * Writes a project's form (and name, when given) only while its status is still the one the caller
 * checked, so a save cannot slip past a start; undefined when the status changed meanwhile.
 */
export async function updateProjectForm(
  db: Kysely<DB>, ownerId: number, id: number, expectedStatus: string, changes: { settings: string; name?: string | undefined },
): Promise<ProjectRecord | undefined> {
  return db.updateTable('projects')
    .set({ settings: sealSettings(db, changes.settings), ...(changes.name !== undefined ? { name: changes.name } : {}) })
    .where('id', '=', id).where('owner_id', '=', ownerId).where('status', '=', expectedStatus)
    .returning(COLUMNS).executeTakeFirst();
}

/**
 * Sets a project's status and schedule (JSON text or null), with the scheduler's timing columns when
 * given (engine/scheduler), only while its status is still `expectedStatus`.
 */
export async function updateProjectSchedule(
  db: Kysely<DB>, ownerId: number, id: number, expectedStatus: string,
  changes: { status: string; schedule: string | null; next_run_at?: number | null; schedule_armed_at?: number | null },
): Promise<ProjectRecord | undefined> {
  return db.updateTable('projects').set(changes)
    .where('id', '=', id).where('owner_id', '=', ownerId).where('status', '=', expectedStatus)
    .returning(COLUMNS).executeTakeFirst();
}

/** The stored form fields of one of the user's projects (JSON text), credentials in clear. */
export async function projectSettings(db: Kysely<DB>, ownerId: number, id: number): Promise<string | undefined> {
  const row = await db.selectFrom('projects').select('settings').where('id', '=', id).where('owner_id', '=', ownerId).executeTakeFirst();
  return row && openSealedJson(secretBoxOf(db), row.settings);
}

/** Deletes these projects of this campaign of the user, all or nothing (null: answer 404). */
export function deleteProjects(db: Kysely<DB>, ownerId: number, campaignId: number, ids: readonly number[]): Promise<number[] | null> {
  return deleteCampaignRows(db, 'projects', ownerId, campaignId, ids);
}
