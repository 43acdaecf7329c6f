import type { Kysely } from 'kysely';

/**
 * Re-publishing a dead own-site post (issue 18.2) and retries that keep a post's planned day.
 *
 * - engine_posts.republish_state: null until the engine re-publishes the post once (the project's
 *   "Re-publish dead posts" setting, a post found dead by the tier-health rules); `publishing` is
 *   committed before the site is called (an unknown outcome is looked up by the re-publish's own
 *   idempotency key before posting again), then `published` (or `failed`, with the reason in the
 *   project's log). Any non-null state means the post is never re-published a second time.
 * - engine_posts.republished_at: when the new copy appeared; replaced_url: the dead URL it replaced
 *   (remote_url / remote_id then name the new copy, and the output link points at it).
 * - engine_posts.not_before: a retry's (or a paused campaign's) not-before instant, apart from
 *   start_after, which keeps the instant the plan gave the post (the posts-per-day report's plan).
 */
export function postRepublishMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('engine_posts').addColumn('republish_state', 'varchar(16)').execute();
      await db.schema.alterTable('engine_posts').addColumn('republished_at', 'bigint').execute();
      await db.schema.alterTable('engine_posts').addColumn('replaced_url', 'text').execute();
      await db.schema.alterTable('engine_posts').addColumn('not_before', 'bigint').execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('engine_posts').dropColumn('not_before').execute();
      await db.schema.alterTable('engine_posts').dropColumn('replaced_url').execute();
      await db.schema.alterTable('engine_posts').dropColumn('republished_at').execute();
      await db.schema.alterTable('engine_posts').dropColumn('republish_state').execute();
    },
  };
}
