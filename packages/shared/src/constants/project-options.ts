/**
 * The choices the project forms offer (spec 1 §3, §9; spec 2 §9 for email; spec 3 for indexers).
 * Each list is `[value, label]` so the screens and the server agree on both.
 */

/** Where links go in a post (spec 1 §9; labels as spec 2 §9 gives them). */
export const LINK_PLACEMENTS = [
  ['ReplaceKeyword', 'Replace Keywords'],
  ['Top', 'Top'],
  ['Bottom', 'Bottom'],
  ['RandomSentence', 'Between Sentences'],
  ['RandomParagraph', 'Between Paragraphs'],
  ['ReplaceLinkTag', 'Replace Link Tags'],
  ['InBlurbOnly', 'In Blurb Only'],
] as const;
export type LinkPlacement = (typeof LINK_PLACEMENTS)[number][0];
/** The placement a post falls back to when none is stored (spec 2 §9: ReplaceKeyword is the default). */
export const DEFAULT_LINK_PLACEMENT: LinkPlacement = 'ReplaceKeyword';

/** Where images and videos go (spec 1 §9). */
export const MEDIA_POSITIONS = [['Top', 'Top'], ['Bottom', 'Bottom'], ['Random', 'Random']] as const;
export type MediaPosition = (typeof MEDIA_POSITIONS)[number][0];

/**
 * The anchor recorded with each published post URL in the output link set, which the next tier
 * links with: the post's title, the input link set's keywords, or the bare URL.
 */
export const OUTPUT_ANCHORS = [['Title', 'Post title'], ['Keyword', 'Keywords of the input link sets'], ['Url', 'Naked URL']] as const;
export type OutputAnchor = (typeof OUTPUT_ANCHORS)[number][0];

/** Account creation email sources (spec 1 §3, SCOPE.md: the provider's own source is LINKLOOM). */
export const EMAIL_SOURCES = [['LINKLOOM', 'LinkLoom mail'], ['MANUAL', 'Manual'], ['LIST', 'From email list']] as const;
export type EmailSource = (typeof EMAIL_SOURCES)[number][0];
/**
 * The original product's names of email sources (issue 38): its own mail source is RANKERX where
 * ours is LINKLOOM (SCOPE.md: `{product}` reads LinkLoom). Clients written for it send those.
 */
export const ORIGINAL_EMAIL_SOURCES: Readonly<Record<string, EmailSource>> = Object.freeze({ RANKERX: 'LINKLOOM' });

/** An email source as a client of the original may send it, in LinkLoom's terms (RANKERX is LINKLOOM); anything else as it is. */
export function emailSourceInLinkLoomTerms(value: unknown): unknown {
  return typeof value === 'string' && Object.hasOwn(ORIGINAL_EMAIL_SOURCES, value) ? ORIGINAL_EMAIL_SOURCES[value] : value;
}
export const EMAIL_PROTOCOLS = [['pop3', 'POP3'], ['imap', 'IMAP']] as const;
export type EmailProtocol = (typeof EMAIL_PROTOCOLS)[number][0];
/** Email defaults (spec 2 §9): port 995, SSL on. */
export const EMAIL_DEFAULTS = { emailServerPort: 995, SSL: true, mailProtocol: 'pop3', spamFolderName: 'Spam' } as const;

/**
 * The indexing services a project may submit its links to (spec 3: one API key per service on the
 * options screen; the first is recommended). IndexNow is the open protocol and needs no account.
 * The spec counts fifteen services without naming them; this list holds only services known to
 * exist (see packages/server/src/engine/indexing-services/README.md for which have a client).
 */
export const INDEXING_SERVICES = [
  ['IndexNow', 'IndexNow (recommended, no key needed)'],
  ['SpeedyIndex', 'SpeedyIndex'],
  ['OmegaIndexer', 'Omega Indexer'],
  ['GigaIndexer', 'Giga Indexer'],
  ['Indexification', 'Indexification'],
  ['OneHourIndexing', 'One Hour Indexing'],
  ['InstantLinkIndexer', 'Instant Link Indexer'],
  ['IndexMeNow', 'Index Me Now'],
  ['Linkdexing', 'Linkdexing'],
  ['RapidUrlIndexer', 'Rapid URL Indexer'],
  ['ColinkRi', 'Colinkri'],
] as const;
export type IndexingService = (typeof INDEXING_SERVICES)[number][0];

/**
 * The sites of an indexer project: the search engines that take IndexNow submissions (the open
 * protocol's published endpoints). Their ids are stable; they are grouped by platform like every
 * site grid.
 */
export const INDEXNOW_ENGINES = [
  { siteId: 1, siteUrl: 'https://api.indexnow.org/indexnow', name: 'IndexNow (shared endpoint)' },
  { siteId: 2, siteUrl: 'https://www.bing.com/indexnow', name: 'Bing' },
  { siteId: 3, siteUrl: 'https://yandex.com/indexnow', name: 'Yandex' },
  { siteId: 4, siteUrl: 'https://search.seznam.cz/indexnow', name: 'Seznam.cz' },
  { siteId: 5, siteUrl: 'https://searchadvisor.naver.com/indexnow', name: 'Naver' },
  { siteId: 6, siteUrl: 'https://indexnow.yep.com/indexnow', name: 'Yep' },
] as const;

/** Status of one site of a project (spec 1 §3). */
export const SITE_STATUSES = ['NONE', 'SUCCESS', 'FAILED', 'RUNNING'] as const;
export type SiteStatus = (typeof SITE_STATUSES)[number];

export const SCHEDULE_TYPES = [['FixedDate', 'At a fixed date'], ['AfterProject', 'After other projects complete']] as const;
export type ScheduleType = (typeof SCHEDULE_TYPES)[number][0];
export const DURATION_TYPES = [['Once', 'All at once'], ['Spread', 'Spread over days']] as const;
export type DurationType = (typeof DURATION_TYPES)[number][0];

/** Values of a `[value, label]` list, for zod enums. */
export function optionValues<T extends readonly (readonly [string, string])[]>(options: T): [T[number][0], ...T[number][0][]] {
  return options.map(([value]) => value) as [T[number][0], ...T[number][0][]];
}
