import type { Kysely } from 'kysely';
import { readDiagramText, STRATEGY_MESSAGES, type Diagram, type WizardStrategy } from '@linkloom/shared';
import type { DB } from '../../platform/db/schema';
import { HttpError, NotFoundError } from '../../platform/http/errors';
import { builtinStrategy, isBuiltinStrategyId } from '../strategies/builtin-strategies';
import { findStrategy } from '../strategies/strategies.repository';

/** A strategy a wizard may use: a built-in one (everyone's) or one of the user's; 404 for anything else. */
export async function loadWizardStrategy(db: Kysely<DB>, ownerId: number, id: number): Promise<WizardStrategy> {
  const builtin = builtinStrategy(id);
  if (builtin) return { id, name: builtin.name, description: builtin.description, strategy: builtin.text };
  const row = isBuiltinStrategyId(id) ? undefined : await findStrategy(db, ownerId, id);
  if (!row) throw new NotFoundError();
  return { id, name: row.name, description: row.description, strategy: row.diagram };
}

/** The diagram of a wizard's strategy text, or 422 naming what breaks it. */
export function requireWizardDiagram(text: string): Diagram {
  const read = readDiagramText(text);
  if (!read.ok) throw new HttpError(422, STRATEGY_MESSAGES.invalidDiagram(read.problems.map((p) => p.message)), read.problems.map((p) => p.message));
  return read.diagram;
}
