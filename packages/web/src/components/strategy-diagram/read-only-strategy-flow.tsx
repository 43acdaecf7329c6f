import { Background, BackgroundVariant, ReactFlow, type Edge, type NodeTypes } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { DIAGRAM_EDITOR } from '@linkloom/shared';
import { StrategyDiagramNode, type StrategyFlowNode } from './strategy-diagram-node';

const NODE_TYPES: NodeTypes = { strategyNode: StrategyDiagramNode };
/** How a read-only strategy fits its box (the designer's padding and largest scale). */
export const STRATEGY_FIT = { padding: `${DIAGRAM_EDITOR.fitPadding}px`, maxZoom: DIAGRAM_EDITOR.fitMaxScale } as const;

/** Props of {@link ReadOnlyStrategyFlow}. */
export interface ReadOnlyStrategyFlowProps {
  nodes: StrategyFlowNode[];
  edges: Edge[];
  height: number;
  onNodeClick?: (nodeId: string) => void;
  testId?: string;
}

/**
 * A strategy drawn read-only (the wizard's Strategy and Accounts tabs, the campaign's report):
 * nothing moves, connects or is selected; the page scrolls it, zoom stays with the buttons. Inside
 * a ReactFlowProvider.
 */
export function ReadOnlyStrategyFlow({ nodes, edges, height, onNodeClick, testId }: ReadOnlyStrategyFlowProps) {
  return (
    <div style={{ height, border: '1px solid #d9d9d9', background: '#fff' }} {...(testId ? { 'data-testid': testId } : {})}>
      <ReactFlow<StrategyFlowNode, Edge>
        nodes={nodes} edges={edges} nodeTypes={NODE_TYPES}
        nodesDraggable={false} nodesConnectable={false} edgesReconnectable={false} elementsSelectable={false}
        {...(onNodeClick ? { onNodeClick: (_: unknown, node: StrategyFlowNode) => onNodeClick(node.id) } : {})}
        minZoom={DIAGRAM_EDITOR.zoomMin} maxZoom={DIAGRAM_EDITOR.zoomMax}
        zoomOnScroll={false} panOnScroll zoomOnDoubleClick={false} deleteKeyCode={null}
        fitView fitViewOptions={STRATEGY_FIT}
      >
        <Background variant={BackgroundVariant.Dots} gap={DIAGRAM_EDITOR.gridSize} />
      </ReactFlow>
    </div>
  );
}
