import type { InfiniteData } from '@tanstack/react-query';
import type { Alert, AlertPage } from '@linkloom/shared';

/** The bell's list as the infinite query caches it: pages newest first, each asked for with `before` (undefined: the newest). */
export type AlertPages = InfiniteData<AlertPage, number | undefined>;

/** The URL of one page: the newest alerts, or those older than `before`. */
export function alertPageUrl(before: number | undefined): string {
  return before === undefined ? '/rest/alerts' : `/rest/alerts?before=${before}`;
}

/** The next page asks for the alerts older than the last one shown, while the server says more are left. */
export function nextAlertPage(last: AlertPage): number | undefined {
  return last.more ? last.alerts.at(-1)?.id : undefined;
}

/** An alert that came live, on top of the first page (once), with the unread count it came with. */
export function withRaisedAlert(data: AlertPages, alert: Alert, unread: number): AlertPages {
  const [first, ...older] = data.pages;
  if (!first) return data;
  if (data.pages.some((page) => page.alerts.some((shown) => shown.id === alert.id))) return data;
  const alerts = [alert, ...first.alerts].sort((a, b) => b.id - a.id);
  return { ...data, pages: [{ ...first, alerts, unread }, ...older.map((page) => ({ ...page, unread }))] };
}

/** Alerts marked read (`ids` null: all), with the unread count after it. */
export function withReadAlerts(data: AlertPages, ids: readonly number[] | null, unread: number, at: number): AlertPages {
  const read = ids === null ? null : new Set(ids);
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      unread,
      alerts: page.alerts.map((alert) => (alert.readAt === null && (read === null || read.has(alert.id)) ? { ...alert, readAt: at } : alert)),
    })),
  };
}

/** Only http(s) addresses become links (an alert's URL is a post's address: nothing else is followed). */
export function postHref(url: string | null): string | undefined {
  return url !== null && /^https?:\/\/[^\s]+$/i.test(url) ? url : undefined;
}
