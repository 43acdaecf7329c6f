import type { SiteRow } from '@linkloom/shared';

/** Every line of the grid (group header or site) has this height: the virtual list relies on it. */
export const ROW_HEIGHT = 36;
/** The sticky column header's height. */
export const HEADER_HEIGHT = 38;
/** Indent per group level, in px. */
export const LEVEL_INDENT = 20;

/** One column of the site grid: its header text and CSS grid track. */
export interface SiteGridColumn {
  key: 'select' | 'site' | 'email' | 'status' | 'da' | 'dofollow' | 'progress' | 'action';
  title: string;
  /** The header for screen readers only, when the column shows no title. */
  hiddenTitle?: string;
  track: string;
  /** Narrowest the column gets before the grid scrolls sideways. */
  minWidth: number;
  align?: 'center' | 'right';
}

const COLUMNS: readonly SiteGridColumn[] = [
  { key: 'select', title: '', hiddenTitle: 'Select', track: '44px', minWidth: 44, align: 'center' },
  { key: 'site', title: 'Site', track: 'minmax(220px, 2fr)', minWidth: 220 },
  { key: 'email', title: 'Email', track: 'minmax(160px, 1fr)', minWidth: 160 },
  { key: 'status', title: 'Status', track: '112px', minWidth: 112 },
  { key: 'da', title: 'DA', track: '64px', minWidth: 64, align: 'right' },
  { key: 'dofollow', title: 'Dofollow', track: '88px', minWidth: 88 },
  { key: 'progress', title: 'Progress', track: 'minmax(160px, 1fr)', minWidth: 160 },
];

/** A screen's own action per row (SiteGridProps.rowAction), narrow, after the others. */
const ACTION_COLUMN: SiteGridColumn = { key: 'action', title: '', hiddenTitle: 'Actions', track: '64px', minWidth: 64, align: 'center' };

/**
 * The grid's columns; Email only when some row has one (private projects). The last column shows
 * each row's waitInfo: a project's progress, or another screen's note (the verifier's reason); a
 * screen with an action per row gets one more column for it.
 */
export function siteGridColumns(showEmail: boolean, noteTitle = 'Progress', withAction = false): readonly SiteGridColumn[] {
  const columns = COLUMNS
    .filter((column) => showEmail || column.key !== 'email')
    .map((column) => (column.key === 'progress' ? { ...column, title: noteTitle } : column));
  return withAction ? [...columns, ACTION_COLUMN] : columns;
}

/** The CSS `grid-template-columns` and the minimum row width for a set of columns. */
export function columnLayout(columns: readonly SiteGridColumn[]): { template: string; minWidth: number } {
  return { template: columns.map((c) => c.track).join(' '), minWidth: columns.reduce((sum, c) => sum + c.minWidth, 0) };
}

/** Whether any row carries an email (the Email column shows only then). */
export function rowsHaveEmail(rows: readonly SiteRow[]): boolean {
  return rows.some((row) => row.email !== '');
}

/** DA as shown: the number, or an en dash until measured. */
export function daText(pr: number | null): string {
  return pr === null ? '–' : String(pr);
}

/** Dofollow as shown: Yes, No, or an en dash while unknown. */
export function dofollowText(dofollow: boolean | null): string {
  if (dofollow === null) return '–';
  return dofollow ? 'Yes' : 'No';
}

const HOST_FIRST = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:\d{1,5})?([/?#]|$)/i;

/**
 * The address a site link opens: http(s) URLs as they are, a bare host (`www.example.com/blog`)
 * as http; anything else (another scheme, e.g. `javascript:`) gets no link at all.
 */
export function siteHref(siteUrl: string): string | undefined {
  const url = siteUrl.trim();
  if (/^https?:\/\/[^\s/]/i.test(url)) return url;
  if (HOST_FIRST.test(url) && url.includes('.')) return `http://${url}`;
  return undefined;
}

/** "DA ≥" box value → the filter (blank or not a number: no DA filter). */
export function minDaFromInput(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}
