import { memo } from 'react';
import type { NodeProps } from '@xyflow/react';
import type { DiagramNode } from '../../model/flow-types';
import { NodeFrame } from './node-frame';
import { sameNodeView } from './same-node-view';

/** The node of the site kinds (Web 2.0, Wiki, PDF, private blog …): a labelled box. */
export const SiteNode = memo(function SiteNode({ data, selected }: NodeProps<DiagramNode>) {
  return <NodeFrame kind={data.kind} label={data.label} profileName={data.profileName} selected={selected} />;
}, sameNodeView);
