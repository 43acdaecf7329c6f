import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect';
import { ownedTable } from './column-types';

/**
 * Alerts (issue 36 item 4, features/alerts and engine/alerts).
 *
 * `alerts`: one row per alert of a user — a link that became dead (`link_dead`), came back
 * (`link_back`), or a campaign's daily digest (`digest`) — with its words (title, body: what was
 * seen and what to do), the link and site, the campaign (deleted with it), the link set and link
 * (plain ids: an alert outlives the link it tells of, and no foreign key slows a link set's
 * delete), when it was read, and the latest outcome of its webhook and email deliveries.
 * `event_key` makes raising idempotent: one alert per event (`dead:{link}:{since}`,
 * `back:{link}:{at}`, `digest:{campaign}:{day}`), however often the event or the job comes.
 *
 * `alert_settings`: one row per user who changed the defaults (digest on, email off, no webhook):
 * the webhook address (sealed: it may carry a token), email and digest switches, and the latest
 * webhook outcome for the settings screen.
 */
export function alertsMigration(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await ownedTable(db, 'alerts', dialect)
        .addColumn('campaign_id', 'integer', (c) => c.references('campaigns.id').onDelete('cascade'))
        .addColumn('kind', 'varchar(16)', (c) => c.notNull())
        .addColumn('event_key', 'varchar(100)', (c) => c.notNull())
        .addColumn('url_item_id', 'integer')
        .addColumn('link_set_id', 'integer')
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('url', 'text')
        .addColumn('site', 'text')
        .addColumn('read_at', 'bigint')
        .addColumn('webhook_state', 'varchar(16)')
        .addColumn('webhook_info', 'text')
        .addColumn('email_state', 'varchar(16)')
        .addColumn('email_info', 'text')
        .execute();
      await db.schema.createIndex('alerts_event_idx').on('alerts').columns(['owner_id', 'event_key']).unique().execute();
      await db.schema.createIndex('alerts_owner_idx').on('alerts').columns(['owner_id', 'id']).execute();
      await db.schema.createIndex('alerts_unread_idx').on('alerts').columns(['owner_id', 'read_at']).execute();
      await db.schema.createIndex('alerts_day_idx').on('alerts').columns(['created_at']).execute();
      await db.schema.createIndex('alerts_campaign_idx').on('alerts').column('campaign_id').execute();

      await ownedTable(db, 'alert_settings', dialect)
        .addColumn('webhook_url', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('email_enabled', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('digest_enabled', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('webhook_last_at', 'bigint')
        .addColumn('webhook_last_ok', 'integer')
        .addColumn('webhook_last_info', 'text')
        .execute();
      await db.schema.createIndex('alert_settings_owner_idx').on('alert_settings').column('owner_id').unique().execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('alert_settings').execute();
      await db.schema.dropTable('alerts').execute();
    },
  };
}
