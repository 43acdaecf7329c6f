import { startTransition, useEffect, useState } from 'react';
import type { TableColumnsType } from 'antd';
import type { TableLayout } from './table-layout-memory';

/** The shortest row a table draws (size "small"), in px: a screenful is the window's height over this. */
const SHORTEST_ROW_PX = 39;

/**
 * How many rows fill the window: what the first paint needs. With the table's remembered layout,
 * the rows of that height below its first row's top; without, a windowful of the shortest rows.
 */
export function screenfulOfRows(windowHeight: number, layout?: TableLayout | null): number {
  if (layout) return Math.max(1, Math.ceil((windowHeight - layout.top) / layout.rowHeight));
  return Math.max(1, Math.ceil(windowHeight / SHORTEST_ROW_PX));
}

/**
 * The order antd draws a client-side table in from the start: the comparison of the column sorted
 * from the start (descending reversed), null when none is, false when it cannot be told here (a
 * filter set from the start, a multi-column sort) — then the first rows are not known beforehand.
 */
export function startingOrder<T>(columns: TableColumnsType<T>): ((a: T, b: T) => number) | null | false {
  if (columns.some((column) => column.defaultFilteredValue ?? column.filteredValue)) return false;
  const sorted = columns.filter((column) => (column.sortOrder === undefined ? column.defaultSortOrder : column.sortOrder));
  if (sorted.length === 0) return null;
  const [column] = sorted;
  if (sorted.length > 1 || !column) return false;
  const compare = typeof column.sorter === 'function' ? column.sorter : typeof column.sorter === 'object' ? column.sorter.compare : undefined;
  if (!compare) return false;
  const direction = (column.sortOrder ?? column.defaultSortOrder) === 'descend' ? -1 : 1;
  return (a, b) => direction * compare(a, b, undefined);
}

/**
 * The rows a table draws now: on the first paint with data, only as many as fill the window; the
 * rest are drawn right after that paint, in a transition that yields to the browser between rows
 * (issue 10: a 100-row page drawn at once kept the first screen blank for ~300 ms on a 2-core
 * machine). From then on every row is drawn at once, on every change. `order` is the order the
 * table draws in (null: as given); false (not known beforehand) draws every row from the start.
 * `layout`: where this table's rows sat when it was last drawn (components/table-layout-memory.ts).
 */
export function useFirstScreenful<T>(
  rows: readonly T[] | undefined, order: ((a: T, b: T) => number) | null | false, layout?: TableLayout | null,
): { rows: readonly T[] | undefined; partial: boolean } {
  const [whole, setWhole] = useState(order === false);
  const limit = whole || rows === undefined ? Infinity : screenfulOfRows(window.innerHeight, layout);
  const partial = rows !== undefined && rows.length > limit;
  // Data that fits the window at once needs no second step: from now on every row is drawn at once.
  if (!whole && rows !== undefined && !partial) setWhole(true);
  useEffect(() => {
    if (partial) startTransition(() => setWhole(true));
  }, [partial]);
  if (!partial) return { rows, partial };
  return { rows: (order ? [...rows].sort(order) : rows).slice(0, limit), partial };
}
