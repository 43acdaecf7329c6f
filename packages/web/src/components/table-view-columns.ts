import type { TableColumnsType } from 'antd';
import type { GridState } from '@/lib/grid-state';
import type { GridParamSpec } from '@/lib/url-state';

type Column<T> = TableColumnsType<T>[number];

/** A column's id as antd reports it in onChange: its key, else its (string) dataIndex. */
export function columnId<T>(column: Column<T>): string | undefined {
  if (column.key !== undefined) return String(column.key);
  return 'dataIndex' in column && typeof column.dataIndex === 'string' ? column.dataIndex : undefined;
}

const sortable = <T>(column: Column<T>) => column.sorter !== undefined && column.sorter !== false;
/** Filtered in the browser: by a list of values or by a text the column's onFilter checks. */
const filterable = <T>(column: Column<T>) => 'onFilter' in column && column.onFilter !== undefined;

/** What a client-side table keeps in the address, and where. */
export interface TableUrlOptions {
  /** Before every param name when one screen shows several tables (`backlinks.page`). */
  prefix?: string;
  /** Filter columns kept out of the address (a password's search text): they stay in the table. */
  localFilters?: readonly string[];
}

/**
 * The address params of a client-side table, from its columns: it sorts by the sortable ones,
 * filters by the filterable ones (except the local ones), and its default sort is the column's
 * defaultSortOrder.
 */
export function tableViewSpec<T>(columns: TableColumnsType<T>, options: TableUrlOptions): GridParamSpec<string, string> {
  const ids = (keep: (column: Column<T>) => boolean) => columns.filter(keep).map((column) => columnId(column)).filter((id): id is string => id !== undefined);
  const sortedFirst = columns.find((column) => sortable(column) && column.defaultSortOrder);
  const sortedId = sortedFirst && columnId(sortedFirst);
  return {
    sortFields: ids(sortable),
    filterKeys: ids(filterable).filter((id) => !options.localFilters?.includes(id)),
    ...(options.prefix ? { prefix: options.prefix } : {}),
    ...(sortedFirst && sortedId ? { defaultSort: { field: sortedId, order: sortedFirst.defaultSortOrder === 'descend' ? 'desc' as const : 'asc' as const } } : {}),
  };
}

/**
 * The columns with their sort and filters controlled by `grid` (and `local` for local filters): the
 * table shows what the address says, not what it last clicked.
 */
export function viewColumns<T>(
  columns: TableColumnsType<T>, grid: GridState<string, string>, local: Readonly<Record<string, string>>,
): TableColumnsType<T> {
  return columns.map((column) => {
    const id = columnId(column);
    if (id === undefined) return column;
    const next: Column<T> = { ...column };
    if (sortable(column)) {
      next.sortOrder = grid.sort?.field === id ? (grid.sort.order === 'asc' ? 'ascend' : 'descend') : null;
      delete next.defaultSortOrder;
    }
    if (filterable(column)) {
      const text = grid.filters[id] ?? local[id];
      next.filteredValue = text ? [text] : null;
      delete next.defaultFilteredValue;
    }
    return next;
  });
}
