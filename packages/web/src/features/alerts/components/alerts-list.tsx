import { useCallback } from 'react';
import { Alert as Notice, Button, Empty, Flex, Skeleton } from 'antd';
import { ALERT_MESSAGES, DISABLED_REASONS } from '@linkloom/shared';
import { ExplainedButton } from '@/components/disabled-reason';
import { toastFailure } from '@/lib/action-feedback';
import { useAlertList, useMarkAlertsRead } from '../api/alerts-api';
import { AlertItem } from './alert-item';

/** The user's alerts, newest first, following live; older ones page by page; Mark read, Mark all read. */
export function AlertsList() {
  const list = useAlertList();
  const markRead = useMarkAlertsRead();
  const { mutate } = markRead;
  const handleRead = useCallback((id: number) => mutate([id], { onError: (error) => toastFailure('Could not mark the alert read', error) }), [mutate]);
  if (list.isPending) return <div data-testid="alerts-loading"><Skeleton active title={false} paragraph={{ rows: 6 }} /></div>;
  if (list.isLoadingError) {
    return (
      <Notice
        type="error" showIcon title={ALERT_MESSAGES.loadFailed} data-testid="alerts-failed"
        action={<Button size="small" onClick={() => void list.refetch()}>Retry</Button>}
      />
    );
  }
  const alerts = list.data.pages.flatMap((page) => page.alerts);
  const unread = list.data.pages[0]?.unread ?? 0;
  return (
    <div data-testid="alerts-list">
      <Flex justify="flex-end">
        <ExplainedButton
          size="small" disabledReason={unread === 0 ? DISABLED_REASONS.noUnreadAlerts : null} loading={markRead.isPending && markRead.variables === 'all'} data-testid="alerts-mark-all-read"
          onClick={() => mutate('all', { onError: (error) => toastFailure('Could not mark the alerts read', error) })}
        >
          Mark all read
        </ExplainedButton>
      </Flex>
      {alerts.length === 0
        ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={ALERT_MESSAGES.empty} data-testid="alerts-empty" />
        : alerts.map((alert) => <AlertItem key={alert.id} alert={alert} now={list.dataUpdatedAt} onRead={handleRead} />)}
      {list.hasNextPage && (
        <Button block loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()} style={{ marginTop: 12 }} data-testid="alerts-more">
          Load older
        </Button>
      )}
    </div>
  );
}
