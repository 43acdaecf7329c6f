import { PAGE_SIZE, URL_ITEM_SORT_FIELDS, type UrlItemListQuery, type UrlItemSortField } from '@linkloom/shared';
import type { TableQuery } from '@/lib/table-query';

/** What the links table shows: page, optional column sort, and the url / anchor text filters. */
export interface LinksGridState {
  page: number;
  pageSize: number;
  sort: { field: UrlItemSortField; order: 'asc' | 'desc' } | null;
  filters: { url?: string; anchor?: string };
}

export const INITIAL_LINKS_GRID: LinksGridState = { page: 1, pageSize: PAGE_SIZE, sort: null, filters: {} };

const firstText = (values: readonly unknown[] | undefined) => {
  const text = values?.[0];
  return typeof text === 'string' && text.trim() !== '' ? text.trim() : undefined;
};

const isSortField = (field: string): field is UrlItemSortField => (URL_ITEM_SORT_FIELDS as readonly string[]).includes(field);

/** The table's onChange query → the grid state (unknown columns are ignored). */
export function linksGridFromTableQuery(query: TableQuery): LinksGridState {
  const field = query.sortField;
  const sort = field !== null && query.sortOrder !== null && isSortField(field)
    ? { field, order: query.sortOrder === 'ascend' ? 'asc' as const : 'desc' as const }
    : null;
  const filters: LinksGridState['filters'] = {};
  const url = firstText(query.filters.url);
  const anchor = firstText(query.filters.anchor);
  if (url) filters.url = url;
  if (anchor) filters.anchor = anchor;
  return { page: query.page, pageSize: query.pageSize, sort, filters };
}

/** The grid state → GET /rest/url_items/{id}'s query (unsorted: the server's default, id ascending). */
export function linkListQuery(grid: LinksGridState): UrlItemListQuery {
  return {
    page: grid.page,
    pageSize: grid.pageSize,
    sort: grid.sort?.field ?? 'id',
    order: grid.sort?.order ?? 'asc',
    ...grid.filters,
  };
}

/** antd's sortOrder of a column under this grid state. */
export function columnSortOrder(grid: LinksGridState, field: UrlItemSortField): 'ascend' | 'descend' | null {
  if (grid.sort?.field !== field) return null;
  return grid.sort.order === 'asc' ? 'ascend' : 'descend';
}

/** dateAdded (epoch ms) as the link rows show it: DD/MM/YY in the viewer's time zone. */
export function formatDateAdded(epochMs: number): string {
  const date = new Date(epochMs);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(date.getDate())}/${two(date.getMonth() + 1)}/${two(date.getFullYear() % 100)}`;
}
