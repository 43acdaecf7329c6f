import { useCallback, useMemo, useState } from 'react';
import type { TableColumnsType } from 'antd';
import type { TableQuery } from '@/lib/table-query';
import type { GridParamSpec } from '@/lib/url-state';
import { useUrlGrid } from '@/lib/use-url-state';
import { tableViewSpec, viewColumns, type TableUrlOptions } from './table-view-columns';

/** A client-side table's view: controlled columns, the page, and the onChange that writes them. */
export interface UrlTableView<T> {
  columns: TableColumnsType<T>;
  /** Undefined when the table keeps its view to itself (antd's own state). */
  page: number | undefined;
  onChange: ((query: TableQuery) => void) | undefined;
}

const textOf = (values: readonly unknown[] | undefined) => {
  const text = values?.[0];
  return typeof text === 'string' || typeof text === 'number' ? String(text).trim() : '';
};

/**
 * The page, sort and filters of a table sorted and paged in the browser, kept in the address
 * (DESIGN rule 21) through the same params as a server-paged grid (lib/use-url-state.ts).
 */
export function useUrlTableView<T>(columns: TableColumnsType<T>, options: TableUrlOptions): UrlTableView<T> {
  const spec = tableViewSpec(columns, options);
  const specKey = JSON.stringify(spec);
  // One spec object while the columns keep their sorts and filters (screens rebuild columns on every render).
  const stableSpec = useMemo(() => JSON.parse(specKey) as GridParamSpec<string, string>, [specKey]);
  const { grid, handleTableChange } = useUrlGrid(stableSpec);
  const [local, setLocal] = useState<Readonly<Record<string, string>>>({});
  const localKeys = options.localFilters;
  const onChange = useCallback((query: TableQuery) => {
    handleTableChange(query);
    if (!localKeys?.length) return;
    setLocal(Object.fromEntries(localKeys.map((key) => [key, textOf(query.filters[key])]).filter(([, text]) => text !== '')));
  }, [handleTableChange, localKeys]);
  return { columns: viewColumns(columns, grid, local), page: grid.page, onChange };
}
