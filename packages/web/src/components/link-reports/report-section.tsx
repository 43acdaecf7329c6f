import { useState, type ReactNode } from 'react';
import { Card, Empty, Segmented, Space } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { DISABLED_REASONS, toCsv } from '@linkloom/shared';
import { DataTable } from '@/components/data-table';
import { ExplainedButton } from '@/components/disabled-reason';
import { saveBlob } from '@/lib/download';

/** One column of a report's table, which is also a column of its CSV. */
export interface ReportColumn<T> {
  key: string;
  title: string;
  value: (row: T) => string | number | null;
  /** How the table shows the value (the CSV keeps it raw). */
  format?: (value: string | number | null) => string;
}

export const percent = (value: string | number | null) => (value === null ? '–' : `${Number(value).toFixed(1)} %`);

interface ReportSectionProps<T> {
  /** The section's id: data-testid `report-{id}`, the table `report-{id}-table`, the CSV file `{fileName}-{id}.csv`. */
  id: string;
  title: string;
  description: ReactNode;
  rows: readonly T[];
  columns: readonly ReportColumn<T>[];
  fileName: string;
  /** The chart; only drawn while the chart view is shown. */
  chart: () => ReactNode;
}

/** A report: its chart or its table (the same rows), and the rows as CSV. */
export function ReportSection<T>({ id, title, description, rows, columns, fileName, chart }: ReportSectionProps<T>) {
  const [view, setView] = useState<'Chart' | 'Table'>('Chart');
  const keyed = rows.map((row, index) => ({ key: index, row }));
  const download = () => saveBlob(
    new Blob([toCsv(columns.map((column) => column.title), rows.map((row) => columns.map((column) => column.value(row))))], { type: 'text/csv;charset=utf-8' }),
    `${fileName}-${id}.csv`,
  );
  return (
    <Card
      size="small" title={title} style={{ marginBottom: 16 }} data-testid={`report-${id}`}
      extra={(
        <Space>
          <Segmented<'Chart' | 'Table'> size="small" options={['Chart', 'Table']} value={view} onChange={setView} data-testid={`report-${id}-view`} />
          <ExplainedButton size="small" icon={<DownloadOutlined />} onClick={download} disabledReason={rows.length === 0 ? DISABLED_REASONS.noRowsToDownload : null} data-testid={`report-${id}-csv`}>CSV</ExplainedButton>
        </Space>
      )}
    >
      <div style={{ marginBottom: 8, color: 'var(--ant-color-text-secondary)' }}>{description}</div>
      {rows.length === 0 ? <Empty description="Nothing to show yet" /> : view === 'Chart' ? chart() : (
        <DataTable
          size="small" rowKey="key" rows={keyed} pageSize={50} testId={`report-${id}-table`} keyColumns={[columns[0]!.key]}
          columns={columns.map((column) => ({
            key: column.key, title: column.title,
            render: (_: unknown, { row }: { row: T }) => (column.format ?? ((value) => (value === null ? '–' : String(value))))(column.value(row)),
          }))}
        />
      )}
    </Card>
  );
}
