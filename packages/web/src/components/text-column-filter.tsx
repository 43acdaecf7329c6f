import { Button, Input, Space } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import type { ColumnType } from 'antd/es/table';

/**
 * A column's free-text filter applied by the server (substring): antd's filter dropdown with an
 * input, Search and Reset. The text reaches the DataTable's server onChange as the column's filter
 * (`query.filters[columnKey][0]`). Test ids: `filter-{testKey}` and `filter-{testKey}-search`.
 */
export function textColumnFilter<T>(label: string, value: string | undefined, testKey = label.toLowerCase()): Pick<ColumnType<T>, 'filterDropdown' | 'filterIcon' | 'filteredValue'> {
  return {
    filteredValue: value ? [value] : null,
    filterIcon: (filtered) => <SearchOutlined style={{ color: filtered ? '#1677ff' : undefined }} />,
    filterDropdown: ({ selectedKeys, setSelectedKeys, confirm, clearFilters }) => (
      <div style={{ padding: 8 }} onKeyDown={(event) => event.stopPropagation()}>
        <Input
          aria-label={`Search ${label}`}
          placeholder={`Search ${label}`}
          value={String(selectedKeys[0] ?? '')}
          onChange={(event) => setSelectedKeys(event.target.value ? [event.target.value] : [])}
          onPressEnter={() => confirm()}
          style={{ marginBottom: 8, display: 'block' }}
          data-testid={`filter-${testKey}`}
        />
        <Space>
          <Button type="primary" size="small" icon={<SearchOutlined />} onClick={() => confirm()} data-testid={`filter-${testKey}-search`}>
            Search
          </Button>
          <Button size="small" onClick={() => { clearFilters?.(); confirm(); }} data-testid={`filter-${testKey}-reset`}>
            Reset
          </Button>
        </Space>
      </div>
    ),
  };
}
