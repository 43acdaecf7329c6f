import { checkBacklinks, escapeHtml, summariseBacklinks, type ExpectedBacklink, type LinkCheckStatus } from '@linkloom/shared';
import { readPdfLinks, type PdfLink } from '../modules/pdf-links';
import { PAGE_MAX_BYTES, PDF_MAX_BYTES, type FetchedPage } from './fetch-page';

/** What one fetch of a post's page settles: a stored result, or another try later (a fresh page may lag). */
export type PageVerdict =
  | { kind: 'result'; status: LinkCheckStatus; info: string }
  | { kind: 'retry'; reason: string; final: { status: LinkCheckStatus; info: string } };

const STATUS_NAMES: Record<number, string> = {
  401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 410: 'Gone', 429: 'Too Many Requests',
  500: 'Internal Server Error', 502: 'Bad Gateway', 503: 'Service Unavailable', 504: 'Gateway Timeout',
};

function answered(status: number): string {
  return `The page answers ${status}${STATUS_NAMES[status] ? ` ${STATUS_NAMES[status]}` : ''}`;
}

/**
 * Reads a fetched page: a 2xx page is checked for every placed link (OK / NOFOLLOW / MISSING with
 * one line per link); 404 and 410 mean the post is gone (MISSING) once retries are over, as do
 * server errors and rate limits (ERROR); 401 and 403 say the page is not public (ERROR at once).
 */
export function judgePage(page: FetchedPage, links: readonly ExpectedBacklink[]): PageVerdict {
  if (page.status >= 200 && page.status < 300 && page.pdf) return judgePdf(page, page.pdf, links);
  if (page.status >= 200 && page.status < 300) {
    const summary = summariseBacklinks(checkBacklinks(page.html, page.url, links, { robotsHeader: page.robotsHeader }));
    const cut = page.truncated && summary.status === 'MISSING' ? `\n(only the first ${PAGE_MAX_BYTES / 1024 / 1024} MB of the page were read)` : '';
    return { kind: 'result', status: summary.status, info: `${summary.info}${cut}` };
  }
  if (page.status === 404 || page.status === 410) {
    return { kind: 'retry', reason: answered(page.status), final: { status: 'MISSING', info: `${answered(page.status)}: the post was deleted or is not published` } };
  }
  if (page.status === 401 || page.status === 403) {
    return { kind: 'result', status: 'ERROR', info: `${answered(page.status)}: the post is not public, or the site refuses automated visits` };
  }
  return { kind: 'retry', reason: answered(page.status), final: { status: 'ERROR', info: answered(page.status) } };
}

export const PDF_VERDICT_MESSAGES = {
  tooLarge: (url: string, bytesRead = PDF_MAX_BYTES) => `The PDF at ${url} is larger than ${Math.round((bytesRead / 1024 / 1024) * 10) / 10} MB: its links were not read`,
  unreadable: (reason: string, url: string) => `${reason} (${url})`,
} as const;

/** The PDF's link annotations as the links of a page: each an `<a href>` with the annotation's text. */
export function pdfLinksAsHtml(links: readonly PdfLink[]): string {
  return links.map((link) => `<a href="${escapeHtml(link.uri)}">${escapeHtml(link.contents)}</a>`).join('\n');
}

/**
 * A PDF answer (PDF projects, issue 37 item 4): its URI link annotations are the links (read by
 * engine/modules/pdf-links.ts), each with its `/Contents` as the anchor, checked as a page's links
 * are (a PDF link has no rel: followed unless an X-Robots-Tag says nofollow). A PDF over
 * PDF_MAX_BYTES, an encrypted one or none that can be read is an ERROR with the reason.
 */
function judgePdf(page: FetchedPage, bytes: Uint8Array, links: readonly ExpectedBacklink[]): PageVerdict {
  if (page.truncated) return { kind: 'result', status: 'ERROR', info: PDF_VERDICT_MESSAGES.tooLarge(page.url, bytes.byteLength) };
  const read = readPdfLinks(bytes);
  if (!read.ok) return { kind: 'result', status: 'ERROR', info: PDF_VERDICT_MESSAGES.unreadable(read.reason, page.url) };
  const summary = summariseBacklinks(checkBacklinks(pdfLinksAsHtml(read.links), page.url, links, { robotsHeader: page.robotsHeader }));
  return { kind: 'result', status: summary.status, info: summary.info };
}
