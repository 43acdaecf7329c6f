import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import {
  BACKLINKS_EXPORT_SHEETS, INPUT_LINK_HEADERS, PUBLISHED_BACKLINK_HEADERS, backlinkDofollow, backlinkExportStatus, backlinksCsvEntryNames,
  backlinksExportFileName, inputLinkCells, publishedBacklinkCells, type BacklinksExportOptions, type ExportCell, type InputLink, type PublishedBacklink,
} from '@linkloom/shared';
import type { DB } from '../../platform/db/schema';
import { inBatches } from '../../platform/db/batches';
import { csvLine } from '../../platform/files/csv';
import { zipStream } from '../../platform/files/zip';
import { xlsxStream, type XlsxSheet } from '../../platform/files/xlsx';
import { safeFileName } from '../link-items/export-links';
import { campaignProjects } from '../link-health/link-reports.repository';
import {
  backlinkCounts, inputLinksAfter, placedLinksOf, publishedLinksAfter, sitePlatforms, type BacklinksScope, type PublishedLinkRow,
} from './backlinks-export.repository';

type Db = Kysely<DB>;

/** Output links read per query: with their placed links and history look-ups, a page stays small. */
const PAGE_ROWS = 500;

const num = (value: number | string | null): number | null => (value === null ? null : Number(value));

/** A page of output links as published rows: one per placed link (one with no target for a post without any). */
async function publishedPage(
  db: Db, scope: BacklinksScope, linkSetName: string, page: readonly PublishedLinkRow[],
  tierOf: ReadonlyMap<number, number>, platforms: Map<string, string | null>,
): Promise<PublishedBacklink[]> {
  const postIds = page.map((row) => row.post_id).filter((id): id is number => id !== null);
  const placed = await placedLinksOf(db, scope.ownerId, postIds);
  await sitePlatforms(db, scope.ownerId, page.filter((row) => row.site_key !== null).map((row) => ({ siteKey: row.site_key!, module: row.module })), platforms);
  return page.flatMap((row): PublishedBacklink[] => {
    const check = { checkStatus: row.check_status, deadSince: num(row.dead_since) };
    const common = {
      url: row.url, tier: row.project_id === null ? null : tierOf.get(row.project_id) ?? null, site: row.site,
      platform: row.site_key === null ? null : platforms.get(`${row.module ?? ''}|${row.site_key}`) ?? null,
      module: row.module, project: row.project_name, linkSet: linkSetName, status: backlinkExportStatus(check),
      published: Number(row.date_added), firstSeen: num(row.first_seen), lastChecked: num(row.last_checked), httpStatus: num(row.http_status),
    };
    const links = (row.post_id === null ? undefined : placed.get(row.post_id)) ?? [];
    if (links.length === 0) return [{ ...common, target: null, anchor: null, dofollow: backlinkDofollow({ ...check, checkInfo: row.check_info, target: null }) }];
    return links.map((link) => ({
      ...common, target: link.url, anchor: link.anchor, dofollow: backlinkDofollow({ ...check, checkInfo: row.check_info, target: link.url }),
    }));
  });
}

/** The scope's published rows, a page at a time: link set after link set, each in id order. */
async function* publishedRows(db: Db, scope: BacklinksScope, onlyLive: boolean): AsyncGenerator<ExportCell[][]> {
  const tierOf = new Map((await campaignProjects(db, scope.ownerId, scope.campaignId)).map((project) => [project.id, project.tier]));
  const platforms = new Map<string, string | null>();
  for (const linkSet of scope.linkSets) {
    for await (const page of inBatches(publishedLinksAfter(db, scope.ownerId, linkSet.id, onlyLive), PAGE_ROWS)) {
      yield (await publishedPage(db, scope, linkSet.name, page, tierOf, platforms)).map(publishedBacklinkCells);
    }
  }
}

/** The scope's input links, a page at a time, each with its backlink counts. */
async function* inputRows(db: Db, scope: BacklinksScope): AsyncGenerator<ExportCell[][]> {
  for (const linkSet of scope.linkSets) {
    for await (const page of inBatches(inputLinksAfter(db, scope.ownerId, linkSet.id), PAGE_ROWS)) {
      const counts = await backlinkCounts(db, scope.ownerId, linkSet.id, page.map((row) => row.url));
      yield page.map((row): InputLink => {
        const count = counts.get(row.url);
        return { url: row.url, anchor: row.anchor, linkSet: linkSet.name, added: Number(row.date_added), backlinks: count?.backlinks ?? 0, liveBacklinks: count?.live ?? 0 };
      }).map(inputLinkCells);
    }
  }
}

/** A part as CSV text (header, then its pages), formula-neutralised by csvLine. */
async function* csvText(header: readonly string[], pages: AsyncIterable<ExportCell[][]>): AsyncGenerator<string> {
  yield csvLine(header);
  for await (const page of pages) yield page.map((cells) => csvLine(cells)).join('');
}

const CONTENT_TYPES = { csv: 'text/csv; charset=utf-8', zip: 'application/zip', xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } as const;

/**
 * The Backlinks export of a campaign or a link set (issue 36 item 5), streamed: each part is read
 * from the database a page at a time only when the file reaches it (no transaction is held; a
 * page's queries run and end before its rows are written). CSV: one file per part, both parts in a
 * zip; XLSX: one sheet per part.
 */
export function backlinksExportFile(db: Db, scope: BacklinksScope, options: BacklinksExportOptions): { filename: string; contentType: string; body: Readable } {
  const name = safeFileName(scope.name);
  const filename = backlinksExportFileName(name, options);
  const parts = {
    published: { header: PUBLISHED_BACKLINK_HEADERS, rows: () => publishedRows(db, scope, options.onlyLive) },
    inputs: { header: INPUT_LINK_HEADERS, rows: () => inputRows(db, scope) },
  };
  const chosen = options.part === 'both' ? (['published', 'inputs'] as const) : [options.part];
  if (options.format === 'xlsx') {
    const sheets: XlsxSheet[] = chosen.map((part) => ({ name: BACKLINKS_EXPORT_SHEETS[part], header: parts[part].header, rows: parts[part].rows() }));
    return { filename, contentType: CONTENT_TYPES.xlsx, body: xlsxStream(sheets) };
  }
  if (chosen.length === 1) {
    const part = parts[chosen[0]!];
    return { filename, contentType: CONTENT_TYPES.csv, body: Readable.from(csvText(part.header, part.rows())) };
  }
  const entryNames = backlinksCsvEntryNames(name, options.onlyLive);
  async function* entries() {
    for (const part of chosen) yield { name: entryNames[part], content: Readable.from(csvText(parts[part].header, parts[part].rows())) };
  }
  return { filename, contentType: CONTENT_TYPES.zip, body: zipStream(entries()) };
}
