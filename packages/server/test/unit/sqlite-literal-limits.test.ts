import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, reusableQuery, type Database } from '../../src/platform/db/dialect';
import { migrateToLatest } from '../../src/platform/db/migrate';

/** Whole-number limits are written into SQLite's SQL (a bound LIMIT makes SQLite plan the statement again on every run). */
let dir: string;
let database: Database;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkloom-limits-'));
  database = openDatabase({ databaseUrl: undefined, dataDir: dir });
  await migrateToLatest(database);
  for (const name of ['a', 'b', 'c']) {
    await database.db.insertInto('users').values({ username: `${name}@example.com`, name, password_hash: 'x', created_at: 1 }).execute();
  }
});

afterAll(async () => {
  await database.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('SQLite limits', () => {
  it('a whole-number limit is part of the SQL, the offset stays a parameter, and the rows are the same', async () => {
    const query = database.db.selectFrom('users').select('name').orderBy('id').limit(2).offset(1);
    const compiled = query.compile();
    expect(compiled.sql).toMatch(/limit 2 offset \?$/);
    expect(compiled.parameters).toEqual([1]);
    expect(await query.execute()).toEqual([{ name: 'b' }, { name: 'c' }]);
  });

  it('a reusable query built with a constant limit keeps it in its SQL; a limit given as its argument stays bound', async () => {
    const firstNamed = reusableQuery((db, name: string) => db.selectFrom('users').select('id').where('name', '=', name).limit(1));
    expect((await firstNamed(database.db, 'c')).rows).toHaveLength(1);
    const firstN = reusableQuery((db, count: number) => db.selectFrom('users').select('name').orderBy('id').limit(count));
    expect((await firstN(database.db, 2)).rows).toEqual([{ name: 'a' }, { name: 'b' }]);
    expect((await firstN(database.db, 3)).rows).toHaveLength(3);
  });

  it('anything but a safe whole number is left to the driver as a parameter', () => {
    expect(database.db.selectFrom('users').select('id').limit(1.5).compile()).toMatchObject({ sql: expect.stringMatching(/limit \?$/), parameters: [1.5] });
    expect(database.db.selectFrom('users').select('id').limit(2 ** 60).compile().parameters).toEqual([2 ** 60]);
  });
});
