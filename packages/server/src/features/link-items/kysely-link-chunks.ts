import type { Database } from '../../platform/db/dialect';
import { PendingImport } from '../../platform/imports/pending-import';
import { insertLinks } from './insert-links';
import type { LinkChunks, LinkFileJob } from './write-link-file';

/**
 * Chunks of a link file import written through Kysely, on either dialect: each in a transaction of
 * its own that also renews the import's heartbeat (nothing is left open between chunks).
 */
export function kyselyLinkChunks(database: Database, job: LinkFileJob): LinkChunks {
  const pending = PendingImport.attach(database.db, { id: job.importId, kind: 'links', targetId: job.urlListId });
  const rows = { ownerId: job.ownerId, urlListId: job.urlListId, dateAdded: Date.now(), importId: job.importId };
  return {
    write: (links) => pending.writeChunk((trx) => insertLinks(trx, database.dialect, rows, links)),
    end: () => undefined,
  };
}
