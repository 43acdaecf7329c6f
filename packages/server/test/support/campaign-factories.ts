import type { Kysely } from 'kysely';
import type { DB } from '../../src/platform/db/schema';

/** A project row of a campaign (status and schedule as given). */
export async function buildProject(
  db: Kysely<DB>,
  project: { ownerId: number; campaignId: number; name?: string; module?: string; status?: string; settings?: string; schedule?: string },
): Promise<number> {
  const row = await db.insertInto('projects').values({
    owner_id: project.ownerId, campaign_id: project.campaignId, name: project.name ?? 'Project', module: project.module ?? 'SocialNetwork',
    ...(project.status ? { status: project.status } : {}), ...(project.settings ? { settings: project.settings } : {}),
    schedule: project.schedule ?? null, created_at: Date.now(),
  }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** How many rows of a table belong to a user (to prove that nothing changed). */
export async function countRows(db: Kysely<DB>, table: 'campaigns' | 'projects' | 'profiles' | 'accounts' | 'url_lists' | 'url_items', ownerId: number): Promise<number> {
  const row = await db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).where('owner_id', '=', ownerId).executeTakeFirstOrThrow();
  return Number(row.n);
}
