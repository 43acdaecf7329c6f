/**
 * Re-publishing a dead post on the user's own site (issue 18.2: "optionally (a project setting) a
 * dead post on the user's own site is re-published once, with the same idempotency discipline as
 * the engine"). Pure: the engine asks it after each check it stores, and again in the re-publish
 * job before anything is sent to the site.
 *
 * - Only posts of posting and private projects: they are published on the user's own sites (custom
 *   sites with the profile's accounts, private-network sites with their stored login). Indexer
 *   submissions and account registrations have no page to put back.
 * - Only when the project's "Re-publish dead posts" setting is on.
 * - Only a published post whose output link is dead by the tier-health rule (targetHealth: two dead
 *   checks in a row, MISSING or GONE; the link's dead_since).
 * - Once: a post with any re-publish state (begun, done, failed) is never re-published again, and
 *   neither is the new copy when it dies in turn (it is the same post, already re-published).
 */

/** The project kinds whose posts live on the user's own sites. */
export const OWN_SITE_PROJECT_KINDS = ['postingproject', 'privateproject'] as const;

export interface RepublishCandidate {
  projectKind: string;
  /** The project's republishDeadPosts setting. */
  republishDeadPosts: boolean;
  postState: string;
  /** engine_posts.republish_state: null when never re-published. */
  republishState: string | null;
  /** The output link's dead_since (null: alive or not judged yet). */
  deadSince: number | null;
}

export type RepublishDecision = { republish: true } | { republish: false; why: 'notOwnSite' | 'settingOff' | 'notPublished' | 'alreadyRepublished' | 'alive' };

/** Whether a post is to be re-published now (see the module's comment). */
export function republishDecision(post: RepublishCandidate): RepublishDecision {
  if (!(OWN_SITE_PROJECT_KINDS as readonly string[]).includes(post.projectKind)) return { republish: false, why: 'notOwnSite' };
  if (!post.republishDeadPosts) return { republish: false, why: 'settingOff' };
  if (post.postState !== 'published') return { republish: false, why: 'notPublished' };
  if (post.republishState !== null) return { republish: false, why: 'alreadyRepublished' };
  if (post.deadSince === null) return { republish: false, why: 'alive' };
  return { republish: true };
}

/**
 * The re-published copy's idempotency key, derived from the post's own: the slug (WordPress) or page
 * title (MediaWiki) the connector marks the copy with, so a crash or retry finds the copy it made
 * instead of posting a second one, and the dead original (its own key) is never taken for it.
 */
export function republishKey(idempotencyKey: string): string {
  return `${idempotencyKey}-re1`;
}
