import { setImmediate as nextTurn } from 'node:timers/promises';
import SQLite from 'better-sqlite3';
import type { BatchLink } from '@linkloom/shared/batch-links';
import type { WaitingWriters } from '../../platform/db/waiting-writers';
import type { LinkChunks, LinkFileJob } from './write-link-file';

/**
 * Page cache of the import's connection (KiB): most of the memory an import adds to the server,
 * which issue 40 item 7 bounds (a 1M-line import raises its RSS by at most 150 MB). The url and
 * anchor indexes take rows in random order, so a transaction dirties pages all over them and its
 * commit writes each one; the larger the cache, the longer a transaction can run before SQLite
 * spills pages it will touch again. bench/link-import.ts, 1M lines, on a loaded 2-core machine
 * (the import's rate as a share of SQLite's own bulk insert in the same run; the server's peak RSS
 * rise): 128 MB with 100,000-link batches and the thread loading the whole database layer, 78%
 * and +259 MB; 64 MB 62% and +97 MB; 96 MB 86% and +93 MB (the rates vary by 15% and more with the
 * machine's load).
 */
const CACHE_KIB = 96 * 1024;
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
 * once when a request-thread writer waits, or after MAX_TRANSACTION_MS. They are cut by time, not
 * by chunk: a transaction goes on over the next chunks handed to write() (the thread only reads
 * the spooled file from local disk meanwhile), so chunks can be small — few links in memory —
 * without more commits. Each commit also renews the import's heartbeat, which indexes its rows for
 * search (migration 0018); end() commits the last one, close() rolls back one still open (a failed
 * import) and closes the connection, its cache with it. PostgreSQL imports go through Kysely
 * (kysely-link-chunks.ts).
 */
export function openSqliteLinkChunks(file: string, job: LinkFileJob, waitingWriters: WaitingWriters): LinkChunks & { close(): void } {
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
  const begin = sqlite.prepare('begin');
  const commit = sqlite.prepare('commit');
  const dateAdded = Date.now();
  /** When the open transaction's time is up (performance.now()). */
  let until = 0;
  /** Rows the open transaction wrote since it last looked at the time and at waiting writers. */
  let sinceCheck = 0;
  const timeToCommit = () => waitingWriters.waiting > 0 || performance.now() > until;
  const commitOpen = () => {
    renew.run(Date.now(), job.importId);
    commit.run();
  };
  /** Writes links from `from` on until done or the transaction must end (then committed); answers where it stopped. */
  const writeRows = (links: BatchLink[], from: number): number => {
    let next = from;
    while (next < links.length) {
      const link = links[next]!;
      insert.run(job.ownerId, dateAdded, job.urlListId, link.url, link.anchor, link.linksOnPage, dateAdded, job.importId);
      next += 1;
      sinceCheck += 1;
      if (sinceCheck >= CHECK_EVERY_ROWS) {
        sinceCheck = 0;
        if (timeToCommit()) {
          commitOpen();
          break;
        }
      }
    }
    return next;
  };
  return {
    write: async (links) => {
      // A transaction left open by the previous chunk ends here if a writer came meanwhile.
      if (sqlite.inTransaction && timeToCommit()) {
        commitOpen();
        await nextTurn();
      }
      let from = 0;
      while (from < links.length) {
        if (!sqlite.inTransaction) {
          // A save on the request thread waiting for the lock goes first: SQLite would hand it to this thread again at once.
          await waitingWriters.giveWay();
          begin.run();
          until = performance.now() + MAX_TRANSACTION_MS;
          sinceCheck = 0;
        }
        from = writeRows(links, from);
        if (!sqlite.inTransaction) await nextTurn();
      }
    },
    end: () => {
      if (sqlite.inTransaction) commitOpen();
    },
    close: () => {
      if (sqlite.inTransaction) sqlite.exec('rollback');
      sqlite.close();
    },
  };
}
