import { diagramTypeOf, nodeLabel, type Diagram, type DiagramCell } from '@linkloom/shared';

/** The kinds the big diagram cycles through below its Money Site (node i is `KINDS[i % 9]`). */
const KINDS = ['Project', 'Web20Blog', 'Web20Profile', 'Bookmarking', 'Wiki', 'ArticleDirectory', 'ForumProfile', 'PDF', 'PressRelease'];
/** Columns of the grid the nodes are placed on, and its pitch. */
const COLUMNS = 25;
const PITCH = { x: 140, y: 90 };
export const BIG_NODE_SIZE = { width: 120, height: 54 };

/**
 * A Money Site (`n0`) and `nodes - 1` more (`n1`…), node i the child of node floor((i - 1) / 3)
 * through link `l{i}`: a tree three wide, placed row by row on a grid 25 nodes wide (140 × 90 px),
 * as an imported diagram would stand before an auto-layout. The browser tests and the designer
 * benchmark open it.
 */
export function bigDiagram(nodes: number): Diagram {
  const cells: DiagramCell[] = [];
  const counts = new Map<string, number>();
  for (let i = 0; i < nodes; i += 1) {
    const kind = i === 0 ? 'MoneySite' : (KINDS[i % KINDS.length] as string);
    const n = (counts.get(kind) ?? 0) + 1;
    counts.set(kind, n);
    const label = i === 0 ? 'Money Site' : nodeLabel(kind, n);
    cells.push({
      type: diagramTypeOf(kind), id: `n${i}`, position: { x: (i % COLUMNS) * PITCH.x, y: Math.floor(i / COLUMNS) * PITCH.y },
      size: { ...BIG_NODE_SIZE }, attrs: { label: { text: label } }, custom: { nameId: n, projectName: label, profileName: '' },
      ...(kind === 'Project' ? { modules: [] } : {}),
    });
    if (i > 0) cells.push({ type: 'standard.Link', id: `l${i}`, source: { id: `n${Math.floor((i - 1) / 3)}` }, target: { id: `n${i}` } });
  }
  return { cells };
}

/** The label of node `n{i}` of {@link bigDiagram} ('Article Directory (12)'). */
export function bigDiagramLabel(i: number): string {
  if (i === 0) return 'Money Site';
  const kind = KINDS[i % KINDS.length] as string;
  // Nodes of one kind are every ninth from their first (1…9), so node i is number ceil(i / 9) of its kind.
  return nodeLabel(kind, Math.floor((i - 1) / KINDS.length) + 1);
}
