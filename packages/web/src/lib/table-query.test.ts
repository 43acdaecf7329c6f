import { describe, expect, it } from 'vitest';
import { toTableQuery } from './table-query';

interface Row {
  id: number;
  site: string;
}

describe('toTableQuery', () => {
  it('keeps the chosen page when paging', () => {
    expect(toTableQuery<Row>({ current: 3, pageSize: 100 }, {}, {}, 'paginate', 100)).toEqual({
      page: 3, pageSize: 100, sortField: null, sortOrder: null, filters: {},
    });
  });

  it('goes back to page 1 on sort and names the column', () => {
    const query = toTableQuery<Row>({ current: 4, pageSize: 50 }, {}, { columnKey: 'id', field: 'id', order: 'descend' }, 'sort', 100);
    expect(query).toMatchObject({ page: 1, pageSize: 50, sortField: 'id', sortOrder: 'descend' });
  });

  it('joins a nested dataIndex and drops the field when the sort is cleared', () => {
    expect(toTableQuery<Row>({}, {}, { field: ['owner', 'name'], order: 'ascend' }, 'sort', 100).sortField).toBe('owner.name');
    expect(toTableQuery<Row>({}, {}, { field: 'site', order: undefined }, 'sort', 100)).toMatchObject({ sortField: null, sortOrder: null });
  });

  it('uses the first of several sorters', () => {
    const sorter = [{ columnKey: 'site', order: 'ascend' as const }, { columnKey: 'id', order: 'descend' as const }];
    expect(toTableQuery<Row>({}, {}, sorter, 'sort', 100)).toMatchObject({ sortField: 'site', sortOrder: 'ascend', pageSize: 100 });
  });

  it('keeps only filters with values and resets the page', () => {
    const query = toTableQuery<Row>({ current: 2 }, { site: ['example.com'], email: null, username: [] }, {}, 'filter', 100);
    expect(query).toMatchObject({ page: 1, filters: { site: ['example.com'] } });
  });
});
