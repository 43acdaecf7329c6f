import type { Kysely } from 'kysely';
import type { DB } from '../../src/platform/db/schema';
import type { TestApp } from './test-app';

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

export async function buildProfile(db: Kysely<DB>, profile: { ownerId: number; campaignId: number; name?: string; accounts?: number }): Promise<number> {
  const { id } = await db.insertInto('profiles').values({ owner_id: profile.ownerId, campaign_id: profile.campaignId, name: profile.name ?? 'Profile', created_at: Date.now() })
    .returning('id').executeTakeFirstOrThrow();
  for (let i = 0; i < (profile.accounts ?? 0); i += 1) {
    await db.insertInto('accounts').values({
      owner_id: profile.ownerId, profile_id: id, site_name: `site${i}.example`, email: `a${i}@example.test`, username: `u${i}`, password: 'pw', created_at: Date.now(),
    }).execute();
  }
  return id;
}

export async function buildLinkSet(
  db: Kysely<DB>,
  linkSet: { ownerId: number; campaignId: number; name?: string; links?: { url: string; anchor?: string; dateAdded?: number }[] },
): Promise<number> {
  const { id } = await db.insertInto('url_lists').values({ owner_id: linkSet.ownerId, campaign_id: linkSet.campaignId, name: linkSet.name ?? 'Links', created_at: Date.now() })
    .returning('id').executeTakeFirstOrThrow();
  const links = linkSet.links ?? [];
  if (links.length > 0) {
    await db.insertInto('url_items').values(links.map((link) => ({
      owner_id: linkSet.ownerId, url_list_id: id, url: link.url, anchor: link.anchor ?? '', links_on_page: null, site: null,
      username: null, password: null, pr: null, date_added: link.dateAdded ?? Date.now(), created_at: Date.now(),
    }))).execute();
  }
  return id;
}

/** Puts the test app on a real port (for the live channel); returns its base URL. */
export async function listen(server: TestApp): Promise<string> {
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

/** How many rows of a table belong to a user (to prove that nothing changed). */
export async function countRows(db: Kysely<DB>, table: 'campaigns' | 'projects' | 'profiles' | 'accounts' | 'url_lists' | 'url_items', ownerId: number): Promise<number> {
  const row = await db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).where('owner_id', '=', ownerId).executeTakeFirstOrThrow();
  return Number(row.n);
}
