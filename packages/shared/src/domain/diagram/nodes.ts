import { DIAGRAM_EDITOR, diagramKind, diagramTypeOf, MONEY_SITE_KIND, PROJECT_NODE_MODULES } from '../../constants/diagram';
import type { Diagram, DiagramElement, DiagramModule } from '../../schemas/diagram';
import { diagramElements } from './graph';

/** A node's label: the kind's name and its number, `Web 2.0 Blog (2)`. */
export function nodeLabel(kind: string, n: number): string {
  return `${diagramKind(kind)?.label ?? kind} (${n})`;
}

/** The lowest number ≥ 1 no node of that kind uses (`custom.nameId`): deleting a node frees its number. */
export function lowestFreeNumber(doc: Diagram, kind: string): number {
  const type = diagramTypeOf(kind);
  const used = new Set<number>();
  for (const element of diagramElements(doc)) {
    const n = element.custom?.nameId;
    if (element.type === type && n !== undefined) used.add(n);
  }
  let n = 1;
  while (used.has(n)) n += 1;
  return n;
}

/** The eight modules of a new Project node, all unchecked. */
export function projectNodeModules(): DiagramModule[] {
  return PROJECT_NODE_MODULES.map((id) => ({ id, checked: false }));
}

/** Height of a Project node: the default node height plus one 20 px row per checked module. */
export function projectNodeHeight(modules: readonly DiagramModule[]): number {
  return DIAGRAM_EDITOR.defaultNodeSize.height + DIAGRAM_EDITOR.moduleHeight * modules.filter((m) => m.checked).length;
}

/**
 * A new node of `kind` at `position`: the lowest free number of its kind, labelled
 * `{Kind} ({n})`, at least 90 px wide; a Project node gets the eight unchecked modules.
 */
export function newDiagramNode(doc: Diagram, kind: string, position: { x: number; y: number }, id: string): DiagramElement {
  const nameId = lowestFreeNumber(doc, kind);
  const projectName = nodeLabel(kind, nameId);
  const node: DiagramElement = {
    type: diagramTypeOf(kind),
    id,
    position: { x: position.x, y: position.y },
    size: { width: Math.max(DIAGRAM_EDITOR.nodeMinWidth, DIAGRAM_EDITOR.defaultNodeSize.width), height: DIAGRAM_EDITOR.defaultNodeSize.height },
    attrs: { label: { text: projectName } },
    custom: { nameId, projectName, profileName: '' },
  };
  if (kind === 'Project') {
    node.modules = projectNodeModules();
    node.size = { ...node.size, height: projectNodeHeight(node.modules) };
  }
  return node;
}

/** A new diagram: one Money Site at x 310, y 100, 90 by 54 (spec 2 §3). */
export function defaultDiagram(moneySiteId = 'money-site'): Diagram {
  const { x, y, width, height } = DIAGRAM_EDITOR.defaultMoneySite;
  return {
    cells: [{
      type: diagramTypeOf(MONEY_SITE_KIND),
      id: moneySiteId,
      position: { x, y },
      size: { width, height },
      attrs: { label: { text: 'Money Site' } },
      custom: { nameId: 1, projectName: 'Money Site' },
    }],
  };
}
