import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect';
import { ownedTable, parentColumn } from './column-types';

/**
 * The engine's runs (engine/README.md "Data"): one `project_runs` row per Start, one `engine_posts`
 * row per post of a run (its idempotency key is recorded before anything is published), the links
 * each post carries, and the verification state of output links on `url_items`.
 */
export function engineRunsMigration(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await parentColumn(ownedTable(db, 'project_runs', dialect), 'project_id', 'projects')
        .addColumn('state', 'varchar(16)', (c) => c.notNull().defaultTo('running'))
        .addColumn('started_at', 'bigint', (c) => c.notNull())
        .addColumn('finished_at', 'bigint')
        .addColumn('posts_planned', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('posts_done', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('posts_failed', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_error', 'text', (c) => c.notNull().defaultTo('[]'))
        .execute();
      await db.schema.createIndex('project_runs_project_idx').on('project_runs').columns(['project_id', 'id']).execute();
      // A project's newest run is the one that matters; the owner's running ones are counted for maxConcurrentProjects.
      await db.schema.createIndex('project_runs_owner_state_idx').on('project_runs').columns(['owner_id', 'state']).execute();

      await parentColumn(parentColumn(ownedTable(db, 'engine_posts', dialect), 'project_id', 'projects'), 'run_id', 'project_runs')
        .addColumn('site_key', 'varchar(512)', (c) => c.notNull())
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('idempotency_key', 'varchar(255)', (c) => c.notNull().unique())
        .addColumn('state', 'varchar(16)', (c) => c.notNull().defaultTo('planned'))
        .addColumn('start_after', 'bigint')
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('accounts_tried', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('account_email', 'varchar(255)')
        .addColumn('article_id', 'integer')
        .addColumn('job_id', 'varchar(64)')
        .addColumn('remote_url', 'text')
        .addColumn('remote_id', 'varchar(64)')
        .addColumn('last_error', 'text')
        .addColumn('url_item_id', 'integer')
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('engine_posts_run_idx').on('engine_posts').columns(['run_id', 'state']).execute();
      await db.schema.createIndex('engine_posts_owner_state_idx').on('engine_posts').columns(['owner_id', 'state']).execute();

      await parentColumn(ownedTable(db, 'engine_post_links', dialect), 'post_id', 'engine_posts')
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('anchor', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('engine_post_links_post_idx').on('engine_post_links').column('post_id').execute();

      await db.schema.alterTable('url_items').addColumn('check_status', 'varchar(16)', (c) => c.notNull().defaultTo('NONE')).execute();
      await db.schema.alterTable('url_items').addColumn('check_info', 'text').execute();
      await db.schema.alterTable('url_items').addColumn('checked_at', 'bigint').execute();
      await db.schema.alterTable('url_items').addColumn('post_id', 'integer').execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      for (const column of ['post_id', 'checked_at', 'check_info', 'check_status']) {
        await db.schema.alterTable('url_items').dropColumn(column).execute();
      }
      await db.schema.dropTable('engine_post_links').execute();
      await db.schema.dropTable('engine_posts').execute();
      await db.schema.dropTable('project_runs').execute();
    },
  };
}
