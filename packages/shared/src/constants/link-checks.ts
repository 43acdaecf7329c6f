/**
 * Backlink verification states of a link (url_items.check_status): after a post is published its
 * public URL is fetched and every link the engine placed in it is looked for (engine/README.md).
 * NONE: never checked (links added by hand); PENDING: a check is due; OK: every placed link is on
 * the page and followed; NOFOLLOW: all present, at least one not followed (rel nofollow / ugc /
 * sponsored, or a robots nofollow for the page); MISSING: at least one placed link is not on the
 * page (or the page is gone); ERROR: the page could not be fetched.
 */
export const LINK_CHECK_STATUSES = ['NONE', 'PENDING', 'OK', 'NOFOLLOW', 'MISSING', 'ERROR'] as const;
export type LinkCheckStatus = (typeof LINK_CHECK_STATUSES)[number];

/** How a state is shown (the link set screen's Verified column). */
export const LINK_CHECK_LABELS: Readonly<Record<LinkCheckStatus, string>> = {
  NONE: '–',
  PENDING: 'Pending',
  OK: 'Dofollow ✓',
  NOFOLLOW: 'Nofollow',
  MISSING: 'Missing',
  ERROR: 'Error',
};

/** States that count as verified in a link set's `verified` total: the links were found on the page. */
export const VERIFIED_LINK_CHECK_STATUSES: readonly LinkCheckStatus[] = ['OK', 'NOFOLLOW'];
