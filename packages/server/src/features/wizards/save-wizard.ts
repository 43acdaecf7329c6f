import type { Kysely } from 'kysely';
import {
  WIZARD_MESSAGES, defaultWizardProjects, diagramDepth, wizardCopyName, wizardTiers, WizardSchema, type Wizard, type WizardStrategy,
} from '@linkloom/shared';
import type { DB } from '../../platform/db/schema';
import { HttpError } from '../../platform/http/errors';
import { getWizard, insertWizard, updateWizard, type WizardFields, type WizardSummaryRow } from './wizards.repository';
import { loadWizardStrategy, requireWizardDiagram } from './wizard-strategy';

/** What the row stores: the wizard without its id and name (the row's columns hold them). */
function storedText(wizard: Wizard): string {
  const { id: _id, name: _name, ...rest } = wizard;
  return JSON.stringify(rest);
}

/**
 * A wizard ready to store: its strategy is one the user may use (404 otherwise) and its diagram
 * reads; the per-tier settings follow the diagram's depth.
 */
async function checkedFields(db: Kysely<DB>, ownerId: number, wizard: Wizard, name: string): Promise<WizardFields> {
  if (wizard.strategy === null) throw new HttpError(422, WIZARD_MESSAGES.strategyRequired);
  await loadWizardStrategy(db, ownerId, wizard.strategy.id);
  const diagram = requireWizardDiagram(wizard.strategy.strategy);
  return { name, strategyId: wizard.strategy.id, wizard: storedText(wizardTiers(wizard, diagramDepth(diagram))) };
}

/**
 * POST /rest/xwizards and POST /rest/xwizards/{id}: saves the wizard (a new one without an id).
 * The wizard name is required ('Wizard name is required', the Confirm tab's rule for a saved wizard).
 */
export async function saveWizard(db: Kysely<DB>, ownerId: number, wizard: Wizard, id: number | null): Promise<{ row: WizardSummaryRow; created: boolean }> {
  const name = wizard.name.trim();
  if (name === '') throw new HttpError(422, WIZARD_MESSAGES.confirmWizardNameRequired);
  const fields = await checkedFields(db, ownerId, wizard, name);
  const target = id ?? wizard.id;
  if (target === null) return { row: await insertWizard(db, ownerId, fields), created: true };
  return { row: await updateWizard(db, ownerId, target, fields), created: false };
}

/** A new wizard of a strategy ('New XWizard'): its tiers and one Accounts project per node, starting now (issue 35) until a date is chosen. */
export function newWizard(name: string, strategy: WizardStrategy): Wizard {
  const diagram = requireWizardDiagram(strategy.strategy);
  const base = WizardSchema.parse({ name, strategy, projects: defaultWizardProjects(diagram), startNow: true });
  return wizardTiers(base, diagramDepth(diagram));
}

/** PUT /rest/xwizards: adds a wizard made from a strategy the user may use. */
export async function addWizard(db: Kysely<DB>, ownerId: number, name: string, strategyId: number): Promise<WizardSummaryRow> {
  const strategy = await loadWizardStrategy(db, ownerId, strategyId);
  const wizard = newWizard(name, strategy);
  return insertWizard(db, ownerId, { name, strategyId, wizard: storedText(wizard) });
}

/** POST /action/duplicate/xwizard/{id}: a copy of the user's wizard, named as asked or the original's plus ' Copy'. */
export async function duplicateWizard(db: Kysely<DB>, ownerId: number, id: number, name: string | undefined): Promise<WizardSummaryRow> {
  const source = await getWizard(db, ownerId, id);
  return insertWizard(db, ownerId, { name: name ?? wizardCopyName(source.name).slice(0, 512), strategyId: source.strategy_id, wizard: source.wizard });
}
