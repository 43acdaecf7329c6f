import type { Kysely } from 'kysely';
import { LIVE_CHECK_STATUSES, parseSiteKey, projectKind } from '@linkloom/shared';
import type { DB } from '../../platform/db/schema';

type Db = Kysely<DB>;

/** A campaign's or link set's name with the link sets an export reads. */
export interface BacklinksScope {
  ownerId: number;
  campaignId: number;
  /** The campaign's or the link set's name: the file's name. */
  name: string;
  linkSets: readonly { id: number; name: string }[];
}

/** The user's campaign with every link set of it (id order); undefined for another user's or a missing one. */
export async function campaignScope(db: Db, ownerId: number, campaignId: number): Promise<BacklinksScope | undefined> {
  const campaign = await db.selectFrom('campaigns').select(['id', 'name']).where('id', '=', campaignId).where('owner_id', '=', ownerId).executeTakeFirst();
  if (!campaign) return undefined;
  const linkSets = await db.selectFrom('url_lists').select(['id', 'name'])
    .where('campaign_id', '=', campaign.id).where('owner_id', '=', ownerId).orderBy('id').execute();
  return { ownerId, campaignId: campaign.id, name: campaign.name, linkSets };
}

/** The user's link set alone; undefined for another user's or a missing one. */
export async function linkSetScope(db: Db, ownerId: number, linkSetId: number): Promise<BacklinksScope | undefined> {
  const linkSet = await db.selectFrom('url_lists').select(['id', 'name', 'campaign_id']).where('id', '=', linkSetId).where('owner_id', '=', ownerId).executeTakeFirst();
  if (!linkSet) return undefined;
  return { ownerId, campaignId: linkSet.campaign_id, name: linkSet.name, linkSets: [{ id: linkSet.id, name: linkSet.name }] };
}

/** One published post's output link with its post, project and latest check of its current URL. */
export interface PublishedLinkRow {
  id: number;
  url: string;
  site: string | null;
  check_status: string;
  check_info: string | null;
  dead_since: number | string | null;
  date_added: number | string;
  post_id: number | null;
  site_key: string | null;
  project_id: number | null;
  project_name: string | null;
  module: string | null;
  last_checked: number | string | null;
  http_status: number | string | null;
  first_seen: number | string | null;
}

/**
 * A page of a link set's published links (url_items with a post_id) after `afterId`, in id order
 * (url_items_list_idx), each with its post's site key and project, and from its check history
 * (link_check_history_item_idx) of its current URL — a re-published post's copy is not judged by the
 * original's checks; rows older than migration 0037 carry no URL and count — the latest finished
 * check (when, HTTP status) and the first that found it live. `onlyLive`: live links only.
 */
export function publishedLinksAfter(db: Db, ownerId: number, linkSetId: number, onlyLive: boolean) {
  return (afterId: number, limit: number): Promise<PublishedLinkRow[]> => db.selectFrom('url_items as link')
    .leftJoin('engine_posts as post', (join) => join.onRef('post.id', '=', 'link.post_id').on('post.owner_id', '=', ownerId))
    .leftJoin('projects as project', (join) => join.onRef('project.id', '=', 'post.project_id').on('project.owner_id', '=', ownerId))
    .select((eb) => {
      const checksOfUrl = () => eb.selectFrom('link_check_history as h')
        .whereRef('h.url_item_id', '=', 'link.id').where('h.owner_id', '=', ownerId)
        .where((w) => w.or([w('h.url', 'is', null), w('h.url', '=', w.ref('link.url'))]));
      return [
        'link.id', 'link.url', 'link.site', 'link.check_status', 'link.check_info', 'link.dead_since', 'link.date_added', 'link.post_id',
        'post.site_key', 'post.project_id', 'project.name as project_name', 'project.module',
        checksOfUrl().select('h.checked_at').orderBy('h.checked_at', 'desc').orderBy('h.id', 'desc').limit(1).as('last_checked'),
        checksOfUrl().select('h.http_status').orderBy('h.checked_at', 'desc').orderBy('h.id', 'desc').limit(1).as('http_status'),
        checksOfUrl().select((s) => s.fn.min('h.checked_at').as('first')).where('h.status', 'in', LIVE_CHECK_STATUSES).as('first_seen'),
      ];
    })
    .where('link.url_list_id', '=', linkSetId).where('link.owner_id', '=', ownerId).where('link.post_id', 'is not', null)
    .$if(onlyLive, (query) => query.where('link.check_status', 'in', LIVE_CHECK_STATUSES).where('link.dead_since', 'is', null))
    .where('link.id', '>', afterId).orderBy('link.id').limit(limit)
    .execute();
}

/** The links placed in these posts (engine_post_links_post_idx), each post's in the order they were recorded. */
export async function placedLinksOf(db: Db, ownerId: number, postIds: readonly number[]): Promise<Map<number, { url: string; anchor: string }[]>> {
  const placed = new Map<number, { url: string; anchor: string }[]>();
  if (postIds.length === 0) return placed;
  const rows = await db.selectFrom('engine_post_links').select(['post_id', 'url', 'anchor'])
    .where('post_id', 'in', postIds).where('owner_id', '=', ownerId).orderBy('post_id').orderBy('id').execute();
  for (const row of rows) {
    const list = placed.get(row.post_id) ?? [];
    list.push({ url: row.url, anchor: row.anchor });
    placed.set(row.post_id, list);
  }
  return placed;
}

/**
 * The platform of the sites posts were published on, by site key, as the runner finds the site
 * (engine/runner/publish-target.ts): a posting project's `Module:id` names the user's custom site
 * of that module (else a private site of that id), a private project's `id:email` its private
 * site. Known keys come from `cache`; the rest is read in two queries and added to it.
 */
export async function sitePlatforms(
  db: Db, ownerId: number, posts: readonly { siteKey: string; module: string | null }[], cache: Map<string, string | null>,
): Promise<void> {
  const wanted = posts.map((post) => ({ ...post, cacheKey: `${post.module ?? ''}|${post.siteKey}` })).filter((post) => !cache.has(post.cacheKey));
  if (wanted.length === 0) return;
  const customIds = new Set<number>();
  const privateIds = new Set<number>();
  for (const post of wanted) {
    const parsed = parseSiteKey(post.siteKey);
    if (!parsed) continue;
    if ('module' in parsed && post.module !== null && projectKind(post.module) === 'postingproject') customIds.add(parsed.siteId);
    privateIds.add(parsed.siteId);
  }
  const custom = customIds.size === 0 ? [] : await db.selectFrom('custom_sites').select(['id', 'module', 'platform'])
    .where('owner_id', '=', ownerId).where('id', 'in', [...customIds]).execute();
  const own = privateIds.size === 0 ? [] : await db.selectFrom('private_sites').select(['id', 'platform'])
    .where('owner_id', '=', ownerId).where('id', 'in', [...privateIds]).execute();
  const customOf = new Map(custom.map((row) => [`${row.module}:${row.id}`, row.platform]));
  const privateOf = new Map(own.map((row) => [row.id, row.platform]));
  for (const post of wanted) {
    const parsed = parseSiteKey(post.siteKey);
    const customPlatform = parsed && 'module' in parsed && post.module !== null && projectKind(post.module) === 'postingproject'
      ? customOf.get(post.siteKey) : undefined;
    cache.set(post.cacheKey, customPlatform ?? (parsed ? privateOf.get(parsed.siteId) ?? null : null));
  }
}

/** A page of a link set's input links (no post_id: entered or imported) after `afterId`, in id order. */
export function inputLinksAfter(db: Db, ownerId: number, linkSetId: number) {
  return (afterId: number, limit: number) => db.selectFrom('url_items').select(['id', 'url', 'anchor', 'date_added'])
    .where('url_list_id', '=', linkSetId).where('owner_id', '=', ownerId).where('post_id', 'is', null)
    .where('id', '>', afterId).orderBy('id').limit(limit)
    .execute();
}

/**
 * For these URLs of an input link set: how many links to each were placed from it in published
 * posts, and how many of those posts are live (their output link's latest check OK or NOFOLLOW,
 * not dead) — one grouped read over engine_post_links_quota_idx (link_set_id first).
 */
export async function backlinkCounts(db: Db, ownerId: number, linkSetId: number, urls: readonly string[]): Promise<Map<string, { backlinks: number; live: number }>> {
  const counts = new Map<string, { backlinks: number; live: number }>();
  if (urls.length === 0) return counts;
  const rows = await db.selectFrom('engine_post_links as placed')
    .innerJoin('engine_posts as post', (join) => join.onRef('post.id', '=', 'placed.post_id').on('post.state', '=', 'published'))
    .leftJoin('url_items as output', 'output.id', 'post.url_item_id')
    .select((eb) => [
      'placed.url',
      eb.fn.countAll<number | string>().as('backlinks'),
      eb.fn.sum<number | string | null>(eb.case()
        .when(eb.and([eb('output.check_status', 'in', LIVE_CHECK_STATUSES), eb('output.dead_since', 'is', null)])).then(1).else(0).end()).as('live'),
    ])
    .where('placed.owner_id', '=', ownerId).where('placed.link_set_id', '=', linkSetId).where('placed.url', 'in', [...new Set(urls)])
    .groupBy('placed.url')
    .execute();
  for (const row of rows) counts.set(row.url, { backlinks: Number(row.backlinks), live: Number(row.live ?? 0) });
  return counts;
}
