import type { Kysely, Selectable } from 'kysely';
import { ALERTS_PAGE } from '@linkloom/shared';
import type { DB } from '../../platform/db/schema';
import type { AlertsTable } from './alerts.tables';

/** An alert row as the screens need it. */
export type AlertRow = Pick<Selectable<AlertsTable>,
  'id' | 'kind' | 'campaign_id' | 'link_set_id' | 'url_item_id' | 'title' | 'body' | 'url' | 'site' | 'created_at' | 'read_at'
  | 'webhook_state' | 'webhook_info' | 'email_state' | 'email_info'>;

/** The columns of an AlertRow (the engine's reads select the same). */
export const ALERT_COLUMNS = [
  'id', 'kind', 'campaign_id', 'link_set_id', 'url_item_id', 'title', 'body', 'url', 'site', 'created_at', 'read_at',
  'webhook_state', 'webhook_info', 'email_state', 'email_info',
] as const;

/** A page of the user's alerts, newest first; `before` an id for older ones. */
export async function listAlerts(db: Kysely<DB>, ownerId: number, before: number | undefined): Promise<{ rows: AlertRow[]; more: boolean }> {
  let select = db.selectFrom('alerts').select(ALERT_COLUMNS).where('owner_id', '=', ownerId);
  if (before !== undefined) select = select.where('id', '<', before);
  const rows = await select.orderBy('id', 'desc').limit(ALERTS_PAGE + 1).execute();
  return { rows: rows.slice(0, ALERTS_PAGE), more: rows.length > ALERTS_PAGE };
}

/** How many of the user's alerts are unread (the bell's badge). */
export async function countUnreadAlerts(db: Kysely<DB>, ownerId: number): Promise<number> {
  const row = await db.selectFrom('alerts').select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('owner_id', '=', ownerId).where('read_at', 'is', null).executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Marks the user's alerts read: these ids (another user's are simply not matched) or all of them.
 * Answers how many were unread and are read now.
 */
export async function markAlertsRead(db: Kysely<DB>, ownerId: number, ids: readonly number[] | 'all', at: number): Promise<number> {
  let update = db.updateTable('alerts').set({ read_at: at }).where('owner_id', '=', ownerId).where('read_at', 'is', null);
  if (ids !== 'all') update = update.where('id', 'in', [...new Set(ids)]);
  const result = await update.executeTakeFirst();
  return Number(result.numUpdatedRows);
}
