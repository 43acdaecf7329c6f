import { describe, expect, it } from 'vitest';
import { isCatalogRace } from '../../src/platform/db/migrate';

/** PostgreSQL's error for a column dropped while Kysely read the catalog (seen in a CI run with three test files at once). */
const dropped = Object.assign(new Error('column "mail_wait_until" of relation "projects" does not exist'), { code: '42703' });

describe('migrations: a catalog read that raced another session is read again', () => {
  it('is a race only on PostgreSQL, before any migration ran, with a catalog error code', () => {
    expect(isCatalogRace({ error: dropped }, 'postgres')).toBe(true);
    expect(isCatalogRace({ error: Object.assign(new Error('relation does not exist'), { code: '42P01' }), results: [] }, 'postgres')).toBe(true);
    // has_schema_privilege on a schema another session dropped during the read.
    expect(isCatalogRace({ error: Object.assign(new Error('schema "t_1_a" does not exist'), { code: '3F000' }) }, 'postgres')).toBe(true);
    // A migration that ran and failed is the migration's failure, never retried.
    expect(isCatalogRace({ error: dropped, results: [{ migrationName: '0040-run-log', status: 'Error' }] }, 'postgres')).toBe(false);
    expect(isCatalogRace({ error: dropped }, 'sqlite')).toBe(false);
    expect(isCatalogRace({ error: Object.assign(new Error('permission denied'), { code: '42501' }) }, 'postgres')).toBe(false);
    expect(isCatalogRace({}, 'postgres')).toBe(false);
  });
});
