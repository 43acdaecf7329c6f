import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect';
import { ownedTable, parentColumn } from './column-types';

/**
 * What a run decides for its posts when it starts (issue 34 items 3–5), so posts built side by
 * side never take the same least-used article or target:
 * - engine_posts.planned_article_id / article_variant: the article the plan gave the post and how
 *   many earlier posts of the project carried its title (a reuse is spun and retitled); article_id
 *   stays "the article counted for the post" (usage counted when publishing begins).
 * - engine_posts.targets_planned (0/1) and engine_post_targets: the links the plan gave the post
 *   from each input link set (even spread, none on the post's own registrable domain) and the anchor
 *   kind drawn for each (anchor_type; null: drawn when built); 1 with no row means the plan gave it
 *   none. Posts planned before this version (0) draw as before.
 * - url_lists.link_anchor_percentage: the share of anchors that are the link's own anchor (a tier's
 *   output link set: the target post's title), the sixth kind of a link set's mix.
 */
export function postPlanMigration(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('engine_posts').addColumn('planned_article_id', 'integer').execute();
      await db.schema.alterTable('engine_posts').addColumn('article_variant', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.alterTable('engine_posts').addColumn('targets_planned', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await parentColumn(ownedTable(db, 'engine_post_targets', dialect), 'post_id', 'engine_posts')
        .addColumn('link_set_id', 'integer', (c) => c.notNull())
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('anchor', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('anchor_type', 'varchar(16)')
        .execute();
      await db.schema.createIndex('engine_post_targets_post_idx').on('engine_post_targets').column('post_id').execute();
      await db.schema.createIndex('engine_post_targets_set_idx').on('engine_post_targets').columns(['link_set_id', 'post_id']).execute();
      await db.schema.alterTable('url_lists').addColumn('link_anchor_percentage', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('url_lists').dropColumn('link_anchor_percentage').execute();
      await db.schema.dropTable('engine_post_targets').execute();
      await db.schema.alterTable('engine_posts').dropColumn('targets_planned').execute();
      await db.schema.alterTable('engine_posts').dropColumn('article_variant').execute();
      await db.schema.alterTable('engine_posts').dropColumn('planned_article_id').execute();
    },
  };
}
