import { setImmediate as nextTurn } from 'node:timers/promises';
import SQLite from 'better-sqlite3';
import type { BatchLink } from '@linkloom/shared';
import type { WaitingWriters } from '../../platform/db/waiting-writers';
import type { LinkChunkWriter, LinkFileJob } from './write-link-file';

/**
 * Page cache of the import's connection (KiB). The url and anchor indexes take rows in random
 * order, so a transaction dirties pages all over them and its commit writes each one; the larger
 * the cache, the longer a transaction can run before SQLite spills pages it will touch again.
 * Measured at 1M rows (CPU seconds, same run): 48 MB and 20,000-row transactions 25.2 s, 128 MB
 * and 50,000 rows 17.8–18.6 s, SQLite's one-transaction bulk insert with its search index 18.9–19.9 s.
 */
const CACHE_KIB = 128 * 1024;
/** How often (rows) a transaction looks whether another writer waits or its time is up. */
const CHECK_EVERY_ROWS = 256;
/**
 * The longest one transaction holds SQLite's write lock when nobody waits for it. Writers on the
 * request thread say they wait (WaitingWriters) and get the lock within CHECK_EVERY_ROWS rows;
 * another process (a separate `npm run worker`) cannot, so this bounds what it waits.
 */
const MAX_TRANSACTION_MS = 1000;

/**
 * The SQLite side of a large link import on its worker thread: a connection of its own and one
 * prepared single-row insert run in a synchronous loop (better-sqlite3's fastest path, the same
 * SQLite's own bulk insert takes; Kysely's promise per statement would cost more than the row).
 * Transactions are as long as they can be — fewer commits rewrite fewer index pages — yet end at
 * once when a request-thread writer waits, or after MAX_TRANSACTION_MS. Each one also renews the
 * import's heartbeat, which indexes its rows for search (migration 0018). PostgreSQL imports go
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
  /** Writes links from `from` on until done, a writer waits or time is up; answers where it stopped. */
  const transaction = sqlite.transaction((links: BatchLink[], from: number): number => {
    const until = performance.now() + MAX_TRANSACTION_MS;
    let next = from;
    while (next < links.length) {
      const link = links[next]!;
      insert.run(job.ownerId, dateAdded, job.urlListId, link.url, link.anchor, link.linksOnPage, dateAdded, job.importId);
      next += 1;
      if ((next - from) % CHECK_EVERY_ROWS === 0 && (waitingWriters.waiting > 0 || performance.now() > until)) break;
    }
    renew.run(Date.now(), job.importId);
    return next;
  });
  return {
    write: async (links) => {
      let from = 0;
      while (from < links.length) {
        // A save on the request thread waiting for the lock goes first: SQLite would hand it to this thread again at once.
        await waitingWriters.giveWay();
        from = transaction(links, from);
        await nextTurn();
      }
    },
    close: () => sqlite.close(),
  };
}
