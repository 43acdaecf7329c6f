import { splitLines } from './text';

/**
 * Batch links (spec 1 §5): one link per line, fields separated by the three characters `|x|` in the
 * order URL, anchor text, links on page; anchor and links on page are optional; any line-break
 * style. The same rules serve the batch-add dialog, its server call and the file import.
 */
export const BATCH_LINK_SEPARATOR = '|x|';

/** Longest URL and anchor kept (a line longer than this is not a link). */
export const LINK_URL_MAX_LENGTH = 2048;
export const LINK_ANCHOR_MAX_LENGTH = 1024;
/** Largest links-on-page count accepted (a page with more links is not a real target). */
export const LINKS_ON_PAGE_MAX = 1_000_000;
/** Most refused lines listed in one answer; `skipped` still counts them all. */
export const MAX_REPORTED_LINE_ERRORS = 1000;
/** A link file with not one line to add or refuse (LINK_ITEM_MESSAGES.noLinksInFile). */
export const NO_LINKS_IN_FILE_MESSAGE = 'The file holds no links (one URL|x|anchor|x|links on page per line)';

export const LINK_MESSAGES = {
  urlRequired: 'Please enter the url',
  anchorRequired: 'Please enter the anchor',
  linksRequired: 'Please enter links',
  urlInvalid: 'The url must start with http://, https:// or www.',
  urlTooLong: `The url must be at most ${LINK_URL_MAX_LENGTH} characters`,
  anchorTooLong: `The anchor must be at most ${LINK_ANCHOR_MAX_LENGTH} characters`,
  linksOnPageInvalid: `Links on page must be a whole number from 0 to ${LINKS_ON_PAGE_MAX}`,
  tooManyFields: 'Too many fields: write URL|x|anchor|x|links on page',
  duplicate: 'Already in this link set (same URL and anchor): not added again',
} as const;

/**
 * The spec's URL pattern ("accepts http or https URLs or hosts starting www."): a scheme of http or
 * https followed by a host, or a host starting with `www.`; no white space anywhere, and no
 * character a host cannot hold (| < > " { } \\ ^ `), so a mistyped separator is not read as a host.
 */
export const LINK_URL_PATTERN = /^(?:https?:\/\/[^\s/?#|<>"{}\\^`]+|www\.[^\s/?#|<>"{}\\^`.][^\s/?#|<>"{}\\^`]*)(?:[/?#]\S*)?$/i;

/** True when the text passes the spec's URL pattern. */
export function isLinkUrl(text: string): boolean {
  return LINK_URL_PATTERN.test(text);
}

export interface BatchLink {
  url: string;
  anchor: string;
  linksOnPage: number | null;
}

export interface BatchLineError {
  /** 1-based line number in the text or file. */
  line: number;
  message: string;
}

export type BatchLineResult = { ok: true; link: BatchLink } | { ok: false; message: string };

/** The links-on-page field: empty means unknown (null); otherwise a whole number. */
function parseLinksOnPage(text: string): number | null | undefined {
  if (text === '') return null;
  if (!/^\d{1,7}$/.test(text)) return undefined;
  const value = Number(text);
  return value <= LINKS_ON_PAGE_MAX ? value : undefined;
}

/**
 * One line of a batch. Null for a line that is empty or only white space (skipped, not an error);
 * otherwise the link or the reason it is refused. Fields are trimmed.
 */
export function parseBatchLine(line: string): BatchLineResult | null {
  if (line.trim() === '') return null;
  const fields = line.split(BATCH_LINK_SEPARATOR).map((field) => field.trim());
  if (fields.length > 3) return { ok: false, message: LINK_MESSAGES.tooManyFields };
  const [url = '', anchor = '', linksOnPageText = ''] = fields;
  if (url === '') return { ok: false, message: LINK_MESSAGES.urlRequired };
  if (url.length > LINK_URL_MAX_LENGTH) return { ok: false, message: LINK_MESSAGES.urlTooLong };
  if (!isLinkUrl(url)) return { ok: false, message: LINK_MESSAGES.urlInvalid };
  if (anchor.length > LINK_ANCHOR_MAX_LENGTH) return { ok: false, message: LINK_MESSAGES.anchorTooLong };
  const linksOnPage = parseLinksOnPage(linksOnPageText);
  if (linksOnPage === undefined) return { ok: false, message: LINK_MESSAGES.linksOnPageInvalid };
  return { ok: true, link: { url, anchor, linksOnPage } };
}

export interface ParsedBatch {
  links: BatchLink[];
  errors: BatchLineError[];
}

/** A whole batch text: the valid links in order, and every refused line with its number and reason. */
export function parseBatchLinks(text: string): ParsedBatch {
  const links: BatchLink[] = [];
  const errors: BatchLineError[] = [];
  splitLines(text).forEach((line, index) => {
    const result = parseBatchLine(line);
    if (result === null) return;
    if (result.ok) links.push(result.link);
    else errors.push({ line: index + 1, message: result.message });
  });
  return { links, errors };
}

/** One link as a batch line (the inverse of parseBatchLine, used by exports and tests). */
export function formatBatchLine(link: BatchLink): string {
  const fields = [link.url];
  if (link.anchor !== '' || link.linksOnPage !== null) fields.push(link.anchor);
  if (link.linksOnPage !== null) fields.push(String(link.linksOnPage));
  return fields.join(BATCH_LINK_SEPARATOR);
}

/** "Line 3: Please enter the url" — how a refused line is shown in the error list. */
export function describeLineError(error: BatchLineError): string {
  return `Line ${error.line}: ${error.message}`;
}
