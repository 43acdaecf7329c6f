import { sql, type Kysely } from 'kysely';
import { DEAD_PAGES_MAX, OWN_SITE_PROJECT_KINDS, projectKind, type DeadPage, type DeadPagesResponse } from '@linkloom/shared';
import type { DB } from '../../platform/db/schema';
import { campaignProjects } from './link-reports.repository';

/**
 * A campaign's dead pages (issue 36 item 3): the posts the engine published into the campaign's
 * link sets that tier health found dead, each with the lower-tier posts (alive) still linking to it,
 * the live pages of its link set a post could link to instead, and whether it can be re-published.
 * The most posts at risk first, then the newest dead; at most DEAD_PAGES_MAX from `offset` on, and
 * `more` when others follow.
 */
export async function readDeadPages(db: Kysely<DB>, ownerId: number, campaignId: number, offset = 0): Promise<DeadPagesResponse> {
  const projects = await campaignProjects(db, ownerId, campaignId);
  const sets = await db.selectFrom('url_lists').select(['id', 'name']).where('campaign_id', '=', campaignId).where('owner_id', '=', ownerId).execute();
  if (sets.length === 0) return { pages: [], total: 0, more: false };
  const setIds = sets.map((set) => set.id);
  const { rows } = await sql<{
    id: number | string; url: string; url_list_id: number | string; dead_since: number | string; dead_reason: string | null;
    project_id: number | string | null; republish_state: string | null; at_risk: number | string; live: number | string; total: number | string;
  }>`
    select t.id, t.url, t.url_list_id, t.dead_since, t.dead_reason, p.project_id, p.republish_state,
      (select count(distinct o.id) from engine_post_links l join url_items o on o.post_id = l.post_id and o.owner_id = l.owner_id
        where l.link_set_id = t.url_list_id and l.url = t.url and l.owner_id = t.owner_id and o.dead_since is null) as at_risk,
      (select count(*) from url_items r where r.url_list_id = t.url_list_id and r.owner_id = t.owner_id and r.dead_since is null) as live,
      count(*) over () as total
    from url_items t
    left join engine_posts p on p.id = t.post_id and p.owner_id = t.owner_id
    where t.owner_id = ${ownerId} and t.url_list_id in (${sql.join(setIds)}) and t.dead_since is not null and t.post_id is not null
    order by at_risk desc, t.dead_since desc, t.id
    limit ${DEAD_PAGES_MAX} offset ${offset}`.execute(db);
  const setName = new Map(sets.map((set) => [set.id, set.name]));
  const projectById = new Map(projects.map((project) => [project.id, project]));
  const pages = rows.map((row): DeadPage => {
    const project = row.project_id === null ? undefined : projectById.get(Number(row.project_id));
    return {
      urlItemId: Number(row.id), url: row.url, linkSetId: Number(row.url_list_id), linkSetName: setName.get(Number(row.url_list_id)) ?? '',
      projectId: project?.id ?? null, projectName: project?.name ?? '', tier: project?.tier ?? 1,
      deadSince: Number(row.dead_since), reason: row.dead_reason === 'GONE' ? 'gone' : 'missing',
      atRisk: Number(row.at_risk), livePages: Number(row.live), republish: republishState(row.republish_state, project !== undefined && (OWN_SITE_PROJECT_KINDS as readonly string[]).includes(projectKind(project.module))),
    };
  });
  // Past the end there is no row to carry the total: count it alone (a client that went too far).
  const total = rows.length > 0 ? Number(rows[0]!.total) : offset === 0 ? 0 : await countDeadPages(db, ownerId, setIds);
  return { pages, total, more: offset + pages.length < total };
}

async function countDeadPages(db: Kysely<DB>, ownerId: number, setIds: number[]): Promise<number> {
  const row = await db.selectFrom('url_items').select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('owner_id', '=', ownerId).where('url_list_id', 'in', setIds).where('dead_since', 'is not', null).where('post_id', 'is not', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

function republishState(state: string | null, ownSite: boolean): DeadPage['republish'] {
  if (state === 'publishing' || state === 'published' || state === 'failed') return state;
  return ownSite ? 'possible' : 'notOwnSite';
}
