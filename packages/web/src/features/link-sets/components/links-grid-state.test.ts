import { describe, expect, it } from 'vitest';
import { INITIAL_LINKS_GRID, columnSortOrder, formatDateAdded, linkListQuery, linksGridFromTableQuery } from './links-grid-state';
import { linkListSearch } from '../api/link-items-api';

describe('links grid state', () => {
  it('maps the table query to the API query: sort, order and trimmed filters', () => {
    const grid = linksGridFromTableQuery({ page: 3, pageSize: 100, sortField: 'dateAdded', sortOrder: 'descend', filters: { url: [' shoes '], anchor: [''], other: ['x'] } });
    expect(grid).toEqual({ page: 3, pageSize: 100, sort: { field: 'dateAdded', order: 'desc' }, filters: { url: 'shoes' } });
    expect(linkListQuery(grid)).toEqual({ page: 3, pageSize: 100, sort: 'dateAdded', order: 'desc', url: 'shoes' });
    expect(linkListSearch(linkListQuery(grid))).toBe('?page=3&pageSize=100&sort=dateAdded&order=desc&url=shoes');
    expect(columnSortOrder(grid, 'dateAdded')).toBe('descend');
    expect(columnSortOrder(grid, 'url')).toBeNull();
  });

  it('ignores columns the server cannot sort and falls back to id ascending', () => {
    const grid = linksGridFromTableQuery({ page: 1, pageSize: 100, sortField: 'linksOnPage', sortOrder: 'ascend', filters: {} });
    expect(grid.sort).toBeNull();
    expect(linkListQuery(INITIAL_LINKS_GRID)).toEqual({ page: 1, pageSize: 100, sort: 'id', order: 'asc' });
  });

  it('shows dateAdded as DD/MM/YY', () => {
    expect(formatDateAdded(new Date(2024, 2, 5, 12).getTime())).toBe('05/03/24');
    expect(formatDateAdded(new Date(2009, 11, 31, 23, 59).getTime())).toBe('31/12/09');
  });
});
