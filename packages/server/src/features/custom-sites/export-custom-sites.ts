import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import { formatCustomSiteLine } from '@linkloom/shared';
import type { DB } from '../../platform/db/schema';
import { inBatches } from '../../platform/db/batches';
import { customSitesAfter, openPasswords } from './custom-sites.repository';
import { exportedFields } from './custom-sites.presenter';

async function* exportLines(db: Kysely<DB>, ownerId: number): AsyncGenerator<string> {
  for await (const batch of inBatches(customSitesAfter(db, ownerId))) {
    yield openPasswords(db, batch).map((row) => `${formatCustomSiteLine(exportedFields(row))}\r\n`).join('');
  }
}

/**
 * GET /action/export/custom_sites (Export All): every custom site of the user as
 * `module|url|da|premium|login|password` lines, exactly what Import All reads, so the file imports
 * back unchanged. Streamed in keyset batches; passwords are opened for the file, as the private
 * network export does, since the file exists to move the sites with their logins.
 */
export function exportCustomSites(db: Kysely<DB>, ownerId: number): { filename: string; contentType: string; body: Readable } {
  return { filename: 'custom_sites.txt', contentType: 'text/plain; charset=utf-8', body: Readable.from(exportLines(db, ownerId)) };
}
