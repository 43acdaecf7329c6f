import { diagramKindOfType, MONEY_SITE_TYPE } from '../../constants/diagram';
import type { Diagram, DiagramElement } from '../../schemas/diagram';
import type { WizardProject } from '../../schemas/wizard';
import { diagramElements, diagramLinks, diagramNodeName, diagramTiers } from '../diagram/graph';

/** A tiered node of the diagram with what the wizard needs of it. */
export interface WizardNode {
  node: DiagramElement;
  tier: number;
  /** The parent node's id; null under the Money Site. */
  parentId: string | null;
  /** The project modules it runs: a Project node's checked modules, another kind's own module. */
  modules: string[];
  premium: boolean;
  name: string;
}

/**
 * The diagram's tiered nodes (Money Site left out, nodes it does not reach too), tier by tier and
 * in diagram order within a tier.
 */
export function wizardNodes(diagram: Diagram): WizardNode[] {
  const tiers = diagramTiers(diagram);
  const parentOf = new Map<string, string>();
  for (const link of diagramLinks(diagram)) if (!parentOf.has(link.target.id)) parentOf.set(link.target.id, link.source.id);
  const nodes: WizardNode[] = [];
  for (const node of diagramElements(diagram)) {
    const tier = tiers[node.id];
    const kind = diagramKindOfType(node.type);
    if (tier === undefined || tier === 0 || node.type === MONEY_SITE_TYPE || !kind) continue;
    const parent = parentOf.get(node.id) ?? null;
    const modules = kind.module !== null ? [kind.module] : (node.modules ?? []).filter((m) => m.checked).map((m) => m.id);
    nodes.push({ node, tier, parentId: parent !== null && tiers[parent] !== 0 ? parent : null, modules, premium: kind.premium, name: diagramNodeName(node) });
  }
  // Stable: tier first, diagram order within a tier.
  return nodes.map((n, i) => ({ n, i })).sort((a, b) => a.n.tier - b.n.tier || a.i - b.i).map(({ n }) => n);
}

/**
 * The Accounts tab's projects of a new wizard: one per tiered node, creating new accounts under the
 * node's account store name (its label when it has none). A Project node's module is null: it runs
 * each of its checked modules.
 */
export function defaultWizardProjects(diagram: Diagram): WizardProject[] {
  return wizardNodes(diagram).map(({ node, tier, parentId, premium, name }) => {
    const kind = diagramKindOfType(node.type);
    return {
      id: node.id,
      parentId,
      name,
      module: kind?.module ?? null,
      premium,
      createNewAccount: true,
      numberOfPosts: kind?.module?.startsWith('Private') ? 0 : null,
      profileName: node.custom?.profileName?.trim() || name,
      group: kind?.group ?? null,
      profileId: null,
      tier,
    };
  });
}
