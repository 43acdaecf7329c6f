import type { CreateTableBuilder, Kysely } from 'kysely';
import type { DialectName } from '../dialect';

/** An auto-increment integer primary key `id`, written the way each dialect wants it. */
export function idColumn<T extends string>(table: CreateTableBuilder<T, never>, dialect: DialectName) {
  return dialect === 'postgres'
    ? table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

/**
 * A table of one user's data: `id`, `owner_id` (deleted with the user) and `created_at` come first,
 * so every such table is scoped the same way (platform/auth/ownership.ts).
 */
export function ownedTable(db: Kysely<unknown>, name: string, dialect: DialectName) {
  return idColumn(db.schema.createTable(name), dialect)
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull());
}

/** A parent reference that deletes this row with its parent (deleting a campaign deletes what it holds). */
export function parentColumn<T extends string>(table: CreateTableBuilder<T, never>, column: string, parent: string) {
  return table.addColumn(column, 'integer', (c) => c.notNull().references(`${parent}.id`).onDelete('cascade'));
}
