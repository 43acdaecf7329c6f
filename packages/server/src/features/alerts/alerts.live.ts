import type { AppContext } from '../../app-context';
import { presentAlert } from './alerts.presenter';
import { countUnreadAlerts, type AlertRow } from './alerts.repository';

/**
 * After an alert is committed: the user's bell hears it on `alerts` (alertRaised) with the new
 * unread count. Best effort: never rejects (a worker process has no live channel; the bell reads
 * the count again when it reconnects).
 */
export async function publishAlertRaised(ctx: AppContext, ownerId: number, row: AlertRow): Promise<void> {
  const live = ctx.live;
  if (!live) return;
  const unread = await countUnreadAlerts(ctx.database.db, ownerId).catch(() => undefined);
  if (unread !== undefined) live.publish(ownerId, 'alerts', 'alertRaised', { alert: presentAlert(row), unread });
}

/** After alerts were marked read: every open bell of the user follows (`ids` null: all of them). */
export function publishAlertsRead(ctx: AppContext, ownerId: number, ids: number[] | null, unread: number): void {
  ctx.live?.publish(ownerId, 'alerts', 'alertsRead', { ids, unread });
}
