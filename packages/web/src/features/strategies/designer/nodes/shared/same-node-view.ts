import type { NodeProps } from '@xyflow/react';
import type { DiagramNode } from '../../model/flow-types';

/**
 * The node components' memo test: true when a node would be drawn the same. A dragged node gets
 * new props on every frame (its position, a new stored element in `data`), yet draws the same
 * box: only what the box shows counts (label, account store name, modules, selection).
 */
export function sameNodeView(previous: NodeProps<DiagramNode>, next: NodeProps<DiagramNode>): boolean {
  const a = previous.data;
  const b = next.data;
  return previous.id === next.id && previous.selected === next.selected
    && a.kind === b.kind && a.label === b.label && a.profileName === b.profileName && a.modules === b.modules;
}
