import type { Migration, MigrationProvider } from 'kysely';
import type { DialectName } from '../dialect';
import { initialMigration } from './0001-initial';
import { projectsMigration } from './0002-projects';
import { profilesMigration } from './0003-profiles';
import { linkSetsMigration } from './0004-link-sets';
import { privateNetworksMigration } from './0005-private-networks';
import { contentMigration } from './0006-content';
import { projectSitesMigration } from './0007-project-sites';
import { jobsMigration } from './0008-jobs';
import { engineRunsMigration } from './0009-engine-runs';
import { optionsMigration } from './0010-options';
import { scheduleMigration } from './0011-schedule';
import { linkChecksMigration } from './0012-link-checks';

/**
 * Versioned migrations, in order. A migration is never edited once released: add the next one.
 * Names sort lexically, so they carry a zero-padded number.
 */
export function migrationProvider(dialect: DialectName): MigrationProvider {
  const migrations: Record<string, Migration> = {
    '0001-initial': initialMigration(dialect),
    '0002-projects': projectsMigration(dialect),
    '0003-profiles': profilesMigration(dialect),
    '0004-link-sets': linkSetsMigration(dialect),
    '0005-private-networks': privateNetworksMigration(dialect),
    '0006-content': contentMigration(dialect),
    '0007-project-sites': projectSitesMigration(dialect),
    '0008-jobs': jobsMigration(dialect),
    '0009-engine-runs': engineRunsMigration(dialect),
    '0010-options': optionsMigration(dialect),
    '0011-schedule': scheduleMigration(dialect),
    '0012-link-checks': linkChecksMigration(dialect),
  };
  return { getMigrations: async () => migrations };
}
