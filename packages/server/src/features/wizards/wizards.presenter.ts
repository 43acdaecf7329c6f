import { WizardSchema, type Wizard, type WizardSummary } from '@linkloom/shared';
import type { WizardRow, WizardSummaryRow } from './wizards.repository';

export function presentWizardSummary(row: WizardSummaryRow): WizardSummary {
  return { id: row.id, name: row.name, strategyId: row.strategy_id, updatedAt: Number(row.updated_at) };
}

/**
 * The stored wizard with the row's id and name. A stored text that no longer parses (an older
 * shape) still opens: its unknown or broken parts fall back to the defaults.
 */
export function presentWizard(row: WizardRow): Wizard {
  let stored: unknown = {};
  try {
    stored = JSON.parse(row.wizard);
  } catch {
    stored = {};
  }
  const parsed = WizardSchema.safeParse(stored);
  const wizard = parsed.success ? parsed.data : WizardSchema.parse({});
  return { ...wizard, id: row.id, name: row.name };
}
