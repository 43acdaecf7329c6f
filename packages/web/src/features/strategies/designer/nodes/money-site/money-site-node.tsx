import { memo } from 'react';
import type { NodeProps } from '@xyflow/react';
import type { DiagramNode } from '../../model/flow-types';
import { NodeFrame } from '../shared/node-frame';
import { sameNodeView } from '../shared/same-node-view';

/** The Money Site: the root of the diagram, with no parent handle (spec 2 §4). */
export const MoneySiteNode = memo(function MoneySiteNode({ data, selected }: NodeProps<DiagramNode>) {
  return <NodeFrame kind={data.kind} label={data.label} profileName="" selected={selected} hasParentHandle={false} />;
}, sameNodeView);
