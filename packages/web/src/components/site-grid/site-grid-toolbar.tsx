import { Button, Flex, InputNumber, Segmented, Select, Space, Typography } from 'antd';
import { ArrowsAltOutlined, ShrinkOutlined } from '@ant-design/icons';
import { DISABLED_REASONS, SITE_STATUSES, statusWords, type SiteCounts, type SiteFilter, type SiteStatus } from '@linkloom/shared';
import { DisabledReason } from '../disabled-reason';
import { minDaFromInput } from './site-grid-columns';

const SELECTION_OPTIONS = [
  { label: 'All', value: 'all' },
  { label: 'Selected', value: 'selected' },
  { label: 'Unselected', value: 'unselected' },
] satisfies { label: string; value: SiteFilter['selection'] }[];

const ANY_STATUS = 'any';
const STATUS_OPTIONS = [
  { label: 'Any status', value: ANY_STATUS },
  ...SITE_STATUSES.map((status) => ({ label: statusWords(status), value: status })),
];

/** The status select's value → the filter ('any' and unknown values: no status filter). */
const statusFromOption = (value: string): SiteStatus | null => SITE_STATUSES.find((status) => status === value) ?? null;

/** Props of {@link SiteGridToolbar}. */
export interface SiteGridToolbarProps {
  counts: SiteCounts;
  filter: SiteFilter;
  onFilterChange: (change: Partial<SiteFilter>) => void;
  onCollapseAll: () => void;
  onExpandAll: () => void;
  /** No rows at all: the filters and group buttons have nothing to act on. */
  disabled: boolean;
}

/** Counts, the selection / status / DA filters, and Collapse all / Expand all above the site grid. */
export function SiteGridToolbar({ counts, filter, onFilterChange, onCollapseAll, onExpandAll, disabled }: SiteGridToolbarProps) {
  return (
    <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }} data-testid="site-grid-toolbar">
      <Typography.Text
        data-testid="site-grid-counts"
        data-selected={counts.selected}
        data-total={counts.total}
        data-successful={counts.successful}
        data-failed={counts.failed}
        aria-live="polite"
      >
        Selected: {counts.selected} · Total: {counts.total} · Successful: {counts.successful} · Failed: {counts.failed}
      </Typography.Text>
      <DisabledReason reason={disabled ? DISABLED_REASONS.noSites : null}>
        <Space wrap>
          <Segmented<SiteFilter['selection']>
            aria-label="Selection filter"
            data-testid="site-grid-selection-filter"
            options={SELECTION_OPTIONS}
            value={filter.selection}
            onChange={(selection) => onFilterChange({ selection })}
            disabled={disabled}
          />
          <Select<string>
            aria-label="Status filter"
            data-testid="site-grid-status-filter"
            style={{ width: 136 }}
            options={STATUS_OPTIONS}
            value={filter.status ?? ANY_STATUS}
            onChange={(value) => onFilterChange({ status: statusFromOption(value) })}
            disabled={disabled}
          />
          <InputNumber<number>
            aria-label="DA at least"
            data-testid="site-grid-da-filter"
            prefix="DA ≥"
            style={{ width: 120 }}
            min={0}
            precision={0}
            value={filter.minDa ?? null}
            onChange={(value) => onFilterChange({ minDa: minDaFromInput(value) })}
            disabled={disabled}
          />
          <Button icon={<ShrinkOutlined />} onClick={onCollapseAll} disabled={disabled} data-testid="site-grid-collapse-all">Collapse all</Button>
          <Button icon={<ArrowsAltOutlined />} onClick={onExpandAll} disabled={disabled} data-testid="site-grid-expand-all">Expand all</Button>
        </Space>
      </DisabledReason>
    </Flex>
  );
}
