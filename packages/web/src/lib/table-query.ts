import type { Key } from 'react';
import type { TablePaginationConfig, TableProps } from 'antd';

/** Sort direction as antd names it; null when the column is not sorted. */
export type SortOrder = 'ascend' | 'descend' | null;

/** What a server-side table asks the server for after the user pages, sorts or filters. */
export interface TableQuery {
  page: number;
  pageSize: number;
  /** The sorted column's key (or dataIndex joined with '.'); null when unsorted. */
  sortField: string | null;
  sortOrder: SortOrder;
  /** Chosen filter values per column key; columns without a filter are left out. */
  filters: Record<string, Key[]>;
}

type ChangeArgs<T> = Parameters<NonNullable<TableProps<T>['onChange']>>;

function sortFieldOf(columnKey: Key | undefined, field: Key | readonly Key[] | undefined): string | null {
  const chosen = columnKey ?? field;
  if (chosen === undefined) return null;
  return Array.isArray(chosen) ? chosen.join('.') : String(chosen);
}

/**
 * Turns antd Table's onChange arguments into one query. Sorting or filtering goes back to page 1:
 * the current page of the old order means nothing in the new one.
 */
export function toTableQuery<T>(
  pagination: TablePaginationConfig,
  filters: ChangeArgs<T>[1],
  sorter: ChangeArgs<T>[2],
  action: ChangeArgs<T>[3]['action'],
  fallbackPageSize: number,
): TableQuery {
  // Only single-column sorting is offered; with several, the first one decides.
  const first = Array.isArray(sorter) ? sorter[0] : sorter;
  const sortOrder: SortOrder = first?.order ?? null;
  const chosenFilters: Record<string, Key[]> = {};
  for (const [key, values] of Object.entries(filters)) {
    if (values !== null && values.length > 0) chosenFilters[key] = values.filter((value): value is Key => typeof value !== 'boolean');
  }
  return {
    page: action === 'paginate' ? (pagination.current ?? 1) : 1,
    pageSize: pagination.pageSize ?? fallbackPageSize,
    sortField: sortOrder === null ? null : sortFieldOf(first?.columnKey, first?.field as Key | readonly Key[] | undefined),
    sortOrder,
    filters: chosenFilters,
  };
}
