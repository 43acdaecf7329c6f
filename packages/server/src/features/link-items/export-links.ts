import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema';
import { inBatches } from '../../platform/db/batches';
import { csvLine } from '../../platform/files/csv';
import { linksAfter, type UrlItemRow } from './link-items.repository';

/** What an export writes for each link. */
export type LinkExportFormat = 'full' | 'urls' | 'da';

const HEADERS: Record<LinkExportFormat, readonly string[] | null> = {
  full: ['URL', 'Anchor', 'Links on page', 'Site', 'Username', 'Password', 'DA', 'Date added'],
  urls: null,
  da: ['URL', 'DA'],
};

/** DD/MM/YY as the link rows show it (UTC: the file is read on machines in any zone). */
export function formatLinkDate(epochMs: number): string {
  const date = new Date(epochMs);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(date.getUTCDate())}/${two(date.getUTCMonth() + 1)}/${two(date.getUTCFullYear() % 100)}`;
}

function linkLine(format: LinkExportFormat, row: UrlItemRow, linkSetName: string | null): string {
  if (format === 'urls') return `${row.url}\r\n`;
  const prefix = linkSetName === null ? [] : [linkSetName];
  if (format === 'da') return csvLine([...prefix, row.url, row.pr]);
  return csvLine([...prefix, row.url, row.anchor, row.links_on_page, row.site, row.username, row.password, row.pr, formatLinkDate(Number(row.date_added))]);
}

/**
 * The links of one or more link sets as a file, streamed: each set is read in keyset batches of
 * 2,000 rows, so a million links never sit in memory. CSV cells are formula-neutralised (csvLine).
 * With `nameColumn` (the export of several sets), CSV rows start with their link set's name.
 */
export function exportLinks(db: Kysely<DB>, format: LinkExportFormat, linkSets: readonly { id: number; name: string }[], nameColumn = false): Readable {
  const several = nameColumn;
  async function* lines(): AsyncGenerator<string> {
    const header = HEADERS[format];
    if (header) yield csvLine(several ? ['Link set', ...header] : header);
    for (const linkSet of linkSets) {
      for await (const rows of inBatches((afterId, limit) => linksAfter(db, linkSet.id, afterId, limit))) {
        yield rows.map((row) => linkLine(format, row, several ? linkSet.name : null)).join('');
      }
    }
  }
  return Readable.from(lines());
}

/** A file name from a user's name for something: no path separators or control characters. */
export function safeFileName(name: string): string {
  // eslint-disable-next-line no-control-regex
  return name.replace(/[\\/:*?"<>|\x00-\x1f]/g, '_').trim() || 'links';
}
