import { memo } from 'react';
import { BaseEdge, EdgeLabelRenderer, getSmoothStepPath, type EdgeProps } from '@xyflow/react';
import { SwapOutlined } from '@ant-design/icons';
import type { DiagramEdge } from './model/flow-types';
import { useDesignerActions } from './designer-context';

/**
 * A link, drawn parent → child with an arrow; when selected it shows the halo's link action, a
 * button in its middle that swaps source and target (spec 2 §4).
 */
export const SwapEdge = memo(function SwapEdge(props: EdgeProps<DiagramEdge>) {
  const { id, sourceX, sourceY, targetX, targetY, sourcePosition, targetPosition, selected, markerEnd, style } = props;
  const { viewOnly, swapLink } = useDesignerActions();
  const [path, labelX, labelY] = getSmoothStepPath({ sourceX, sourceY, targetX, targetY, sourcePosition, targetPosition });
  return (
    <>
      <BaseEdge id={id} path={path} markerEnd={markerEnd} style={style} />
      {selected && !viewOnly && (
        <EdgeLabelRenderer>
          <button
            type="button" className="ll-swap nodrag nopan" title="Swap the link's direction"
            style={{ transform: `translate(-50%, -50%) translate(${labelX}px, ${labelY}px)` }}
            onClick={() => swapLink(id)} data-testid="swap-link"
          >
            <SwapOutlined rotate={90} />
          </button>
        </EdgeLabelRenderer>
      )}
    </>
  );
});
