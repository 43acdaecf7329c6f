import type { Kysely } from 'kysely';
import {
  PROJECT_FORM_MESSAGES, READINESS_NOTICES, RERUN_MESSAGES, UNRUNNABLE_MODULES, MODULE_MESSAGES, postsAreCapped, whySiteCannotPublish, postsPerSite, postsStillDue, projectKind, spreadDays, spreadStartTimes,
  validateAccountTab, validateEmailTab, type ProjectKind,
} from '@linkloom/shared';
import type { DB } from '../../platform/db/schema';
import { readProjectForm, availableSites, type SiteSource } from '../seams';
import { readSchedule } from '../scheduler/schedule-rules';
import { accountsForSite, siteHost } from './publish-target';

/** One post (or indexer submission) a run will make. */
export interface PlannedPost {
  siteKey: string;
  siteId: number;
  /** The site's address: the run's plan keeps the post's links off its own domain (post-plan.ts). */
  siteUrl: string;
  seq: number;
  /** Epoch ms (Spread), or null: at once. */
  startAfter: number | null;
  accountEmail: string | null;
}

export type RunPlan = { ok: true; kind: ProjectKind; posts: PlannedPost[] } | { ok: false; error: string };

export const PLAN_MESSAGES = {
  profileGone: 'The account profile of this project no longer exists: choose another one on the Account tab',
  sitesGone: 'None of the ticked sites is available to this project any more: tick sites on the Sites tab and save',
  outputGone: 'The output link set of this project no longer exists: choose another one on the General tab',
  contentGroupGone: 'The content group of this project no longer exists: choose another one on the General tab',
  noArticles: (name: string) => `The content group "${name}" has no articles: add articles to it or choose another content group`,
  linkSetGone: 'The link set of this indexer project no longer exists: choose another one',
} as const;

async function ownsRow(db: Kysely<DB>, table: 'url_lists' | 'content_groups' | 'profiles', id: number, ownerId: number): Promise<boolean> {
  return (await db.selectFrom(table).select('id').where('id', '=', id).where('owner_id', '=', ownerId).executeTakeFirst()) !== undefined;
}

/** What a content project needs before its first post: an output link set and a content group with articles. */
async function contentProblems(db: Kysely<DB>, ownerId: number, form: { urlListId: number | null; contentGroupId: number | null }): Promise<string[]> {
  const problems: string[] = [];
  if (form.urlListId === null) problems.push(PROJECT_FORM_MESSAGES.outputRequired);
  else if (!(await ownsRow(db, 'url_lists', form.urlListId, ownerId))) problems.push(PLAN_MESSAGES.outputGone);
  if (form.contentGroupId === null) {
    problems.push(PROJECT_FORM_MESSAGES.contentGroupRequired);
    return problems;
  }
  const group = await db.selectFrom('content_groups').select(['id', 'name']).where('id', '=', form.contentGroupId).where('owner_id', '=', ownerId).executeTakeFirst();
  if (!group) problems.push(PLAN_MESSAGES.contentGroupGone);
  else {
    const article = await db.selectFrom('articles').select('id').where('content_group_id', '=', group.id).limit(1).executeTakeFirst();
    if (!article) problems.push(PLAN_MESSAGES.noArticles(group.name));
  }
  return problems;
}

type ProjectToPlan = { id: number; module: string; settings: string; schedule: string | null };

/** What {@link runReadiness} found: every problem a user must fix, and the sites a run would post to. */
export interface RunReadiness {
  kind: ProjectKind;
  problems: string[];
  sites: SiteSource[];
  /** Posting projects: the account profile whose accounts post. */
  postingProfileId: number | null;
  /** What a run will do that the user should know before Start (fewer articles than posts: reuses spun; sites done by earlier runs). */
  notices: string[];
  /** Per ticked site key: the posts (or the account) earlier runs already made there; a re-run makes only what is still due. */
  alreadyDone: ReadonlyMap<string, number>;
  /** Whether the per-site count is a target the project's runs fill together (postsAreCapped). */
  capped: boolean;
}

/** Published (or in-flight) posts of the project's earlier runs, per site key. */
async function postsDoneBySite(db: Kysely<DB>, ownerId: number, projectId: number): Promise<Map<string, number>> {
  const rows = await db.selectFrom('engine_posts').select(['site_key', (eb) => eb.fn.countAll<number>().as('n')])
    .where('owner_id', '=', ownerId).where('project_id', '=', projectId).where('state', 'in', ['published', 'publishing'])
    .groupBy('site_key').execute();
  return new Map(rows.map((row) => [row.site_key, Number(row.n)]));
}

/** Account creation: the sites that already have an account in the profile (any run, or added by hand), as 1. */
async function accountsDoneBySite(db: Kysely<DB>, ownerId: number, profileId: number, sites: readonly SiteSource[]): Promise<Map<string, number>> {
  const rows = await db.selectFrom('accounts').select('site_name').where('owner_id', '=', ownerId).where('profile_id', '=', profileId).execute();
  const hosts = new Set(rows.map((row) => siteHost(row.site_name)).filter((host): host is string => host !== null));
  return new Map(sites.filter((site) => hosts.has(siteHost(site.siteUrl) ?? '')).map((site) => [site.key, 1]));
}

/**
 * A content project whose group has fewer articles than the run's posts reuses articles (each
 * reuse spun and retitled, post-plan.ts): said before Start. Unlimited runs (0 posts per site and
 * no Spread) plan one round, so they count as one post per site.
 */
async function reuseNotice(db: Kysely<DB>, ownerId: number, groupId: number | null, posts: number): Promise<string[]> {
  if (groupId === null || posts === 0) return [];
  const row = await db.selectFrom('articles').select((eb) => eb.fn.countAll<number>().as('n')).where('content_group_id', '=', groupId).where('owner_id', '=', ownerId).executeTakeFirst();
  const articles = Number(row?.n ?? 0);
  return articles > 0 && articles < posts ? [READINESS_NOTICES.reusesSpun(articles, posts)] : [];
}

/**
 * Everything that would make a run of the project fail at once, in the form's order (general
 * settings, then sites; a module LinkLoom cannot publish, Google Place, alone), with the message a user acts on: the project screen lists them before
 * Start, and a person's Start is refused with the same list (features/projects/project-readiness.ts).
 */
export async function runReadiness(db: Kysely<DB>, ownerId: number, project: ProjectToPlan): Promise<RunReadiness> {
  const kind = projectKind(project.module);
  // A module no platform can publish (Google Place, issue 37 item 5): nothing else the form lacks matters.
  const unrunnable = Object.hasOwn(UNRUNNABLE_MODULES, project.module) ? UNRUNNABLE_MODULES[project.module] : undefined;
  if (unrunnable !== undefined) return { kind, problems: [unrunnable], sites: [], postingProfileId: null, notices: [], alreadyDone: new Map(), capped: false };
  const read = readProjectForm(kind, project.settings);
  const problems: string[] = [];
  let privateNetworkId: number | null = null;
  let postingProfileId: number | null = null;
  if (read.kind === 'indexerproject') {
    if (read.form.linkSetId === null) problems.push(PROJECT_FORM_MESSAGES.urlListRequired);
    else if (!(await ownsRow(db, 'url_lists', read.form.linkSetId, ownerId))) problems.push(PLAN_MESSAGES.linkSetGone);
  } else if (read.kind === 'acproject') {
    // The account creation form's own rules (the save checks them too), then its profile.
    problems.push(...validateAccountTab(read.form).map((problem) => problem.message), ...validateEmailTab(read.form).map((problem) => problem.message));
    if (read.form.profileId !== null && !(await ownsRow(db, 'profiles', read.form.profileId, ownerId))) problems.push(PLAN_MESSAGES.profileGone);
  } else if (read.kind === 'postingproject' || read.kind === 'privateproject') {
    if (read.kind === 'privateproject') {
      if (read.form.profileId === null) problems.push(PROJECT_FORM_MESSAGES.privateNetworkRequired);
      privateNetworkId = read.form.profileId;
    } else if (read.form.profileId === null) problems.push(PROJECT_FORM_MESSAGES.profileRequired);
    else postingProfileId = read.form.profileId;
    problems.push(...(await contentProblems(db, ownerId, read.form)));
  }

  const ticked = new Set((await db.selectFrom('project_sites').select('site_key')
    .where('owner_id', '=', ownerId).where('project_id', '=', project.id).where('checked', '=', 1).execute()).map((row) => row.site_key));
  const schedule = readSchedule(project.schedule);
  const capped = postsAreCapped(schedule, kind);
  if (ticked.size === 0) {
    problems.push(PROJECT_FORM_MESSAGES.sitesRequired);
    return { kind, problems, sites: [], postingProfileId, notices: [], alreadyDone: new Map(), capped };
  }
  // A private project without a network has no sites to offer: its network's message says it.
  const sites = read.kind === 'privateproject' && privateNetworkId === null
    ? []
    : (await availableSites(db, ownerId, { kind, module: project.module, privateNetworkId })).filter((site) => ticked.has(site.key));
  if (sites.length === 0 && !(read.kind === 'privateproject' && privateNetworkId === null)) problems.push(PLAN_MESSAGES.sitesGone);
  // Ticked sites that cannot take the posts (issue 37 item 6): said before Start; when none of them
  // surely can (a platform with no connector, or none for profiles / PDFs), Start is refused.
  const cannot = read.kind === 'postingproject' || read.kind === 'privateproject'
    ? sites.flatMap((site) => {
      const why = whySiteCannotPublish(site.platform, project.module);
      return why === null ? [] : [{ host: siteHost(site.siteUrl) ?? site.siteUrl, why }];
    })
    : [];
  const cannotNotice = cannot.length > 0 ? READINESS_NOTICES.sitesWithoutConnector(cannot, sites.length) : null;
  if (cannotNotice !== null && cannot.length === sites.length && cannot.every((site) => site.why !== MODULE_MESSAGES.platformUnknown)) problems.push(cannotNotice);
  const contentGroupId = read.kind === 'postingproject' || read.kind === 'privateproject' ? read.form.contentGroupId : null;

  // A re-run (issue 35 item 4) makes only what earlier runs left undone: a site with its posts (or,
  // for account creation, an account in the profile) is left alone; failed ones are tried again.
  const perSite = postsPerSite(schedule, kind);
  const accountProfileId = read.kind === 'acproject' ? read.form.profileId : null;
  const alreadyDone = !capped || sites.length === 0 ? new Map<string, number>()
    : read.kind === 'acproject' ? (accountProfileId === null ? new Map<string, number>() : await accountsDoneBySite(db, ownerId, accountProfileId, sites))
      : await postsDoneBySite(db, ownerId, project.id);
  const due = sites.reduce((sum, site) => sum + postsStillDue(perSite, alreadyDone.get(site.key) ?? 0, capped), 0);
  const finished = sites.filter((site) => postsStillDue(perSite, alreadyDone.get(site.key) ?? 0, capped) === 0).length;
  const notices: string[] = [];
  if (cannotNotice !== null && !problems.includes(cannotNotice)) notices.push(cannotNotice);
  if (sites.length > 0 && finished === sites.length) {
    problems.push(read.kind === 'acproject' ? RERUN_MESSAGES.allRegistered(sites.length) : RERUN_MESSAGES.allPosted(sites.length, kind === 'privateproject'));
  } else if (finished > 0) {
    notices.push(read.kind === 'acproject' ? READINESS_NOTICES.sitesAlreadyRegistered(finished, sites.length) : READINESS_NOTICES.sitesAlreadyDone(finished, sites.length));
  }
  notices.push(...(await reuseNotice(db, ownerId, contentGroupId, due)));
  return { kind, problems, sites, postingProfileId, notices, alreadyDone, capped };
}

function siteIdOf(site: SiteSource): number {
  return site.id.siteId;
}

/**
 * The posts of a run: for each ticked site that is still available, `postsPerSite` posts (private
 * projects: the schedule's numberOfPosts; others one) less what earlier runs of the project made
 * there (a re-run, issue 35 item 4; unlimited private projects make their whole round), interleaved site by site so a Spread run
 * spreads every site's posts over its days; posting projects name the account profile's first
 * account for the site. A problem a user must fix first fails the run with its message.
 */
export async function planRun(db: Kysely<DB>, ownerId: number, project: ProjectToPlan, now: number): Promise<RunPlan> {
  const { kind, problems, sites, postingProfileId, alreadyDone, capped } = await runReadiness(db, ownerId, project);
  const [first] = problems;
  if (first !== undefined) return { ok: false, error: first };

  const accounts = new Map<string, string | null>();
  if (postingProfileId !== null) {
    for (const site of sites) accounts.set(site.key, (await accountsForSite(db, ownerId, postingProfileId, site.siteUrl))[0]?.email ?? null);
  }

  const schedule = readSchedule(project.schedule);
  const perSite = postsPerSite(schedule, kind);
  const posts: PlannedPost[] = [];
  // seq is the site's n-th post of the project: a re-run goes on after what earlier runs made there.
  const offset = (site: SiteSource) => (capped ? Math.min(perSite, alreadyDone.get(site.key) ?? 0) : 0);
  for (let seq = 1; seq <= perSite; seq += 1) {
    for (const site of sites) {
      const done = offset(site);
      if (seq > perSite - done) continue;
      posts.push({ siteKey: site.key, siteId: siteIdOf(site), siteUrl: site.siteUrl, seq: done + seq, startAfter: null, accountEmail: accounts.get(site.key) ?? null });
    }
  }
  const days = spreadDays(schedule);
  if (days > 0) {
    const times = spreadStartTimes(posts.length, days, now);
    posts.forEach((post, index) => {
      post.startAfter = times[index]! > now ? times[index]! : null;
    });
  }
  return { ok: true, kind, posts };
}
