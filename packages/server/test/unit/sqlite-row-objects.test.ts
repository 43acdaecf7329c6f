import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/platform/db/dialect';
import { withRowObjects } from '../../src/platform/db/sqlite-row-objects';

/** Reading statements hand their rows over as arrays and get their objects made in JavaScript: the rows are the same. */
let dir: string;
let database: Database;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkloom-row-objects-'));
  database = openDatabase({ databaseUrl: undefined, dataDir: dir });
  await sql`create table things (id integer primary key, name text, score real, data blob, note text)`.execute(database.db);
  await sql`insert into things (name, score, data, note) values ('a', 0.1, x'00ff', null), ('b', 2.5, null, 'x')`.execute(database.db);
});

afterAll(async () => {
  await database.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('SQLite row objects', () => {
  it('gives the rows better-sqlite3 itself gives, values and column order alike', async () => {
    const text = 'select id, name, score, data, note, id * 2 as twice from things order by id';
    const ours = (await sql.raw(text).execute(database.db)).rows;
    const own = new SQLite(path.join(dir, 'linkloom.sqlite'), { readonly: true });
    try {
      const theirs = own.prepare(text).all();
      expect(ours).toEqual(theirs);
      expect(ours.map((row) => Object.keys(row as object))).toEqual(theirs.map((row) => Object.keys(row as object)));
      expect(Object.getPrototypeOf(ours[0])).toBe(Object.prototype);
    } finally {
      own.close();
    }
  });

  it('keeps the last of two columns of one name, and a column named __proto__ as a property', async () => {
    const { rows } = await sql<Record<string, unknown>>`select 1 as a, 2 as a, 'p' as "__proto__"`.execute(database.db);
    expect(rows[0]!.a).toBe(2);
    expect(Object.hasOwn(rows[0]!, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(rows[0])).toBe(Object.prototype);
  });

  it('reads the columns again after the schema changes under a kept statement', async () => {
    const read = () => database.db.selectFrom('things' as never).selectAll().where('id' as never, '=', 1 as never).execute();
    expect(Object.keys((await read())[0] as object)).toEqual(['id', 'name', 'score', 'data', 'note']);
    await sql`alter table things rename column note to remark`.execute(database.db);
    expect(Object.keys((await read())[0] as object)).toEqual(['id', 'name', 'score', 'data', 'remark']);
    await sql`alter table things add column extra integer default 7`.execute(database.db);
    expect((await read())[0]).toMatchObject({ remark: null, extra: 7 });
  });

  it('streams rows as objects, and an empty result is an empty list', async () => {
    const streamed: unknown[] = [];
    for await (const row of database.db.selectFrom('things' as never).select(['name' as never]).orderBy('id' as never).stream()) streamed.push(row);
    expect(streamed).toEqual([{ name: 'a' }, { name: 'b' }]);
    expect(await database.db.selectFrom('things' as never).select(['name' as never]).where('id' as never, '=', 99 as never).execute()).toEqual([]);
  });

  it('a writing statement is left as it is; one with RETURNING reads its rows as objects', async () => {
    const memory = new SQLite(':memory:');
    try {
      memory.exec('create table t (id integer primary key, v text)');
      const insert = withRowObjects(memory.prepare('insert into t (v) values (?)'));
      expect(insert.reader).toBe(false);
      expect(insert.run(['x'])).toMatchObject({ changes: 1 });
      expect(withRowObjects(memory.prepare('insert into t (v) values (?) returning id, v')).all(['y'])).toEqual([{ id: 2, v: 'y' }]);
    } finally {
      memory.close();
    }
  });
});
