import {
  DIAGRAM_TYPE_PREFIX, MONEY_SITE_TYPE, isDiagramLink, type Diagram, type DiagramCell, type DiagramElement, type DiagramLink,
} from '@linkloom/shared';
import { MarkerType } from '@xyflow/react';
import type { DiagramEdge, DiagramNode, FlowGraph } from './flow-types';
import { nodeHandles } from './node-geometry';

/** React Flow's edge type of a link (designer/swap-edge.tsx draws it). */
export const LINK_EDGE_TYPE = 'link';

/** How the paper is shown: view-only locks nodes in place and offers no deletes. */
export interface FlowOptions {
  selected: ReadonlySet<string>;
  viewOnly: boolean;
}

function kindOf(element: DiagramElement): string {
  return element.type.startsWith(DIAGRAM_TYPE_PREFIX) ? element.type.slice(DIAGRAM_TYPE_PREFIX.length) : element.type;
}

/**
 * One stored node → its React Flow node. Its size and handles go with it (`measured`, `handles`):
 * a node is drawn exactly its stored size, so React Flow need not measure it in the page. It is
 * placed by left and top instead of React Flow's transform (`style` comes after it): a node moved
 * by a transform makes Chromium sort every box of the paper into layers again on each frame of a
 * drag (about 60 ms with 1,000 nodes on screen), one moved by left and top is only painted again.
 */
export function elementToNode(element: DiagramElement, options: FlowOptions): DiagramNode {
  const isMoneySite = element.type === MONEY_SITE_TYPE;
  const { width, height } = element.size;
  return {
    id: element.id,
    type: kindOf(element),
    position: { x: element.position.x, y: element.position.y },
    style: { transform: 'none', left: element.position.x, top: element.position.y },
    width,
    height,
    measured: { width, height },
    handles: nodeHandles(width, height, !isMoneySite),
    selected: options.selected.has(element.id),
    draggable: !options.viewOnly,
    connectable: !options.viewOnly,
    // The Money Site cannot be removed (spec 2 §4).
    deletable: !options.viewOnly && !isMoneySite,
    data: {
      kind: kindOf(element),
      label: element.custom?.projectName ?? '',
      profileName: element.custom?.profileName ?? '',
      modules: element.modules ?? null,
      element,
    },
  };
}

/** One stored link → its React Flow edge (parent handle at the bottom, child's at the top). */
export function linkToEdge(link: DiagramLink, options: FlowOptions): DiagramEdge {
  return {
    id: link.id,
    type: LINK_EDGE_TYPE,
    source: link.source.id,
    target: link.target.id,
    markerEnd: { type: MarkerType.ArrowClosed, width: 18, height: 18 },
    selected: options.selected.has(link.id),
    deletable: !options.viewOnly,
    // A link's source end can be dragged to another parent; in view-only mode nothing moves.
    reconnectable: options.viewOnly ? false : 'source',
    data: { link },
  };
}

/**
 * The stored diagram → React Flow (n8n's useCanvasMapping): nodes and edges in the stored order.
 * Pass a `cache` and unchanged cells keep their node object, so React Flow redraws only what an
 * edit (or a drag frame) touched; when no edge changed (a node being dragged) the edge list
 * itself is the previous one, so React Flow does not rebuild its lookup of links either.
 */
export function toFlow(diagram: Diagram, options: FlowOptions, cache?: FlowCache): FlowGraph {
  const nodes: DiagramNode[] = [];
  let edges: DiagramEdge[] = [];
  for (const cell of diagram.cells) {
    if (isDiagramLink(cell)) edges.push(cached(cache?.edges, cell, options, linkToEdge));
    else nodes.push(cached(cache?.nodes, cell, options, elementToNode));
  }
  if (cache) {
    if (sameItems(cache.lastEdges, edges)) edges = cache.lastEdges;
    else cache.lastEdges = edges;
  }
  return { nodes, edges };
}

/**
 * Node and edge objects by stored cell, reused while the cell, its selection and the mode are the
 * same; and the last edge list made.
 */
export interface FlowCache {
  nodes: WeakMap<DiagramCell, { node: DiagramNode; selected: boolean; viewOnly: boolean }>;
  edges: WeakMap<DiagramCell, { node: DiagramEdge; selected: boolean; viewOnly: boolean }>;
  lastEdges: DiagramEdge[];
}

export function createFlowCache(): FlowCache {
  return { nodes: new WeakMap(), edges: new WeakMap(), lastEdges: [] };
}

function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((item, index) => item === b[index]);
}

function cached<C extends DiagramCell, T>(
  map: WeakMap<DiagramCell, { node: T; selected: boolean; viewOnly: boolean }> | undefined,
  cell: C,
  options: FlowOptions,
  make: (cell: C, options: FlowOptions) => T,
): T {
  const selected = options.selected.has(cell.id);
  const hit = map?.get(cell);
  if (hit && hit.selected === selected && hit.viewOnly === options.viewOnly) return hit.node;
  const node = make(cell, options);
  map?.set(cell, { node, selected, viewOnly: options.viewOnly });
  return node;
}

/** A React Flow node → its stored element: position and size from the paper, the rest as read. */
export function nodeToElement(node: DiagramNode): DiagramElement {
  const element = node.data.element;
  return {
    ...element,
    position: { ...element.position, x: node.position.x, y: node.position.y },
    size: { ...element.size, width: node.width ?? element.size.width, height: node.height ?? element.size.height },
  };
}

/** A React Flow edge → its stored link, ends from the edge (a dragged source or a swap). */
export function edgeToLink(edge: DiagramEdge): DiagramLink {
  const link = edge.data?.link;
  if (link === undefined) return { id: edge.id, source: { id: edge.source }, target: { id: edge.target } };
  return { ...link, source: { ...link.source, id: edge.source }, target: { ...link.target, id: edge.target } };
}

/**
 * React Flow → the stored diagram: the paper's nodes then its edges, each keeping the fields it
 * was read with. `base` gives the document's other fields and the cells' order (an imported
 * diagram of the original designer, links between nodes, comes back out unchanged).
 */
export function fromFlow(graph: FlowGraph, base: Diagram = { cells: [] }): Diagram {
  const byId = new Map<string, DiagramCell>();
  for (const node of graph.nodes) byId.set(node.id, nodeToElement(node));
  for (const edge of graph.edges) byId.set(edge.id, edgeToLink(edge));
  const cells: DiagramCell[] = [];
  for (const cell of base.cells) {
    const next = byId.get(cell.id);
    if (next === undefined) continue;
    cells.push(next);
    byId.delete(cell.id);
  }
  cells.push(...byId.values());
  return { ...base, cells };
}
