import { useMemo } from 'react';
import { ReactFlowProvider, type Edge } from '@xyflow/react';
import type { StrategyGraph } from '@linkloom/shared';
import { strategyEdge, type StrategyFlowNode } from '@/components/strategy-diagram/strategy-diagram-node';
import { ReadOnlyStrategyFlow } from '@/components/strategy-diagram/read-only-strategy-flow';
/** Room under a node's label for its counts line. */
const COUNTS_HEIGHT = 14;

/** The report's strategy as React Flow nodes (each with its counts; the Money Site without) and edges. */
export function strategyReportFlow(graph: StrategyGraph): { nodes: StrategyFlowNode[]; edges: Edge[] } {
  const nodes = graph.nodes.map((node): StrategyFlowNode => ({
    id: node.id, type: 'strategyNode', position: { x: node.x, y: node.y },
    width: node.width, height: node.height + (node.moneySite ? 0 : COUNTS_HEIGHT),
    draggable: false, connectable: false,
    data: {
      label: node.label, colour: node.colour, premium: node.premium, moneySite: node.moneySite, active: false, modules: node.modules,
      ...(node.moneySite ? {} : { counts: { live: node.live, dead: node.dead, pending: node.pending, atRisk: node.atRisk } }),
    },
  }));
  return { nodes, edges: graph.edges.map((edge) => strategyEdge(edge.id, edge.source, edge.target)) };
}

/** The campaign's strategy drawn read-only with each node's live / dead / pending posts (issue 18.4). */
export function StrategyReportDiagram({ graph }: { graph: StrategyGraph }) {
  const { nodes, edges } = useMemo(() => strategyReportFlow(graph), [graph]);
  return (
    <ReactFlowProvider>
      <ReadOnlyStrategyFlow nodes={nodes} edges={edges} height={420} testId="strategy-report-diagram" />
    </ReactFlowProvider>
  );
}
