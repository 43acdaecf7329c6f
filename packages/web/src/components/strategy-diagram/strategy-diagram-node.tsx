import { memo } from 'react';
import { Handle, MarkerType, Position, type Edge, type Node, type NodeProps } from '@xyflow/react';
import { PREMIUM_OUTLINE } from '@linkloom/shared';
import { textOn } from '@/lib/readable-text';

/** A node's posts by health (the link reports' strategy diagram). */
export interface NodeCounts {
  live: number;
  dead: number;
  pending: number;
  /** Posts that link to a dead page of the tier above (shown when there are some). */
  atRisk?: number;
}

/** What a node of a read-only strategy diagram draws (the wizard's Strategy and Accounts tabs, the Reports tab). */
export interface StrategyNodeData extends Record<string, unknown> {
  label: string;
  colour: string;
  premium: boolean;
  moneySite: boolean;
  active: boolean;
  /** The ticked modules of a Project node, one line each. */
  modules: readonly string[];
  /** Drawn under the label when set. */
  counts?: NodeCounts;
}
export type StrategyFlowNode = Node<StrategyNodeData, 'strategyNode'>;

const HIDDEN_HANDLE = { opacity: 0, pointerEvents: 'none' } as const;

/** An edge of a read-only strategy diagram: parent to child, with an arrow. */
export function strategyEdge(id: string, source: string, target: string): Edge {
  return { id, source, target, type: 'smoothstep', markerEnd: { type: MarkerType.ArrowClosed, width: 18, height: 18 } };
}

/**
 * A node of a read-only diagram: its kind's colour and label (shared diagram functions), Premium
 * kinds with the red dashed outline, the active project ringed, and its counts when it has some.
 */
export const StrategyDiagramNode = memo(function StrategyDiagramNode({ data }: NodeProps<StrategyFlowNode>) {
  const outline = data.premium ? `3px dashed ${PREMIUM_OUTLINE}` : '1px solid #1a202c';
  return (
    <div
      data-testid="wizard-diagram-node" data-label={data.label} data-active={data.active}
      style={{
        width: '100%', height: '100%', background: data.colour, color: textOn(data.colour), border: outline, borderRadius: data.moneySite ? 27 : 6,
        boxShadow: data.active ? '0 0 0 4px #1677ff' : undefined, fontSize: 10, display: 'flex', flexDirection: 'column',
        alignItems: 'center', justifyContent: 'center', cursor: 'pointer', textAlign: 'center', padding: 2,
      }}
    >
      <Handle type="target" position={Position.Top} isConnectable={false} style={HIDDEN_HANDLE} />
      <div style={{ fontWeight: 600 }}>{data.label}</div>
      {data.modules.map((m) => <div key={m} style={{ fontSize: 9 }}>{m}</div>)}
      {data.counts && (
        <div data-testid="node-counts" style={{ fontSize: 9, fontWeight: 600 }}>
          {`${data.counts.live} live · ${data.counts.dead} dead · ${data.counts.pending} pending${data.counts.atRisk ? ` · ${data.counts.atRisk} at risk` : ''}`}
        </div>
      )}
      <Handle type="source" position={Position.Bottom} isConnectable={false} style={HIDDEN_HANDLE} />
    </div>
  );
});
