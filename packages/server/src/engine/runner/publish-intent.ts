/**
 * The intent a post is published under (issue 34; migration 0038): its title, its name on the site
 * (chosen by the connector from the title, free there and claimed by no other post of ours), the
 * site, and when that name was first recorded. Committed before the site is called; after an
 * unknown outcome the connector looks the item up by it. The idempotency key stays in the database.
 */
import type { Kysely } from 'kysely';
import { PLATFORM_MEDIAWIKI, republishKey } from '@linkloom/shared';
import type { DB } from '../../platform/db/schema';
import type { ClaimedNames, Connector, NamedPost, PublishIntent, PublishOptions, PublishTarget } from '../connectors/connector';
import { normaliseSiteUrl } from '../connectors/http';
import { legacyPageTitle, legacySlug } from './legacy-names';
import type { PostRow } from './runs.repository';

/** An intent as engine_posts stores it: the connector's, with the site it is for. */
export interface RecordedIntent extends PublishIntent {
  site: string;
}

/** The site of an intent: one spelling per site, so that two addresses of it claim names together. */
export function intentSite(siteUrl: string): string {
  return normaliseSiteUrl(siteUrl).toLowerCase();
}

/** The names among `names` that posts other than `postId` intend on `site`, and `avoid` (a copy's original's). */
export function claimedNames(db: Kysely<DB>, site: string, postId: number, avoid: string | null = null): ClaimedNames {
  return async (names) => {
    if (names.length === 0) return new Set();
    const rows = await db.selectFrom('engine_posts').select('intent_name')
      .where('intent_site', '=', site).where('intent_name', 'in', [...names]).where('id', '<>', postId).execute();
    const claimed = new Set(rows.flatMap((row) => (row.intent_name === null ? [] : [row.intent_name])));
    if (avoid !== null && names.includes(avoid)) claimed.add(avoid);
    return claimed;
  };
}

/**
 * Chooses the post's name with the site's connector and makes it an intent. The time stays the
 * one first recorded when the post keeps its name (a retry after an unknown outcome): an item an
 * earlier try made is never older than that. `avoid`: a name the post must not take although it
 * is free (a re-published copy's original's).
 */
export async function chooseIntent(
  db: Kysely<DB>, connector: Connector, target: PublishTarget, post: Pick<PostRow, 'id' | 'intent_name' | 'intent_site' | 'intent_at'>, built: NamedPost, options: PublishOptions,
  avoid: string | null = null,
): Promise<RecordedIntent> {
  const site = intentSite(target.siteUrl);
  const name = await connector.chooseName(target, built, claimedNames(db, site, post.id, avoid), options);
  const kept = post.intent_name === name && post.intent_site === site && post.intent_at !== null;
  return { title: built.title, name, site, at: kept ? post.intent_at! : Date.now() };
}

/**
 * The intent recorded for the post, or for a row an older version left publishing (no intent
 * columns yet) the name that version gave the item from its key — `copy` for a re-published
 * copy's (its key was republishKey's). Looked up only, never published under.
 */
export function recordedIntent(post: PostRow, platform: string, copy = false): PublishIntent {
  if (post.intent_name !== null && post.intent_at !== null) return { title: post.intent_title ?? '', name: post.intent_name, at: post.intent_at };
  const key = copy ? republishKey(post.idempotency_key) : post.idempotency_key;
  return { title: '', name: platform.toLowerCase() === PLATFORM_MEDIAWIKI.toLowerCase() ? legacyPageTitle(key) : legacySlug(key), at: 0 };
}
