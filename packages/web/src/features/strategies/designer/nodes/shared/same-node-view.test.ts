import { describe, expect, it } from 'vitest';
import type { NodeProps } from '@xyflow/react';
import type { DiagramElement } from '@linkloom/shared';
import type { DiagramNode } from '../../model/flow-types';
import { sameNodeView } from './same-node-view';

const element: DiagramElement = { type: 'LinkLoom.Wiki', id: 'w', position: { x: 0, y: 0 }, size: { width: 120, height: 54 } };
const modules = [{ id: 'Wiki', checked: true }];

function props(overrides: Partial<DiagramNode['data']> = {}, rest: Partial<NodeProps<DiagramNode>> = {}): NodeProps<DiagramNode> {
  return {
    id: 'w', type: 'Wiki', selected: false, dragging: false, draggable: true, selectable: true, deletable: true, isConnectable: true,
    zIndex: 0, positionAbsoluteX: 0, positionAbsoluteY: 0,
    data: { kind: 'Wiki', label: 'Wiki (1)', profileName: '', modules, element, ...overrides },
    ...rest,
  };
}

describe('sameNodeView', () => {
  it('a drag frame (new position, new element) draws the same node', () => {
    const moved = { ...element, position: { x: 40, y: 10 } };
    expect(sameNodeView(props(), props({ element: moved }, { positionAbsoluteX: 40, positionAbsoluteY: 10, dragging: true }))).toBe(true);
  });

  it('a new label, store name, module list or selection draws it again', () => {
    expect(sameNodeView(props(), props({ label: 'Wiki (2)' }))).toBe(false);
    expect(sameNodeView(props(), props({ profileName: 'Store' }))).toBe(false);
    expect(sameNodeView(props(), props({ modules: [{ id: 'Wiki', checked: false }] }))).toBe(false);
    expect(sameNodeView(props(), props({}, { selected: true }))).toBe(false);
  });
});
