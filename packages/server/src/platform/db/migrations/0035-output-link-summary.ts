import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../dialect';
import {
  SUMMARY_KEY, sqliteCountIn, sqliteCountOut, summaryBackfill, summaryKeyOf, summaryRowOf,
} from '../output-link-summary';

/** The url_items columns the summary's key is made of: an update of any other column leaves it alone. */
const KEY_SOURCES = ['owner_id', 'url_list_id', 'post_id', 'site', 'check_status', 'dead_reason', 'date_added', 'dead_since'] as const;

/**
 * The campaign reports on 1,000,000 links (issue 18, goal p99 ≤ 200 ms): output_link_summary counts
 * the engine's published output links by owner, link set, site, latest check, dead reason, UTC day
 * added and whole days lived (platform/db/output-link-summary.ts says how it is kept and why the
 * survival figures stay exact). The report reads this summary — a few thousand rows — instead of
 * grouping every output link of the campaign on each call. Output links stored before this
 * version are counted here (the backfill). Deleted with its link set or its user. The links of the
 * one UTC day a survival age's cut falls in are read from url_items through url_items_report_day_idx
 * (the engine's output links only, by link set and date added, covering what the report reads).
 */
export function outputLinkSummaryMigration(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.createTable('output_link_summary')
        .addColumn('url_list_id', 'integer', (c) => c.notNull().references('url_lists.id').onDelete('cascade'))
        .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('site', 'text', (c) => c.notNull())
        .addColumn('check_status', 'varchar(16)', (c) => c.notNull())
        .addColumn('dead_reason', 'varchar(16)', (c) => c.notNull())
        .addColumn('day_added', 'bigint', (c) => c.notNull())
        .addColumn('days_lived', 'bigint', (c) => c.notNull())
        .addColumn('n', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('output_link_summary_pk', [...SUMMARY_KEY])
        .execute();
      await db.schema.createIndex('output_link_summary_owner_idx').on('output_link_summary').columns(['owner_id']).execute();
      await sql.raw(summaryBackfill(dialect)).execute(db);
      // The links of a survival cut's own day, read from url_items by the report: index-only (SQLite
      // takes a partial index as covering only when it holds post_id too).
      await db.schema.createIndex('url_items_report_day_idx').on('url_items')
        .columns(['url_list_id', 'date_added', 'owner_id', 'site', 'check_status', 'dead_reason', 'dead_since', 'post_id'])
        .where(sql.ref('post_id'), 'is not', null).execute();
      if (dialect === 'sqlite') await sqliteTriggers(db);
      else await postgresTriggers(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      if (dialect === 'sqlite') {
        await sql`drop trigger if exists temp.output_link_summary_insert`.execute(db);
        await sql`drop trigger if exists output_link_summary_update`.execute(db);
        await sql`drop trigger if exists output_link_summary_delete`.execute(db);
      } else {
        for (const name of ['insert', 'update', 'delete']) {
          await sql.raw(`drop trigger if exists output_link_summary_${name} on url_items`).execute(db);
          await sql.raw(`drop function if exists output_link_summary_${name}()`).execute(db);
        }
      }
      await db.schema.dropIndex('url_items_report_day_idx').execute();
      await db.schema.dropTable('output_link_summary').execute();
    },
  };
}

/** Any of the key's source columns differs between `old` and `new` (`differ`: SQLite's `is not`, PostgreSQL's `is distinct from`). */
function keyChanged(differ: string): string {
  return `(old.post_id is not null or new.post_id is not null) and (${KEY_SOURCES.map((column) => `old.${column} ${differ} new.${column}`).join(' or ')})`;
}

async function sqliteTriggers(db: Kysely<unknown>): Promise<void> {
  // The insert trigger is each connection's own (keepOutputLinkSummaryInStep, added after the migrations).
  await sql.raw(`create trigger output_link_summary_update after update of ${KEY_SOURCES.join(', ')} on url_items
    when ${keyChanged('is not')} begin
    ${sqliteCountOut('old', 'old.post_id is not null')}
    ${sqliteCountIn('new', 'new.post_id is not null')}
  end`).execute(db);
  await sql.raw(`create trigger output_link_summary_delete after delete on url_items when old.post_id is not null begin
    ${sqliteCountOut('old', 'true')}
  end`).execute(db);
}

async function postgresTriggers(db: Kysely<unknown>): Promise<void> {
  const columns = SUMMARY_KEY.join(', ');
  const groupBy = SUMMARY_KEY.map((_, i) => i + 1).join(', ');
  const grouped = (rows: string) => `select ${summaryKeyOf(rows, 'postgres').map((expression, i) => `${expression} as ${SUMMARY_KEY[i]!}`).join(', ')}, count(*) as n
    from ${rows} where post_id is not null group by ${groupBy}`;
  const sameKey = (other: string) => SUMMARY_KEY.map((column) => `output_link_summary.${column} = ${other}.${column}`).join(' and ');
  // Per statement over its rows (an import's 500-row insert: one grouped read).
  await sql.raw(`create function output_link_summary_insert() returns trigger language plpgsql as $$
    begin
      insert into output_link_summary (${columns}, n) ${grouped('new_rows')}
        on conflict (${columns}) do update set n = output_link_summary.n + excluded.n;
      return null;
    end $$`).execute(db);
  await sql.raw(`create function output_link_summary_delete() returns trigger language plpgsql as $$
    begin
      update output_link_summary set n = output_link_summary.n - removed.n from (${grouped('old_rows')}) as removed where ${sameKey('removed')};
      delete from output_link_summary where n <= 0 and url_list_id in (select url_list_id from old_rows where post_id is not null);
      return null;
    end $$`).execute(db);
  await sql.raw(`create function output_link_summary_update() returns trigger language plpgsql as $$
    begin
      if old.post_id is not null then
        update output_link_summary set n = n - 1 where ${summaryRowOf('old', 'postgres')};
        delete from output_link_summary where ${summaryRowOf('old', 'postgres')} and n <= 0;
      end if;
      if new.post_id is not null then
        insert into output_link_summary (${columns}, n) values (${summaryKeyOf('new', 'postgres').join(', ')}, 1)
          on conflict (${columns}) do update set n = output_link_summary.n + 1;
      end if;
      return null;
    end $$`).execute(db);
  await sql`create trigger output_link_summary_insert after insert on url_items referencing new table as new_rows for each statement execute function output_link_summary_insert()`.execute(db);
  await sql`create trigger output_link_summary_delete after delete on url_items referencing old table as old_rows for each statement execute function output_link_summary_delete()`.execute(db);
  await sql.raw(`create trigger output_link_summary_update after update of ${KEY_SOURCES.join(', ')} on url_items for each row
    when (${keyChanged('is distinct from')}) execute function output_link_summary_update()`).execute(db);
}
