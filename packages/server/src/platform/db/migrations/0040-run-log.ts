import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect';
import { ownedTable, parentColumn } from './column-types';

/**
 * The run log (issue 35 item 2): one row per thing the engine did or heard for a site of a run —
 * sent, published (with the post's address), found after an unanswered request, a retry planned, a
 * wait, given up, an account registered. Deleted with its project; a project keeps the lines of its
 * last few runs (engine/runner/run-log.ts). `message` is in our words: a site's own text never lands here.
 *
 * account_registrations.bio: the author's bio the identity generated about the campaign's subject
 * (issue 34 item 6), sent with the account where the platform has such a field (WordPress's description).
 *
 * projects.mail_wait_until / mail_waiting: a project verifying mail whose last pass found accounts
 * still without their confirmation mail: when the next pass looks, and for how many (the outlook's
 * "waits for confirmation mail", issue 35 item 2).
 */
export function runLogMigration(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await parentColumn(ownedTable(db, 'run_log', dialect), 'project_id', 'projects')
        .addColumn('run_id', 'integer', (c) => c.notNull())
        .addColumn('post_id', 'integer')
        .addColumn('site_key', 'text', (c) => c.notNull())
        .addColumn('site', 'text', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addColumn('kind', 'varchar(16)', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('url', 'text')
        .execute();
      await db.schema.createIndex('run_log_project_idx').on('run_log').columns(['project_id', 'id']).execute();
      await db.schema.createIndex('run_log_site_idx').on('run_log').columns(['project_id', 'site_key', 'id']).execute();
      await db.schema.alterTable('account_registrations').addColumn('bio', 'text', (c) => c.notNull().defaultTo('')).execute();
      await db.schema.alterTable('projects').addColumn('mail_wait_until', 'bigint').execute();
      await db.schema.alterTable('projects').addColumn('mail_waiting', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('projects').dropColumn('mail_waiting').execute();
      await db.schema.alterTable('projects').dropColumn('mail_wait_until').execute();
      await db.schema.alterTable('account_registrations').dropColumn('bio').execute();
      await db.schema.dropTable('run_log').execute();
    },
  };
}
