import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ALERT_MESSAGES, AlertPageSchema, AlertSettingsBodySchema, AlertSettingsSchema, AlertUnreadSchema, MarkAlertsReadResponseSchema,
  TestAlertWebhookResultSchema, type AlertSettingsBody, type AlertUnread,
} from '@linkloom/shared';
import { get, post } from '@/lib/http';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation';
import { alertKeys } from './alert-keys';
import { alertPageUrl, nextAlertPage, withReadAlerts, type AlertPages } from './alerts-cache';

/** GET /rest/alerts/unread: the bell's badge (kept current live by useAlertsLive). */
export function useUnreadAlerts() {
  return useQuery({
    queryKey: alertKeys.unread,
    queryFn: ({ signal }) => get('/rest/alerts/unread', { schema: AlertUnreadSchema, signal, silent: true }),
  });
}

/** GET /rest/alerts: the drawer's list, newest first, 30 a page, older pages on demand; read only while the drawer is open. */
export function useAlertList() {
  return useInfiniteQuery({
    queryKey: alertKeys.list,
    queryFn: ({ pageParam, signal }) => get(alertPageUrl(pageParam), { schema: AlertPageSchema, signal, silent: true, failure: ALERT_MESSAGES.loadFailed }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: nextAlertPage,
  });
}

/** POST /action/alerts/read: some alerts by id, or all; the badge and the list follow at once. */
export function useMarkAlertsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[] | 'all') => post('/action/alerts/read', { body: ids === 'all' ? { all: true } : { ids }, schema: MarkAlertsReadResponseSchema }),
    onSuccess: ({ unread }, ids) => {
      queryClient.setQueryData<AlertUnread>(alertKeys.unread, { unread });
      queryClient.setQueryData<AlertPages>(alertKeys.list, (old) => (old === undefined ? old : withReadAlerts(old, ids === 'all' ? null : ids, unread, Date.now())));
    },
  });
}

/** GET /rest/alert_settings. */
export function useAlertSettings() {
  return useQuery({
    queryKey: alertKeys.settings,
    queryFn: ({ signal }) => get('/rest/alert_settings', { schema: AlertSettingsSchema, signal, failure: 'Failed to load the alert settings' }),
  });
}

/** POST /rest/alert_settings. */
export function useSaveAlertSettings() {
  return useInvalidatingMutation(alertKeys.settings, (settings: AlertSettingsBody) =>
    post('/rest/alert_settings', { body: settings, schema: AlertSettingsBodySchema }), ALERT_MESSAGES.settingsSaved);
}

/** POST /action/alerts/test_webhook: a sample to the form's address; answers how it went (in our words). */
export function useTestAlertWebhook() {
  return useInvalidatingMutation(alertKeys.settings, (webhookUrl: string) =>
    post('/action/alerts/test_webhook', { body: { webhookUrl }, schema: TestAlertWebhookResultSchema }));
}
