import { MONEY_SITE_TYPE, diagramKindOfType } from '../../constants/diagram';
import type { Diagram } from '../../schemas/diagram';
import type { ReportNode, StrategyGraph, StrategyGraphNode } from '../../schemas/link-reports';
import type { Wizard } from '../../schemas/wizard';
import { diagramElements, diagramLinks, diagramNodeName, diagramTiers } from '../diagram/graph';
import { diagramKindColour } from '../diagram/preview';
import { moduleLabel } from '../private-site-groups';
import { planCampaign } from '../wizard/plan-campaign';

/**
 * The campaign's strategy drawn with each node's live / dead / pending counts (issue 18.4): the
 * wizard's diagram for a campaign the wizard made, else one node per tier of its projects. Pure.
 */

/** A project of the campaign, as the report reads it. */
export interface StrategyProject {
  id: number;
  name: string;
  module: string;
}

/**
 * Which diagram node made each of the campaign's projects (id order = creation order): the wizard's
 * plan is replayed (planCampaign is pure) and each planned content project is matched to the
 * campaign's project of the same module and name; projects renamed since take the module's
 * remaining planned projects in order. Projects added by hand later belong to no node.
 */
export function projectNodeIds(diagram: Diagram, wizard: Wizard, projects: readonly StrategyProject[]): Map<number, string> {
  const planned = planCampaign(diagram, wizard).projects.filter((project) => project.kind !== 'acproject');
  const used = planned.map(() => false);
  const nodeOf = new Map<number, string>();
  const take = (project: StrategyProject, sameName: boolean) => {
    const index = planned.findIndex((plan, i) => !used[i] && plan.module === project.module && (!sameName || plan.name === project.name));
    if (index < 0) return false;
    used[index] = true;
    nodeOf.set(project.id, planned[index]!.nodeId);
    return true;
  };
  const renamed = projects.filter((project) => !take(project, true));
  for (const project of renamed) take(project, false);
  return nodeOf;
}

const countsOf = (nodes: readonly ReportNode[]) => ({
  projects: nodes.map((node) => ({ id: node.projectId, name: node.projectName })),
  live: nodes.reduce((sum, node) => sum + node.live, 0),
  dead: nodes.reduce((sum, node) => sum + node.dead, 0),
  pending: nodes.reduce((sum, node) => sum + node.pending, 0),
  atRisk: nodes.reduce((sum, node) => sum + (node.atRisk ?? 0), 0),
});

/** The wizard's diagram with, on each node, the counts of the scoped projects it made (`nodeOf`: project id → node id). */
export function diagramStrategyGraph(diagram: Diagram, nodeOf: ReadonlyMap<number, string>, scoped: readonly ReportNode[]): StrategyGraph {
  const tiers = diagramTiers(diagram);
  const nodes = diagramElements(diagram).map((element): StrategyGraphNode => ({
    id: element.id,
    label: diagramNodeName(element),
    colour: diagramKindColour(element.type),
    premium: diagramKindOfType(element.type)?.premium ?? false,
    moneySite: element.type === MONEY_SITE_TYPE,
    modules: (element.modules ?? []).filter((m) => m.checked).map((m) => moduleLabel(m.id)),
    x: element.position.x, y: element.position.y, width: element.size.width, height: element.size.height,
    tier: tiers[element.id] ? tiers[element.id]! : null,
    ...countsOf(scoped.filter((node) => nodeOf.get(node.projectId) === element.id)),
  }));
  const edges = diagramLinks(diagram).map((link) => ({ id: link.id, source: link.source.id, target: link.target.id }));
  return { source: 'diagram', nodes, edges };
}

/** Size and spacing of the tier nodes drawn for a campaign the wizard did not make. */
export const TIER_NODE = { width: 180, height: 64, gap: 56 } as const;
const TIER_COLOUR = '#4a5568';

/** One node per tier of the scoped projects, each tier linking to the one below. */
export function tierStrategyGraph(scoped: readonly ReportNode[]): StrategyGraph {
  const tiers = [...new Set(scoped.map((node) => node.tier))].sort((a, b) => a - b);
  const nodes = tiers.map((tier, i): StrategyGraphNode => {
    const members = scoped.filter((node) => node.tier === tier);
    return {
      id: `tier-${tier}`, label: `Tier ${tier}`, colour: TIER_COLOUR, premium: false, moneySite: false,
      modules: [...new Set(members.map((node) => moduleLabel(node.module)))],
      x: 0, y: i * (TIER_NODE.height + TIER_NODE.gap), width: TIER_NODE.width, height: TIER_NODE.height, tier,
      ...countsOf(members),
    };
  });
  const edges = nodes.slice(1).map((node, i) => ({ id: `${nodes[i]!.id}>${node.id}`, source: nodes[i]!.id, target: node.id }));
  return { source: 'tiers', nodes, edges };
}
