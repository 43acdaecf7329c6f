import { URL_ITEM_SORT_FIELDS, type UrlItemListQuery, type UrlItemSortField } from '@linkloom/shared';
import { gridFromQuery, initialGrid, type GridState } from '@/lib/grid-state';
import type { TableQuery } from '@/lib/table-query';

export { columnSortOrder } from '@/lib/grid-state';

const FILTER_KEYS = ['url', 'anchor'] as const;

/** What the links table shows: page, optional column sort, and the url / anchor text filters. */
export type LinksGridState = GridState<UrlItemSortField, (typeof FILTER_KEYS)[number]>;

export const INITIAL_LINKS_GRID: LinksGridState = initialGrid();

/** Where the grid sits in the address (`?page=2&sort=url&order=desc&anchor=…`). */
export const LINKS_GRID_PARAMS = { sortFields: URL_ITEM_SORT_FIELDS, filterKeys: FILTER_KEYS };

/** The table's onChange query → the grid state (unknown columns are ignored). */
export function linksGridFromTableQuery(query: TableQuery): LinksGridState {
  return gridFromQuery(query, URL_ITEM_SORT_FIELDS, FILTER_KEYS);
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

/** dateAdded (epoch ms) as the link rows show it: DD/MM/YY in the viewer's time zone. */
export function formatDateAdded(epochMs: number): string {
  const date = new Date(epochMs);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(date.getDate())}/${two(date.getMonth() + 1)}/${two(date.getFullYear() % 100)}`;
}
