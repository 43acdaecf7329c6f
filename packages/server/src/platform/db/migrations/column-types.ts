import type { CreateTableBuilder } from 'kysely';
import type { DialectName } from '../dialect';

/** An auto-increment integer primary key `id`, written the way each dialect wants it. */
export function idColumn<T extends string>(table: CreateTableBuilder<T, never>, dialect: DialectName) {
  return dialect === 'postgres'
    ? table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}
