import type { Key, ReactNode } from 'react';
import { Empty, Flex, Space, Table, type TableColumnsType, type TablePaginationConfig, type TableProps } from 'antd';
import { PAGE_SIZE } from '@linkloom/shared';
import { toTableQuery, type TableQuery } from '@/lib/table-query';

/** Checkbox selection controlled by the screen (it clears the keys after a delete). */
export interface TableSelection<T> {
  selectedKeys: readonly Key[];
  onChange: (keys: Key[], rows: T[]) => void;
}

/** Paging, sorting and filtering done by the server (link sets of a million rows). */
export interface ServerPaging {
  total: number;
  page: number;
  pageSize: number;
  onChange: (query: TableQuery) => void;
}

/** Props of {@link DataTable}. */
export interface DataTableProps<T> {
  columns: TableColumnsType<T>;
  /** Undefined while the first load runs. */
  rows: readonly T[] | undefined;
  rowKey: (keyof T & string) | ((row: T) => Key);
  loading?: boolean;
  selection?: TableSelection<T>;
  /** Rows for which this gives false get a disabled checkbox. */
  rowSelectable?: (row: T) => boolean;
  /** Client-side page size; PAGE_SIZE (100) unless given. Ignored in server mode. */
  pageSize?: number;
  server?: ServerPaging;
  /** Fixed body height in px (scrolls inside), e.g. from useWindowFraction(0.75). */
  scrollY?: number;
  emptyText?: ReactNode;
  /** Toolbar row above the table: buttons on the left, extras on the right. */
  toolbar?: { left?: ReactNode; right?: ReactNode };
  /** data-testid of the wrapper; the toolbar gets `${testId}-toolbar`. */
  testId?: string;
  size?: TableProps<T>['size'];
  /** Tree rows (a row's `children`) or expandable rows, e.g. the grouped site grid; controlled by the screen. */
  expandable?: TableProps<T>['expandable'];
}

/**
 * The list table of every screen: antd Table with the house defaults (100 rows a page, pager
 * hidden on one page, checkbox selection, optional server-side paging/sorting/filtering).
 * Rows carry antd's `data-row-key` attribute for tests.
 */
export function DataTable<T extends object>(props: DataTableProps<T>) {
  const { columns, rows, rowKey, loading = false, selection, rowSelectable, server, scrollY, emptyText, toolbar } = props;
  const testId = props.testId ?? 'data-table';
  const pageSize = props.pageSize ?? PAGE_SIZE;

  const pagination: TablePaginationConfig = server
    ? {
        current: server.page,
        pageSize: server.pageSize,
        total: server.total,
        hideOnSinglePage: true,
        showSizeChanger: false,
        showTotal: (total) => `${total} items`,
      }
    : { pageSize, hideOnSinglePage: true, showSizeChanger: false };

  const rowSelection: TableProps<T>['rowSelection'] = selection && {
    selectedRowKeys: [...selection.selectedKeys],
    onChange: (keys, selectedRows) => selection.onChange(keys, selectedRows),
    // Server pages replace the rows; keep keys chosen on other pages.
    preserveSelectedRowKeys: server !== undefined,
    getCheckboxProps: rowSelectable ? (row) => ({ disabled: !rowSelectable(row) }) : undefined,
  };

  const handleChange: TableProps<T>['onChange'] = (nextPagination, filters, sorter, extra) => {
    server?.onChange(toTableQuery<T>(nextPagination, filters, sorter, extra.action, server.pageSize));
  };

  return (
    <div data-testid={testId}>
      {toolbar && (
        <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 16 }} data-testid={`${testId}-toolbar`}>
          <Space wrap>{toolbar.left}</Space>
          <Space wrap>{toolbar.right}</Space>
        </Flex>
      )}
      <Table<T>
        columns={columns}
        dataSource={rows ? [...rows] : []}
        rowKey={rowKey}
        loading={loading}
        size={props.size ?? 'middle'}
        rowSelection={rowSelection}
        pagination={pagination}
        onChange={server ? handleChange : undefined}
        scroll={scrollY === undefined ? undefined : { y: scrollY }}
        expandable={props.expandable}
        locale={{ emptyText: loading ? ' ' : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText ?? 'No data'} /> }}
      />
    </div>
  );
}
