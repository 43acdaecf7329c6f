import { describe, expect, it } from 'vitest';
import {
  DIAGRAM_EDITOR, DIAGRAM_GROUPS, DIAGRAM_KINDS, DIAGRAM_MAX_CELLS, MONEY_SITE_TYPE, PROJECT_NODE_MODULES, diagramKindOfType,
} from '../src/constants/diagram';
import { DiagramSchema, isDiagramLink, type Diagram, type DiagramCell } from '../src/schemas/diagram';
import {
  DIAGRAM_RULE_MESSAGES as R, DIAGRAM_TEXT_MESSAGES, canLink, checkDiagram, defaultDiagram, diagramDepth, diagramPreviewSvg,
  diagramTiers, lowestFreeNumber, newDiagramNode, nodeLabel, projectNodeHeight, readDiagramText, validateDiagram,
} from '../src/domain/diagram';

// ── builders ────────────────────────────────────────────────────────────────────────────────
function node(id: string, kind: string, nameId?: number, extra: Record<string, unknown> = {}): DiagramCell {
  const info = diagramKindOfType(`LinkLoom.${kind}`);
  return {
    type: `LinkLoom.${kind}`, id, position: { x: 0, y: 0 }, size: { width: 90, height: 54 }, attrs: {},
    ...(nameId === undefined ? {} : { custom: { nameId, projectName: `${info?.label ?? kind} (${nameId})` } }),
    ...extra,
  };
}
const money = (id = 'm') => ({ type: MONEY_SITE_TYPE, id, position: { x: 310, y: 100 }, size: { width: 90, height: 54 }, custom: { nameId: 1, projectName: 'Money Site' } });
const link = (from: string, to: string, id = `${from}->${to}`): DiagramCell => ({ type: 'standard.Link', id, source: { id: from }, target: { id: to } });
const doc = (...cells: DiagramCell[]): Diagram => ({ cells });
const messages = (d: Diagram) => validateDiagram(d).map((p) => p.message);

/** A 3-tier tree: m → a, b; a → c; c → d. */
const tree = () => doc(money(), node('a', 'Web20Blog', 1), node('b', 'Wiki', 1), node('c', 'Bookmarking', 1), node('d', 'PremiumPDF', 1),
  link('m', 'a'), link('m', 'b'), link('a', 'c'), link('c', 'd'));

/**
 * A diagram as the original designer exported it (JointJS cells): fields this product does not
 * read (angle, z, ports, markup, link router, vertices, labels, anchors, extra custom fields).
 */
const ORIGINAL = {
  cells: [
    {
      type: 'LinkLoom.MoneySite', size: { width: 90, height: 54 }, position: { x: 310, y: 100 }, angle: 0, id: 'f3a1c2d4-0000-4000-8000-000000000001', z: 1,
      custom: { nameId: 1, projectName: 'Money Site', profileName: null, url: 'https://example.com' },
      attrs: { body: { fill: '#31d0c6', stroke: '#ffffff', rx: 27 }, label: { text: 'Money Site', fontSize: 11, fontFamily: 'Roboto Condensed' } },
      ports: { groups: { out: { position: 'bottom' } }, items: [] },
    },
    {
      type: 'LinkLoom.Project', size: { width: 120, height: 214 }, position: { x: 100, y: 260 }, angle: 0, id: 'f3a1c2d4-0000-4000-8000-000000000002', z: 2,
      modules: [
        { id: 'SocialNetwork', checked: true }, { id: 'WebProfile', checked: false }, { id: 'Bookmarking', checked: true }, { id: 'Wiki', checked: false },
        { id: 'ArticleDirectory', checked: false }, { id: 'PDF', checked: false }, { id: 'ForumProfile', checked: false }, { id: 'PressRelease', checked: false },
      ],
      custom: { nameId: 1, projectName: 'My store', profileName: 'My store' },
      attrs: { body: { fill: '#fe854f' }, label: { text: 'My store' } },
    },
    {
      type: 'LinkLoom.PremiumWeb20Blog', size: { width: 90, height: 54 }, position: { x: 400, y: 260 }, angle: 15, id: 'f3a1c2d4-0000-4000-8000-000000000003', z: 3,
      custom: { nameId: 2, projectName: 'Premium Web 2.0 Blog (2)', profileName: '' }, attrs: { body: { strokeDasharray: '5,5', stroke: '#ff0000' } },
    },
    {
      type: 'standard.Link', id: 'f3a1c2d4-0000-4000-8000-000000000004', z: 4,
      source: { id: 'f3a1c2d4-0000-4000-8000-000000000001', port: 'out', anchor: { name: 'bottom' } },
      target: { id: 'f3a1c2d4-0000-4000-8000-000000000002', magnet: 'body' },
      router: { name: 'manhattan' }, connector: { name: 'rounded' }, vertices: [{ x: 355, y: 200 }], labels: [],
      attrs: { line: { stroke: '#222138', targetMarker: { type: 'path', d: 'M 10 -5 0 0 10 5 z' } } },
    },
    {
      type: 'standard.Link', id: 'f3a1c2d4-0000-4000-8000-000000000005', z: 5,
      source: { id: 'f3a1c2d4-0000-4000-8000-000000000001' }, target: { id: 'f3a1c2d4-0000-4000-8000-000000000003' }, attrs: {},
    },
  ],
  graphVersion: 2,
};

// ── constants ───────────────────────────────────────────────────────────────────────────────
describe('node kinds and editor constants (spec 2 §3, §9)', () => {
  it('lists every kind of §3 once, with its group and premium flag', () => {
    const kinds = DIAGRAM_KINDS.map((k) => k.kind);
    expect(new Set(kinds).size).toBe(kinds.length);
    const standard = ['Project', 'Web20Blog', 'Web20Profile', 'Bookmarking', 'Wiki', 'ArticleDirectory', 'ForumProfile', 'PDF', 'PressRelease'];
    expect(DIAGRAM_KINDS.filter((k) => k.group === 'Standard').map((k) => k.kind)).toEqual(standard);
    expect(DIAGRAM_KINDS.filter((k) => k.group === 'Premium').map((k) => k.kind)).toEqual(standard.map((k) => `Premium${k}`));
    expect(DIAGRAM_KINDS.filter((k) => k.group === 'PBN').map((k) => k.kind)).toEqual(['PrivateBlog', 'PrivateBookmark']);
    expect(DIAGRAM_KINDS.filter((k) => k.group === null).map((k) => k.kind)).toEqual(['MoneySite']);
    for (const k of DIAGRAM_KINDS) expect(k.premium).toBe(k.group === 'Premium');
    expect(DIAGRAM_GROUPS).toEqual(['Premium', 'Standard', 'PBN']);
    expect(DIAGRAM_KINDS.find((k) => k.kind === 'PremiumWeb20Blog')?.label).toBe('Premium Web 2.0 Blog');
  });

  it('maps a type to its kind only with the LinkLoom prefix', () => {
    expect(diagramKindOfType('LinkLoom.Wiki')?.label).toBe('Wiki');
    expect(diagramKindOfType('joint.Wiki')).toBeUndefined();
    expect(diagramKindOfType('LinkLoom.PremiumPrivateBlog')).toBeUndefined();
  });

  it('holds the editor constants of §9', () => {
    expect(DIAGRAM_EDITOR).toMatchObject({
      paperWidth: 1000, paperHeight: 1000, gridSize: 10, zoomStep: 0.2, zoomMin: 0.2, zoomMax: 5, fitPadding: 50, fitMaxScale: 1,
      pasteOffset: 20, layoutMargin: 20, nodeMinWidth: 90, moduleHeight: 20, fontSizeMin: 5, fontSizeMax: 80, outlineWidthMin: 0,
      outlineWidthMax: 30, strokeWidths: [1, 2, 4, 8], tokenCountMin: 1, tokenCountMax: 500, stencilWidth: 240, navigatorWidth: 240, navigatorHeight: 115,
      themes: ['Modern', 'Dark', 'Material'], defaultMoneySite: { x: 310, y: 100, width: 90, height: 54 },
    });
    expect(PROJECT_NODE_MODULES).toEqual(['SocialNetwork', 'WebProfile', 'Bookmarking', 'Wiki', 'ArticleDirectory', 'PDF', 'ForumProfile', 'PressRelease']);
  });
});

// ── schema ──────────────────────────────────────────────────────────────────────────────────
describe('diagram schema', () => {
  it('an imported original-format diagram round-trips unchanged', () => {
    const text = JSON.stringify(ORIGINAL);
    const parsed = DiagramSchema.parse(JSON.parse(text));
    expect(parsed).toEqual(ORIGINAL);
    expect(JSON.parse(JSON.stringify(parsed))).toEqual(ORIGINAL);
    const read = readDiagramText(text);
    expect(read).toEqual({ ok: true, diagram: ORIGINAL });
    expect(validateDiagram(parsed)).toEqual([]);
  });

  it('tells links (source / target) from nodes', () => {
    const parsed = DiagramSchema.parse(ORIGINAL);
    expect(parsed.cells.map(isDiagramLink)).toEqual([false, false, false, true, true]);
  });

  it('refuses what is not a diagram, naming the cell', () => {
    const fails = (value: unknown) => {
      const r = DiagramSchema.safeParse(value);
      return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    };
    expect(fails([])).toHaveLength(1);
    expect(fails(null)).toHaveLength(1);
    expect(fails({})).toEqual(['cells: A diagram needs its list of cells: { "cells": [...] }']);
    expect(fails({ cells: [42] })).toEqual(['cells.0: Each cell of a diagram is an object']);
    expect(fails({ cells: [{ id: 'x', position: { x: 1, y: 1 }, size: { width: 1, height: 1 } }] })).toEqual(['cells.0.type: Each node of a diagram needs a type, like LinkLoom.Wiki']);
    expect(fails({ cells: [{ type: 'LinkLoom.Wiki', id: 'x', size: { width: 1, height: 1 } }] })).toEqual(['cells.0.position: Each node of a diagram needs a position { x, y }']);
    expect(fails({ cells: [{ type: 'LinkLoom.Wiki', id: 'x', position: { x: 1, y: 1 } }] })).toEqual(['cells.0.size: Each node of a diagram needs a size { width, height }']);
    expect(fails({ cells: [{ type: 'LinkLoom.Wiki', position: { x: 1, y: 1 }, size: { width: 1, height: 1 } }] })).toEqual(['cells.0.id: Each cell of a diagram needs an id (text)']);
    expect(fails({ cells: [money(), { id: 'l', source: { id: 'm' } }] })).toEqual(['cells.1.target: Each link of a diagram needs source.id and target.id']);
    expect(fails({ cells: [money(), { id: 'l', source: { x: 1, y: 2 }, target: { id: 'm' } }] })).toEqual(['cells.1.source.id: Each cell of a diagram needs an id (text)']);
    expect(fails({ cells: [node('p', 'Project', 1, { modules: [{ id: 'Wiki' }] })] })).toEqual(["cells.0.modules.0.checked: A Project node's modules are a list of { id, checked }"]);
    expect(fails({ cells: [{ ...money(), custom: { nameId: 1.5 } }] })).toHaveLength(1);
  });

  it('holds at most DIAGRAM_MAX_CELLS cells', () => {
    const many = Array.from({ length: DIAGRAM_MAX_CELLS + 1 }, (_, i) => node(`n${i}`, 'Wiki', i + 1));
    expect(DiagramSchema.safeParse({ cells: many }).success).toBe(false);
    expect(DiagramSchema.safeParse({ cells: many.slice(1) }).success).toBe(true);
  });
});

// ── rules ───────────────────────────────────────────────────────────────────────────────────
describe('validateDiagram', () => {
  it('accepts the default diagram and a tree', () => {
    expect(validateDiagram(defaultDiagram())).toEqual([]);
    expect(validateDiagram(tree())).toEqual([]);
  });

  it('needs exactly one Money Site', () => {
    expect(messages(doc())).toEqual([R.noMoneySite]);
    expect(messages(doc(node('a', 'Wiki', 1)))).toEqual([R.noMoneySite]);
    const two = doc(money('m'), { ...money('m2'), custom: { nameId: 2, projectName: 'Money Site (2)' } });
    expect(validateDiagram(two)).toEqual([{ nodeId: 'm2', message: 'The diagram has 2 Money Sites (Money Site, Money Site (2)): a diagram has exactly one' }]);
  });

  it('refuses unknown kinds, naming the node', () => {
    expect(validateDiagram(doc(money(), node('x', 'Rocket', 3), link('m', 'x')))).toEqual([{ nodeId: 'x', message: 'Rocket (3) is of an unknown kind (LinkLoom.Rocket)' }]);
    expect(messages(doc(money(), { ...node('y', 'Wiki'), type: 'basic.Rect' }, link('m', 'y')))).toEqual(['basic.Rect (id y) is of an unknown kind (basic.Rect)']);
  });

  it('gives each node at most one parent', () => {
    const d = doc(money(), node('a', 'Wiki', 1), node('b', 'Wiki', 2), node('c', 'PDF', 1), link('m', 'a'), link('m', 'b'), link('a', 'c'), link('b', 'c'));
    expect(validateDiagram(d)).toEqual([{ nodeId: 'c', message: R.manyParents('PDF (1)', ['Wiki (1)', 'Wiki (2)']) }]);
  });

  it('gives the Money Site no parent', () => {
    const d = doc(money(), node('a', 'Wiki', 1), link('m', 'a'), link('a', 'm'));
    const problems = messages(d);
    expect(problems).toContain(R.moneySiteParent('Money Site', 'Wiki (1)'));
    expect(problems).toContain('Money Site → Wiki (1) → Money Site form a cycle');
  });

  it('finds cycles away from the Money Site and names their nodes', () => {
    const d = doc(money(), node('a', 'Wiki', 1), node('b', 'PDF', 1), node('c', 'Wiki', 2), link('a', 'b'), link('b', 'c'), link('c', 'a'));
    expect(validateDiagram(d)).toEqual([{ nodeId: 'a', message: 'Wiki (1) → PDF (1) → Wiki (2) → Wiki (1) form a cycle' }]);
  });

  it('refuses a node linked to itself', () => {
    expect(messages(doc(money(), node('a', 'Wiki', 1), link('m', 'a'), link('a', 'a')))).toEqual([R.selfLink('Wiki (1)'), R.manyParents('Wiki (1)', ['Money Site', 'Wiki (1)'])]);
  });

  it('needs every node to reach the Money Site', () => {
    const d = doc(money(), node('a', 'Wiki', 1), node('b', 'PDF', 1), node('c', 'Wiki', 2), link('m', 'a'), link('b', 'c'));
    expect(validateDiagram(d)).toEqual([
      { nodeId: 'b', message: R.unreached('PDF (1)') },
      { nodeId: 'c', message: R.unreached('Wiki (2)') },
    ]);
  });

  it('refuses links to nodes that are not there and duplicate ids', () => {
    expect(messages(doc(money(), link('m', 'ghost', 'l1')))).toEqual([R.danglingLink('l1')]);
    expect(messages(doc(money(), node('a', 'Wiki', 1), { ...node('a', 'PDF', 1) }, link('m', 'a')))).toEqual([R.duplicateId('a')]);
  });
});

describe('tiers and depth', () => {
  it('numbers tiers from the Money Site', () => {
    expect(diagramTiers(tree())).toEqual({ m: 0, a: 1, b: 1, c: 2, d: 3 });
    expect(diagramDepth(tree())).toBe(3);
  });

  it('is 0 for a Money Site alone or no Money Site', () => {
    expect(diagramDepth(defaultDiagram())).toBe(0);
    expect(diagramDepth(doc())).toBe(0);
    expect(diagramTiers(doc(node('a', 'Wiki', 1)))).toEqual({});
  });

  it('takes the longest branch and leaves out unreached nodes', () => {
    const d = doc(money(), node('a', 'Wiki', 1), node('b', 'Wiki', 2), node('x', 'PDF', 1), link('m', 'a'), link('a', 'b'));
    expect(diagramTiers(d)).toEqual({ m: 0, a: 1, b: 2 });
    expect(diagramDepth(d)).toBe(2);
  });

  it('ends on a cycle', () => {
    const d = doc(money(), node('a', 'Wiki', 1), node('b', 'Wiki', 2), link('m', 'a'), link('a', 'b'), link('b', 'a'));
    expect(diagramDepth(d)).toBe(2);
  });

  it('reads the original format', () => {
    expect(diagramDepth(DiagramSchema.parse(ORIGINAL))).toBe(1);
  });
});

describe('canLink', () => {
  const d = tree();
  it('allows a link to a node without a parent', () => {
    const free = doc(...d.cells, node('e', 'Wiki', 3));
    expect(canLink(free, 'b', 'e')).toBeNull();
    expect(canLink(free, 'm', 'e')).toBeNull();
  });
  it('refuses a second parent, naming both nodes', () => {
    expect(canLink(d, 'b', 'c')).toBe('Bookmarking (1) already has a parent (Web 2.0 Blog (1)): a node has at most one parent');
  });
  it('refuses a cycle', () => {
    const cut = doc(...d.cells.filter((c) => c.id !== 'm->a'));
    expect(canLink(cut, 'd', 'a')).toBe(R.makesCycle('Premium PDF (1)', 'Web 2.0 Blog (1)'));
  });
  it('refuses the Money Site as target, a node to itself and unknown ends', () => {
    expect(canLink(d, 'a', 'm')).toBe(R.toMoneySite);
    expect(canLink(doc(...d.cells, node('e', 'Wiki', 3)), 'e', 'e')).toBe(R.toItself);
    expect(canLink(d, 'a', 'nope')).toBe(R.notNodes);
    expect(canLink(d, 'm->a', 'b')).toBe(R.notNodes);
  });
});

describe('numbers and labels', () => {
  it('labels a node {Kind} ({n})', () => {
    expect(nodeLabel('Web20Blog', 2)).toBe('Web 2.0 Blog (2)');
    expect(nodeLabel('PremiumPressRelease', 1)).toBe('Premium Press Release (1)');
    expect(nodeLabel('PrivateBookmark', 10)).toBe('Private Bookmark (10)');
  });

  it('gives the lowest free number per kind, freed on delete', () => {
    const d = doc(money(), node('a', 'Wiki', 1), node('b', 'Wiki', 2), node('c', 'Wiki', 4), node('p', 'PremiumWiki', 1));
    expect(lowestFreeNumber(d, 'Wiki')).toBe(3);
    expect(lowestFreeNumber(d, 'PremiumWiki')).toBe(2);
    expect(lowestFreeNumber(d, 'PDF')).toBe(1);
    expect(lowestFreeNumber(doc(...d.cells.filter((c) => c.id !== 'a')), 'Wiki')).toBe(1);
    expect(lowestFreeNumber(doc(node('x', 'Wiki')), 'Wiki')).toBe(1);
  });

  it('makes new nodes with their number, label, min width and a Project node\'s 8 unchecked modules', () => {
    const d = doc(money(), node('a', 'Wiki', 1));
    const wiki = newDiagramNode(d, 'Wiki', { x: 5, y: 6 }, 'n1');
    expect(wiki).toMatchObject({ type: 'LinkLoom.Wiki', id: 'n1', position: { x: 5, y: 6 }, custom: { nameId: 2, projectName: 'Wiki (2)' } });
    expect(wiki.size.width).toBeGreaterThanOrEqual(90);
    const project = newDiagramNode(d, 'Project', { x: 0, y: 0 }, 'p1');
    expect(project.modules).toEqual(PROJECT_NODE_MODULES.map((id) => ({ id, checked: false })));
    expect(project.size.height).toBe(54);
    expect(projectNodeHeight([{ id: 'Wiki', checked: true }, { id: 'PDF', checked: true }, { id: 'Bookmarking', checked: false }])).toBe(94);
    expect(validateDiagram(doc(...d.cells, wiki, link('m', 'a'), link('a', 'n1')))).toEqual([]);
  });

  it('starts a diagram with one Money Site at 310, 100, 90 by 54', () => {
    const d = defaultDiagram('ms');
    expect(d.cells).toHaveLength(1);
    expect(d.cells[0]).toMatchObject({ type: MONEY_SITE_TYPE, id: 'ms', position: { x: 310, y: 100 }, size: { width: 90, height: 54 } });
  });
});

describe('reading diagram text', () => {
  it('refuses text that is not JSON', () => {
    expect(readDiagramText('{"cells": [')).toEqual({ ok: false, problems: [{ nodeId: null, message: DIAGRAM_TEXT_MESSAGES.notJson }] });
  });
  it('names the cell of a shape problem, then checks the rules', () => {
    const r = checkDiagram({ cells: [money(), { id: 'x' }] });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problems[0]?.message).toMatch(/^Cell 2: /);
    const rules = readDiagramText(JSON.stringify(doc(money(), money('m2'))));
    expect(rules.ok).toBe(false);
    if (!rules.ok) expect(rules.problems[0]?.nodeId).toBe('m2');
  });
  it('takes a byte order mark', () => {
    expect(readDiagramText(`\uFEFF${JSON.stringify(defaultDiagram())}`).ok).toBe(true);
  });
});

describe('preview SVG', () => {
  it('draws every node with its label (escaped), premium ones red dashed, and the links', () => {
    const d = doc(money(), node('a', 'PremiumWiki', 1), { ...node('b', 'Wiki', 2), custom: { projectName: '<script>x</script> & co' } }, link('m', 'a'), link('a', 'b'));
    const svg = diagramPreviewSvg(d);
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg).not.toContain('<script');
    expect(svg).toContain('&lt;script&gt;x&lt;/script&gt; &amp; co');
    expect(svg.match(/<rect /g)).toHaveLength(4);
    expect(svg.match(/<line /g)).toHaveLength(2);
    expect(svg).toContain('stroke-dasharray');
    expect(svg).toContain('Premium Wiki (1)');
  });
  it('is the same for the same diagram', () => {
    expect(diagramPreviewSvg(tree())).toBe(diagramPreviewSvg(tree()));
  });
});
