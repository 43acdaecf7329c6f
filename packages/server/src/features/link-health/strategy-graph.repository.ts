import type { Kysely } from 'kysely';
import {
  WizardSchema, diagramStrategyGraph, projectNodeIds, readDiagramText, tierStrategyGraph,
  type ReportNode, type StrategyGraph, type StrategyProject, type Wizard,
} from '@linkloom/shared';
import type { DB } from '../../platform/db/schema';
import { openWizardText } from '../wizards/wizards.repository';

/** The wizard a campaign was made with, or null (a manual campaign, or a stored wizard that no longer opens or reads). */
function storedWizard(db: Kysely<DB>, text: string): Wizard | null {
  try {
    const parsed = WizardSchema.safeParse(JSON.parse(openWizardText(db, text)) as unknown);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The campaign's strategy with each node's counts (issue 18.4): the wizard's diagram when the wizard
 * made the campaign (its projects matched to their nodes by replaying the plan), else one node per
 * tier. `all` is every project of the campaign, `scoped` the counted ones (a project's report: one).
 */
export async function readStrategyGraph(
  db: Kysely<DB>, ownerId: number, campaignId: number, all: readonly StrategyProject[], scoped: readonly ReportNode[],
): Promise<StrategyGraph> {
  const campaign = await db.selectFrom('campaigns').select(['creating_type', 'wizard_string'])
    .where('id', '=', campaignId).where('owner_id', '=', ownerId).executeTakeFirst();
  const wizard = campaign?.creating_type === 'XWizard' && campaign.wizard_string !== null ? storedWizard(db, campaign.wizard_string) : null;
  const read = wizard?.strategy ? readDiagramText(wizard.strategy.strategy) : null;
  if (!wizard || !read?.ok) return tierStrategyGraph(scoped);
  try {
    return diagramStrategyGraph(read.diagram, projectNodeIds(read.diagram, wizard, all), scoped);
  } catch {
    // A stored wizard the plan no longer accepts: the campaign is drawn by its tiers.
    return tierStrategyGraph(scoped);
  }
}
