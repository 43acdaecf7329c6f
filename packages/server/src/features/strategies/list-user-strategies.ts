import type { Kysely } from 'kysely';
import type { StrategySummary } from '@linkloom/shared';
import type { DB } from '../../platform/db/schema';
import { BUILTIN_STRATEGIES } from './builtin-strategies';
import { listStrategies } from './strategies.repository';
import { presentBuiltinSummary, presentStrategySummary } from './strategies.presenter';

/** The built-ins as rows, made once: the campaign list (the first screen) asks for them on every load. */
const BUILTIN_ROWS: readonly StrategySummary[] = BUILTIN_STRATEGIES.map(presentBuiltinSummary);
/** Made once: localeCompare with a locale and options builds a collator on every call (6 % of the campaign list's CPU). */
const BY_NAME = new Intl.Collator('en', { sensitivity: 'base' });

/** The built-in strategies and the user's, by name (the diagram list, the campaign list's select, the wizard). */
export async function listUserStrategies(db: Kysely<DB>, ownerId: number): Promise<StrategySummary[]> {
  const custom = (await listStrategies(db, ownerId)).map(presentStrategySummary);
  return [...BUILTIN_ROWS, ...custom]
    .sort((a, b) => BY_NAME.compare(a.name, b.name) || a.id - b.id);
}
