import { describe, expect, it } from 'vitest';
import type { TableColumnsType } from 'antd';
import { screenfulOfRows, startingOrder } from './use-first-screenful';

interface Row { id: number; name: string }
const rows: Row[] = [{ id: 2, name: 'b' }, { id: 3, name: 'a' }, { id: 1, name: 'c' }];
const sortedBy = (columns: TableColumnsType<Row>) => {
  const order = startingOrder(columns);
  if (order === false) return 'unknown';
  return (order ? [...rows].sort(order) : rows).map((row) => row.id);
};

describe('startingOrder: the rows a client-side table shows first', () => {
  it('keeps the given order when no column is sorted from the start', () => {
    expect(sortedBy([{ dataIndex: 'id', sorter: (a, b) => a.id - b.id }])).toEqual([2, 3, 1]);
  });

  it('follows a default sort, descending reversed, and an object sorter\'s compare', () => {
    expect(sortedBy([{ dataIndex: 'id', sorter: (a, b) => a.id - b.id, defaultSortOrder: 'descend' }])).toEqual([3, 2, 1]);
    expect(sortedBy([{ dataIndex: 'name', sorter: { compare: (a, b) => a.name.localeCompare(b.name) }, defaultSortOrder: 'ascend' }])).toEqual([3, 2, 1]);
  });

  it('follows a controlled sort over the default one, and none when it is cleared (null)', () => {
    expect(sortedBy([{ dataIndex: 'id', sorter: (a, b) => a.id - b.id, defaultSortOrder: 'descend', sortOrder: 'ascend' }])).toEqual([1, 2, 3]);
    expect(sortedBy([{ dataIndex: 'id', sorter: (a, b) => a.id - b.id, defaultSortOrder: 'descend', sortOrder: null }])).toEqual([2, 3, 1]);
  });

  it('cannot tell with a filter set from the start, a sort on two columns, or a sort done elsewhere', () => {
    expect(sortedBy([{ dataIndex: 'name', filters: [{ text: 'a', value: 'a' }], defaultFilteredValue: ['a'], onFilter: () => true }])).toBe('unknown');
    expect(sortedBy([
      { dataIndex: 'id', sorter: { compare: (a, b) => a.id - b.id, multiple: 1 }, defaultSortOrder: 'ascend' },
      { dataIndex: 'name', sorter: { compare: (a, b) => a.name.localeCompare(b.name), multiple: 2 }, defaultSortOrder: 'ascend' },
    ])).toBe('unknown');
    expect(sortedBy([{ dataIndex: 'id', sorter: true, sortOrder: 'ascend' }])).toBe('unknown');
  });
});

describe('screenfulOfRows', () => {
  it('fills the window with the shortest rows, at least one', () => {
    expect(screenfulOfRows(800)).toBe(21);
    expect(screenfulOfRows(0)).toBe(1);
  });
});
