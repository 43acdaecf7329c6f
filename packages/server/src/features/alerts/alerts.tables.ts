import type { Generated } from 'kysely';

/** One alert of a user (migration 0041): a link lost or back, or a campaign's daily digest. */
export interface AlertsTable {
  id: Generated<number>;
  owner_id: number;
  created_at: number;
  /** The campaign it is about (deleted with it); null for none. */
  campaign_id: number | null;
  /** link_dead, link_back or digest (shared ALERT_KINDS). */
  kind: string;
  /** One alert per event: `dead:{urlItemId}:{since}`, `back:{urlItemId}:{at}`, `digest:{campaignId}:{day}` (unique per owner). */
  event_key: string;
  url_item_id: number | null;
  link_set_id: number | null;
  title: string;
  /** What was seen and what to do. */
  body: string;
  url: string | null;
  site: string | null;
  read_at: number | null;
  /** The webhook delivery's latest outcome (shared ALERT_DELIVERY_STATES); null when none was asked for. */
  webhook_state: string | null;
  webhook_info: string | null;
  email_state: string | null;
  email_info: string | null;
}

/** A user's alert choices (migration 0041); no row: the defaults (digest on, email off, no webhook). */
export interface AlertSettingsTable {
  id: Generated<number>;
  owner_id: number;
  created_at: number;
  /** Sealed (secretBoxOf): a webhook address may carry a token. '' for none. */
  webhook_url: string;
  email_enabled: number;
  digest_enabled: number;
  updated_at: number;
  /** The latest webhook delivery or test: when, whether it was delivered, our summary. */
  webhook_last_at: number | null;
  webhook_last_ok: number | null;
  webhook_last_info: string | null;
}

/** This feature's tables (platform/db/schema.ts joins them into DB). */
export interface AlertTables {
  alerts: AlertsTable;
  alert_settings: AlertSettingsTable;
}
