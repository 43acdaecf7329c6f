import type { Kysely } from 'kysely';
import {
  DEFAULT_LINK_PLACEMENT, afterProjectParents, createRng, linkKeywords, linkProfilesFromForm, mediaRequestsFromForm, pickArticle, projectKind,
  type AnchorCounts, type AnchorKeywords, type AnchorType, type BuiltPost, type PostInput as BuildPostInput, type ContentProjectForm, type PostLinkSource, type SourceLink, type SpinnerService,
} from '@linkloom/shared';
import { buildPostWork, type TaskLinkSource } from '../content-work/content-work';
import { hasSpinnerCredentials, spinnerLabel } from '../spinners/registry';
import { spinWithService } from '../spinners/spin-with-service';
import type { SpinnerSettings } from '../spinners/spinner';
import { searchPostMedia } from '../media-search/search-post-media';
import { reusableQuery } from '../../platform/db/dialect';
import type { DB } from '../../platform/db/schema';
import { keywordsOf, readProjectForm } from '../seams';
import { linksAtPositions } from './links-at-positions';
import { perDatabase } from './memo';
import { articleForPost, plannedLinksOf, reuseSeed, type ArticlePost } from './post-plan';

type Db = Kysely<DB>;

/** A post ready for the connector, and the article it was built from. */
export interface ComposedPost {
  built: BuiltPost;
  articleId: number;
  /** The content group's max usage per article (0: unlimited), enforced when the use is counted. */
  maxUsage: number;
  /** The first inserted image: uploaded as the post's featured image. */
  featuredImageUrl: string | null;
  /** Lines for the run's lastError: the chosen spinner failed (the built-in one spun the post), a media search found nothing. */
  warnings?: string[];
}

/** The spinner the options choose for posts (Options → Spinner), with its settings. */
export interface PostSpinning {
  service: SpinnerService;
  settings: SpinnerSettings;
  timeoutMs: number;
  signal?: AbortSignal;
  /** The options' YouTube Data API key, for the Video tab's search ('' = none). */
  youtubeApiKey?: string;
}

export type ComposeResult = { ok: true; post: ComposedPost } | { ok: false; error: string };

export const COMPOSE_MESSAGES = {
  contentGroupGone: 'The content group of this project no longer exists: choose another one on the General tab',
  noArticles: (name: string) => `The content group "${name}" has no articles: add articles to it or choose another content group`,
  allUsed: (name: string, max: number) => `Every article of the content group "${name}" was used ${max} times (its "max usage per article"): add articles or raise the limit`,
  spinnerFellBack: (service: string, reason: string) => `${service} could not spin the posts (${reason}): the built-in spinner spun them instead`,
} as const;

/** Links of a set loaded whole up to this many; larger sets are read by position (two passes). */
const WHOLE_SET_LIMIT = 20_000;
/** Link sets, content groups and article texts are read once per this period, not once per post. */
const FRESH_MS = 2_000;

interface LinkSetSnapshot {
  keywords: AnchorKeywords;
  total: number;
  /** The whole set when it is small enough, else null (read by position). */
  links: SourceLink[] | null;
}

const linkSets = perDatabase<string, LinkSetSnapshot | null>(FRESH_MS, 200);
const groups = perDatabase<string, { id: number; name: string; words_not_to_be_changed: string; max_usage_per_article: number } | null>(FRESH_MS);
const articleTexts = perDatabase<number, { id: number; title: string; body: string } | undefined>(FRESH_MS, 500);

function linkSet(db: Db, ownerId: number, linkSetId: number): Promise<LinkSetSnapshot | null> {
  return linkSets(db).get(`${ownerId}:${linkSetId}`, async () => {
    const set = await db.selectFrom('url_lists').selectAll().where('id', '=', linkSetId).where('owner_id', '=', ownerId).executeTakeFirst();
    if (!set) return null;
    // Tier health (issue 18.2): a link found dead (url_items.dead_since) is no target for new posts.
    const row = await db.selectFrom('url_items').select((eb) => eb.fn.countAll<number>().as('n')).where('url_list_id', '=', linkSetId).where('dead_since', 'is', null).executeTakeFirstOrThrow();
    const total = Number(row.n);
    const links = total <= WHOLE_SET_LIMIT
      ? await db.selectFrom('url_items').select(['url', 'anchor']).where('url_list_id', '=', linkSetId).where('dead_since', 'is', null).orderBy('id', 'asc').execute()
      : null;
    return { keywords: keywordsOf(set), total, links };
  });
}

/** The parent projects an AfterProject schedule names (none for other schedules). */
export const scheduleParents = afterProjectParents;

/** Output link sets of a tier-2 project's parents (its schedule's AfterProject parents). */
async function parentOutputLinkSets(db: Db, ownerId: number, schedule: string | null): Promise<number[]> {
  const parents = scheduleParents(schedule);
  if (parents.length === 0) return [];
  const rows = await db.selectFrom('projects').select(['id', 'module', 'settings']).where('owner_id', '=', ownerId).where('id', 'in', parents).execute();
  const ids: number[] = [];
  for (const row of rows) {
    const read = readProjectForm(projectKind(row.module), row.settings);
    if ((read.kind === 'postingproject' || read.kind === 'privateproject') && read.form.urlListId !== null) ids.push(read.form.urlListId);
  }
  return [...new Set(ids)];
}

/** The form's link sources: each input link set (or parent output set) with its keywords; large sets positional. */
async function linkSources(db: Db, ownerId: number, form: ContentProjectForm, schedule: string | null) {
  const profiles = linkProfilesFromForm(form, form.useLinkSet ? [] : await parentOutputLinkSets(db, ownerId, schedule));
  const sources: (PostLinkSource & { total: number; whole: boolean })[] = [];
  for (const profile of profiles) {
    const set = await linkSet(db, ownerId, profile.linkSetId);
    if (!set) continue;
    sources.push({ ...profile, keywords: set.keywords, links: set.links ?? [], total: set.total, whole: set.links !== null });
  }
  return sources;
}

/**
 * The anchors already placed from each of the link sets, by kind (issue 18.5's quota draw): the
 * links of every post not failed or cancelled, this post's own earlier attempt left out. Posts
 * built side by side read the same counts; the next ones make up for it.
 */
async function anchorCounts(db: Db, ownerId: number, linkSetIds: readonly number[], postId: number | undefined): Promise<Map<number, AnchorCounts>> {
  const counts = new Map<number, AnchorCounts>(linkSetIds.map((id) => [id, {}]));
  if (linkSetIds.length === 0) return counts;
  let query = db.selectFrom('engine_post_links').innerJoin('engine_posts', 'engine_posts.id', 'engine_post_links.post_id')
    .select((eb) => ['engine_post_links.link_set_id', 'engine_post_links.anchor_type', eb.fn.countAll<number>().as('n')])
    .where('engine_post_links.link_set_id', 'in', [...linkSetIds]).where('engine_post_links.owner_id', '=', ownerId)
    .where('engine_posts.state', 'not in', ['failed', 'cancelled']);
  if (postId !== undefined) query = query.where('engine_post_links.post_id', '<>', postId);
  const rows = await query.groupBy(['engine_post_links.link_set_id', 'engine_post_links.anchor_type']).execute();
  for (const row of rows) {
    const set = row.link_set_id === null ? undefined : counts.get(row.link_set_id);
    if (set && row.anchor_type !== null) set[row.anchor_type as AnchorType] = Number(row.n);
  }
  return counts;
}

const articleUsages = reusableQuery((db, groupId: number, ownerId: number) =>
  db.selectFrom('articles').select(['id', 'usage_count']).where('content_group_id', '=', groupId).where('owner_id', '=', ownerId));

/**
 * The post's article and its title variant (issue 34 item 3, post-plan.ts articleForPost: counted,
 * else the run's plan, else least used by the project now); a post of no project (a caller's own
 * rebuild) picks the least used under the group's maximum, seeded by the post's key.
 */
async function chooseArticle(db: Db, ownerId: number, group: { id: number; name: string; max_usage_per_article: number }, post: ArticlePost) {
  const key = post.idempotency_key;
  const text = (id: number) => articleTexts(db).get(id, () => db.selectFrom('articles').select(['id', 'title', 'body']).where('id', '=', id).where('owner_id', '=', ownerId).executeTakeFirst());
  const planned = await articleForPost(db, ownerId, group, post);
  if (planned) {
    const article = await text(planned.articleId);
    if (article) return { ok: true as const, article, variant: planned.variant };
  }
  if (post.project_id !== undefined && planned === null && post.article_id === null) {
    const any = (await articleUsages(db, group.id, ownerId)).rows.length > 0;
    return { ok: false as const, error: any ? COMPOSE_MESSAGES.allUsed(group.name, group.max_usage_per_article) : COMPOSE_MESSAGES.noArticles(group.name) };
  }
  const usages = (await articleUsages(db, group.id, ownerId)).rows;
  if (usages.length === 0) return { ok: false as const, error: COMPOSE_MESSAGES.noArticles(group.name) };
  const picked = pickArticle(usages.map((row) => ({ id: row.id, usage: row.usage_count })), group.max_usage_per_article, createRng(`${key}/article`));
  if (!picked) return { ok: false as const, error: COMPOSE_MESSAGES.allUsed(group.name, group.max_usage_per_article) };
  const article = await text(picked.id);
  if (!article) return { ok: false as const, error: COMPOSE_MESSAGES.noArticles(group.name) };
  return { ok: true as const, article, variant: 0 };
}

/**
 * Builds one post of a posting or private project with the content pipeline, seeded by its
 * idempotency key (a rebuild after a crash gives the same post): the article (the one recorded
 * for the post, else a fresh pick), links from the input link sets by their profiles and keywords,
 * the placement, images and videos, tags. Anchors are chosen by the quota draw from the anchors
 * already placed from each link set (anchorCounts), so a link set's realised mix keeps to its
 * percentages. A rebuild for a look-up (reconcile) may choose other anchors than the first build when
 * other posts placed links meanwhile; the links verification looks for are those recorded when
 * publishing began (beginPublishing), with their link set and kind.
 */
export async function composePost(
  db: Db, ownerId: number, form: ContentProjectForm, schedule: string | null,
  post: ArticlePost & { targets_planned?: number; siteUrl?: string; fixedLinks?: BuildPostInput['fixedLinks'] }, spinning?: PostSpinning,
): Promise<ComposeResult> {
  const groupId = form.contentGroupId;
  const group = groupId === null ? null : await groups(db).get(`${ownerId}:${groupId}`, async () => (await db.selectFrom('content_groups')
    .select(['id', 'name', 'words_not_to_be_changed', 'max_usage_per_article'])
    .where('id', '=', groupId).where('owner_id', '=', ownerId).executeTakeFirst()) ?? null);
  if (!group) return { ok: false, error: COMPOSE_MESSAGES.contentGroupGone };
  const chosen = await chooseArticle(db, ownerId, group, post);
  if (!chosen.ok) return chosen;

  const sources = await linkSources(db, ownerId, form, schedule);
  // The project asks for spinning (General tab, on by default); off, only the article's own spintax
  // is expanded — but a reuse of an article is always spun (issue 34 item 3), with the chosen spinner.
  const spun = await spinArticle(chosen.article, group.words_not_to_be_changed, sources, post.idempotency_key, form.spinArticles || chosen.variant > 0 ? spinning : undefined);
  // The run's plan of this post's links (even spread, off its own domain), and its reuse's title variant.
  const plannedLinks = post.fixedLinks ? undefined : await plannedLinksOf(db, post, sources);
  const planInputs = {
    ...(plannedLinks ? { plannedLinks } : {}),
    ...(post.siteUrl ? { siteUrl: post.siteUrl } : {}),
    ...(chosen.variant > 0 ? { reuse: { variant: chosen.variant, seed: reuseSeed(post, chosen.article.title) } } : {}),
  };
  // The Image and Video tabs' searches run with the services (a publishing post), not on a rebuild for a look-up.
  const searched = spinning
    ? await searchPostMedia(form, post.idempotency_key, spinning.youtubeApiKey ?? '', { timeoutMs: spinning.timeoutMs, ...(spinning.signal ? { signal: spinning.signal } : {}) })
    : { credits: new Map<string, string>(), warnings: [] };
  const media = mediaRequestsFromForm(form, searched);
  const placedAnchors = await anchorCounts(db, ownerId, [...new Set(sources.map((source) => source.linkSetId))], post.id);
  // Built on a content pool thread when the article is large (content-work/content-work.ts).
  const build = async (linkSourcesForPass: readonly TaskLinkSource[]) => buildPostWork({
    input: {
      article: spun.article,
      protectedWords: group.words_not_to_be_changed,
      linkSources: linkSourcesForPass,
      placement: form.linkPlacement ?? DEFAULT_LINK_PLACEMENT,
      tags: form.tags,
      images: media.images,
      videos: media.videos,
      anchorCounts: placedAnchors,
      ...planInputs,
      // A re-published post (runner/republish-post.job.ts) carries the links it was published with.
      ...(post.fixedLinks ? { fixedLinks: post.fixedLinks } : {}),
    },
    seed: post.idempotency_key,
    synonyms: spun.synonyms,
  }, spinning?.signal ? { signal: spinning.signal } : {});
  // A large set goes by position (see TaskLinkSource): a first pass finds the positions the post
  // draws, a second one, with those rows read, builds it.
  const forPass = (known: readonly ReadonlyMap<number, SourceLink>[]): TaskLinkSource[] => sources.map(({ total, whole, links, ...profile }, i) => (
    whole ? { ...profile, links } : { ...profile, positional: { total, known: known[i]! } }));

  let built: BuiltPost;
  if (sources.every((source) => source.whole)) {
    built = (await build(forPass([]))).built;
  } else {
    const { asked } = await build(forPass(sources.map(() => new Map())));
    const known = await Promise.all(sources.map((source, i) => (source.whole ? new Map<number, SourceLink>() : linksAtPositions(db, source.linkSetId, asked[i]!))));
    built = (await build(forPass(known))).built;
  }
  const image = built.media.find((item) => item.kind === 'image');
  return {
    ok: true,
    post: { built, articleId: chosen.article.id, maxUsage: group.max_usage_per_article, featuredImageUrl: image?.url ?? null, warnings: [...(spun.warning ? [spun.warning] : []), ...searched.warnings] },
  };
}

/**
 * The article as the chosen spinner gives it: the built-in one spins inside the pipeline (seeded,
 * so a rebuild gives the same post) with the shipped synonyms; a third-party one is called here,
 * outside any transaction, with the group's protected words and the link keywords, and its answer
 * (spintax or text) goes on through the pipeline. A third-party failure falls back to the built-in
 * spinner with a warning line; a third-party choice without credentials is the built-in spinner. Without `spinning` only the article's own spintax is expanded.
 */
async function spinArticle(
  article: { id: number; title: string; body: string }, protectedWords: string, sources: readonly PostLinkSource[], key: string, spinning: PostSpinning | undefined,
): Promise<{ article: { title: string; body: string }; synonyms: boolean; warning?: string }> {
  if (!spinning) return { article, synonyms: false };
  // The default choice (the first third-party spinner) with no credentials filled in is a spinner
  // never set up, not a failing one: the built-in spinner spins, without a warning.
  if (spinning.service === 'BuiltIn' || !hasSpinnerCredentials(spinning.service, spinning.settings)) return { article, synonyms: true };
  const keep = [protectedWords, ...linkKeywords(sources)].join('\n');
  try {
    const spun = await spinWithService(spinning.service, spinning.settings, article, keep, `${key}/spinner`, { timeoutMs: spinning.timeoutMs, ...(spinning.signal ? { signal: spinning.signal } : {}) });
    return { article: spun, synonyms: false };
  } catch (error) {
    if (spinning.signal?.aborted) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    return { article, synonyms: true, warning: COMPOSE_MESSAGES.spinnerFellBack(spinnerLabel(spinning.service), reason) };
  }
}
