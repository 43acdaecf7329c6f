import { PAGE_SIZE } from '@linkloom/shared';
import type { TableQuery } from './table-query';

/** What a server-paged grid shows: page, optional column sort, and its columns' text filters. */
export interface GridState<F extends string, K extends string> {
  page: number;
  pageSize: number;
  sort: { field: F; order: 'asc' | 'desc' } | null;
  filters: Partial<Record<K, string>>;
}

/** The first page, unsorted and unfiltered. */
export function initialGrid<F extends string, K extends string>(): GridState<F, K> {
  return { page: 1, pageSize: PAGE_SIZE, sort: null, filters: {} };
}

const firstText = (values: readonly unknown[] | undefined) => {
  const text = values?.[0];
  return typeof text === 'string' && text.trim() !== '' ? text.trim() : undefined;
};

/**
 * The table's onChange query → the grid state: sorting only by `sortFields`, filtering only by
 * `filterKeys` with trimmed non-empty text (unknown columns are ignored).
 */
export function gridFromQuery<F extends string, K extends string>(
  query: TableQuery, sortFields: readonly F[], filterKeys: readonly K[],
): GridState<F, K> {
  const field = query.sortField;
  const sort = field !== null && query.sortOrder !== null && (sortFields as readonly string[]).includes(field)
    ? { field: field as F, order: query.sortOrder === 'ascend' ? 'asc' as const : 'desc' as const }
    : null;
  const filters: Partial<Record<K, string>> = {};
  for (const key of filterKeys) {
    const text = firstText(query.filters[key]);
    if (text) filters[key] = text;
  }
  return { page: query.page, pageSize: query.pageSize, sort, filters };
}

/** antd's sortOrder of a column under this grid state. */
export function columnSortOrder<F extends string>(grid: GridState<F, string>, field: F): 'ascend' | 'descend' | null {
  if (grid.sort?.field !== field) return null;
  return grid.sort.order === 'asc' ? 'ascend' : 'descend';
}
