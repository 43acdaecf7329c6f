import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../dialect';
import { ownedTable } from './column-types';

/**
 * Ids below this are the built-in strategies', which live in code (features/strategies/builtin-
 * strategies.ts) so their diagram, description and preview are never stale; a user's strategies
 * are numbered from here, so one id space serves /rest/strategies/{id} for both.
 */
export const FIRST_CUSTOM_STRATEGY_ID = 101;

/**
 * A user's strategy diagrams (spec 2 §3 "Strategy"): name, description (sanitised HTML), the
 * diagram as JSON text ({ "cells": [...] }) and the preview picture (sanitised SVG text).
 */
export function strategiesMigration(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await ownedTable(db, 'strategies', dialect)
        .addColumn('name', 'varchar(512)', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('diagram', 'text', (c) => c.notNull())
        .addColumn('img', 'text')
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('strategies_owner_idx').on('strategies').column('owner_id').execute();
      const last = FIRST_CUSTOM_STRATEGY_ID - 1;
      if (dialect === 'postgres') await sql`alter table strategies alter column id restart with ${sql.lit(FIRST_CUSTOM_STRATEGY_ID)}`.execute(db);
      else await sql`insert into sqlite_sequence (name, seq) values ('strategies', ${last})`.execute(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('strategies').execute();
    },
  };
}
