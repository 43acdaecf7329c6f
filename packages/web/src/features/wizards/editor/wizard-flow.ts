import type { Edge } from '@xyflow/react';
import {
  MONEY_SITE_TYPE, diagramElements, diagramKindColour, diagramKindOfType, diagramLinks, diagramNodeName, moduleLabel, type Diagram,
} from '@linkloom/shared';
import { strategyEdge, type StrategyFlowNode } from '@/components/strategy-diagram/strategy-diagram-node';

export type Positions = ReadonlyMap<string, { x: number; y: number }>;

/** The diagram as React Flow nodes and edges, with laid-out positions when there are some. */
export function wizardFlow(diagram: Diagram, activeNodeId: string | null, positions: Positions | null): { nodes: StrategyFlowNode[]; edges: Edge[] } {
  const nodes = diagramElements(diagram).map((element): StrategyFlowNode => ({
    id: element.id,
    type: 'strategyNode',
    position: positions?.get(element.id) ?? { x: element.position.x, y: element.position.y },
    width: element.size.width,
    height: element.size.height,
    draggable: false,
    connectable: false,
    data: {
      label: diagramNodeName(element),
      colour: diagramKindColour(element.type),
      premium: diagramKindOfType(element.type)?.premium ?? false,
      moneySite: element.type === MONEY_SITE_TYPE,
      active: element.id === activeNodeId,
      modules: (element.modules ?? []).filter((m) => m.checked).map((m) => moduleLabel(m.id)),
    },
  }));
  const edges = diagramLinks(diagram).map((link) => strategyEdge(link.id, link.source.id, link.target.id));
  return { nodes, edges };
}
