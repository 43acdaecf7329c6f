import type { Kysely } from 'kysely';

/**
 * Anchor mix fidelity (issue 18.5): each placed link keeps the input link set it came from and the
 * kind of anchor chosen for it (primary, secondary, branded, generic, nakedUrl, linkAnchor), so the
 * engine's quota draw reads the anchors already placed from a link set (its counts by kind, across
 * runs, jobs and restarts) with one grouped read of the index. Links placed before this version
 * have neither (null) and are not counted.
 */
export function anchorQuotaMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('engine_post_links').addColumn('link_set_id', 'integer').execute();
      await db.schema.alterTable('engine_post_links').addColumn('anchor_type', 'varchar(16)').execute();
      await db.schema.createIndex('engine_post_links_quota_idx').on('engine_post_links').columns(['link_set_id', 'anchor_type', 'post_id']).execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('engine_post_links_quota_idx').execute();
      await db.schema.alterTable('engine_post_links').dropColumn('anchor_type').execute();
      await db.schema.alterTable('engine_post_links').dropColumn('link_set_id').execute();
    },
  };
}
