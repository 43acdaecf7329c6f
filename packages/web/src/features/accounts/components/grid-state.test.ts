import { describe, expect, it } from 'vitest';
import { INITIAL_GRID, accountListQuery, gridFromTableQuery } from './grid-state';
import { accountListSearch } from '../api/accounts-api';

describe('accounts grid state', () => {
  it('asks for the first page in the server default order at first', () => {
    expect(accountListQuery(INITIAL_GRID)).toEqual({ page: 1, pageSize: 100 });
    expect(accountListSearch(accountListQuery(INITIAL_GRID))).toBe('?page=1&pageSize=100');
  });

  it('maps a sorted, filtered table query and drops blank filters and unknown columns', () => {
    const grid = gridFromTableQuery({
      page: 3, pageSize: 100, sortField: 'email', sortOrder: 'descend',
      filters: { site: [' rav '], email: [''], username: ['kilo'], password: ['x'] },
    });
    expect(grid).toEqual({ page: 3, pageSize: 100, sort: { field: 'email', order: 'desc' }, filters: { site: 'rav', username: 'kilo' } });
    expect(accountListSearch(accountListQuery(grid))).toBe('?page=3&pageSize=100&sortField=email&sortOrder=desc&site=rav&username=kilo');
    expect(gridFromTableQuery({ page: 1, pageSize: 100, sortField: 'password', sortOrder: 'ascend', filters: {} }).sort).toBeNull();
  });

  it('encodes filter text safely', () => {
    expect(accountListSearch({ page: 1, site: 'a&b=%' })).toBe('?page=1&site=a%26b%3D%25');
  });
});
