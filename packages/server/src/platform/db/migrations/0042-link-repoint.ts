import type { Kysely } from 'kysely';

/**
 * Re-pointing a lower-tier post from a dead upper-tier page (issue 36 item 3, engine/runner/
 * repoint-post.job.ts). On the link the engine placed (engine_post_links):
 * - `repoint_to`: the live page chosen to replace it, committed before the site is asked to edit
 *   the post, so that a crash or a lost answer edits towards the same page when tried again;
 * - `repointed_from` / `repointed_at`: the dead address the link had and when it was moved (the
 *   link's `url` is then the new page).
 */
export function linkRepointMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('engine_post_links').addColumn('repoint_to', 'text').execute();
      await db.schema.alterTable('engine_post_links').addColumn('repointed_from', 'text').execute();
      await db.schema.alterTable('engine_post_links').addColumn('repointed_at', 'bigint').execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('engine_post_links').dropColumn('repointed_at').execute();
      await db.schema.alterTable('engine_post_links').dropColumn('repointed_from').execute();
      await db.schema.alterTable('engine_post_links').dropColumn('repoint_to').execute();
    },
  };
}
