import { setImmediate as nextTurn } from 'node:timers/promises';
import SQLite from 'better-sqlite3';
import type { BatchLink } from '@linkloom/shared';
import type { WaitingWriters } from '../../platform/db/waiting-writers';
import type { LinkChunkWriter, LinkFileJob } from './write-link-file';

/** Page cache of the import's connection (KiB): a chunk's index pages stay in memory until its commit. */
const CACHE_KIB = 48 * 1024;

/**
 * The SQLite side of a large link import on its worker thread: a connection of its own and one
 * prepared single-row insert run in a synchronous loop per chunk (better-sqlite3's fastest path,
 * the same SQLite's own bulk insert takes; Kysely's promise per statement would cost more than the
 * row), each chunk a transaction that also renews the import's heartbeat. PostgreSQL imports go
 * through Kysely (write-link-file.ts).
 */
export function openSqliteLinkChunks(file: string, job: LinkFileJob, waitingWriters: WaitingWriters): { write: LinkChunkWriter; close(): void } {
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma(`cache_size = -${CACHE_KIB}`);
  const insert = sqlite.prepare(
    'insert into url_items (owner_id, created_at, url_list_id, url, anchor, links_on_page, date_added, import_id) values (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const renew = sqlite.prepare('update pending_imports set heartbeat_at = ? where id = ?');
  const dateAdded = Date.now();
  const chunk = sqlite.transaction((links: BatchLink[]) => {
    for (const link of links) insert.run(job.ownerId, dateAdded, job.urlListId, link.url, link.anchor, link.linksOnPage, dateAdded, job.importId);
    renew.run(Date.now(), job.importId);
  });
  return {
    write: async (links) => {
      // A save on the request thread waiting for the lock goes first: SQLite would hand it to this thread again at once.
      await waitingWriters.giveWay();
      chunk(links);
      await nextTurn();
    },
    close: () => sqlite.close(),
  };
}
