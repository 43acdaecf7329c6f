import type SQLite from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import type { DialectName } from './dialect';

/**
 * The campaign reports' summary of the engine's output links (migration 0035, issue 18.4):
 * output_link_summary holds, per owner, link set, site, latest check, dead reason, UTC day added
 * and whole days lived, how many published output links (url_items with post_id set) there are.
 * Kept by triggers, so every statement that writes or deletes url_items keeps it in step (link
 * edits, moves and deletes, a link set's or a user's delete by cascade, checks, the engine's
 * output links):
 *
 * - SQLite: AFTER UPDATE and AFTER DELETE triggers in the file (they fire on every connection),
 *   and an AFTER INSERT trigger that every connection opened by openDatabase adds for itself as a
 *   TEMP trigger (keepOutputLinkSummaryInStep), as the link search does: an AFTER INSERT trigger in
 *   the file would cost every row of a large import a call of its program (2–3× slower imports,
 *   link-search-trigger.ts). The import's own connection (sqlite-link-chunks.ts) adds none and
 *   needs none: it writes links added by the user, never an output link (post_id is always null
 *   there). A connection writing output links outside openDatabase (a benchmark's seeding) calls
 *   keepOutputLinkSummaryInStep itself.
 * - PostgreSQL: per-statement INSERT and DELETE triggers over the transition tables (a multi-row
 *   import insert costs one grouped read of its rows) and a per-row UPDATE trigger on the key's
 *   columns, fired only when one of them changes.
 *
 * Null keys are stored as sentinels so the key is unique in both dialects (SQLite's unique
 * indexes treat nulls as distinct): site and dead_reason '' for null, days_lived -1 for alive.
 *
 * Day granularity, kept exact for the survival figures: day_added is floor(date_added / day); a
 * survival age's cut (now − age) falls inside one UTC day, whose links the report reads from
 * url_items itself (url_items_list_date_idx), the days before it from the summary. days_lived is
 * ceil((dead_since − date_added) / day), at least 0: a link is alive at age A (dead_since >
 * date_added + A days) exactly when days_lived > A, so no rounding is involved.
 */
export const DAY_MS_SQL = 86_400_000;

/** The summary's key columns, in order (its primary key). */
export const SUMMARY_KEY = ['url_list_id', 'owner_id', 'site', 'check_status', 'dead_reason', 'day_added', 'days_lived'] as const;

/** The key of url_items row `r` (`new`, `old`, a table or alias), as SQL expressions in SUMMARY_KEY's order. */
export function summaryKeyOf(r: string, dialect: DialectName): string[] {
  const whole = (expression: string) => (dialect === 'sqlite' ? `cast(${expression} as integer)` : expression);
  const atLeastZero = dialect === 'sqlite' ? 'max' : 'greatest';
  return [
    `${r}.url_list_id`,
    `${r}.owner_id`,
    `coalesce(${r}.site, '')`,
    `${r}.check_status`,
    `coalesce(${r}.dead_reason, '')`,
    whole(`${r}.date_added / ${DAY_MS_SQL}`),
    `case when ${r}.dead_since is null then -1 else ${atLeastZero}(0, ${whole(`(${r}.dead_since - ${r}.date_added + ${DAY_MS_SQL - 1}) / ${DAY_MS_SQL}`)}) end`,
  ];
}

/** `column = expression and …` matching the summary row of url_items row `r`. */
export function summaryRowOf(r: string, dialect: DialectName): string {
  const key = summaryKeyOf(r, dialect);
  return SUMMARY_KEY.map((column, i) => `output_link_summary.${column} = ${key[i]!}`).join(' and ');
}

const COLUMNS = SUMMARY_KEY.join(', ');

/** Counts url_items row `new` in (SQLite: `where` keeps INSERT … SELECT … ON CONFLICT unambiguous). */
export function sqliteCountIn(r: string, when: string): string {
  return `insert into output_link_summary (${COLUMNS}, n) select ${summaryKeyOf(r, 'sqlite').join(', ')}, 1 where ${when}
    on conflict (${COLUMNS}) do update set n = n + 1;`;
}

/** Takes url_items row `old` out (SQLite). */
export function sqliteCountOut(r: string, when: string): string {
  return `update output_link_summary set n = n - 1 where ${when} and ${summaryRowOf(r, 'sqlite')};
    delete from output_link_summary where ${when} and ${summaryRowOf(r, 'sqlite')} and n <= 0;`;
}

/** The connection's own AFTER INSERT trigger (SQLite). */
export const OUTPUT_LINK_SUMMARY_INSERT_TRIGGER = `create temp trigger if not exists output_link_summary_insert after insert on main.url_items
  when new.post_id is not null begin
  ${sqliteCountIn('new', 'true')}
end`;

const TABLE_EXISTS = "select exists (select 1 from main.sqlite_master where type = 'table' and name = 'output_link_summary') as summary";

/** Adds this connection's insert trigger once migration 0035 made the summary (on open and after migrations). */
export function keepOutputLinkSummaryInStep(sqlite: SQLite.Database): void {
  const state = sqlite.prepare(TABLE_EXISTS).get() as { summary: number };
  if (state.summary === 1) sqlite.exec(OUTPUT_LINK_SUMMARY_INSERT_TRIGGER);
}

/** The same, through Kysely on the connection that just ran the migrations. */
export async function keepOutputLinkSummaryInStepAfterMigrations<T>(db: Kysely<T>): Promise<void> {
  const { rows } = await sql<{ summary: number }>`${sql.raw(TABLE_EXISTS)}`.execute(db);
  if (rows[0]?.summary === 1) await sql.raw(OUTPUT_LINK_SUMMARY_INSERT_TRIGGER).execute(db);
}

/** Counts every output link already stored (the migration's backfill). */
export function summaryBackfill(dialect: DialectName): string {
  return `insert into output_link_summary (${COLUMNS}, n)
    select ${summaryKeyOf('url_items', dialect).join(', ')}, count(*) from url_items where post_id is not null
    group by ${SUMMARY_KEY.map((_, i) => i + 1).join(', ')}`;
}
