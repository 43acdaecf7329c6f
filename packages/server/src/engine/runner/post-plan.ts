import type { Kysely } from 'kysely';
import {
  afterProjectParents, createRng, linkProfilesFromForm, planAnchorKinds, planArticles, planLinks, projectKind, spreadTargets, titleKey,
  type AnchorCounts, type AnchorType, type ContentProjectForm, type LinkPlanProfile, type PlannedArticle, type PlannedSourceLink, type SourceLink,
} from '@linkloom/shared';
import type { DB } from '../../platform/db/schema';
import { keywordsOf, readProjectForm } from '../seams';

type Db = Kysely<DB>;

/**
 * What a run decides for its posts before any is built (issue 34 items 3 and 4), inside the start
 * transaction (PostgreSQL: after the owner's lock, so sibling projects of a tier starting together
 * plan one after the other and see each other's targets):
 * - each post's article: least used by the project first (across runs), none over the group's
 *   maxUsagePerArticle, with its title variant (shared planArticles);
 * - each post's links from every input link set: counts as its profile draws them (seeded by the
 *   post's key), targets spread evenly over the set and never on the post's own registrable domain
 *   (shared spreadTargets), starting from the links each target already has, each with its anchor
 *   kind drawn in plan order from the kinds the set already has (shared planAnchorKinds), so posts
 *   built side by side follow the set's mix together (issue 34 item 5).
 * Posts published side by side then never take the same least-used article or target.
 */

/** Link sets up to this many live links are planned (read whole at Start); larger ones are drawn when each post is built. */
export const PLANNED_SET_LIMIT = 20_000;

/** A post of the run as the plan needs it: its key (the seed) and the site it is published on. */
export interface PostToPlan {
  key: string;
  siteUrl: string;
}

/** One planned link of a post. */
export interface PlannedTarget {
  linkSetId: number;
  url: string;
  anchor: string;
  /** The anchor kind drawn for it (null: drawn when the post is built). */
  anchorType: AnchorType | null;
}

/** Anchor kinds a set already has: placed by posts under way or published, planned for posts not begun. */
async function kindsOfSet(db: Db, ownerId: number, linkSetId: number): Promise<AnchorCounts> {
  const counts: AnchorCounts = {};
  const placed = await db.selectFrom('engine_post_links').innerJoin('engine_posts', 'engine_posts.id', 'engine_post_links.post_id')
    .select((eb) => ['engine_post_links.anchor_type', eb.fn.countAll<number>().as('n')])
    .where('engine_post_links.link_set_id', '=', linkSetId).where('engine_post_links.owner_id', '=', ownerId)
    .where('engine_posts.state', 'in', ['publishing', 'published'])
    .groupBy('engine_post_links.anchor_type').execute();
  const planned = await db.selectFrom('engine_post_targets').innerJoin('engine_posts', 'engine_posts.id', 'engine_post_targets.post_id')
    .select((eb) => ['engine_post_targets.anchor_type', eb.fn.countAll<number>().as('n')])
    .where('engine_post_targets.link_set_id', '=', linkSetId).where('engine_post_targets.owner_id', '=', ownerId)
    .where('engine_posts.state', '=', 'planned')
    .groupBy('engine_post_targets.anchor_type').execute();
  for (const row of [...placed, ...planned]) {
    if (row.anchor_type === null) continue;
    const kind = row.anchor_type as AnchorType;
    counts[kind] = (counts[kind] ?? 0) + Number(row.n);
  }
  return counts;
}

/** The link sets a content project draws from: its profiles, or (tier 2 without its own) its parents' output sets. */
export async function linkProfilesOf(db: Db, ownerId: number, form: ContentProjectForm, schedule: string | null): Promise<LinkPlanProfile[]> {
  if (form.useLinkSet) return linkProfilesFromForm(form);
  const parents = afterProjectParents(schedule);
  if (parents.length === 0) return [];
  const rows = await db.selectFrom('projects').select(['module', 'settings']).where('owner_id', '=', ownerId).where('id', 'in', parents).execute();
  const ids = new Set<number>();
  for (const row of rows) {
    const read = readProjectForm(projectKind(row.module), row.settings);
    if ((read.kind === 'postingproject' || read.kind === 'privateproject') && read.form.urlListId !== null) ids.add(read.form.urlListId);
  }
  return linkProfilesFromForm(form, [...ids]);
}

/** How many times the project used each article so far (posts neither failed nor cancelled, every run). */
async function projectArticleUses(db: Db, ownerId: number, projectId: number, exceptPostId?: number): Promise<Map<number, number>> {
  let query = db.selectFrom('engine_posts')
    .select((eb) => [eb.fn.coalesce('article_id', 'planned_article_id').as('article'), eb.fn.countAll<number>().as('n')])
    .where('owner_id', '=', ownerId).where('project_id', '=', projectId).where('state', 'not in', ['failed', 'cancelled']);
  if (exceptPostId !== undefined) query = query.where('id', '<>', exceptPostId);
  const rows = await query.groupBy((eb) => eb.fn.coalesce('article_id', 'planned_article_id')).execute();
  return new Map(rows.filter((row) => row.article !== null).map((row) => [Number(row.article), Number(row.n)]));
}

/**
 * Uses the group's usage count does not hold yet: posts of any project planned with the article
 * and not begun (the count goes up when publishing begins). Counted as uses, so two runs planned
 * one after the other, or a post choosing again, never plan one article past the maximum.
 */
async function plannedNotCounted(db: Db, ownerId: number, groupId: number, exceptPostId?: number): Promise<Map<number, number>> {
  let query = db.selectFrom('engine_posts').innerJoin('articles', 'articles.id', 'engine_posts.planned_article_id')
    .select((eb) => ['engine_posts.planned_article_id as article', eb.fn.countAll<number>().as('n')])
    .where('engine_posts.owner_id', '=', ownerId).where('articles.content_group_id', '=', groupId)
    .where('engine_posts.article_id', 'is', null).where('engine_posts.state', 'in', ['planned', 'publishing']);
  if (exceptPostId !== undefined) query = query.where('engine_posts.id', '<>', exceptPostId);
  const rows = await query.groupBy('engine_posts.planned_article_id').execute();
  return new Map(rows.filter((row) => row.article !== null).map((row) => [Number(row.article), Number(row.n)]));
}

/**
 * Articles for `count` posts of the project, in their planned order (null: every article is at the
 * group's maximum). `seed` breaks ties between equally used articles.
 */
export async function planRunArticles(
  db: Db, ownerId: number, projectId: number, groupId: number | null, count: number, seed: string, exceptPostId?: number,
): Promise<(PlannedArticle | null)[]> {
  if (groupId === null || count === 0) return Array.from({ length: count }, () => null);
  const group = await db.selectFrom('content_groups').select('max_usage_per_article').where('id', '=', groupId).where('owner_id', '=', ownerId).executeTakeFirst();
  if (!group) return Array.from({ length: count }, () => null);
  const articles = await db.selectFrom('articles').select(['id', 'title', 'usage_count'])
    .where('content_group_id', '=', groupId).where('owner_id', '=', ownerId).orderBy('id').execute();
  const uses = await projectArticleUses(db, ownerId, projectId, exceptPostId);
  const pending = await plannedNotCounted(db, ownerId, groupId, exceptPostId);
  return planArticles(
    articles.map((article) => ({ id: article.id, title: article.title, projectUses: uses.get(article.id) ?? 0, usage: article.usage_count + (pending.get(article.id) ?? 0) })),
    count, group.max_usage_per_article, createRng(`${seed}/articles`),
  );
}

/** Links each target of a set already has: placed by posts under way or published, planned for posts not begun. */
async function linksPerTarget(db: Db, ownerId: number, linkSetId: number): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  const placed = await db.selectFrom('engine_post_links').innerJoin('engine_posts', 'engine_posts.id', 'engine_post_links.post_id')
    .select((eb) => ['engine_post_links.url', eb.fn.countAll<number>().as('n')])
    .where('engine_post_links.link_set_id', '=', linkSetId).where('engine_post_links.owner_id', '=', ownerId)
    .where('engine_posts.state', 'in', ['publishing', 'published'])
    .groupBy('engine_post_links.url').execute();
  const planned = await db.selectFrom('engine_post_targets').innerJoin('engine_posts', 'engine_posts.id', 'engine_post_targets.post_id')
    .select((eb) => ['engine_post_targets.url', eb.fn.countAll<number>().as('n')])
    .where('engine_post_targets.link_set_id', '=', linkSetId).where('engine_post_targets.owner_id', '=', ownerId)
    .where('engine_posts.state', '=', 'planned')
    .groupBy('engine_post_targets.url').execute();
  for (const row of [...placed, ...planned]) counts.set(row.url, (counts.get(row.url) ?? 0) + Number(row.n));
  return counts;
}

/** A set's keywords and live links (dead ones are no targets, issue 18.2), or null when it is not the user's or too large to plan. */
async function plannableSet(db: Db, ownerId: number, linkSetId: number) {
  const set = await db.selectFrom('url_lists').selectAll().where('id', '=', linkSetId).where('owner_id', '=', ownerId).executeTakeFirst();
  if (!set) return null;
  const links = await db.selectFrom('url_items').select(['url', 'anchor']).where('url_list_id', '=', linkSetId).where('dead_since', 'is', null)
    .orderBy('id', 'asc').limit(PLANNED_SET_LIMIT + 1).execute();
  return links.length > PLANNED_SET_LIMIT ? null : { keywords: keywordsOf(set), links };
}

/**
 * Each post's links from the project's input link sets (see the module comment). Null when no set
 * could be planned (none, or each too large): the posts draw their links when built, as before.
 */
export async function planRunTargets(
  db: Db, ownerId: number, form: ContentProjectForm, schedule: string | null, posts: readonly PostToPlan[], seed: string,
): Promise<PlannedTarget[][] | null> {
  const profiles = await linkProfilesOf(db, ownerId, form, schedule);
  if (profiles.length === 0 || posts.length === 0) return null;
  const counts = posts.map((post) => planLinks(profiles, createRng(`${post.key}/links`)));
  const planned: PlannedTarget[][] = posts.map(() => []);
  let any = false;
  for (const [i, profile] of profiles.entries()) {
    const set = await plannableSet(db, ownerId, profile.linkSetId);
    if (set === null) continue;
    any = true;
    const prior = await linksPerTarget(db, ownerId, profile.linkSetId);
    const requests = posts.map((post, n) => ({ siteUrl: post.siteUrl, count: counts[n]![i]!.count }));
    const chosen = spreadTargets(set.links, requests, createRng(`${seed}/targets/${profile.linkSetId}`), (link) => prior.get(link.url) ?? 0);
    const kinds = planAnchorKinds(set.keywords, await kindsOfSet(db, ownerId, profile.linkSetId), chosen.reduce((sum, targets) => sum + targets.length, 0), createRng(`${seed}/anchors/${profile.linkSetId}`));
    let k = 0;
    chosen.forEach((targets, n) => planned[n]!.push(...targets.map((target) => ({
      linkSetId: profile.linkSetId, url: target.url, anchor: target.anchor, anchorType: kinds[k++] ?? null,
    }))));
  }
  return any ? planned : null;
}

/**
 * The links the plan gave a post, by link set, for buildPost's plannedLinks: every input set of the
 * post's project gets an entry (empty when the plan gave none) when its targets were planned; else
 * undefined (drawn when built). Targets found dead since are left out.
 */
export async function plannedLinksOf(
  db: Db, post: { id?: number; targets_planned?: number }, sources: readonly { linkSetId: number; links: readonly SourceLink[]; whole: boolean }[],
): Promise<Map<number, PlannedSourceLink[]> | undefined> {
  if (post.id === undefined || post.targets_planned !== 1) return undefined;
  const rows = await db.selectFrom('engine_post_targets').select(['link_set_id', 'url', 'anchor', 'anchor_type']).where('post_id', '=', post.id).orderBy('id').execute();
  const planned = new Map<number, PlannedSourceLink[]>();
  for (const source of sources) {
    if (!source.whole) continue;
    // The set as it is now: a target found dead since is left out; an anchor edited since is the one used.
    const live = new Map(source.links.map((link) => [link.url, link]));
    const ofSet = rows.filter((row) => row.link_set_id === source.linkSetId);
    // The snapshot of the set is a couple of seconds old at most (compose-post.ts): a target added
    // since (a post of the tier above published just before this run began) is read, not dropped.
    const unseen = [...new Set(ofSet.filter((row) => !live.has(row.url)).map((row) => row.url))];
    if (unseen.length > 0) {
      const added = await db.selectFrom('url_items').select(['url', 'anchor'])
        .where('url_list_id', '=', source.linkSetId).where('dead_since', 'is', null).where('url', 'in', unseen).execute();
      for (const link of added) if (!live.has(link.url)) live.set(link.url, link);
    }
    planned.set(source.linkSetId, ofSet.filter((row) => live.has(row.url))
      .map((row) => ({ ...live.get(row.url)!, anchorType: row.anchor_type as AnchorType | null })));
  }
  return planned;
}

/** What composePost knows of a post when it chooses the article. */
export interface ArticlePost {
  id?: number;
  project_id?: number;
  idempotency_key: string;
  article_id: number | null;
  planned_article_id?: number | null;
  article_variant?: number;
}

/** The project's posts other than `postId` that used `articleId` (neither failed nor cancelled): the variant of one more. */
async function usesBefore(db: Db, ownerId: number, projectId: number, articleId: number, postId: number | undefined): Promise<number> {
  let query = db.selectFrom('engine_posts').select((eb) => eb.fn.countAll<number>().as('n'))
    .where('owner_id', '=', ownerId).where('project_id', '=', projectId).where('state', 'not in', ['failed', 'cancelled'])
    .where((eb) => eb(eb.fn.coalesce('article_id', 'planned_article_id'), '=', articleId));
  if (postId !== undefined) query = query.where('id', '<>', postId);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

/**
 * The article a post is built from, with its title variant: the one already counted for it (a
 * retry, a rebuild), else the run plan's while the group's maximum still allows it (another project
 * of the same group may have used it up meanwhile), else one chosen now the plan's way (least used
 * by the project). Null when every article is at the maximum, or (a post of no project) when the
 * caller should choose.
 */
export async function articleForPost(db: Db, ownerId: number, group: { id: number; max_usage_per_article: number }, post: ArticlePost): Promise<PlannedArticle | null> {
  if (post.article_id !== null) {
    if (post.article_id === post.planned_article_id) return { articleId: post.article_id, variant: post.article_variant ?? 0 };
    return { articleId: post.article_id, variant: post.project_id === undefined ? 0 : await usesBefore(db, ownerId, post.project_id, post.article_id, post.id) };
  }
  const planned = post.planned_article_id ?? null;
  if (planned !== null) {
    const article = await db.selectFrom('articles').select('usage_count').where('id', '=', planned).where('owner_id', '=', ownerId).executeTakeFirst();
    if (article && (group.max_usage_per_article <= 0 || article.usage_count < group.max_usage_per_article)) return { articleId: planned, variant: post.article_variant ?? 0 };
  }
  if (post.project_id === undefined) return null;
  const [chosen] = await planRunArticles(db, ownerId, post.project_id, group.id, 1, post.idempotency_key, post.id);
  return chosen ?? null;
}

/** The seed that orders a reused title's qualifiers: the same for every post of the project with that title. */
export function reuseSeed(post: { project_id?: number }, title: string): string {
  return `p${post.project_id ?? 0}/${titleKey(title)}`;
}
