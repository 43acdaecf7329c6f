import type { Kysely } from 'kysely';
import type { AlertDeliveryState, AlertKind } from '@linkloom/shared';
import type { DB } from '../../platform/db/schema';
import { ALERT_COLUMNS, type AlertRow } from '../seams';
import type { DigestSource } from './digest';

/** What an alert about a link names: the link, its site, its link set and the set's campaign. */
export interface AlertLink {
  url: string;
  site: string | null;
  linkSetId: number;
  linkSet: string;
  campaignId: number;
  campaign: string;
}

/** The link as it is now, with its link set and campaign; undefined when it (or its set) is gone or not the owner's. */
export async function findAlertLink(db: Kysely<DB>, ownerId: number, urlItemId: number): Promise<AlertLink | undefined> {
  const row = await db.selectFrom('url_items as link')
    .innerJoin('url_lists as list', 'list.id', 'link.url_list_id')
    .innerJoin('campaigns as campaign', 'campaign.id', 'list.campaign_id')
    .select(['link.url', 'link.site', 'list.id as link_set_id', 'list.name as link_set', 'campaign.id as campaign_id', 'campaign.name as campaign'])
    .where('link.id', '=', urlItemId).where('link.owner_id', '=', ownerId)
    .executeTakeFirst();
  return row && { url: row.url, site: row.site, linkSetId: row.link_set_id, linkSet: row.link_set, campaignId: row.campaign_id, campaign: row.campaign };
}

/** An alert to store; the delivery states are set when the user asked for that delivery. */
export interface NewAlert {
  ownerId: number;
  kind: AlertKind;
  eventKey: string;
  campaignId: number | null;
  linkSetId: number | null;
  urlItemId: number | null;
  title: string;
  body: string;
  url: string | null;
  site: string | null;
  createdAt: number;
  webhook: { state: AlertDeliveryState; info: string } | null;
  email: { state: AlertDeliveryState; info: string } | null;
}

/** Stores the alert; undefined when the alert of this event exists already (the event came twice). */
export async function insertAlert(db: Kysely<DB>, alert: NewAlert): Promise<AlertRow | undefined> {
  return db.insertInto('alerts').values({
    owner_id: alert.ownerId, created_at: alert.createdAt, campaign_id: alert.campaignId, kind: alert.kind, event_key: alert.eventKey,
    url_item_id: alert.urlItemId, link_set_id: alert.linkSetId, title: alert.title, body: alert.body, url: alert.url, site: alert.site,
    read_at: null, webhook_state: alert.webhook?.state ?? null, webhook_info: alert.webhook?.info ?? null,
    email_state: alert.email?.state ?? null, email_info: alert.email?.info ?? null,
  }).onConflict((oc) => oc.columns(['owner_id', 'event_key']).doNothing()).returning(ALERT_COLUMNS).executeTakeFirst();
}

/** The owner's alerts of these ids with their campaign's name (another owner's are not found), oldest first. */
export async function findAlerts(db: Kysely<DB>, ownerId: number, ids: readonly number[]): Promise<(AlertRow & { campaign: string | null })[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('alerts')
    .leftJoin('campaigns', 'campaigns.id', 'alerts.campaign_id')
    .select(ALERT_COLUMNS.map((column) => `alerts.${column}` as const))
    .select('campaigns.name as campaign')
    .where('alerts.owner_id', '=', ownerId).where('alerts.id', 'in', [...ids])
    .orderBy('alerts.id')
    .execute();
}

/** Records a delivery's outcome on the owner's alerts. */
export async function setAlertDelivery(
  db: Kysely<DB>, ownerId: number, ids: readonly number[], channel: 'webhook' | 'email', state: AlertDeliveryState, info: string,
): Promise<void> {
  if (ids.length === 0) return;
  const values = channel === 'webhook' ? { webhook_state: state, webhook_info: info.slice(0, 1000) } : { email_state: state, email_info: info.slice(0, 1000) };
  await db.updateTable('alerts').set(values).where('owner_id', '=', ownerId).where('id', 'in', [...ids]).execute();
}

const linkAlertsOfDay = (db: Kysely<DB>, from: number, to: number) => db.selectFrom('alerts')
  .where('alerts.created_at', '>=', from).where('alerts.created_at', '<', to)
  .where('alerts.kind', 'in', ['link_dead', 'link_back']).where('alerts.campaign_id', 'is not', null);

/** The users with link alerts raised in [from, to) whose digest is on (no settings row: on, the default). */
export async function digestOwners(db: Kysely<DB>, from: number, to: number): Promise<number[]> {
  const rows = await linkAlertsOfDay(db, from, to)
    .leftJoin('alert_settings', 'alert_settings.owner_id', 'alerts.owner_id')
    .where((eb) => eb.or([eb('alert_settings.digest_enabled', 'is', null), eb('alert_settings.digest_enabled', '=', 1)]))
    .select('alerts.owner_id').distinct().orderBy('alerts.owner_id').execute();
  return rows.map((row) => row.owner_id);
}

/** The user's link alerts raised in [from, to), by campaign and time. */
export async function digestSources(db: Kysely<DB>, ownerId: number, from: number, to: number): Promise<DigestSource[]> {
  const rows = await linkAlertsOfDay(db, from, to)
    .innerJoin('campaigns', 'campaigns.id', 'alerts.campaign_id')
    .select(['alerts.campaign_id', 'campaigns.name as campaign', 'alerts.kind', 'alerts.url', 'alerts.site'])
    .where('alerts.owner_id', '=', ownerId)
    .orderBy('alerts.campaign_id').orderBy('alerts.id')
    .execute();
  return rows.map((row) => ({ campaignId: row.campaign_id!, campaign: row.campaign, kind: row.kind as DigestSource['kind'], url: row.url ?? '', site: row.site ?? '' }));
}

/** The account's user name (its address when it is one). */
export async function ownerUsername(db: Kysely<DB>, ownerId: number): Promise<string | undefined> {
  return (await db.selectFrom('users').select('username').where('id', '=', ownerId).executeTakeFirst())?.username;
}
