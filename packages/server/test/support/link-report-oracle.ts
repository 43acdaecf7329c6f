import { sql, type Kysely } from 'kysely';
import { DAY_MS, SURVIVAL_AGES_DAYS } from '@linkloom/shared';
import type { DB } from '../../src/platform/db/schema';
import type { HealthGroup, HealthGroupsReader } from '../../src/features/link-health/link-reports.repository';
import { SUMMARY_KEY, summaryKeyOf } from '../../src/platform/db/output-link-summary';

/**
 * The campaign report's exact grouped read of every output link (what the report did before the
 * output link summary, migration 0035): the oracle the summary's report is compared with.
 */
export const exactHealthGroups: HealthGroupsReader = async (db, _ownerId, setIds, now) => {
  if (setIds.length === 0) return [];
  const ages = SURVIVAL_AGES_DAYS.map((days, i) => {
    const cut = sql.lit(now - days * DAY_MS);
    const span = sql.lit(days * DAY_MS);
    return sql`sum(case when date_added <= ${cut} then 1 else 0 end) as ${sql.ref(`o${i}`)},
      sum(case when date_added <= ${cut} and (dead_since is null or dead_since > date_added + ${span}) then 1 else 0 end) as ${sql.ref(`a${i}`)}`;
  });
  const result = await sql<HealthGroup>`select url_list_id, site, check_status, dead_reason, count(*) as n, ${sql.join(ages)}
    from url_items
    where url_list_id in (${sql.join(setIds)}) and post_id is not null
    group by url_list_id, site, check_status, dead_reason`.execute(db);
  return result.rows;
};

type SummaryRow = Record<(typeof SUMMARY_KEY)[number] | 'n', string | number>;

const TEXT = new Set(['site', 'check_status', 'dead_reason']);

const sorted = (rows: SummaryRow[]): SummaryRow[] => rows
  .map((row) => Object.fromEntries(Object.entries(row).map(([key, value]) => [key, TEXT.has(key) ? String(value) : Number(value)])) as SummaryRow)
  .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

/** The summary's rows, and the rows counted afresh from url_items (both sorted): equal when the summary is in step. */
export async function summaryAndRecount(db: Kysely<DB>, dialect: 'sqlite' | 'postgres'): Promise<{ summary: SummaryRow[]; recount: SummaryRow[] }> {
  const summary = await sql<SummaryRow>`select ${sql.raw(SUMMARY_KEY.join(', '))}, n from output_link_summary`.execute(db);
  const recount = await sql<SummaryRow>`select ${sql.raw(summaryKeyOf('url_items', dialect).map((expression, i) => `${expression} as ${SUMMARY_KEY[i]!}`).join(', '))}, count(*) as n
    from url_items where post_id is not null group by ${sql.raw(SUMMARY_KEY.map((_, i) => i + 1).join(', '))}`.execute(db);
  return { summary: sorted(summary.rows), recount: sorted(recount.rows) };
}
