import { describe, expect, it } from 'vitest';
import { DiagramSchema, type Diagram } from '@linkloom/shared';
import { createFlowCache, fromFlow, toFlow } from './diagram-adapter';

/** A diagram as the original tool's designer exports it: extra fields, links between nodes. */
const ORIGINAL: Diagram = DiagramSchema.parse({
  cells: [
    { type: 'LinkLoom.MoneySite', id: 'm', position: { x: 310, y: 100 }, size: { width: 90, height: 54 }, angle: 0, z: 1, attrs: { label: { text: 'Money Site' } }, custom: { nameId: 1, projectName: 'Money Site' } },
    { type: 'standard.Link', id: 'l1', source: { id: 'm', port: 'out' }, target: { id: 'p' }, z: 3, attrs: { line: { stroke: '#333' } } },
    {
      type: 'LinkLoom.PremiumProject', id: 'p', position: { x: 300, y: 200 }, size: { width: 170, height: 74 }, z: 2,
      attrs: { label: { text: 'Premium Project (1)' } }, custom: { nameId: 1, projectName: 'Premium Project (1)', profileName: 'Store A', extra: true },
      modules: [{ id: 'Wiki', checked: true }, { id: 'PDF', checked: false }],
    },
    { type: 'LinkLoom.Wiki', id: 'w', position: { x: 100, y: 320 }, size: { width: 120, height: 54 }, custom: { nameId: 2, projectName: 'Wiki (2)', profileName: null } },
    { type: 'standard.Link', id: 'l2', source: { id: 'p' }, target: { id: 'w' } },
  ],
  graphVersion: 7,
});

const options = { selected: new Set<string>(), viewOnly: false };

describe('diagram adapter', () => {
  it('maps stored nodes and links to React Flow nodes and edges', () => {
    const { nodes, edges } = toFlow(ORIGINAL, { selected: new Set(['w']), viewOnly: false });
    expect(nodes.map((node) => [node.id, node.type, node.position, node.width, node.height])).toEqual([
      ['m', 'MoneySite', { x: 310, y: 100 }, 90, 54],
      ['p', 'PremiumProject', { x: 300, y: 200 }, 170, 74],
      ['w', 'Wiki', { x: 100, y: 320 }, 120, 54],
    ]);
    expect(nodes[1]?.data).toMatchObject({ kind: 'PremiumProject', label: 'Premium Project (1)', profileName: 'Store A', modules: [{ id: 'Wiki', checked: true }, { id: 'PDF', checked: false }] });
    expect(nodes[2]?.data.profileName).toBe('');
    expect(nodes.map((node) => node.selected)).toEqual([false, false, true]);
    expect(nodes[0]?.deletable).toBe(false);
    expect(nodes[1]?.deletable).toBe(true);
    expect(edges.map((edge) => [edge.id, edge.source, edge.target, edge.reconnectable])).toEqual([['l1', 'm', 'p', 'source'], ['l2', 'p', 'w', 'source']]);
  });

  it('places each node by left and top at its position, never by a transform', () => {
    const { nodes } = toFlow(ORIGINAL, options);
    expect(nodes.map((node) => node.style)).toEqual([
      { transform: 'none', left: 310, top: 100 },
      { transform: 'none', left: 300, top: 200 },
      { transform: 'none', left: 100, top: 320 },
    ]);
  });

  it('locks everything in view-only mode', () => {
    const { nodes, edges } = toFlow(ORIGINAL, { selected: new Set(), viewOnly: true });
    expect(nodes.every((node) => node.draggable === false && node.deletable === false && node.connectable === false)).toBe(true);
    expect(edges.every((edge) => edge.reconnectable === false && edge.deletable === false)).toBe(true);
  });

  it('an imported original-format diagram round-trips unchanged', () => {
    const back = fromFlow(toFlow(ORIGINAL, options), ORIGINAL);
    expect(back).toEqual(ORIGINAL);
    expect(JSON.stringify(back)).toBe(JSON.stringify(ORIGINAL));
  });

  it('carries moves, resizes and re-pointed links back to the stored diagram', () => {
    const graph = toFlow(ORIGINAL, options);
    const nodes = graph.nodes.map((node) => (node.id === 'w' ? { ...node, position: { x: 40, y: 400 }, width: 150 } : node));
    const edges = graph.edges.map((edge) => (edge.id === 'l2' ? { ...edge, source: 'm' } : edge));
    const back = fromFlow({ nodes, edges }, ORIGINAL);
    const wiki = back.cells.find((cell) => cell.id === 'w');
    expect(wiki).toMatchObject({ position: { x: 40, y: 400 }, size: { width: 150, height: 54 }, custom: { nameId: 2, projectName: 'Wiki (2)', profileName: null } });
    expect(back.cells.find((cell) => cell.id === 'l2')).toEqual({ type: 'standard.Link', id: 'l2', source: { id: 'm' }, target: { id: 'w' } });
    expect(DiagramSchema.parse(back)).toEqual(back);
  });

  it('drops removed cells and appends new ones after the stored order', () => {
    const graph = toFlow(ORIGINAL, options);
    const nodes = graph.nodes.filter((node) => node.id !== 'w');
    const edges = [...graph.edges.filter((edge) => edge.id !== 'l2'), { id: 'l3', source: 'p', target: 'x' }];
    const back = fromFlow({ nodes, edges }, ORIGINAL);
    expect(back.cells.map((cell) => cell.id)).toEqual(['m', 'l1', 'p', 'l3']);
    expect(back.cells.at(-1)).toEqual({ id: 'l3', source: { id: 'p' }, target: { id: 'x' } });
  });

  it('keeps the node objects of unchanged cells between renders (a drag redraws one node)', () => {
    const cache = createFlowCache();
    const first = toFlow(ORIGINAL, options, cache);
    const moved: Diagram = { ...ORIGINAL, cells: ORIGINAL.cells.map((cell) => (cell.id === 'w' ? { ...cell, position: { x: 0, y: 0 } } : cell)) };
    const second = toFlow(moved, options, cache);
    expect(second.nodes[0]).toBe(first.nodes[0]);
    expect(second.nodes[1]).toBe(first.nodes[1]);
    expect(second.nodes[2]).not.toBe(first.nodes[2]);
    expect(second.nodes[2]?.position).toEqual({ x: 0, y: 0 });
    const selected = toFlow(moved, { selected: new Set(['m']), viewOnly: false }, cache);
    expect(selected.nodes[0]).not.toBe(first.nodes[0]);
    expect(selected.nodes[0]?.selected).toBe(true);
  });

  it('keeps the edge list itself while no link changes (a drag frame), and makes a new one when one does', () => {
    const cache = createFlowCache();
    const first = toFlow(ORIGINAL, options, cache);
    const moved: Diagram = { ...ORIGINAL, cells: ORIGINAL.cells.map((cell) => (cell.id === 'w' ? { ...cell, position: { x: 5, y: 5 } } : cell)) };
    expect(toFlow(moved, options, cache).edges).toBe(first.edges);
    const linkSelected = toFlow(moved, { selected: new Set(['l1']), viewOnly: false }, cache);
    expect(linkSelected.edges).not.toBe(first.edges);
    expect(linkSelected.edges[1]).toBe(first.edges[1]);
    const shorter: Diagram = { ...ORIGINAL, cells: ORIGINAL.cells.filter((cell) => cell.id !== 'l2') };
    expect(toFlow(shorter, options, cache).edges.map((edge) => edge.id)).toEqual(['l1']);
  });

  it('gives React Flow each node size and handles, so it never measures a node in the page', () => {
    const { nodes } = toFlow(ORIGINAL, options);
    const [money, project] = nodes;
    expect(project?.measured).toEqual({ width: 170, height: 74 });
    // Parent handle centred on the top edge, child handle centred on the bottom edge (10 px squares).
    expect(project?.handles).toEqual([
      { type: 'target', position: 'top', x: 80, y: -5, width: 10, height: 10 },
      { type: 'source', position: 'bottom', x: 80, y: 69, width: 10, height: 10 },
    ]);
    // The Money Site has no parent, so no parent handle.
    expect(money?.handles?.map((handle) => handle.type)).toEqual(['source']);
  });
});
