import type SQLite from 'better-sqlite3';
import type { SqliteStatement } from 'kysely';

/** Makes one row object from a row read as an array, its values in the statement's column order. */
type RowMaker = (values: unknown[]) => Record<string, unknown>;

/**
 * A function that builds a row object from an array with an object literal of these keys: every
 * object it makes has the same shape from the start (V8 keeps them in fast mode, with one hidden
 * class). Keys are JSON string literals; `__proto__` is a computed key, so it becomes a property of
 * the row as in better-sqlite3's own objects, not the row's prototype. A repeated name keeps the
 * last column's value, as better-sqlite3 does.
 */
function rowMaker(names: readonly string[]): RowMaker {
  const fields = names.map((name, index) => `${name === '__proto__' ? `[${JSON.stringify(name)}]` : JSON.stringify(name)}: values[${index}]`);
  // The names are the statement's own result columns (SQL written in this code base); each one is
  // a JSON string literal in the source, so no name can be anything but a key.
  return new Function('values', `return { ${fields.join(', ')} };`) as RowMaker;
}

/**
 * A reading statement whose rows better-sqlite3 hands over as arrays (`raw` mode) and which makes
 * them into row objects here. better-sqlite3 builds each row object in C++ property by property;
 * for the app's list reads that took longer than SQLite finding the rows (issue 10: 100 campaigns
 * read in 170 µs as objects, 115 µs as arrays made into objects here, on a 2-core machine). The
 * column names are read again when the statement's result has another width than before (SQLite
 * prepares a statement again after a schema change; `select *` may then give other columns).
 * Other statements are returned as they are.
 */
export function withRowObjects(statement: SQLite.Statement): SqliteStatement & { readonly busy: boolean } {
  if (!statement.reader) return statement;
  statement.raw(true);
  let names = statement.columns().map((column) => column.name);
  let make = rowMaker(names);
  const maker = (width: number): RowMaker => {
    if (width !== names.length) {
      names = statement.columns().map((column) => column.name);
      make = rowMaker(names);
    }
    return make;
  };
  return {
    reader: true,
    get busy() {
      return statement.busy;
    },
    all(parameters) {
      const rows = statement.all(parameters as unknown[]) as unknown[][];
      if (rows.length === 0) return rows;
      const build = maker(rows[0]!.length);
      for (let index = 0; index < rows.length; index += 1) (rows as unknown[])[index] = build(rows[index]!);
      return rows;
    },
    run: (parameters) => statement.run(parameters as unknown[]),
    *iterate(parameters) {
      for (const values of statement.iterate(parameters as unknown[]) as IterableIterator<unknown[]>) yield maker(values.length)(values);
    },
  };
}
