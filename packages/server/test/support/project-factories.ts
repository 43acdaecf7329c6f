import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../src/platform/db/schema';

/** A content group of the user with `articles` numbered articles (none when not given). */
export async function buildContentGroup(db: Kysely<DB>, overrides: { ownerId: number; name?: string; articles?: number }): Promise<{ id: number; name: string }> {
  const name = overrides.name ?? `Group ${randomBytes(3).toString('hex')}`;
  const { id } = await db.insertInto('content_groups').values({ owner_id: overrides.ownerId, name, created_at: Date.now() }).returning('id').executeTakeFirstOrThrow();
  for (let i = 0; i < (overrides.articles ?? 0); i++) {
    await db.insertInto('articles').values({
      owner_id: overrides.ownerId, content_group_id: id, title: `Article ${i + 1}`, body: 'Body', created_at: Date.now(), updated_at: Date.now(),
    }).execute();
  }
  return { id, name };
}

export interface TestSite {
  id: number;
  module: string;
  platform: string;
  siteUrl: string;
  email: string;
}

/**
 * `count` sites of the user in a private network (a new one unless given), all of one module:
 * the user's site list reads them (posting projects see those of their module).
 */
export async function buildSites(
  db: Kysely<DB>,
  overrides: { ownerId: number; networkId?: number; module?: string; platform?: string; count: number; prefix?: string },
): Promise<{ networkId: number; sites: TestSite[] }> {
  const networkId = overrides.networkId ?? (await db.insertInto('private_networks')
    .values({ owner_id: overrides.ownerId, name: `Network ${randomBytes(3).toString('hex')}`, created_at: Date.now() })
    .returning('id').executeTakeFirstOrThrow()).id;
  const module = overrides.module ?? 'Private';
  const platform = overrides.platform ?? 'WordPress';
  const prefix = overrides.prefix ?? randomBytes(3).toString('hex');
  const sites: TestSite[] = [];
  for (let start = 0; start < overrides.count; start += 1000) {
    const values = Array.from({ length: Math.min(1000, overrides.count - start) }, (_, i) => ({
      owner_id: overrides.ownerId, private_network_id: networkId, module, platform,
      site_url: `https://${prefix}-${start + i + 1}.example.test`, email: `owner${start + i + 1}@example.test`,
      username: 'user', password: 'secret', created_at: Date.now(),
    }));
    const rows = await db.insertInto('private_sites').values(values).returning(['id', 'module', 'platform', 'site_url', 'email']).execute();
    sites.push(...rows.map((row) => ({ id: row.id, module: row.module, platform: row.platform, siteUrl: row.site_url, email: row.email })));
  }
  return { networkId, sites };
}

/** Site rows of a project written straight to the table (what the engine would have recorded). */
export async function buildProjectSites(
  db: Kysely<DB>,
  project: { ownerId: number; projectId: number },
  rows: { key: string; checked?: boolean; status?: string; waitInfo?: string | null }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db.insertInto('project_sites').values(rows.map((row) => ({
    owner_id: project.ownerId, project_id: project.projectId, site_key: row.key, checked: row.checked ? 1 : 0,
    status: row.status ?? 'NONE', wait_info: row.waitInfo ?? null, created_at: Date.now(), updated_at: Date.now(),
  }))).execute();
}

/** A project's row and its site rows as stored, to prove a refused call changed nothing. */
export async function projectSnapshot(db: Kysely<DB>, projectId: number): Promise<string> {
  const project = await db.selectFrom('projects').selectAll().where('id', '=', projectId).executeTakeFirstOrThrow();
  const sites = await db.selectFrom('project_sites').select(['site_key', 'checked', 'status', 'wait_info'])
    .where('project_id', '=', projectId).orderBy('site_key').execute();
  return JSON.stringify({ project, sites });
}

/** The keys of a project's ticked sites, sorted. */
export async function checkedKeys(db: Kysely<DB>, projectId: number): Promise<string[]> {
  const rows = await db.selectFrom('project_sites').select('site_key').where('project_id', '=', projectId).where('checked', '=', 1).orderBy('site_key').execute();
  return rows.map((row) => row.site_key);
}
