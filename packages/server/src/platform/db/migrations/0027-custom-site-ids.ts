import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../dialect';

/**
 * The first id a custom site gets. A posting project's site list holds the user's custom sites and
 * the private-network sites of its module under one key shape, `Module:siteId` (spec 1 site row):
 * custom site 3 and private site 3 of one module were one key, so ticking one ticked both and the
 * engine could not tell which one a post was for. Private sites keep their ids (projects already
 * name them); custom sites count on from here, far above any private site id.
 */
export const FIRST_CUSTOM_SITE_ID = 1_000_000_001;

export function customSiteIdsMigration(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      const last = FIRST_CUSTOM_SITE_ID - 1;
      if (dialect === 'postgres') {
        await sql`select setval(pg_get_serial_sequence('custom_sites', 'id'), greatest(${sql.lit(last)}, (select coalesce(max(id), 0) from custom_sites)))`.execute(db);
      } else {
        const { rows } = await sql<{ n: number }>`select count(*) as n from sqlite_sequence where name = 'custom_sites'`.execute(db);
        if (Number(rows[0]?.n ?? 0) === 0) await sql`insert into sqlite_sequence (name, seq) values ('custom_sites', ${sql.lit(last)})`.execute(db);
        else await sql`update sqlite_sequence set seq = max(seq, ${sql.lit(last)}) where name = 'custom_sites'`.execute(db);
      }
    },
    async down(): Promise<void> {
      // Ids already given stay; nothing to undo.
    },
  };
}
