import { DIAGRAM_TYPE_PREFIX, diagramKindOfType, MONEY_SITE_TYPE } from '../../constants/diagram';
import { isDiagramLink, type Diagram, type DiagramElement, type DiagramLink } from '../../schemas/diagram';

/** One broken rule of a diagram; `nodeId` is the node it names (null when it is the whole diagram). */
export interface DiagramProblem {
  nodeId: string | null;
  message: string;
}

/** The diagram's nodes and links, split. */
export function diagramElements(doc: Diagram): DiagramElement[] {
  return doc.cells.filter((cell): cell is DiagramElement => !isDiagramLink(cell));
}
export function diagramLinks(doc: Diagram): DiagramLink[] {
  return doc.cells.filter(isDiagramLink);
}

/**
 * The name a message gives a node: its label (`custom.projectName`), else its kind's name and
 * number, else its type; always followed by nothing else so the user finds it on the paper.
 */
export function diagramNodeName(element: DiagramElement): string {
  const label = element.custom?.projectName?.trim();
  if (label) return label;
  const info = diagramKindOfType(element.type);
  const kind = info?.label ?? (element.type.startsWith(DIAGRAM_TYPE_PREFIX) ? element.type.slice(DIAGRAM_TYPE_PREFIX.length) : element.type);
  const n = element.custom?.nameId;
  return n === undefined ? `${kind} (id ${element.id})` : `${kind} (${n})`;
}

interface Graph {
  nodes: Map<string, DiagramElement>;
  /** child id → parent ids (links whose two ends are nodes). */
  parents: Map<string, string[]>;
  /** parent id → child ids. */
  children: Map<string, string[]>;
  moneySites: DiagramElement[];
}

function graphOf(doc: Diagram): Graph {
  const nodes = new Map<string, DiagramElement>();
  for (const element of diagramElements(doc)) if (!nodes.has(element.id)) nodes.set(element.id, element);
  const parents = new Map<string, string[]>();
  const children = new Map<string, string[]>();
  for (const link of diagramLinks(doc)) {
    const from = link.source.id;
    const to = link.target.id;
    if (!nodes.has(from) || !nodes.has(to)) continue;
    parents.set(to, [...(parents.get(to) ?? []), from]);
    children.set(from, [...(children.get(from) ?? []), to]);
  }
  const moneySites = [...nodes.values()].filter((node) => node.type === MONEY_SITE_TYPE);
  return { nodes, parents, children, moneySites };
}

/** Ids of the nodes reached from `start` by following links from parent to child (start included). */
function descendants(graph: Graph, start: string): Set<string> {
  const seen = new Set<string>([start]);
  const stack = [start];
  while (stack.length > 0) {
    const id = stack.pop() as string;
    for (const child of graph.children.get(id) ?? []) {
      if (!seen.has(child)) {
        seen.add(child);
        stack.push(child);
      }
    }
  }
  return seen;
}

/** Cycles of the graph, each as the node ids along it (first node not repeated). */
function findCycles(graph: Graph): string[][] {
  const state = new Map<string, 'open' | 'done'>();
  const cycles: string[][] = [];
  for (const root of graph.nodes.keys()) {
    if (state.has(root)) continue;
    // Iterative depth-first walk; `path` is the chain of open nodes.
    const path: string[] = [];
    const stack: { id: string; next: number }[] = [{ id: root, next: 0 }];
    state.set(root, 'open');
    path.push(root);
    while (stack.length > 0) {
      const top = stack[stack.length - 1] as { id: string; next: number };
      const kids = graph.children.get(top.id) ?? [];
      if (top.next < kids.length) {
        const child = kids[top.next++] as string;
        const seen = state.get(child);
        if (seen === 'open') cycles.push(path.slice(path.indexOf(child)));
        else if (seen === undefined) {
          state.set(child, 'open');
          path.push(child);
          stack.push({ id: child, next: 0 });
        }
      } else {
        state.set(top.id, 'done');
        path.pop();
        stack.pop();
      }
    }
  }
  return cycles;
}

export const DIAGRAM_RULE_MESSAGES = {
  noMoneySite: 'The diagram needs a Money Site',
  manyMoneySites: (names: string[]) => `The diagram has ${names.length} Money Sites (${names.join(', ')}): a diagram has exactly one`,
  duplicateId: (id: string) => `Two cells of the diagram share the id ${id}`,
  unknownKind: (name: string, type: string) => `${name} is of an unknown kind (${type})`,
  danglingLink: (id: string) => `The link ${id} does not join two nodes of the diagram`,
  selfLink: (name: string) => `${name} is linked to itself`,
  manyParents: (name: string, parents: string[]) => `${name} has more than one parent (${parents.join(', ')}): a node has at most one parent`,
  moneySiteParent: (name: string, parent: string) => `${name} cannot have a parent (it is linked from ${parent}): the Money Site is the root of the diagram`,
  cycle: (names: string[]) => `${names.join(' → ')} → ${names[0] ?? ''} form a cycle`,
  unreached: (name: string) => `${name} is not connected to the Money Site: link it from a node of the tree`,
  /** canLink refusals. */
  notNodes: 'A link joins two nodes of the diagram',
  toItself: 'A node cannot be linked to itself',
  toMoneySite: 'The Money Site is the root of the diagram: it cannot have a parent',
  hasParent: (name: string, parent: string) => `${name} already has a parent (${parent}): a node has at most one parent`,
  makesCycle: (from: string, to: string) => `Linking ${from} to ${to} would make a cycle`,
} as const;
const R = DIAGRAM_RULE_MESSAGES;

/**
 * Every broken rule of a diagram (spec 2 §3, §4), each naming the node: exactly one Money Site;
 * known kinds; links join two nodes; each node at most one parent and the Money Site none; no
 * cycles; every node reaches the Money Site through its parents. An empty list: the diagram is valid.
 */
export function validateDiagram(doc: Diagram): DiagramProblem[] {
  const problems: DiagramProblem[] = [];
  const graph = graphOf(doc);
  const name = (id: string) => {
    const node = graph.nodes.get(id);
    return node ? diagramNodeName(node) : id;
  };

  const ids = new Set<string>();
  for (const cell of doc.cells) {
    if (ids.has(cell.id)) problems.push({ nodeId: isDiagramLink(cell) ? null : cell.id, message: R.duplicateId(cell.id) });
    ids.add(cell.id);
  }

  for (const node of graph.nodes.values()) {
    if (!diagramKindOfType(node.type)) problems.push({ nodeId: node.id, message: R.unknownKind(diagramNodeName(node), node.type) });
  }

  if (graph.moneySites.length === 0) problems.push({ nodeId: null, message: R.noMoneySite });
  if (graph.moneySites.length > 1) {
    problems.push({ nodeId: (graph.moneySites[1] as DiagramElement).id, message: R.manyMoneySites(graph.moneySites.map(diagramNodeName)) });
  }

  for (const link of diagramLinks(doc)) {
    if (!graph.nodes.has(link.source.id) || !graph.nodes.has(link.target.id)) problems.push({ nodeId: null, message: R.danglingLink(link.id) });
    else if (link.source.id === link.target.id) problems.push({ nodeId: link.source.id, message: R.selfLink(name(link.source.id)) });
  }

  for (const [child, parentIds] of graph.parents) {
    const node = graph.nodes.get(child) as DiagramElement;
    const others = parentIds.filter((id) => id !== child);
    if (node.type === MONEY_SITE_TYPE && others.length > 0) {
      problems.push({ nodeId: child, message: R.moneySiteParent(name(child), others.map(name).join(', ')) });
    } else if (parentIds.length > 1) {
      problems.push({ nodeId: child, message: R.manyParents(name(child), parentIds.map(name)) });
    }
  }

  const inCycle = new Set<string>();
  for (const cycle of findCycles(graph)) {
    if (cycle.length === 1) {
      inCycle.add(cycle[0] as string);
      continue; // a node linked to itself is already named above
    }
    cycle.forEach((id) => inCycle.add(id));
    problems.push({ nodeId: cycle[0] as string, message: R.cycle(cycle.map(name)) });
  }

  const moneySite = graph.moneySites[0];
  if (moneySite) {
    const reached = descendants(graph, moneySite.id);
    for (const node of graph.nodes.values()) {
      if (reached.has(node.id) || inCycle.has(node.id) || node.type === MONEY_SITE_TYPE) continue;
      problems.push({ nodeId: node.id, message: R.unreached(diagramNodeName(node)) });
    }
  }
  return problems;
}

/**
 * Node id → tier: the Money Site is tier 0, its children tier 1, theirs tier 2… Nodes the Money
 * Site does not reach are left out. In a valid diagram (a tree) each node has one tier.
 */
export function diagramTiers(doc: Diagram): Record<string, number> {
  const graph = graphOf(doc);
  const tiers: Record<string, number> = {};
  const root = graph.moneySites[0];
  if (!root) return tiers;
  tiers[root.id] = 0;
  let level = [root.id];
  for (let tier = 1; level.length > 0; tier += 1) {
    const next: string[] = [];
    for (const id of level) {
      for (const child of graph.children.get(id) ?? []) {
        if (tiers[child] !== undefined) continue;
        tiers[child] = tier;
        next.push(child);
      }
    }
    level = next;
  }
  return tiers;
}

/** Number of tiers: the longest distance from the Money Site (0 for a Money Site alone or none). */
export function diagramDepth(doc: Diagram): number {
  return Object.values(diagramTiers(doc)).reduce((deepest, tier) => Math.max(deepest, tier), 0);
}

/**
 * Why a new link from `sourceId` (parent) to `targetId` (child) is refused, or null when it may be
 * made (spec 2 §4: the target must have no incoming link; nor may the link close a cycle).
 */
export function canLink(doc: Diagram, sourceId: string, targetId: string): string | null {
  const graph = graphOf(doc);
  const source = graph.nodes.get(sourceId);
  const target = graph.nodes.get(targetId);
  if (!source || !target) return R.notNodes;
  if (sourceId === targetId) return R.toItself;
  if (target.type === MONEY_SITE_TYPE) return R.toMoneySite;
  const parent = graph.parents.get(targetId)?.[0];
  if (parent !== undefined) return R.hasParent(diagramNodeName(target), graph.nodes.has(parent) ? diagramNodeName(graph.nodes.get(parent) as DiagramElement) : parent);
  if (descendants(graph, targetId).has(sourceId)) return R.makesCycle(diagramNodeName(source), diagramNodeName(target));
  return null;
}
