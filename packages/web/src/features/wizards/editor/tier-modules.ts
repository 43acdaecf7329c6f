import { wizardNodes, type Diagram } from '@linkloom/shared';

/**
 * The modules each tier of a strategy runs (tier → module ids, in diagram order, each once): a
 * node's kind gives its module, a Project node its ticked ones. The Sites tab shows, per tier,
 * whether the user's sites can publish them (issue 37).
 */
export function tierModules(diagram: Diagram | null): ReadonlyMap<number, readonly string[]> {
  const byTier = new Map<number, string[]>();
  for (const node of diagram ? wizardNodes(diagram) : []) {
    const modules = byTier.get(node.tier) ?? [];
    for (const module of node.modules) if (!modules.includes(module)) modules.push(module);
    byTier.set(node.tier, modules);
  }
  return byTier;
}
