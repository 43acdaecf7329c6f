import type { Kysely } from 'kysely';
import type { AlertSettingsBody } from '@linkloom/shared';
import { secretBoxOf } from '../../platform/crypto/database-secrets';
import type { DB } from '../../platform/db/schema';

/** A user's alert choices with the webhook address opened, and the webhook's latest outcome. */
export interface StoredAlertSettings extends AlertSettingsBody {
  lastWebhook: { at: number; ok: boolean; info: string } | null;
}

/** What a user who never saved the settings has: the in-app digest, no email, no webhook. */
export const DEFAULT_ALERT_SETTINGS: StoredAlertSettings = { webhookUrl: '', emailEnabled: false, digestEnabled: true, lastWebhook: null };

/** The user's alert settings (the defaults when never saved); the webhook address is opened here, at the repository's boundary. */
export async function readAlertSettings(db: Kysely<DB>, ownerId: number): Promise<StoredAlertSettings> {
  const row = await db.selectFrom('alert_settings')
    .select(['webhook_url', 'email_enabled', 'digest_enabled', 'webhook_last_at', 'webhook_last_ok', 'webhook_last_info'])
    .where('owner_id', '=', ownerId).executeTakeFirst();
  if (!row) return DEFAULT_ALERT_SETTINGS;
  return {
    webhookUrl: secretBoxOf(db).open(row.webhook_url),
    emailEnabled: row.email_enabled === 1,
    digestEnabled: row.digest_enabled === 1,
    lastWebhook: row.webhook_last_at === null ? null : { at: Number(row.webhook_last_at), ok: row.webhook_last_ok === 1, info: row.webhook_last_info ?? '' },
  };
}

/** Saves the user's choices (the webhook address sealed: it may carry a token). */
export async function saveAlertSettings(db: Kysely<DB>, ownerId: number, settings: AlertSettingsBody, now = Date.now()): Promise<void> {
  const values = {
    webhook_url: secretBoxOf(db).seal(settings.webhookUrl),
    email_enabled: settings.emailEnabled ? 1 : 0,
    digest_enabled: settings.digestEnabled ? 1 : 0,
    updated_at: now,
  };
  await db.insertInto('alert_settings').values({ owner_id: ownerId, created_at: now, ...values })
    .onConflict((oc) => oc.column('owner_id').doUpdateSet(values))
    .execute();
}

/** Keeps the latest webhook outcome (a delivery or a test) for the settings screen. */
export async function recordWebhookOutcome(db: Kysely<DB>, ownerId: number, outcome: { at: number; ok: boolean; info: string }): Promise<void> {
  const values = { webhook_last_at: outcome.at, webhook_last_ok: outcome.ok ? 1 : 0, webhook_last_info: outcome.info.slice(0, 1000) };
  await db.insertInto('alert_settings').values({
    owner_id: ownerId, created_at: outcome.at, updated_at: outcome.at, webhook_url: '', email_enabled: 0, digest_enabled: 1, ...values,
  }).onConflict((oc) => oc.column('owner_id').doUpdateSet(values)).execute();
}

/** The account's user name (its email address when it is one: where email alerts go). */
export async function accountUsername(db: Kysely<DB>, ownerId: number): Promise<string | undefined> {
  return (await db.selectFrom('users').select('username').where('id', '=', ownerId).executeTakeFirst())?.username;
}
