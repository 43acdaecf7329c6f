import { useQueryClient } from '@tanstack/react-query';
import type { AlertUnread } from '@linkloom/shared';
import { refetchReadBefore, writeLiveChange } from '@/lib/live-cache';
import { useLiveTopic } from '@/lib/use-live-topic';
import { alertKeys } from './alert-keys';
import { withRaisedAlert, withReadAlerts, type AlertPages } from './alerts-cache';

/**
 * The alerts' live messages, in one place (the bell mounts it once): a new alert raises the badge
 * and goes on top of the list, alerts read elsewhere (another tab) are read here too. After a
 * reconnect, what was read before the topic was confirmed is read again.
 */
export function useAlertsLive(): void {
  const queryClient = useQueryClient();
  useLiveTopic('alerts', (live) => {
    const { unread } = live.payload;
    queryClient.setQueryData<AlertUnread>(alertKeys.unread, { unread });
    if (live.name === 'alertRaised') writeLiveChange<AlertPages>(queryClient, alertKeys.list, (old) => withRaisedAlert(old, live.payload.alert, unread));
    else writeLiveChange<AlertPages>(queryClient, alertKeys.list, (old) => withReadAlerts(old, live.payload.ids, unread, Date.now()));
  }, (confirmedAt) => refetchReadBefore(queryClient, [alertKeys.unread, alertKeys.list], confirmedAt));
}
