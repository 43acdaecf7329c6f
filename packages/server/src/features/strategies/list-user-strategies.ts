import type { Kysely } from 'kysely';
import type { StrategySummary } from '@linkloom/shared';
import type { DB } from '../../platform/db/schema';
import { BUILTIN_STRATEGIES } from './builtin-strategies';
import { listStrategies } from './strategies.repository';
import { presentBuiltinSummary, presentStrategySummary } from './strategies.presenter';

/** The built-in strategies and the user's, by name (the diagram list, the campaign list's select, the wizard). */
export async function listUserStrategies(db: Kysely<DB>, ownerId: number): Promise<StrategySummary[]> {
  const custom = (await listStrategies(db, ownerId)).map(presentStrategySummary);
  return [...BUILTIN_STRATEGIES.map(presentBuiltinSummary), ...custom]
    .sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.id - b.id);
}
