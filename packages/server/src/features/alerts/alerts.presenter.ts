import type { Alert, AlertDelivery, AlertDeliveryState, AlertKind } from '@linkloom/shared';
import type { AlertRow } from './alerts.repository';

function delivery(state: string | null, info: string | null): AlertDelivery | null {
  return state === null ? null : { state: state as AlertDeliveryState, info: info ?? '' };
}

/** An alert row as the API shows it (bigint columns read as numbers on both dialects). */
export function presentAlert(row: AlertRow): Alert {
  return {
    id: row.id,
    kind: row.kind as AlertKind,
    campaignId: row.campaign_id,
    linkSetId: row.link_set_id,
    urlItemId: row.url_item_id,
    title: row.title,
    body: row.body,
    url: row.url,
    site: row.site,
    createdAt: Number(row.created_at),
    readAt: row.read_at === null ? null : Number(row.read_at),
    webhook: delivery(row.webhook_state, row.webhook_info),
    email: delivery(row.email_state, row.email_info),
  };
}
