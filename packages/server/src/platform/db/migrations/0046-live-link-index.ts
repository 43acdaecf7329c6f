import { sql, type Kysely } from 'kysely';

/**
 * The live links of a set in id order, by themselves (engine/runner/links-at-positions.ts): a post
 * composed from a set too large to load whole picks its links by position among the set's live
 * links (dead_since null). Through `url_items_list_idx` every link skipped on the way was read
 * from the table to test dead_since — the 500,000th of a million links took about 100 ms, holding
 * the database connection everyone shares. This partial index holds only the live links, so the
 * skip reads index entries alone (about a tenth of the time). A link found dead leaves it, one
 * revived comes back: SQLite and PostgreSQL keep a partial index in step with every write.
 */
export function liveLinkIndexMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.createIndex('url_items_live_idx').on('url_items').columns(['url_list_id', 'id']).where(sql.ref('dead_since'), 'is', null).execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('url_items_live_idx').execute();
    },
  };
}
