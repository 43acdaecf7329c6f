import { useEffect, useRef, useState, type Key, type ReactNode, type RefObject } from 'react';
import { Empty, Flex, Space, Table, type TableColumnsType, type TablePaginationConfig, type TableProps } from 'antd';
import { MOBILE_MAX_WIDTH, PAGE_SIZE } from '@linkloom/shared';
import { toTableQuery, type TableQuery } from '@/lib/table-query';
import { useViewportWidth } from '@/lib/use-viewport-width';
import { afterNextPaint } from '@/lib/after-next-paint';
import { measureTableLayout, rememberTableLayout, rememberedTableLayout } from './table-layout-memory';
import { startingOrder, useFirstScreenful } from './use-first-screenful';
import { columnId, type TableUrlOptions } from './table-view-columns';
import { useUrlTableView, type UrlTableView } from './use-url-table-view';

/** Resizing settles this long before the table switches between its wide and narrow layout. */
const NARROW_RESIZE_DEBOUNCE_MS = 150;

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
  /** Why such a row's checkbox is off: its title (issue 39.2). */
  unselectableReason?: string;
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
  /**
   * Keys (or dataIndex) of the columns that say which row this is: on a narrow screen they stay
   * in view while the others scroll sideways. The `name` column unless given.
   */
  keyColumns?: readonly string[];
  /**
   * Keep the page, sort and filters of a client-side table in the address (a screen's list:
   * reload, Back and a shared link show the same rows); `true` for the screen's one table. Left
   * out in drawers and dialogs.
   */
  urlState?: true | TableUrlOptions;
}

/**
 * Width a key column gets on a narrow screen when it has none: the fixed columns and the checkbox
 * together must stay narrower than a 375 px screen's card, or nothing would be left to scroll.
 */
const NARROW_KEY_WIDTH = { one: 150, several: 110 };
/** Width a shortened (ellipsis) column, or any other, gets on a narrow screen when it has none. */
const NARROW_TEXT_WIDTH = 200;
const NARROW_OTHER_WIDTH = 120;
/** antd's selection column. */
const SELECTION_WIDTH = 32;

/**
 * The columns for a narrow screen (issue 11.6): the table scrolls sideways inside its card, the
 * key columns are fixed on the left with a modest width, and every other column gets a width
 * (with a fixed table layout) so that none squeezes to nothing or stretches to a whole URL, and
 * the fixed ones never grow wider than the screen.
 */
export function narrowColumns<T>(columns: TableColumnsType<T>, keyColumns: readonly string[]): TableColumnsType<T> {
  const keys = columns.filter((column) => keyColumns.includes(columnId(column) ?? ''));
  return [
    ...keys.map((column) => ({
      ...column, fixed: 'left' as const, ellipsis: true,
      width: column.width ?? (keys.length > 1 ? NARROW_KEY_WIDTH.several : NARROW_KEY_WIDTH.one),
    })),
    ...columns
      .filter((column) => !keys.includes(column))
      .map((column) => ({ ...column, fixed: undefined, width: column.width ?? (column.ellipsis ? NARROW_TEXT_WIDTH : NARROW_OTHER_WIDTH) })),
  ];
}

/** The table's full width on a narrow screen: every column has one there (a fixed layout keeps them). */
function narrowScrollWidth<T>(columns: TableColumnsType<T>, selection: boolean): number {
  return columns.reduce((sum, column) => sum + (typeof column.width === 'number' ? column.width : NARROW_OTHER_WIDTH), selection ? SELECTION_WIDTH : 0);
}

/**
 * Once the table shows rows, notes where they sit (once per mount, after that paint), for its next
 * first paint. Only tables with a testId of their own: the default one is shared. Measured after
 * the frame is painted: React may run this effect before the paint, where reading the rows' boxes
 * forced a layout of the whole page ahead of the one the frame does (issue 10: ~50 ms of the
 * campaign list's first load on a 2-core machine).
 */
function useRememberLayout(wrapper: RefObject<HTMLDivElement | null>, table: string | undefined, drawn: boolean): void {
  const measured = useRef(false);
  useEffect(() => {
    if (measured.current || !drawn || table === undefined) return undefined;
    return afterNextPaint(() => {
      if (measured.current || !wrapper.current) return;
      measured.current = true;
      const layout = measureTableLayout(wrapper.current);
      if (layout) rememberTableLayout(table, layout);
    });
  }, [drawn, table, wrapper]);
}

/**
 * The list table of every screen: antd Table with the house defaults (100 rows a page, pager
 * hidden on one page, checkbox selection, optional server-side paging/sorting/filtering).
 * Rows carry antd's `data-row-key` attribute for tests.
 */
export function DataTable<T extends object>(props: DataTableProps<T>) {
  // Two components, not a condition around a hook: only a screen's list reads the address.
  if (props.urlState && !props.server) return <DataTableInUrl {...props} urlState={props.urlState} />;
  return <DataTableWith {...props} view={{ columns: props.columns, page: undefined, onChange: undefined }} />;
}

function DataTableInUrl<T extends object>(props: DataTableProps<T> & { urlState: true | TableUrlOptions }) {
  const view = useUrlTableView(props.columns, props.urlState === true ? {} : props.urlState);
  return <DataTableWith {...props} view={view} />;
}

function DataTableWith<T extends object>(props: DataTableProps<T> & { view: UrlTableView<T> }) {
  const { view } = props;
  const { rows, rowKey, loading = false, selection, rowSelectable, unselectableReason, server, scrollY, emptyText, toolbar } = props;
  const narrow = useViewportWidth(NARROW_RESIZE_DEBOUNCE_MS) <= MOBILE_MAX_WIDTH;
  const columns = narrow ? narrowColumns(view.columns, props.keyColumns ?? ['name']) : view.columns;
  const testId = props.testId ?? 'data-table';
  const pageSize = props.pageSize ?? PAGE_SIZE;
  // The first paint draws the rows that fill the window, the rest right after (the server's page is
  // already in order); where this table's rows sat last time says how many fill it.
  const wrapper = useRef<HTMLDivElement>(null);
  const [remembered] = useState(() => (props.testId === undefined ? null : rememberedTableLayout(props.testId, window.innerWidth)));
  // A later page from the address is drawn whole: the first screenful is the first page's rows.
  const firstPaint = useFirstScreenful(rows, server ? null : (view.page ?? 1) > 1 ? false : startingOrder(view.columns), remembered);
  useRememberLayout(wrapper, props.testId, (firstPaint.rows?.length ?? 0) > 0);

  const pagination: TablePaginationConfig = server
    ? {
        current: server.page,
        pageSize: server.pageSize,
        total: server.total,
        hideOnSinglePage: true,
        showSizeChanger: false,
        showTotal: (total) => `${total} items`,
      }
    : {
        pageSize, hideOnSinglePage: true, showSizeChanger: false,
        ...(view.page === undefined ? {} : { current: view.page }),
        ...(firstPaint.partial && rows ? { total: rows.length } : {}),
      };

  const rowSelection: TableProps<T>['rowSelection'] = selection && {
    selectedRowKeys: [...selection.selectedKeys],
    onChange: (keys, selectedRows) => selection.onChange(keys, selectedRows),
    // Server pages replace the rows; keep keys chosen on other pages.
    preserveSelectedRowKeys: server !== undefined,
    getCheckboxProps: rowSelectable ? (row) => (rowSelectable(row) ? { disabled: false } : { disabled: true, title: unselectableReason }) : undefined,
    // The checkbox stays beside the fixed key columns on a narrow screen.
    fixed: narrow ? true : undefined,
  };

  const handleChange: TableProps<T>['onChange'] = (nextPagination, filters, sorter, extra) => {
    const query = toTableQuery<T>(nextPagination, filters, sorter, extra.action, server?.pageSize ?? pageSize);
    if (server) server.onChange(query);
    else view.onChange?.(query);
  };

  return (
    <div ref={wrapper} data-testid={testId} data-narrow={narrow || undefined} style={{ minWidth: 0, maxWidth: '100%' }}>
      {toolbar && (
        <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 16 }} data-testid={`${testId}-toolbar`}>
          <Space wrap>{toolbar.left}</Space>
          <Space wrap>{toolbar.right}</Space>
        </Flex>
      )}
      <Table<T>
        columns={columns}
        dataSource={firstPaint.rows ? [...firstPaint.rows] : []}
        rowKey={rowKey}
        loading={loading}
        size={props.size ?? 'middle'}
        rowSelection={rowSelection}
        pagination={pagination}
        onChange={server || view.onChange ? handleChange : undefined}
        scroll={narrow ? { x: narrowScrollWidth(columns, selection !== undefined), ...(scrollY === undefined ? {} : { y: scrollY }) } : scrollY === undefined ? undefined : { y: scrollY }}
        tableLayout={narrow ? 'fixed' : undefined}
        expandable={props.expandable}
        locale={{ emptyText: loading ? ' ' : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText ?? 'No data'} /> }}
      />
    </div>
  );
}
