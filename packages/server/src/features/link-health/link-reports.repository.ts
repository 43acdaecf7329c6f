import { sql, type Kysely } from 'kysely';
import {
  DAY_MS, SURVIVAL_AGES_DAYS, afterProjectParents, anchorMix, anchorMixByTier, linkProfilesFromForm, projectKind, projectTiers,
  type AnchorMixReportRow, type DofollowRow, type DroppedTargets, type LinkReport, type PostsPerDayRow, type ReportNode, type SurvivalRow,
} from '@linkloom/shared';
import type { DB } from '../../platform/db/schema';
import { readProjectForm } from '../projects/project-settings';
import { keywordsOf } from '../link-sets/link-set-keywords';
import { readStrategyGraph } from './strategy-graph.repository';
import { readAtRiskPosts } from './at-risk-posts.repository';

type Db = Kysely<DB>;

export interface ScopeProject {
  id: number;
  name: string;
  module: string;
  tier: number;
  /** Its output link set (posting and private projects), if any. */
  outputSetId: number | null;
  /** The link sets it draws its links from (its own, or its parents' output sets). */
  sourceSetIds: number[];
}

/** The campaign's projects with their tiers, output and source link sets (settings read once per report; the Backlinks export's tier column too). */
export async function campaignProjects(db: Db, ownerId: number, campaignId: number): Promise<ScopeProject[]> {
  const rows = await db.selectFrom('projects').select(['id', 'name', 'module', 'settings', 'schedule'])
    .where('campaign_id', '=', campaignId).where('owner_id', '=', ownerId).orderBy('id').execute();
  // Account creation projects are waited for, not linked to: they set no tier (a wizard's tier-1 project waits for one).
  const accountProjects = new Set(rows.filter((row) => projectKind(row.module) === 'acproject').map((row) => row.id));
  const tiers = projectTiers(rows.map((row) => ({ id: row.id, parents: afterProjectParents(row.schedule).filter((id) => !accountProjects.has(id)) })));
  const outputOf = new Map<number, number | null>();
  const forms = rows.map((row) => {
    const read = readProjectForm(projectKind(row.module), row.settings);
    const form = read.kind === 'postingproject' || read.kind === 'privateproject' ? read.form : null;
    outputOf.set(row.id, form?.urlListId ?? null);
    return { row, form };
  });
  return forms.map(({ row, form }) => {
    const parents = afterProjectParents(row.schedule).map((id) => outputOf.get(id)).filter((id): id is number => typeof id === 'number');
    return {
      id: row.id, name: row.name, module: row.module, tier: tiers.get(row.id) ?? 1,
      outputSetId: outputOf.get(row.id) ?? null,
      sourceSetIds: form ? [...new Set(linkProfilesFromForm(form, parents).map((profile) => profile.linkSetId))] : [],
    };
  });
}

/** The user's campaign, or undefined (another user's or a missing one). */
export async function findOwnedCampaign(db: Db, ownerId: number, campaignId: number) {
  return db.selectFrom('campaigns').select('id').where('id', '=', campaignId).where('owner_id', '=', ownerId).executeTakeFirst();
}

/** The user's project with its campaign, or undefined. */
export async function findOwnedProject(db: Db, ownerId: number, projectId: number) {
  return db.selectFrom('projects').select(['id', 'campaign_id']).where('id', '=', projectId).where('owner_id', '=', ownerId).executeTakeFirst();
}

/** One group of a campaign's output links: link set, site, latest check and dead reason, with per survival age `o{i}` the links that old and `a{i}` those alive at that age. */
export interface HealthGroup {
  url_list_id: number;
  site: string | null;
  check_status: string;
  dead_reason: string | null;
  n: number;
  [age: `o${number}`]: number;
  [age: `a${number}`]: number;
}

/** Reads the groups of the user's link sets `setIds` (already checked to be theirs) at `now`. */
export type HealthGroupsReader = (db: Db, ownerId: number, setIds: readonly number[], now: number) => Promise<HealthGroup[]>;

/** The user's link sets among `candidates` (a stored form may name any id). */
async function ownedSetIds(db: Db, ownerId: number, candidates: readonly number[]): Promise<number[]> {
  if (candidates.length === 0) return [];
  return (await db.selectFrom('url_lists').select('id').where('id', 'in', candidates).where('owner_id', '=', ownerId).execute()).map((row) => row.id);
}

type Row = Record<string, unknown>;

/**
 * The groups from output_link_summary (migration 0035, platform/db/output-link-summary.ts), a few
 * thousand rows however many links: a survival age's cut (now − age) falls inside one UTC day, the
 * days before it are summed from the summary, and the links of the cut's own day up to the cut are
 * read from url_items (url_items_list_date_idx), so every figure equals the grouped read of every
 * link (alive at age A: dead_since > date_added + A days, i.e. days_lived > A).
 */
export const healthGroups: HealthGroupsReader = async (db, ownerId, setIds, now) => {
  if (setIds.length === 0) return [];
  const cuts = SURVIVAL_AGES_DAYS.map((days) => {
    const cut = now - days * DAY_MS;
    return { days, cut, day: Math.floor(cut / DAY_MS) };
  });
  const summed = cuts.map(({ days, day }, i) => sql`sum(case when day_added < ${sql.lit(day)} then n else 0 end) as ${sql.ref(`o${i}`)},
      sum(case when day_added < ${sql.lit(day)} and (days_lived < 0 or days_lived > ${sql.lit(days)}) then n else 0 end) as ${sql.ref(`a${i}`)}`);
  const sets = sql.join(setIds);
  const summary = await sql<Row>`select url_list_id, site, check_status, dead_reason, sum(n) as n, ${sql.join(summed)}
    from output_link_summary where url_list_id in (${sets}) and owner_id = ${ownerId}
    group by url_list_id, site, check_status, dead_reason`.execute(db);
  const cutDays = cuts.map(({ days, cut, day }, i) => sql`select ${sql.lit(i)} as age, url_list_id, coalesce(site, '') as site, check_status, coalesce(dead_reason, '') as dead_reason,
      count(*) as o, sum(case when dead_since is null or dead_since > date_added + ${sql.lit(days * DAY_MS)} then 1 else 0 end) as a
    from url_items where url_list_id in (${sets}) and owner_id = ${ownerId} and post_id is not null and date_added >= ${sql.lit(day * DAY_MS)} and date_added <= ${sql.lit(cut)}
    group by url_list_id, coalesce(site, ''), check_status, coalesce(dead_reason, '')`);
  const boundary = await sql<Row>`${sql.join(cutDays, sql` union all `)}`.execute(db);

  const groups = new Map<string, HealthGroup>();
  const add = (group: HealthGroup, field: `o${number}` | `a${number}`, value: unknown) => { group[field] = (group[field] ?? 0) + num(value); };
  const keyOf = (row: Row) => JSON.stringify([num(row.url_list_id), row.site, row.check_status, row.dead_reason]);
  const groupOf = (row: Row): HealthGroup => {
    const key = keyOf(row);
    let group = groups.get(key);
    if (!group) {
      group = {
        url_list_id: num(row.url_list_id), site: row.site === '' ? null : String(row.site), check_status: String(row.check_status),
        dead_reason: row.dead_reason === '' ? null : String(row.dead_reason), n: 0,
      };
      SURVIVAL_AGES_DAYS.forEach((_, i) => { group![`o${i}`] = 0; group![`a${i}`] = 0; });
      groups.set(key, group);
    }
    return group;
  };
  for (const row of summary.rows) {
    const group = groupOf(row);
    group.n += num(row.n);
    SURVIVAL_AGES_DAYS.forEach((_, i) => { add(group, `o${i}`, row[`o${i}`]); add(group, `a${i}`, row[`a${i}`]); });
  }
  for (const row of boundary.rows) {
    const group = groupOf(row);
    const i = num(row.age);
    add(group, `o${i}`, row.o);
    add(group, `a${i}`, row.a);
  }
  return [...groups.values()];
};

const num = (value: unknown) => Number(value ?? 0);
const LIVE = new Set(['OK', 'NOFOLLOW']);

function survivalRows(groups: readonly HealthGroup[], keyOf: (group: HealthGroup) => string | null, by: SurvivalRow['by']): SurvivalRow[] {
  const sums = new Map<string, { total: number[]; alive: number[] }>();
  for (const group of groups) {
    const key = keyOf(group);
    if (key === null) continue;
    const sum = sums.get(key) ?? { total: SURVIVAL_AGES_DAYS.map(() => 0), alive: SURVIVAL_AGES_DAYS.map(() => 0) };
    SURVIVAL_AGES_DAYS.forEach((_, i) => {
      sum.total[i]! += num(group[`o${i}`]);
      sum.alive[i]! += num(group[`a${i}`]);
    });
    sums.set(key, sum);
  }
  return [...sums.entries()].sort(([a], [b]) => a.localeCompare(b)).flatMap(([group, sum]) => SURVIVAL_AGES_DAYS.map((ageDays, i) => ({
    by, group, ageDays, total: sum.total[i]!, alive: sum.alive[i]!, share: sum.total[i]! > 0 ? (sum.alive[i]! / sum.total[i]!) * 100 : null,
  })));
}


/** Realised anchors of the scoped projects' published posts against their first link source's keywords. */
async function anchorMixRows(db: Db, ownerId: number, projects: readonly ScopeProject[]): Promise<AnchorMixReportRow[]> {
  const content = projects.filter((project) => project.sourceSetIds.length > 0);
  if (content.length === 0) return [];
  const placed = await db.selectFrom('engine_post_links').innerJoin('engine_posts', 'engine_posts.id', 'engine_post_links.post_id')
    .select((eb) => [
      'engine_posts.project_id as projectId',
      sql<string>`case when engine_post_links.anchor = engine_post_links.url then '' else engine_post_links.anchor end`.as('anchor'),
      sql<number>`case when engine_post_links.anchor = engine_post_links.url then 1 else 0 end`.as('naked'),
      eb.fn.countAll<number>().as('n'),
    ])
    .where('engine_posts.project_id', 'in', content.map((project) => project.id)).where('engine_posts.owner_id', '=', ownerId)
    .where('engine_posts.state', '=', 'published')
    .groupBy(['engine_posts.project_id', sql`case when engine_post_links.anchor = engine_post_links.url then '' else engine_post_links.anchor end`,
      sql`case when engine_post_links.anchor = engine_post_links.url then 1 else 0 end`])
    .execute();
  const setIds = [...new Set(content.map((project) => project.sourceSetIds[0]!))];
  const sets = await db.selectFrom('url_lists').selectAll().where('id', 'in', setIds).where('owner_id', '=', ownerId).execute();
  const setById = new Map(sets.map((set) => [set.id, set]));
  return content.flatMap((project) => {
    const set = setById.get(project.sourceSetIds[0]!);
    const rows = placed.filter((row) => row.projectId === project.id)
      .map((row) => (num(row.naked) === 1 ? { anchor: '\u0000naked', url: '\u0000naked', count: num(row.n) } : { anchor: row.anchor, url: '\u0000', count: num(row.n) }));
    if (rows.length === 0) return [];
    return anchorMix(rows, set ? keywordsOf(set) : null).map((mix) => ({
      projectId: project.id, projectName: project.name, linkSetId: set?.id ?? null, linkSetName: set?.name ?? '', tier: project.tier, ...mix,
    }));
  });
}

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Posts per UTC day: planned (their start time, or creation for Once) and published (their last
 * update), in one grouped read of the projects' posts (engine_posts_project_state_idx).
 */
async function postsPerDayRows(db: Db, ownerId: number, projects: readonly ScopeProject[]): Promise<PostsPerDayRow[]> {
  if (projects.length === 0) return [];
  const ids = projects.map((project) => project.id);
  const day = sql.lit(DAY_MS);
  // Published posts are never cancelled: every one is among the planned ones, with its publish day beside.
  const counted = await sql<{ project_id: number; planned_day: number; published_day: number | null; n: number }>`select project_id,
      coalesce(start_after, created_at) / ${day} as planned_day, case when state = 'published' then updated_at / ${day} end as published_day, count(*) as n
    from engine_posts where project_id in (${sql.join(ids)}) and owner_id = ${ownerId} and state <> 'cancelled'
    group by project_id, coalesce(start_after, created_at) / ${day}, case when state = 'published' then updated_at / ${day} end`.execute(db);
  const rows = new Map<string, PostsPerDayRow>();
  const names = new Map(projects.map((project) => [project.id, project.name]));
  const add = (projectId: number, d: number, field: 'planned' | 'published', n: number) => {
    const key = `${projectId}:${d}`;
    const entry = rows.get(key) ?? { projectId, projectName: names.get(projectId) ?? '', day: dayOf(d * DAY_MS), planned: 0, published: 0 };
    entry[field] += n;
    rows.set(key, entry);
  };
  for (const row of counted.rows) {
    const projectId = num(row.project_id);
    add(projectId, Math.floor(num(row.planned_day)), 'planned', num(row.n));
    if (row.published_day !== null) add(projectId, Math.floor(num(row.published_day)), 'published', num(row.n));
  }
  return [...rows.values()].sort((a, b) => a.projectId - b.projectId || a.day.localeCompare(b.day));
}

/** The report of a campaign, or of one of its projects (`projectId`); `readGroups` reads its output links' groups (tests pass the exact grouped read). */
export async function readLinkReport(
  db: Db, ownerId: number, campaignId: number, projectId: number | null, now = Date.now(), readGroups: HealthGroupsReader = healthGroups,
): Promise<LinkReport> {
  const all = await campaignProjects(db, ownerId, campaignId);
  const projects = projectId === null ? all : all.filter((project) => project.id === projectId);
  const projectOfSet = new Map<number, ScopeProject>();
  for (const project of projects) if (project.outputSetId !== null && !projectOfSet.has(project.outputSetId)) projectOfSet.set(project.outputSetId, project);
  const groups = await readGroups(db, ownerId, await ownedSetIds(db, ownerId, [...projectOfSet.keys()]), now);

  const targets: DroppedTargets = { dropped: 0, missing: 0, gone: 0, atRisk: 0 };
  const nodes = new Map<number, ReportNode>(projects.map((project) => [project.id, {
    projectId: project.id, projectName: project.name, module: project.module, tier: project.tier, live: 0, dead: 0, pending: 0, atRisk: 0,
  }]));
  const sites = new Map<string, DofollowRow>();
  for (const group of groups) {
    const n = num(group.n);
    const node = nodes.get(projectOfSet.get(num(group.url_list_id))?.id ?? -1);
    if (group.dead_reason !== null) {
      targets.dropped += n;
      if (group.dead_reason === 'GONE') targets.gone += n;
      else targets.missing += n;
      if (node) node.dead += n;
    } else if (LIVE.has(group.check_status)) {
      if (node) node.live += n;
    } else if (node) node.pending += n;
    if (LIVE.has(group.check_status) && group.dead_reason === null && group.site) {
      const site = sites.get(group.site) ?? { site: group.site, dofollow: 0, nofollow: 0, share: 0 };
      if (group.check_status === 'OK') site.dofollow += n;
      else site.nofollow += n;
      sites.set(group.site, site);
    }
  }
  const dofollow = [...sites.values()].map((site) => ({ ...site, share: (site.dofollow / (site.dofollow + site.nofollow)) * 100 }))
    .sort((a, b) => a.site.localeCompare(b.site));
  const projectOf = (group: HealthGroup) => projectOfSet.get(num(group.url_list_id)) ?? null;
  const survival = [
    ...survivalRows(groups, (group) => { const project = projectOf(group); return project ? `Tier ${project.tier}` : null; }, 'tier'),
    ...survivalRows(groups, (group) => projectOf(group)?.module ?? null, 'platform'),
  ];
  // The knock-on (issue 36 item 3): the scope's posts that link to a dead page of any tier of the campaign.
  const campaignSets = await ownedSetIds(db, ownerId, [...new Set(all.flatMap((project) => (project.outputSetId === null ? [] : [project.outputSetId])))]);
  const scopedSets = await ownedSetIds(db, ownerId, [...projectOfSet.keys()]);
  for (const [setId, n] of await readAtRiskPosts(db, ownerId, campaignSets, scopedSets)) {
    targets.atRisk += n;
    const node = nodes.get(projectOfSet.get(setId)?.id ?? -1);
    if (node) node.atRisk += n;
  }
  const projectNodes = [...nodes.values()];
  const mix = await anchorMixRows(db, ownerId, projects);
  return {
    campaignId, projectId, generatedAt: now, targets,
    anchorMix: mix,
    // Per tier (issue 34 item 5): whether each tier's anchors follow its own link sets' mix.
    anchorMixByTier: anchorMixByTier(mix),
    postsPerDay: await postsPerDayRows(db, ownerId, projects),
    survival, dofollow,
    nodes: projectNodes,
    strategy: await readStrategyGraph(db, ownerId, campaignId, all, projectNodes),
  };
}
