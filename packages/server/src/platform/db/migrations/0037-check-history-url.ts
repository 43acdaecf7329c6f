import { sql, type Kysely } from 'kysely';

/**
 * The URL each check read (issue 18.2, tier health after a re-publish).
 *
 * - link_check_history.url: the output link's URL when the check was made. A re-published post's
 *   link keeps its history but moves to the copy's URL; the tier-health verdict (two dead checks in
 *   a row) counts only the checks of the link's current URL, so the copy's first bad check is not
 *   "dead twice" with the dead original's. The grid still shows the whole history.
 * - Existing rows get their link's URL; rows of an already re-published post made before its
 *   re-publish (checked_at before engine_posts.republished_at, both from the same clock) get the
 *   URL it replaced.
 */
export function checkHistoryUrlMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('link_check_history').addColumn('url', 'text').execute();
      await sql`UPDATE link_check_history SET url = (SELECT u.url FROM url_items u WHERE u.id = link_check_history.url_item_id)`.execute(db);
      await sql`UPDATE link_check_history SET url = (
          SELECT p.replaced_url FROM url_items u JOIN engine_posts p ON p.id = u.post_id
          WHERE u.id = link_check_history.url_item_id AND p.republished_at IS NOT NULL AND link_check_history.checked_at < p.republished_at)
        WHERE EXISTS (
          SELECT 1 FROM url_items u JOIN engine_posts p ON p.id = u.post_id
          WHERE u.id = link_check_history.url_item_id AND p.republished_at IS NOT NULL AND link_check_history.checked_at < p.republished_at)`.execute(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('link_check_history').dropColumn('url').execute();
    },
  };
}
