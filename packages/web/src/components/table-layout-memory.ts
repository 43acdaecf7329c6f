import { STORAGE_KEYS } from '@linkloom/shared';

/**
 * Where a list table's rows sat the last time it was drawn in this browser, at this window width:
 * the first row's top (from the top of the page) and the shortest row's height, in px. With it the
 * first paint of the same table draws the rows that fill the window below that top, not a
 * windowful of the shortest rows that could be (issue 10 goal 2: the campaign list's rows are 49 px
 * high under 277 px of frame, so 11 rows fill an 800 px window, not 21).
 */
export interface TableLayout {
  width: number;
  top: number;
  rowHeight: number;
}

/** Rows lower than this are not a measurement (a table not laid out yet, a hidden one). */
const LOWEST_ROW_PX = 20;
/** How many tables are remembered: the oldest are forgotten first. */
const TABLES_KEPT = 50;

function isLayout(value: unknown): value is TableLayout {
  if (typeof value !== 'object' || value === null) return false;
  const { width, top, rowHeight } = value as Record<string, unknown>;
  return [width, top, rowHeight].every((n) => typeof n === 'number' && Number.isFinite(n) && n >= 0) && (rowHeight as number) >= LOWEST_ROW_PX;
}

function readAll(): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(STORAGE_KEYS.tableLayouts) ?? '{}');
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? parsed as Record<string, unknown> : {};
  } catch {
    return {};
  }
}

/** The layout remembered for `table` at the window's current width, or null. */
export function rememberedTableLayout(table: string, width: number): TableLayout | null {
  const layout = readAll()[table];
  return isLayout(layout) && layout.width === width ? layout : null;
}

/** Remembers `layout` for `table` (a full or refused storage only loses the hint). */
export function rememberTableLayout(table: string, layout: TableLayout): void {
  if (!isLayout(layout)) return;
  const all = readAll();
  delete all[table];
  const kept = Object.entries({ ...all, [table]: layout }).slice(-TABLES_KEPT);
  try {
    window.localStorage.setItem(STORAGE_KEYS.tableLayouts, JSON.stringify(Object.fromEntries(kept)));
  } catch {
    // Storage full or refused: the next first paint draws a windowful of the shortest rows.
  }
}

/**
 * Measures a drawn table (its wrapper element): the first row's top and the shortest of the rows
 * in the window. Null when no row is laid out, or when the first row is not in the window (nothing
 * to draw first then; it may also be a layout still settling). Read after the paint.
 */
export function measureTableLayout(wrapper: HTMLElement): TableLayout | null {
  const rows = [...wrapper.querySelectorAll('tr[data-row-key]')];
  const first = rows[0]?.getBoundingClientRect();
  if (!first || first.height < LOWEST_ROW_PX || first.top + window.scrollY >= window.innerHeight) return null;
  let rowHeight = first.height;
  for (const row of rows.slice(1)) {
    const box = row.getBoundingClientRect();
    if (box.top > window.innerHeight) break;
    if (box.height >= LOWEST_ROW_PX) rowHeight = Math.min(rowHeight, box.height);
  }
  return { width: window.innerWidth, top: Math.round(first.top + window.scrollY), rowHeight: Math.round(rowHeight * 10) / 10 };
}
