import { Readable } from 'node:stream';
import { formatPrivateSiteLine } from '@linkloom/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema';
import { inBatches } from '../../platform/db/batches';
import { csvLine } from '../../platform/files/csv';
import { getNetwork } from './private-networks.repository';
import { networkSitesAfter, type PrivateSiteRow } from './private-sites.repository';

export type ExportFormat = 'txt' | 'csv';

const CSV_HEADER = ['Site URL', 'Email', 'Username', 'Password', 'Module', 'Platform'];

const asFields = (row: PrivateSiteRow) => ({ siteUrl: row.site_url, email: row.email, username: row.username, password: row.password });

/** The lines of the file, a batch of rows at a time. */
async function* exportLines(rows: AsyncGenerator<PrivateSiteRow[]>, format: ExportFormat): AsyncGenerator<string> {
  if (format === 'csv') yield csvLine(CSV_HEADER);
  for await (const batch of rows) {
    yield batch
      .map((row) => (format === 'csv'
        ? csvLine([row.site_url, row.email, row.username, row.password, row.module, row.platform])
        : `${formatPrivateSiteLine(asFields(row))}\r\n`))
      .join('');
  }
}

/**
 * GET /action/export/private_group/{id}. `txt` (default) writes site|email|username|password lines
 * exactly as the manual import reads them, so the file imports back unchanged; `csv` adds module
 * and platform for spreadsheets, with formula injection neutralised. Streamed in keyset batches.
 */
export async function exportPrivateSites(
  db: Kysely<DB>, ownerId: number, networkId: number, format: ExportFormat,
): Promise<{ filename: string; contentType: string; body: Readable }> {
  const network = await getNetwork(db, ownerId, networkId);
  const rows = inBatches(networkSitesAfter(db, ownerId, networkId));
  return {
    filename: `${network.name}_private_sites.${format}`,
    contentType: format === 'csv' ? 'text/csv; charset=utf-8' : 'text/plain; charset=utf-8',
    body: Readable.from(exportLines(rows, format)),
  };
}
