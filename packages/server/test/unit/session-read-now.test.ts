import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/platform/db/dialect';
import { migrateToLatest } from '../../src/platform/db/migrate';
import { createSession, findSessionUser, findSessionUserNow, NOT_READ_NOW } from '../../src/platform/auth/sessions.repository';

/** The session every request reads, answered at once on SQLite's handle; the ordinary path when SQLite refuses. */
const opened: { dir: string; database: Database }[] = [];

afterEach(async () => {
  for (const { dir, database } of opened.splice(0)) {
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

async function databaseWithSession() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkloom-session-now-'));
  const database = openDatabase({ databaseUrl: undefined, dataDir: dir });
  opened.push({ dir, database });
  await migrateToLatest(database);
  const user = await database.db.insertInto('users').values({ username: 'ann@example.com', name: 'Ann', password_hash: 'x', created_at: 1 }).returning('id').executeTakeFirstOrThrow();
  const live = await createSession(database.db, user.id, 1);
  // A session of minus one day ended yesterday.
  const expired = await createSession(database.db, user.id, -1);
  return { dir, database, sqlite: database.sqlite!, userId: user.id, live: live.token, expired: expired.token };
}

describe('findSessionUserNow', () => {
  it('answers as findSessionUser does: the live session\'s user, nothing for an expired or unknown token', async () => {
    const { database, sqlite, userId, live, expired } = await databaseWithSession();
    const immediate = { db: database.db, sqlite };
    expect(findSessionUserNow(immediate, live)).toEqual({ id: userId, username: 'ann@example.com', name: 'Ann' });
    expect(findSessionUserNow(immediate, live)).toEqual(await findSessionUser(database.db, live));
    expect(findSessionUserNow(immediate, expired)).toBeUndefined();
    expect(findSessionUserNow(immediate, 'no such token')).toBeUndefined();
  });

  it('says NOT_READ_NOW when SQLite cannot read (here a closed handle), so the caller takes the ordinary path', async () => {
    const { dir, database, userId, live } = await databaseWithSession();
    const closed = new SQLite(path.join(dir, 'linkloom.sqlite'));
    closed.close();
    expect(findSessionUserNow({ db: database.db, sqlite: closed }, live)).toBe(NOT_READ_NOW);
    expect(await findSessionUser(database.db, live)).toMatchObject({ id: userId });
  });
});
