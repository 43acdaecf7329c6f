import { CompiledQuery, type Kysely } from 'kysely';
import type { BatchLink } from '@linkloom/shared';
import type { DialectName } from '../../platform/db/dialect';
import type { DB } from '../../platform/db/schema';

/**
 * Rows per INSERT statement: 500 rows × 8 values = 4,000 parameters, far inside SQLite's 32,766
 * and PostgreSQL's 65,535, and large enough that statement overhead is small next to the rows.
 */
export const INSERT_BATCH_ROWS = 500;

const COLUMNS = ['owner_id', 'created_at', 'url_list_id', 'url', 'anchor', 'links_on_page', 'date_added', 'import_id'] as const;
const statements = new Map<string, string>();

/** `insert … values (?,…),(?,…)` for `rows` rows, written once per dialect and size. */
function insertStatement(dialect: DialectName, rows: number): string {
  const key = `${dialect}:${rows}`;
  let text = statements.get(key);
  if (text === undefined) {
    let parameter = 0;
    const next = () => (dialect === 'postgres' ? `$${(parameter += 1)}` : '?');
    const tuples = Array.from({ length: rows }, () => `(${COLUMNS.map(next).join(',')})`);
    text = `insert into url_items (${COLUMNS.join(',')}) values ${tuples.join(',')}`;
    statements.set(key, text);
  }
  return text;
}

export interface LinkTarget {
  ownerId: number;
  urlListId: number;
  /** One time for every link of one add or import (epoch ms). */
  dateAdded: number;
  /** The file import writing them (platform/imports), if any. */
  importId?: number | undefined;
}

/**
 * Inserts links with multi-row statements. The statement text is built once per size and run as a
 * compiled query, so a million rows do not build a million query trees. Runs in the caller's
 * transaction when given one.
 */
export async function insertLinks(db: Kysely<DB>, dialect: DialectName, target: LinkTarget, links: readonly BatchLink[]): Promise<void> {
  for (let start = 0; start < links.length; start += INSERT_BATCH_ROWS) {
    const chunk = links.slice(start, start + INSERT_BATCH_ROWS);
    const parameters: unknown[] = [];
    for (const link of chunk) {
      parameters.push(target.ownerId, target.dateAdded, target.urlListId, link.url, link.anchor, link.linksOnPage, target.dateAdded, target.importId ?? null);
    }
    await db.executeQuery(CompiledQuery.raw(insertStatement(dialect, chunk.length), parameters));
  }
}
