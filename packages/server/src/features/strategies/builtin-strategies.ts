import {
  DIAGRAM_EDITOR, MONEY_SITE_KIND, diagramPreviewSvg, diagramTypeOf, nodeLabel, projectNodeHeight, projectNodeModules,
  type Diagram, type DiagramCell, type DiagramElement,
} from '@linkloom/shared';
import { FIRST_CUSTOM_STRATEGY_ID } from '../../platform/db/migrations/0017-strategies';

/** A tree as the built-ins are written: a kind, optionally the modules a Project node ticks, its children. */
interface TreeNode {
  kind: string;
  modules?: string[];
  children?: TreeNode[];
}

const TIER_GAP = 120;
const COLUMN = 130;
/** Wide enough for the longest label of a built-in (Premium Article Directory (1)) at the preview's font. */
const NODE_WIDTH = 120;

/**
 * A diagram from a tree under the Money Site: nodes numbered per kind in reading order (the
 * designer's lowest free number), laid out top to bottom (each leaf a column, a parent over the
 * middle of its children), every link from parent to child.
 */
export function diagramOfTree(key: string, children: TreeNode[]): Diagram {
  const cells: DiagramCell[] = [];
  const links: DiagramCell[] = [];
  const numbers = new Map<string, number>();
  let leaves = 0;
  let serial = 0;
  const place = (node: TreeNode, tier: number, parentId: string | null): DiagramElement => {
    serial += 1;
    const id = `${key}-${serial}`;
    const nameId = (numbers.get(node.kind) ?? 0) + 1;
    numbers.set(node.kind, nameId);
    const kids = (node.children ?? []).map((child) => place(child, tier + 1, id));
    const width = NODE_WIDTH;
    const x = kids.length === 0 ? (leaves++) * COLUMN : kids.reduce((sum, kid) => sum + kid.position.x, 0) / kids.length;
    const label = node.kind === MONEY_SITE_KIND ? 'Money Site' : nodeLabel(node.kind, nameId);
    const element: DiagramElement = {
      type: diagramTypeOf(node.kind), id,
      position: { x, y: DIAGRAM_EDITOR.defaultMoneySite.y + tier * TIER_GAP },
      size: { width, height: DIAGRAM_EDITOR.defaultNodeSize.height },
      attrs: { label: { text: label } },
      custom: { nameId, projectName: label, profileName: '' },
    };
    if (node.kind === 'Project') {
      element.modules = projectNodeModules().map((m) => ({ ...m, checked: node.modules?.includes(m.id) ?? false }));
      element.size = { width, height: projectNodeHeight(element.modules) };
    }
    cells.push(element);
    if (parentId !== null) links.push({ type: 'standard.Link', id: `${id}-link`, source: { id: parentId }, target: { id } });
    return element;
  };
  place({ kind: MONEY_SITE_KIND, children }, 0, null);
  // Money Site first, as the designer keeps it; then the other nodes top to bottom, then the links.
  cells.sort((a, b) => (a.type === diagramTypeOf(MONEY_SITE_KIND) ? -1 : b.type === diagramTypeOf(MONEY_SITE_KIND) ? 1 : 0));
  return { cells: [...cells, ...links] };
}

const n = (kind: string, ...children: TreeNode[]): TreeNode => ({ kind, children });
const times = (count: number, make: () => TreeNode): TreeNode[] => Array.from({ length: count }, make);

interface BuiltinSource {
  id: number;
  name: string;
  description: string;
  tree: TreeNode[];
}

const SOURCES: BuiltinSource[] = [
  {
    id: 1,
    name: '2-Tier Web 2.0 Pyramid',
    description: '<h2>2-Tier Web 2.0 Pyramid</h2><p>Three <strong>Web 2.0 blogs</strong> link to the money site. Each is powered by two Web 2.0 profiles and a social bookmark, so the tier-1 posts get indexed and pass more authority.</p><ul><li>Tier 1: 3 Web 2.0 blogs with unique, readable articles</li><li>Tier 2: 6 Web 2.0 profiles and 3 bookmarks pointing at the blogs</li></ul>',
    tree: times(3, () => n('Web20Blog', n('Web20Profile'), n('Web20Profile'), n('Bookmarking'))),
  },
  {
    id: 2,
    name: '3-Tier Mixed Pyramid',
    description: '<h2>3-Tier Mixed Pyramid</h2><p>A diversified link profile: Web 2.0 blogs, an article directory and a project posting to wikis and bookmarks on tier 1; wikis, forum profiles and bookmarks on tier 2; mass bookmarks and profiles on tier 3 to get everything crawled.</p><p>Use spun content on tiers 2 and 3 only.</p>',
    tree: [
      n('Web20Blog', n('Wiki', n('Bookmarking'), n('Web20Profile')), n('ForumProfile', n('Bookmarking'))),
      n('ArticleDirectory', n('Wiki', n('Bookmarking')), n('Bookmarking', n('Web20Profile'))),
      { kind: 'Project', modules: ['Wiki', 'Bookmarking'], children: [n('ForumProfile', n('Bookmarking')), n('Web20Profile', n('Bookmarking'))] },
    ],
  },
  {
    id: 3,
    name: 'PBN Boost',
    description: '<h2>PBN Boost</h2><p>Posts on three blogs of your <strong>private blog network</strong> link to the money site. Private bookmarks and public bookmarks point at each post so they are found quickly.</p><p>Pick a private network in the wizard for the PBN tiers.</p>',
    tree: times(3, () => n('PrivateBlog', n('PrivateBookmark'), n('Bookmarking'))),
  },
  {
    id: 4,
    name: 'Wiki + Bookmark Wheel',
    description: '<h2>Wiki + Bookmark Wheel</h2><p>Four wiki articles link to the money site, each backed by two social bookmarks: a wide, cheap base of contextual links that is easy to index.</p>',
    tree: times(4, () => n('Wiki', n('Bookmarking'), n('Bookmarking'))),
  },
  {
    id: 5,
    name: 'Premium Tier 1',
    description: '<h2>Premium Tier 1</h2><p>Only <strong>premium</strong> sites link to the money site: a premium Web 2.0 blog, article directory and press release, each supported by a tier of standard Web 2.0 profiles, wikis and bookmarks.</p><p>Premium nodes are drawn with a red dashed outline.</p>',
    tree: [
      n('PremiumWeb20Blog', n('Web20Profile'), n('Bookmarking')),
      n('PremiumArticleDirectory', n('Wiki'), n('Bookmarking')),
      n('PremiumPressRelease', n('Web20Profile'), n('Wiki')),
    ],
  },
  {
    id: 6,
    name: 'Press Release + PDF',
    description: '<h2>Press Release + PDF</h2><p>Two press releases and two PDF documents link to the money site. Bookmarks and wikis on tier 2 make sure each release and document is crawled.</p>',
    tree: [n('PressRelease', n('Bookmarking'), n('Wiki')), n('PressRelease', n('Bookmarking')), n('PDF', n('Bookmarking')), n('PDF', n('Wiki'))],
  },
];

export interface BuiltinStrategy {
  id: number;
  name: string;
  description: string;
  diagram: Diagram;
  /** Its diagram as stored JSON text. */
  text: string;
  /** Preview SVG drawn from the diagram (so it is never stale). */
  svg: string;
}

/** The built-in strategies every user sees, by id; they can only be cloned. */
export const BUILTIN_STRATEGIES: readonly BuiltinStrategy[] = SOURCES.map((source) => {
  const diagram = diagramOfTree(`builtin${source.id}`, source.tree);
  return { id: source.id, name: source.name, description: source.description, diagram, text: JSON.stringify(diagram), svg: diagramPreviewSvg(diagram) };
});

if (BUILTIN_STRATEGIES.some((s) => s.id >= FIRST_CUSTOM_STRATEGY_ID)) throw new Error('A built-in strategy id must stay below the first custom id');

const BY_ID = new Map(BUILTIN_STRATEGIES.map((s) => [s.id, s]));

export function builtinStrategy(id: number): BuiltinStrategy | undefined {
  return BY_ID.get(id);
}

export function isBuiltinStrategyId(id: number): boolean {
  return id < FIRST_CUSTOM_STRATEGY_ID;
}

