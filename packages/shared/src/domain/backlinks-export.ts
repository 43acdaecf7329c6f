import { VERIFIED_LINK_CHECK_STATUSES } from '../constants/link-checks';
import { CHECK_INFO_MAX_LENGTH } from '../engine/backlink-summary';

/**
 * The Backlinks export (issue 36 item 5): what a client reads. Pure, so the server writes it and
 * the tests check it from one definition.
 *
 * Two parts, never mixed:
 * - **Published links** — the posts LinkLoom published (url_items with a post_id, in the link sets
 *   in scope), one row per link placed in the post (engine_post_links: its target and anchor), so
 *   each row is one backlink: "this page links to that target with this anchor". A post without
 *   placed links is one row with target and anchor empty.
 * - **Input links** — every other link of those sets: the money-site (target) pages and lists the
 *   user entered or imported, with how many published posts link to each and how many of those
 *   are live.
 *
 * Status of a published row (the post's output link: url_items.check_status and tier health's
 * dead_since, the same verdicts the link set screen, tier health and the indexers use):
 * - `dead`: dead_since is set (two dead checks in a row of its current URL), whatever came since;
 * - `live`: the latest check found every placed link on the page (OK or NOFOLLOW);
 * - `missing`: the latest check found a placed link gone, or the page gone, not yet dead;
 * - `pending`: not confirmed — never checked (NONE), a check under way or retrying (PENDING), or
 *   the latest check could not read the page (ERROR: 401/403, 5xx, timeouts after the retries).
 */

export const BACKLINK_EXPORT_STATUSES = ['live', 'missing', 'dead', 'pending'] as const;
export type BacklinkExportStatus = (typeof BACKLINK_EXPORT_STATUSES)[number];

/** The latest check's states that make a published link live (when not dead): OK and NOFOLLOW. */
export const LIVE_CHECK_STATUSES: readonly string[] = VERIFIED_LINK_CHECK_STATUSES;

/** A published link's check state as stored on its output link. */
export interface CheckedLink {
  /** url_items.check_status: NONE, PENDING, OK, NOFOLLOW, MISSING or ERROR. */
  checkStatus: string;
  /** url_items.dead_since (ms): set when tier health found it dead. */
  deadSince: number | null;
}

/** The status word of a published link (see the module's comment). */
export function backlinkExportStatus(link: CheckedLink): BacklinkExportStatus {
  if (link.deadSince !== null) return 'dead';
  if (LIVE_CHECK_STATUSES.includes(link.checkStatus)) return 'live';
  if (link.checkStatus === 'MISSING') return 'missing';
  return 'pending';
}

export const DOFOLLOW_WORDS = ['yes', 'no', 'unknown'] as const;
export type DofollowWord = (typeof DOFOLLOW_WORDS)[number];

/** What the latest check wrote of one placed link: found and followed, found but not followed, not found. */
export type PlacedLinkFinding = 'dofollow' | 'nofollow' | 'missing';

/**
 * Reads the latest check's line of one placed link from check_info (written by shared
 * `summariseBacklinks`: `{target}: dofollow, anchor "…"`, `{target}: rel="nofollow", …`,
 * `{target}: nofollow (robots), …`, `{target}: not found on the page`). Null when there is no line
 * for it: a page-level result (404, an error), or a line cut off by CHECK_INFO_MAX_LENGTH (the last,
 * cut line of a long check_info is never read).
 */
export function placedLinkFinding(checkInfo: string | null, target: string): PlacedLinkFinding | null {
  if (checkInfo === null || checkInfo === '') return null;
  const lines = checkInfo.split('\n');
  if (checkInfo.length >= CHECK_INFO_MAX_LENGTH && checkInfo.endsWith('…')) lines.pop();
  const prefix = `${target}: `;
  const line = lines.find((candidate) => candidate.startsWith(prefix));
  if (line === undefined) return null;
  const said = line.slice(prefix.length);
  if (said.startsWith('not found on the page')) return 'missing';
  return said.startsWith('dofollow') ? 'dofollow' : 'nofollow';
}

/**
 * Whether a published row's link passes authority (dofollow), from the latest check: `yes` / `no`
 * as its line says while the link is live; with no line, `yes` when the check found every placed
 * link followed (OK), else `unknown`. A link that is not live, or a row without a placed link,
 * is `unknown`: the latest check did not see it on the page.
 */
export function backlinkDofollow(link: CheckedLink & { checkInfo: string | null; target: string | null }): DofollowWord {
  if (backlinkExportStatus(link) !== 'live' || link.target === null) return 'unknown';
  const finding = placedLinkFinding(link.checkInfo, link.target);
  if (finding === 'dofollow') return 'yes';
  if (finding === 'nofollow') return 'no';
  if (finding === null && link.checkStatus === 'OK') return 'yes';
  return 'unknown';
}

/** A cell of an exported row: text, a number, or empty. */
export type ExportCell = string | number | null;

/** One row of the published part: one link placed in one published post. */
export interface PublishedBacklink {
  /** The published post's page (its output link's current URL). */
  url: string;
  /** The page it links to (engine_post_links.url); null for a post without placed links. */
  target: string | null;
  anchor: string | null;
  /** The publishing project's tier in the campaign (1 = links to the money site); null when the project is gone. */
  tier: number | null;
  /** The site the post is on (its address). */
  site: string | null;
  /** The site's platform as the verifier detected it (WordPress, MediaWiki, …). */
  platform: string | null;
  /** The publishing project's module (Private, Web20, …). */
  module: string | null;
  project: string | null;
  /** The output link set the post's URL is in. */
  linkSet: string;
  status: BacklinkExportStatus;
  dofollow: DofollowWord;
  /** When the post was published (ms; a re-published post: when its copy was). */
  published: number;
  /** The first check that found the post live at its current URL (ms); null: never yet. */
  firstSeen: number | null;
  /** The latest check (ms); null: never checked. */
  lastChecked: number | null;
  /** The HTTP status the latest finished check got; null when none answered. */
  httpStatus: number | null;
}

/** One row of the input part: a link the user entered or imported into a link set. */
export interface InputLink {
  url: string;
  anchor: string;
  linkSet: string;
  added: number;
  /** Links to it placed in published posts. */
  backlinks: number;
  /** Of those, the ones whose post is live. */
  liveBacklinks: number;
}

interface Column<Row> {
  header: string;
  cell: (row: Row) => ExportCell;
}

/** An instant as `YYYY-MM-DD HH:mm:ss` in UTC (sorts as text; the header says UTC). */
export function exportDate(ms: number | null): string | null {
  if (ms === null || !Number.isFinite(ms)) return null;
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}

/** The published part's columns, in order. */
export const PUBLISHED_BACKLINK_COLUMNS: readonly Column<PublishedBacklink>[] = [
  { header: 'URL', cell: (row) => row.url },
  { header: 'Target', cell: (row) => row.target },
  { header: 'Anchor', cell: (row) => row.anchor },
  { header: 'Tier', cell: (row) => row.tier },
  { header: 'Site', cell: (row) => row.site },
  { header: 'Platform', cell: (row) => row.platform },
  { header: 'Module', cell: (row) => row.module },
  { header: 'Project', cell: (row) => row.project },
  { header: 'Link set', cell: (row) => row.linkSet },
  { header: 'Status', cell: (row) => row.status },
  { header: 'Dofollow', cell: (row) => row.dofollow },
  { header: 'Published (UTC)', cell: (row) => exportDate(row.published) },
  { header: 'First seen (UTC)', cell: (row) => exportDate(row.firstSeen) },
  { header: 'Last checked (UTC)', cell: (row) => exportDate(row.lastChecked) },
  { header: 'HTTP status', cell: (row) => row.httpStatus },
];

/** The input part's columns, in order. */
export const INPUT_LINK_COLUMNS: readonly Column<InputLink>[] = [
  { header: 'URL', cell: (row) => row.url },
  { header: 'Anchor', cell: (row) => row.anchor },
  { header: 'Link set', cell: (row) => row.linkSet },
  { header: 'Added (UTC)', cell: (row) => exportDate(row.added) },
  { header: 'Backlinks', cell: (row) => row.backlinks },
  { header: 'Live backlinks', cell: (row) => row.liveBacklinks },
];

export const PUBLISHED_BACKLINK_HEADERS = PUBLISHED_BACKLINK_COLUMNS.map((column) => column.header);
export const INPUT_LINK_HEADERS = INPUT_LINK_COLUMNS.map((column) => column.header);

/** A published row's cells in column order. */
export function publishedBacklinkCells(row: PublishedBacklink): ExportCell[] {
  return PUBLISHED_BACKLINK_COLUMNS.map((column) => column.cell(row));
}

/** An input row's cells in column order. */
export function inputLinkCells(row: InputLink): ExportCell[] {
  return INPUT_LINK_COLUMNS.map((column) => column.cell(row));
}

/** A site key (shared `siteKey`) read back: `Module:siteId` (custom and indexer sites) or `siteId:email` (private sites). */
export type ParsedSiteKey = { module: string; siteId: number } | { siteId: number; email: string };

/** The inverse of shared `siteKey`; null for a key neither form reads. */
export function parseSiteKey(key: string): ParsedSiteKey | null {
  const custom = /^([A-Za-z][A-Za-z0-9]*):([1-9][0-9]{0,15})$/.exec(key);
  if (custom) return { module: custom[1]!, siteId: Number(custom[2]) };
  const own = /^([1-9][0-9]{0,15}):(.*)$/s.exec(key);
  if (own) return { siteId: Number(own[1]), email: own[2]! };
  return null;
}
