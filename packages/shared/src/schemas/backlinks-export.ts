import { z } from 'zod';

/**
 * GET /action/export/backlinks/campaign/{id} and /action/export/backlinks/link_set/{id} (issue 36
 * item 5): the query both calls take, the file names they answer with, and the words the screens
 * show. The rows and columns are domain/backlinks-export.ts.
 */

export const BACKLINKS_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type BacklinksExportFormat = (typeof BACKLINKS_EXPORT_FORMATS)[number];

/** `published`: the posts LinkLoom published; `inputs`: the links entered or imported (money pages); `both`. */
export const BACKLINKS_EXPORT_PARTS = ['published', 'inputs', 'both'] as const;
export type BacklinksExportPart = (typeof BACKLINKS_EXPORT_PARTS)[number];

/** What the export covers: every link set of a campaign, or one link set. */
export const BACKLINKS_EXPORT_SCOPES = ['campaign', 'link_set'] as const;
export type BacklinksExportScope = (typeof BACKLINKS_EXPORT_SCOPES)[number];

export const BACKLINKS_EXPORT_MESSAGES = {
  format: 'format must be csv or xlsx',
  onlyLive: 'onlyLive must be true or false',
  part: 'part must be published, inputs or both',
  failed: 'Failed to download the backlinks',
  /** The toast after a download: the file's name, and what it holds. */
  downloaded: (fileName: string, onlyLive: boolean) => `Backlinks downloaded: ${fileName}${onlyLive ? ' (only live links)' : ''}`,
} as const;

/**
 * The query: `format` csv (default) or xlsx; `onlyLive` true | false (default) — true keeps only
 * the published rows whose status is live (input links are listed whole: they are not checked);
 * `part` published (default), inputs or both. Any other key or value is refused (422).
 */
export const BacklinksExportQuerySchema = z.object({
  format: z.enum(BACKLINKS_EXPORT_FORMATS, { error: BACKLINKS_EXPORT_MESSAGES.format }).default('csv'),
  onlyLive: z.enum(['true', 'false'], { error: BACKLINKS_EXPORT_MESSAGES.onlyLive }).default('false').transform((value) => value === 'true'),
  part: z.enum(BACKLINKS_EXPORT_PARTS, { error: BACKLINKS_EXPORT_MESSAGES.part }).default('published'),
}).strict();
export type BacklinksExportOptions = z.output<typeof BacklinksExportQuerySchema>;

/** The call that exports `scope` {id} with these options (the web's download and the docs' example). */
export function backlinksExportUrl(scope: BacklinksExportScope, id: number, options: BacklinksExportOptions): string {
  const query = new URLSearchParams({ format: options.format, onlyLive: String(options.onlyLive), part: options.part });
  return `/action/export/backlinks/${scope}/${id}?${query.toString()}`;
}

/** Sheet names of the XLSX workbook and stems of the CSV files inside the zip. */
export const BACKLINKS_EXPORT_SHEETS = { published: 'Published links', inputs: 'Input links' } as const;

/**
 * The file an export answers with, from the campaign's or link set's name (already safe as a file
 * name): `{name}_backlinks.csv` (published), `{name}_inputs.csv` (inputs), `{name}_backlinks.zip`
 * (CSV of both parts: `{name}_published.csv` and `{name}_inputs.csv` inside), `{name}_backlinks.xlsx`
 * (one sheet per part). Only live links: `_live` before the extension of a file that holds
 * published links (the input part is never filtered).
 */
export function backlinksExportFileName(name: string, options: BacklinksExportOptions): string {
  if (options.part === 'inputs') return `${name}_inputs.${options.format}`;
  const live = options.onlyLive ? '_live' : '';
  if (options.format === 'xlsx') return `${name}_backlinks${live}.xlsx`;
  return `${name}_backlinks${live}.${options.part === 'both' ? 'zip' : 'csv'}`;
}

/** The names of the two CSV files inside the zip of `part=both`. */
export function backlinksCsvEntryNames(name: string, onlyLive: boolean): { published: string; inputs: string } {
  const live = onlyLive ? '_live' : '';
  return { published: `${name}_published${live}.csv`, inputs: `${name}_inputs.csv` };
}
