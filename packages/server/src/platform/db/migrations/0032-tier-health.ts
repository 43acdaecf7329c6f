import { sql, type Kysely } from 'kysely';

/**
 * Tier health and reports (issue 18.2 and 18.4).
 *
 * - url_items.dead_since / dead_reason: the verdict of the tier-health rules (shared
 *   domain/link-health targetHealth) kept on the link by each check: when the post became dead
 *   (two dead checks in a row) and why (MISSING or GONE); null while it is alive. Lower tiers
 *   compose their posts only from links with dead_since null. Links already dead before this
 *   version get their verdict at their next scheduled check (next_check_at, migration 0029).
 * - Indexes for the campaign reports on large campaigns: url_items by output post (the join from a
 *   campaign's posts to their links); the engine's output links (a partial index: post_id set)
 *   by link set with site, latest check, health and publish time, so the one grouped read behind
 *   dropped targets, survival, dofollow share and the per-project counts reads the index alone; engine_posts by project, state and times (posts per
 *   day, planned and published).
 */
export function tierHealthMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('url_items').addColumn('dead_since', 'bigint').execute();
      await db.schema.alterTable('url_items').addColumn('dead_reason', 'varchar(16)').execute();
      await db.schema.createIndex('url_items_post_idx').on('url_items').columns(['post_id']).execute();
      // Only the engine's output links (post_id set), whose site is the blog's URL: a short text, so
      // the plain column fits a btree entry, and the report's grouped read is index-only.
      await db.schema.createIndex('url_items_report_idx').on('url_items')
        .columns(['url_list_id', 'site', 'check_status', 'dead_reason', 'dead_since', 'date_added', 'post_id'])
        .where(sql.ref('post_id'), 'is not', null).execute();
      await db.schema.createIndex('engine_posts_project_state_idx').on('engine_posts').columns(['project_id', 'state', 'updated_at', 'start_after', 'created_at']).execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('engine_posts_project_state_idx').execute();
      await db.schema.dropIndex('url_items_report_idx').execute();
      await db.schema.dropIndex('url_items_post_idx').execute();
      await db.schema.alterTable('url_items').dropColumn('dead_reason').execute();
      await db.schema.alterTable('url_items').dropColumn('dead_since').execute();
    },
  };
}
