import type { Kysely } from 'kysely';

/**
 * What a post is about to be published as, recorded before the site is called (issue 34): the
 * item carries no marker of ours any more (no key in its slug or page name), so after an unknown
 * outcome the engine finds it by these.
 *
 * - engine_posts.intent_title: the post's title as sent.
 * - engine_posts.intent_name: its name on the site — the WordPress slug, the MediaWiki page name —
 *   chosen from the title, free on the site when chosen.
 * - engine_posts.intent_site: the site it goes to (its normalised address).
 * - engine_posts.intent_at: wall-clock ms when that name was first recorded for the post.
 * - engine_posts_intent_name_idx: unique (intent_site, intent_name), so no two posts of this
 *   installation ever intend one name on one site, which a look-up could not tell apart.
 *
 * - engine_posts.replaced_name: a re-published copy's original's name, which the copy never takes
 *   (a copy at the dead URL would inherit the original's dead checks).
 *
 * A re-published copy (republish_state) records its own intent in the same columns: the
 * original's is no longer needed once it is recorded. Rows from before stay null (a post left
 * publishing by an older version is looked up by the name that version gave it).
 */
export function publishIntentMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('engine_posts').addColumn('intent_title', 'text').execute();
      await db.schema.alterTable('engine_posts').addColumn('intent_name', 'text').execute();
      await db.schema.alterTable('engine_posts').addColumn('intent_site', 'text').execute();
      await db.schema.alterTable('engine_posts').addColumn('intent_at', 'bigint').execute();
      await db.schema.alterTable('engine_posts').addColumn('replaced_name', 'text').execute();
      await db.schema.createIndex('engine_posts_intent_name_idx').on('engine_posts').columns(['intent_site', 'intent_name']).unique().execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('engine_posts_intent_name_idx').execute();
      await db.schema.alterTable('engine_posts').dropColumn('replaced_name').execute();
      await db.schema.alterTable('engine_posts').dropColumn('intent_at').execute();
      await db.schema.alterTable('engine_posts').dropColumn('intent_site').execute();
      await db.schema.alterTable('engine_posts').dropColumn('intent_name').execute();
      await db.schema.alterTable('engine_posts').dropColumn('intent_title').execute();
    },
  };
}
