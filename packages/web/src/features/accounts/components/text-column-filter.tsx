import { Button, Input, Space } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import type { ColumnType } from 'antd/es/table';

/**
 * A column's free-text filter (substring, applied by the server): antd's filter dropdown with an
 * input, Search and Reset. The chosen text reaches the table's onChange as the column's filter.
 */
export function textColumnFilter<T>(label: string, value: string | undefined): Pick<ColumnType<T>, 'filterDropdown' | 'filterIcon' | 'filteredValue'> {
  return {
    filteredValue: value ? [value] : null,
    filterIcon: (filtered) => <SearchOutlined style={{ color: filtered ? '#1677ff' : undefined }} />,
    filterDropdown: ({ selectedKeys, setSelectedKeys, confirm, clearFilters }) => (
      <div style={{ padding: 8 }} onKeyDown={(event) => event.stopPropagation()}>
        <Input
          placeholder={`Search ${label}`}
          value={String(selectedKeys[0] ?? '')}
          onChange={(event) => setSelectedKeys(event.target.value ? [event.target.value] : [])}
          onPressEnter={() => confirm()}
          style={{ marginBottom: 8, display: 'block' }}
          data-testid={`filter-${label.toLowerCase()}`}
        />
        <Space>
          <Button type="primary" size="small" icon={<SearchOutlined />} onClick={() => confirm()} data-testid={`filter-${label.toLowerCase()}-search`}>
            Search
          </Button>
          <Button size="small" onClick={() => { clearFilters?.(); confirm(); }}>
            Reset
          </Button>
        </Space>
      </div>
    ),
  };
}
