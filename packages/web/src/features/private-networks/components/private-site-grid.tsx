import { useMemo, useState, type Key, type ReactNode } from 'react';
import { Button, Tag, Typography, type TableColumnsType } from 'antd';
import { ShrinkOutlined, ArrowsAltOutlined } from '@ant-design/icons';
import type { PrivateSite } from '@linkloom/shared';
import { DataTable } from '@/components/data-table';
import { SecretCell } from '@/components/secret-cell';
import { useWindowFraction } from '@/lib/use-window-fraction';
import { toSiteGridRows, type SiteGridRow } from './site-grid-rows';

/** Props of {@link PrivateSiteGrid}. */
export interface PrivateSiteGridProps {
  sites: readonly PrivateSite[] | undefined;
  loading: boolean;
  selectedKeys: readonly Key[];
  /** Only site rows are selectable; the keys are site row keys (`s:{siteId}`). */
  onSelect: (keys: Key[]) => void;
  /** Buttons after Collapse / Expand (the Import menu, delete). */
  actions?: ReactNode;
}

// A group row spans the four columns: "Private Blog (3)" / "WordPress (2)".
const spanGroup = (row: SiteGridRow) => ({ colSpan: row.kind === 'site' ? 1 : 4 });
const hideForGroup = (row: SiteGridRow) => ({ colSpan: row.kind === 'site' ? 1 : 0 });
const siteField = (field: 'email' | 'username') => (_: unknown, row: SiteGridRow) => (row.kind === 'site' ? row.site[field] : null);

const columns: TableColumnsType<SiteGridRow> = [
  {
    title: 'Site URL', key: 'siteUrl', onCell: spanGroup,
    render: (_, row) => (row.kind === 'site'
      ? <Typography.Text ellipsis={{ tooltip: row.site.siteUrl }} style={{ maxWidth: 360 }}>{row.site.siteUrl}</Typography.Text>
      : (
        <span data-testid={`group-${row.key}`}>
          <Typography.Text strong={row.kind === 'module'}>{row.label}</Typography.Text> <Tag>{row.count}</Tag>
        </span>
      )),
  },
  { title: 'Email', key: 'email', onCell: hideForGroup, render: siteField('email') },
  { title: 'Username', key: 'username', onCell: hideForGroup, render: siteField('username') },
  { title: 'Password', key: 'password', onCell: hideForGroup, render: (_, row) => (row.kind === 'site' ? <SecretCell value={row.site.password} label={`${row.site.username} on ${row.site.siteUrl}`} /> : null) },
];

/**
 * The private network screen's grid: sites grouped by module, then platform, as collapsible tree
 * rows. Collapse closes every group, Expand opens them all; groups that appear later (a live
 * import) open by default because the grid remembers what was collapsed, not what is open.
 */
export function PrivateSiteGrid({ sites, loading, selectedKeys, onSelect, actions }: PrivateSiteGridProps) {
  const { rows, groupKeys } = useMemo(() => toSiteGridRows(sites ?? []), [sites]);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const expandedKeys = groupKeys.filter((key) => !collapsed.has(key));
  const scrollY = useWindowFraction(0.65, 240);

  const handleExpandedChange = (keys: readonly Key[]) => {
    const open = new Set(keys.map(String));
    setCollapsed(new Set(groupKeys.filter((key) => !open.has(key))));
  };

  return (
    <DataTable<SiteGridRow>
      testId="private-sites-table"
      columns={columns}
      rows={sites ? rows : undefined}
      rowKey="key"
      loading={loading}
      size="small"
      scrollY={scrollY}
      selection={{ selectedKeys, onChange: (keys) => onSelect(keys.filter((key) => String(key).startsWith('s:'))) }}
      rowSelectable={(row) => row.kind === 'site'}
      expandable={{ expandedRowKeys: expandedKeys, onExpandedRowsChange: handleExpandedChange, indentSize: 20 }}
      emptyText="No sites yet: import them with the Import menu"
      toolbar={{
        left: (
          <>
            <Button icon={<ShrinkOutlined />} onClick={() => setCollapsed(new Set(groupKeys))} data-testid="collapse-groups">Collapse</Button>
            <Button icon={<ArrowsAltOutlined />} onClick={() => setCollapsed(new Set())} data-testid="expand-groups">Expand</Button>
            {actions}
          </>
        ),
        right: sites && <Typography.Text type="secondary" data-testid="site-count">{sites.length} sites</Typography.Text>,
      }}
    />
  );
}
