import { useState } from 'react';
import { Alert, Button, Drawer, Space, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { ExplainedButton } from '../disabled-reason';
import { REPUBLISH_REFUSALS, type DeadPage } from '@linkloom/shared';
import { DataTable } from '../data-table';
import { useLiveInvalidate } from '@/lib/use-live-invalidate';
import { checkedAtText } from '@/features/link-sets/components/link-check-tag';
import { deadPageKeys, useDeadPages, useRepoint, useRepublish } from './dead-pages-api';

/** Checks land in bursts: the list is read again once they settle. */
const SETTLE_MS = 2000;

/** Why the Re-publish button of a page is off, or null when it can be pressed. */
export function republishBlocked(page: Pick<DeadPage, 'republish'>): string | null {
  switch (page.republish) {
    case 'possible': return null;
    case 'publishing': return 'Being re-published now';
    case 'published': return REPUBLISH_REFUSALS.alreadyRepublished;
    case 'failed': return 'Re-publishing it failed once (see its project\'s log); a page is re-published once';
    case 'notOwnSite': return REPUBLISH_REFUSALS.notOwnSite;
  }
}

/** Why the Re-point button of a page is off, or null when it can be pressed. */
export function repointBlocked(page: Pick<DeadPage, 'atRisk' | 'livePages'>): string | null {
  if (page.atRisk === 0) return 'No live post links to this page any more';
  if (page.livePages === 0) return 'Its link set has no live page left to link to instead: add links to it, or re-publish this page';
  return null;
}

function Actions({ page }: { page: DeadPage }) {
  const repoint = useRepoint();
  const republish = useRepublish();
  const [busy, setBusy] = useState<'repoint' | 'republish' | null>(null);
  const run = (which: 'repoint' | 'republish', act: () => Promise<boolean>) => {
    setBusy(which);
    void act().finally(() => setBusy(null));
  };
  const repointWhy = repointBlocked(page);
  const republishWhy = republishBlocked(page);
  const repointButton = (
    <ExplainedButton size="small" disabledReason={repointWhy} loading={busy === 'repoint'} data-testid={`repoint-${page.urlItemId}`}
      onClick={() => run('repoint', () => repoint({ deadUrlItemIds: [page.urlItemId] }, page.atRisk, page.tier))}>
      {page.atRisk > 0 ? `Re-point ${page.atRisk === 1 ? '1 post' : `${page.atRisk} posts`}` : 'Re-point'}
    </ExplainedButton>
  );
  const republishButton = (
    <ExplainedButton size="small" disabledReason={republishWhy} loading={busy === 'republish'} data-testid={`republish-${page.urlItemId}`}
      onClick={() => run('republish', () => republish(page.urlItemId))}>
      Re-publish
    </ExplainedButton>
  );
  return <Space size={6} wrap>{repointButton}{republishButton}</Space>;
}

const COLUMNS: TableColumnsType<DeadPage> = [
  {
    key: 'url', title: 'Dead page', dataIndex: 'url', width: 300,
    render: (url: string, page) => (
      <Space orientation="vertical" size={0} style={{ minWidth: 0, maxWidth: '100%' }}>
        <Typography.Link href={url} target="_blank" rel="noreferrer" ellipsis title={url} style={{ maxWidth: 280 }}>{url}</Typography.Link>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>{page.projectName || page.linkSetName}</Typography.Text>
      </Space>
    ),
  },
  { key: 'tier', title: 'Tier', dataIndex: 'tier', width: 56 },
  {
    key: 'reason', title: 'Found dead', dataIndex: 'reason', width: 160,
    render: (reason: DeadPage['reason'], page) => (
      <Tooltip title={reason === 'gone' ? 'The page answers 404 or 410' : 'The page no longer carries its link'}>
        <span tabIndex={0}><Tag color="red">{reason === 'gone' ? 'Gone' : 'Missing'}</Tag>{checkedAtText(page.deadSince)}</span>
      </Tooltip>
    ),
  },
  { key: 'atRisk', title: 'Posts at risk', dataIndex: 'atRisk', width: 100, render: (n: number) => (n > 0 ? <Tag color="magenta">{n}</Tag> : '0') },
  { key: 'livePages', title: 'Live pages left', dataIndex: 'livePages', width: 100 },
  { key: 'actions', title: 'What to do', width: 230, render: (_value, page) => <Actions page={page} /> },
];

/** Props of {@link DeadPagesDrawer}. */
export interface DeadPagesDrawerProps {
  campaignId: number;
  open: boolean;
  onClose: () => void;
}

/**
 * A campaign's dead pages (issue 36 item 3): each upper-tier post found dead, the lower-tier posts
 * still linking to it, and what to do — re-point those posts to another live page of the same tier
 * (each post is edited on its site) or re-publish the dead page once. Read while open, refreshed
 * as checks and edits land.
 */
export function DeadPagesDrawer({ campaignId, open, onClose }: DeadPagesDrawerProps) {
  const pages = useDeadPages(campaignId, open);
  useLiveInvalidate(open ? `campaign/${campaignId}` : null, [deadPageKeys.of(campaignId)], SETTLE_MS);
  const total = pages.data?.total ?? 0;
  const shown = pages.data?.pages.length ?? 0;
  return (
    // Wide enough for the address and both actions side by side; narrow screens scroll the table.
    <Drawer title="Dead pages" open={open} onClose={onClose} size={1040} destroyOnHidden data-testid="dead-pages-drawer">
      <Typography.Paragraph type="secondary">
        Upper-tier posts found dead twice in a row. Lower-tier posts that still link to one are at risk: re-point them to another
        live page of the same tier (each post is edited on its own site, its anchor text kept), or re-publish the dead page once.
        What happens shows in each project&apos;s run log.
      </Typography.Paragraph>
      {pages.isError && <Alert type="error" showIcon title="Failed to load the dead pages" action={<Button size="small" onClick={() => void pages.refetch()}>Retry</Button>} style={{ marginBottom: 12 }} />}
      {total > shown && <Alert type="info" showIcon title={`The ${shown} pages with the most posts at risk are shown, of ${total}.`} style={{ marginBottom: 12 }} />}
      <DataTable
        columns={COLUMNS} rows={pages.data?.pages} rowKey="urlItemId" loading={pages.isFetching && !pages.data}
        emptyText="No dead pages: every upper-tier post checked is alive" testId="dead-pages" keyColumns={['url']}
      />
    </Drawer>
  );
}
