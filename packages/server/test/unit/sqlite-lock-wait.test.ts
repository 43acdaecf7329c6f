import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/platform/db/dialect';
import { migrateToLatest } from '../../src/platform/db/migrate';
import { WaitingWriters } from '../../src/platform/db/waiting-writers';

/**
 * The request thread's SQLite connection while another connection (a large import on its worker
 * thread) holds the write lock: its statements wait on a timer, never inside SQLite, so the thread
 * keeps serving; with SQLite's own busy timeout the thread froze until the lock was free, and a
 * transaction that read before writing failed at once with SQLITE_BUSY.
 */
const opened: { dir: string; database: Database; other: SQLite.Database }[] = [];

async function databaseWithOtherConnection() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkloom-lock-wait-'));
  const database = openDatabase({ databaseUrl: undefined, dataDir: dir, secretsKey: undefined, secretsKeyFile: undefined });
  await migrateToLatest(database);
  await database.db.insertInto('users').values({ username: 'ann', name: 'Ann', password_hash: 'x', created_at: 1 }).execute();
  const other = new SQLite(path.join(dir, 'linkloom.sqlite'));
  other.pragma('journal_mode = WAL');
  const entry = { dir, database, other };
  opened.push(entry);
  return entry;
}

afterEach(async () => {
  for (const { dir, database, other } of opened.splice(0)) {
    if (other.inTransaction) other.exec('rollback');
    other.close();
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

/** Holds the other connection's write lock until the returned function commits it. */
function holdWriteLock(other: SQLite.Database): () => void {
  other.exec('begin immediate');
  other.prepare("update users set name = 'Ann (other connection)' where username = 'ann'").run();
  return () => other.exec('commit');
}

const userNames = (database: Database) => database.db.selectFrom('users').select('name').orderBy('id').execute();

describe('SQLite statements of the request thread while another connection writes', () => {
  it('a write waits on a timer for the lock: the thread runs other work meanwhile, and the write lands once the lock is free', async () => {
    const { database, other } = await databaseWithOtherConnection();
    const commitOther = holdWriteLock(other);
    const events: string[] = [];
    const write = database.db.insertInto('users').values({ username: 'bob', name: 'Bob', password_hash: 'x', created_at: 2 }).execute().then(() => events.push('write done'));
    await new Promise((resolve) => setTimeout(resolve, 30));
    events.push('timer ran while the write waited');
    expect(database.waitingWriters?.waiting).toBe(1);
    // Reads are not held up by the lock: the other connection's change is not committed yet.
    expect((await database.db.selectFrom('users').select('name').where('username', '=', 'ann').executeTakeFirstOrThrow()).name).toBe('Ann');
    commitOther();
    await write;
    expect(events).toEqual(['timer ran while the write waited', 'write done']);
    expect(database.waitingWriters?.waiting).toBe(0);
    expect((await userNames(database)).map((row) => row.name)).toEqual(['Ann (other connection)', 'Bob']);
  });

  it('a transaction that reads before it writes waits for the lock and commits, instead of failing with SQLITE_BUSY', async () => {
    const { database, other } = await databaseWithOtherConnection();
    const commitOther = holdWriteLock(other);
    const saved = database.db.transaction().execute(async (trx) => {
      const ann = await trx.selectFrom('users').select('name').where('username', '=', 'ann').executeTakeFirstOrThrow();
      await trx.insertInto('users').values({ username: 'carol', name: `after ${ann.name}`, password_hash: 'x', created_at: 3 }).execute();
    });
    await new Promise((resolve) => setTimeout(resolve, 30));
    commitOther();
    await saved;
    // The transaction began (IMMEDIATE) after the other one committed, so it read the committed name.
    expect((await userNames(database)).map((row) => row.name)).toEqual(['Ann (other connection)', 'after Ann (other connection)']);
  });

  it('a statement that fails for another reason fails at once, and the count of waiting writers goes back to 0', async () => {
    const { database, other } = await databaseWithOtherConnection();
    const commitOther = holdWriteLock(other);
    const duplicate = database.db.insertInto('users').values({ username: 'ann', name: 'Ann again', password_hash: 'x', created_at: 4 }).execute();
    await new Promise((resolve) => setTimeout(resolve, 20));
    commitOther();
    await expect(duplicate).rejects.toMatchObject({ code: expect.stringMatching(/^SQLITE_CONSTRAINT/) });
    expect(database.waitingWriters?.waiting).toBe(0);
  });
});

describe('waiting writers, as an import thread sees them', () => {
  it('gives way while a writer waits and goes on when it is done', async () => {
    const writers = new WaitingWriters();
    const seenByWorker = new WaitingWriters(writers.shared);
    const leave = writers.enter();
    expect(seenByWorker.waiting).toBe(1);
    let gaveWay = false;
    const given = seenByWorker.giveWay().then(() => {
      gaveWay = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(gaveWay).toBe(false);
    leave();
    leave();
    await given;
    expect(gaveWay).toBe(true);
    expect(seenByWorker.waiting).toBe(0);
  });
});
