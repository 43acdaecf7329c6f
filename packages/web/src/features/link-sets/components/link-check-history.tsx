import { Alert, Tag, Typography, type TableColumnsType } from 'antd';
import { LINK_HISTORY_LABELS, type LinkCheckEntry } from '@linkloom/shared';
import { DataTable } from '@/components/data-table';
import { useLinkChecks } from '../api/link-items-api';
import { checkedAtText } from './link-check-tag';

const COLOURS: Record<LinkCheckEntry['status'], string> = { OK: 'green', NOFOLLOW: 'orange', MISSING: 'red', GONE: 'red', ERROR: 'volcano' };

function yesNo(value: boolean | null): string {
  return value === null ? '–' : value ? 'Yes' : 'No';
}

const columns: TableColumnsType<LinkCheckEntry> = [
  { title: 'Checked', key: 'checkedAt', dataIndex: 'checkedAt', width: 140, render: (at: number) => checkedAtText(at) },
  {
    title: 'Status', key: 'status', dataIndex: 'status', width: 120,
    render: (status: LinkCheckEntry['status']) => <Tag color={COLOURS[status]} data-status={status}>{LINK_HISTORY_LABELS[status]}</Tag>,
  },
  { title: 'HTTP', key: 'httpStatus', dataIndex: 'httpStatus', width: 70, render: (code: number | null) => code ?? '–' },
  { title: 'Anchor found', key: 'anchorFound', dataIndex: 'anchorFound', width: 110, render: (found: boolean | null) => yesNo(found) },
  { title: 'Reason', key: 'reason', dataIndex: 'reason', render: (reason: string) => <span style={{ whiteSpace: 'pre-line', wordBreak: 'break-word' }}>{reason}</span> },
];

/**
 * A link's check history (issue 18), shown when its row in the link set grid is opened: every
 * check newest first and when the next one is due. Kept under the link set's query keys, so the
 * set's live messages refresh it as checks land.
 */
export function LinkCheckHistory({ linkSetId, linkId }: { linkSetId: number; linkId: number }) {
  const { data, isPending, isError } = useLinkChecks(linkSetId, linkId);
  if (isError) return <Alert type="error" showIcon message="The check history could not be loaded" />;
  return (
    <div data-testid={`link-checks-${linkId}`}>
      <Typography.Text type="secondary" data-testid={`link-next-check-${linkId}`}>
        {data?.nextCheckAt ? `Next check ${checkedAtText(data.nextCheckAt)}` : 'No check scheduled'}
      </Typography.Text>
      <DataTable<LinkCheckEntry>
        columns={columns}
        rows={data?.checks}
        rowKey="id"
        keyColumns={['checkedAt']}
        loading={isPending}
        size="small"
        emptyText="Not checked yet"
        testId={`link-checks-table-${linkId}`}
      />
    </div>
  );
}
