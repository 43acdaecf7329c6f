import type { Edge, Node } from '@xyflow/react';
import type { DiagramElement, DiagramLink, DiagramModule } from '@linkloom/shared';

/**
 * What a node component draws, read from its stored element by the adapter; `element` is the
 * element itself, so converting back keeps every field the designer never edits (attrs, extra
 * custom keys of the original tool) unchanged.
 */
export interface DiagramNodeData extends Record<string, unknown> {
  /** Kind without the `LinkLoom.` prefix, e.g. 'PremiumWiki'. */
  kind: string;
  /** `{Kind label} ({n})`: custom.projectName. */
  label: string;
  /** Account store name: custom.profileName ('' when none). */
  profileName: string;
  /** The eight module rows of a Project node; null for every other kind. */
  modules: readonly DiagramModule[] | null;
  element: DiagramElement;
}

/** A node on the paper; its React Flow `type` is the kind, which picks the component. */
export type DiagramNode = Node<DiagramNodeData>;

/** A link from a parent (source) to its child (target), with the stored link it came from. */
export type DiagramEdge = Edge<{ link: DiagramLink }>;

/** The paper's React Flow nodes and edges. */
export interface FlowGraph {
  nodes: DiagramNode[];
  edges: DiagramEdge[];
}
