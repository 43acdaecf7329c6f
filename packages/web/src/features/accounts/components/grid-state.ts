import { ACCOUNT_SORT_FIELDS, type AccountListQuery, type AccountSortField } from '@linkloom/shared';
import { gridFromQuery, initialGrid, type GridState as ServerGridState } from '@/lib/grid-state';
import type { TableQuery } from '@/lib/table-query';

const FILTER_KEYS = ['site', 'email', 'username'] as const;

/** What the accounts grid shows: page, optional column sort, and the three text filters. */
export type GridState = ServerGridState<AccountSortField, (typeof FILTER_KEYS)[number]>;

export const INITIAL_GRID: GridState = initialGrid();

/** Where the grid sits in the address (`?page=2&sort=email&order=desc&site=…`). */
export const ACCOUNT_GRID_PARAMS = { sortFields: ACCOUNT_SORT_FIELDS, filterKeys: FILTER_KEYS };

/** The table's onChange query → the grid state (unknown columns are ignored). */
export function gridFromTableQuery(query: TableQuery): GridState {
  return gridFromQuery(query, ACCOUNT_SORT_FIELDS, FILTER_KEYS);
}

/** The grid state → GET /rest/accounts/{id}'s query (unsorted means the server's default, site ascending). */
export function accountListQuery(grid: GridState): AccountListQuery {
  return {
    page: grid.page,
    pageSize: grid.pageSize,
    ...(grid.sort ? { sortField: grid.sort.field, sortOrder: grid.sort.order } : {}),
    ...grid.filters,
  };
}
