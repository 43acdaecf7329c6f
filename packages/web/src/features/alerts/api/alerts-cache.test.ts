import { describe, expect, it } from 'vitest';
import type { Alert } from '@linkloom/shared';
import { alertPageUrl, nextAlertPage, postHref, withRaisedAlert, withReadAlerts, type AlertPages } from './alerts-cache';

const alert = (id: number, readAt: number | null = null): Alert => ({
  id, kind: 'link_dead', campaignId: 1, linkSetId: 2, urlItemId: 3, title: `Alert ${id}`, body: '', url: null, site: null,
  createdAt: id, readAt, webhook: null, email: null,
});
const pages = (...lists: Alert[][]): AlertPages => ({
  pages: lists.map((alerts, index) => ({ alerts, unread: 2, more: index < lists.length - 1 })),
  pageParams: lists.map((_, index) => (index === 0 ? undefined : lists[index - 1]!.at(-1)!.id)),
});

describe('the bell list cache', () => {
  it('puts a live alert on top once, with the count it came with', () => {
    const data = pages([alert(5), alert(4)], [alert(3)]);
    const raised = withRaisedAlert(data, alert(6), 3);
    expect(raised.pages[0]!.alerts.map((a) => a.id)).toEqual([6, 5, 4]);
    expect(raised.pages.map((page) => page.unread)).toEqual([3, 3]);
    expect(withRaisedAlert(raised, alert(6), 3)).toBe(raised);
    expect(withRaisedAlert(data, alert(3), 3)).toBe(data);
  });

  it('marks the named alerts read, or all of them, keeping those read before', () => {
    const data = pages([alert(5), alert(4, 100)], [alert(3)]);
    const some = withReadAlerts(data, [5, 3], 0, 200);
    expect(some.pages.flatMap((page) => page.alerts.map((a) => [a.id, a.readAt]))).toEqual([[5, 200], [4, 100], [3, 200]]);
    const all = withReadAlerts(pages([alert(2), alert(1)]), null, 0, 300);
    expect(all.pages[0]!.alerts.map((a) => a.readAt)).toEqual([300, 300]);
    expect(all.pages[0]!.unread).toBe(0);
  });

  it('pages by the last id shown while more are left, and links only http(s) addresses', () => {
    expect(alertPageUrl(undefined)).toBe('/rest/alerts');
    expect(alertPageUrl(17)).toBe('/rest/alerts?before=17');
    expect(nextAlertPage({ alerts: [alert(9), alert(8)], unread: 0, more: true })).toBe(8);
    expect(nextAlertPage({ alerts: [alert(9)], unread: 0, more: false })).toBeUndefined();
    expect(postHref('https://blog.example/post/')).toBe('https://blog.example/post/');
    expect(postHref('javascript:alert(1)')).toBeUndefined();
    expect(postHref(null)).toBeUndefined();
  });
});
