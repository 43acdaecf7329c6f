import { describe, expect, it } from 'vitest';
import type { TableColumnsType } from 'antd';
import { initialGrid } from '@/lib/grid-state';
import { parseGrid, writeGrid } from '@/lib/url-state';
import { tableViewSpec, viewColumns } from './table-view-columns';

interface Row { id: number; name: string; password: string; note: string }

const COLUMNS: TableColumnsType<Row> = [
  { title: 'ID', dataIndex: 'id', sorter: (a, b) => a.id - b.id, defaultSortOrder: 'descend' },
  { title: 'Name', key: 'name', dataIndex: 'name', sorter: (a, b) => a.name.localeCompare(b.name), onFilter: (value, row) => row.name.includes(String(value)) },
  { title: 'Password', key: 'password', onFilter: (value, row) => row.password.includes(String(value)) },
  { title: 'Note', dataIndex: 'note' },
];

describe('a client-side table in the address', () => {
  it('sorts by the sortable columns, filters by the filterable ones, and starts from the default sort', () => {
    expect(tableViewSpec(COLUMNS, { prefix: 'projects', localFilters: ['password'] })).toEqual({
      sortFields: ['id', 'name'], filterKeys: ['name'], prefix: 'projects', defaultSort: { field: 'id', order: 'desc' },
    });
    expect(tableViewSpec(COLUMNS.slice(1), {})).toEqual({ sortFields: ['name'], filterKeys: ['name', 'password'] });
  });

  it('controls every sortable and filterable column from the view', () => {
    const spec = tableViewSpec(COLUMNS, { localFilters: ['password'] });
    const grid = parseGrid(new URLSearchParams('sort=name&order=asc&name=ann&page=2'), spec);
    const [id, name, password, note] = viewColumns(COLUMNS, grid, { password: 'x' });
    expect(id).toMatchObject({ sortOrder: null });
    expect(id).not.toHaveProperty('defaultSortOrder');
    expect(name).toMatchObject({ sortOrder: 'ascend', filteredValue: ['ann'] });
    expect(password).toMatchObject({ filteredValue: ['x'] });
    expect(note).toEqual(COLUMNS[3]);
  });

  it('shows the default sort on a clean address and writes a cleared sort as sort=none', () => {
    const spec = tableViewSpec(COLUMNS, {});
    const [id] = viewColumns(COLUMNS, parseGrid(new URLSearchParams(''), spec), {});
    expect(id).toMatchObject({ sortOrder: 'descend' });
    expect(writeGrid(new URLSearchParams(''), initialGrid(), spec).toString()).toBe('sort=none');
  });
});
