import dagre from '@dagrejs/dagre';
import { DIAGRAM_EDITOR, isDiagramLink, type Diagram } from '@linkloom/shared';

/**
 * Auto-layout (spec 2 §9): top to bottom with 20 px margins, by dagre. The diagram designer and
 * the wizard's read-only diagram load this module only when the user asks for a layout, so dagre
 * stays out of their first paint.
 * Returns each node's new top-left corner.
 */
export function layoutDiagram(doc: Diagram): Map<string, { x: number; y: number }> {
  const margin = DIAGRAM_EDITOR.layoutMargin;
  const graph = new dagre.graphlib.Graph();
  graph.setGraph({ rankdir: DIAGRAM_EDITOR.layoutDirection, marginx: margin, marginy: margin, nodesep: margin, ranksep: margin * 2 });
  graph.setDefaultEdgeLabel(() => ({}));
  for (const cell of doc.cells) {
    if (!isDiagramLink(cell)) graph.setNode(cell.id, { width: cell.size.width, height: cell.size.height });
  }
  for (const cell of doc.cells) {
    if (isDiagramLink(cell) && graph.hasNode(cell.source.id) && graph.hasNode(cell.target.id)) graph.setEdge(cell.source.id, cell.target.id);
  }
  dagre.layout(graph);
  const positions = new Map<string, { x: number; y: number }>();
  for (const id of graph.nodes()) {
    const node = graph.node(id);
    // dagre gives centres; the diagram stores top-left corners.
    positions.set(id, { x: Math.round(node.x - node.width / 2), y: Math.round(node.y - node.height / 2) });
  }
  return positions;
}
