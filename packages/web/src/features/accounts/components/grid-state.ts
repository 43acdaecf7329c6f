import { PAGE_SIZE, type AccountListQuery, type AccountSortField } from '@linkloom/shared';
import type { TableQuery } from '@/lib/table-query';

/** What the accounts grid shows: page, optional column sort, and the three text filters. */
export interface GridState {
  page: number;
  pageSize: number;
  sort: { field: AccountSortField; order: 'asc' | 'desc' } | null;
  filters: { site?: string; email?: string; username?: string };
}

export const INITIAL_GRID: GridState = { page: 1, pageSize: PAGE_SIZE, sort: null, filters: {} };

const SORTABLE: readonly string[] = ['site', 'email', 'username'];

const firstText = (values: readonly unknown[] | undefined) => {
  const text = values?.[0];
  return typeof text === 'string' && text.trim() !== '' ? text.trim() : undefined;
};

/** The table's onChange query → the grid state (unknown columns are ignored). */
export function gridFromTableQuery(query: TableQuery): GridState {
  const sort = query.sortField !== null && query.sortOrder !== null && SORTABLE.includes(query.sortField)
    ? { field: query.sortField as AccountSortField, order: query.sortOrder === 'ascend' ? 'asc' as const : 'desc' as const }
    : null;
  const filters: GridState['filters'] = {};
  const site = firstText(query.filters.site);
  const email = firstText(query.filters.email);
  const username = firstText(query.filters.username);
  if (site) filters.site = site;
  if (email) filters.email = email;
  if (username) filters.username = username;
  return { page: query.page, pageSize: query.pageSize, sort, filters };
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
