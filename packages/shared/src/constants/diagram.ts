/**
 * Strategy diagram node kinds and the designer's constants (spec 2 §3 "Diagram element", §4
 * "Diagram editor", §9 "Editor"). A stored element's `type` is `LinkLoom.{kind}`.
 */

/** Prefix of every element type (SCOPE.md: the product is LinkLoom). */
export const DIAGRAM_TYPE_PREFIX = 'LinkLoom.';

/** Stencil groups of the designer, in the order they are shown. */
export const DIAGRAM_GROUPS = ['Premium', 'Standard', 'PBN'] as const;
export type DiagramGroup = (typeof DIAGRAM_GROUPS)[number];

/** The eight module ids of a Project node, in the order they are listed (all unchecked at creation). */
export const PROJECT_NODE_MODULES = [
  'SocialNetwork', 'WebProfile', 'Bookmarking', 'Wiki', 'ArticleDirectory', 'PDF', 'ForumProfile', 'PressRelease',
] as const;
export type ProjectNodeModule = (typeof PROJECT_NODE_MODULES)[number];

export interface DiagramKindInfo {
  /** `LinkLoom.{kind}` is the element's type. */
  kind: string;
  /** The name its nodes are labelled with: `{label} ({n})`. */
  label: string;
  /** Stencil group; the Money Site has none (it is never dragged from the stencil). */
  group: DiagramGroup | null;
  premium: boolean;
  /** The project module a node of this kind runs (spec 1 module ids); a Project node picks its own. */
  module: string | null;
}

const STANDARD: [kind: string, label: string, module: string | null][] = [
  ['Project', 'Project', null],
  ['Web20Blog', 'Web 2.0 Blog', 'SocialNetwork'],
  ['Web20Profile', 'Web 2.0 Profile', 'WebProfile'],
  ['Bookmarking', 'Bookmarking', 'Bookmarking'],
  ['Wiki', 'Wiki', 'Wiki'],
  ['ArticleDirectory', 'Article Directory', 'ArticleDirectory'],
  ['ForumProfile', 'Forum Profile', 'ForumProfile'],
  ['PDF', 'PDF', 'PDF'],
  ['PressRelease', 'Press Release', 'PressRelease'],
];

/**
 * Every node kind of spec 2 §3: the Money Site; the tiered kinds (group Standard) each with a
 * Premium variant (`Premium{kind}`, group Premium, drawn with a red dashed outline); and the two
 * private network kinds (group PBN), which have no Premium variant.
 */
export const DIAGRAM_KINDS: readonly DiagramKindInfo[] = [
  { kind: 'MoneySite', label: 'Money Site', group: null, premium: false, module: null },
  ...STANDARD.map(([kind, label, module]) => ({ kind: `Premium${kind}`, label: `Premium ${label}`, group: 'Premium' as const, premium: true, module })),
  ...STANDARD.map(([kind, label, module]) => ({ kind, label, group: 'Standard' as const, premium: false, module })),
  { kind: 'PrivateBlog', label: 'Private Blog', group: 'PBN', premium: false, module: 'Private' },
  { kind: 'PrivateBookmark', label: 'Private Bookmark', group: 'PBN', premium: false, module: 'PrivateBookmark' },
];

export const MONEY_SITE_KIND = 'MoneySite';
export const MONEY_SITE_TYPE = `${DIAGRAM_TYPE_PREFIX}${MONEY_SITE_KIND}`;

const KINDS_BY_NAME = new Map(DIAGRAM_KINDS.map((info) => [info.kind, info]));

/** The kind's description, or undefined for a kind the product does not know. */
export function diagramKind(kind: string): DiagramKindInfo | undefined {
  return KINDS_BY_NAME.get(kind);
}

/** `LinkLoom.Wiki` → the Wiki kind; undefined for another prefix or an unknown kind. */
export function diagramKindOfType(type: string): DiagramKindInfo | undefined {
  return type.startsWith(DIAGRAM_TYPE_PREFIX) ? KINDS_BY_NAME.get(type.slice(DIAGRAM_TYPE_PREFIX.length)) : undefined;
}

export function diagramTypeOf(kind: string): string {
  return `${DIAGRAM_TYPE_PREFIX}${kind}`;
}

/** Designer constants of spec 2 §2 and §9. */
export const DIAGRAM_EDITOR = {
  paperWidth: 1000,
  paperHeight: 1000,
  gridSize: 10,
  zoomStep: 0.2,
  zoomMin: 0.2,
  zoomMax: 5,
  fitPadding: 50,
  fitMaxScale: 1,
  pasteOffset: 20,
  /** Auto-layout runs top to bottom with these margins. */
  layoutMargin: 20,
  layoutDirection: 'TB',
  nodeMinWidth: 90,
  /** A Project node grows by this much per module row. */
  moduleHeight: 20,
  fontSizeMin: 5,
  fontSizeMax: 80,
  outlineWidthMin: 0,
  outlineWidthMax: 30,
  strokeWidths: [1, 2, 4, 8],
  tokenCountMin: 1,
  tokenCountMax: 500,
  stencilWidth: 240,
  navigatorWidth: 240,
  navigatorHeight: 115,
  themes: ['Modern', 'Dark', 'Material'],
  /** The node of a new diagram: one Money Site. */
  defaultMoneySite: { x: 310, y: 100, width: 90, height: 54 },
  /** Size of a node dropped from the stencil. */
  defaultNodeSize: { width: 90, height: 54 },
} as const;

/** The Clone dialog proposes 'Copy of ' plus the name (spec 2 §9). */
export const DIAGRAM_COPY_PREFIX = 'Copy of ';

/** Largest diagram accepted: cells in one document and characters of its JSON text. */
export const DIAGRAM_MAX_CELLS = 5000;
export const DIAGRAM_MAX_JSON_CHARS = 5 * 1024 * 1024;
/**
 * Deepest nesting of objects and lists in a diagram's JSON (the document itself is level 1). The
 * designer's own diagrams go some 8 levels deep (document, cells, cell, labels, label, attrs…);
 * a far deeper one would overflow the stack of anything that walks it recursively
 * (JSON.stringify, structuredClone, the designer), so it is refused before it is parsed.
 */
export const DIAGRAM_MAX_NESTING = 32;
/** Most diagrams one upload may import: its files and the files of its ZIPs, together. */
export const DIAGRAM_IMPORT_MAX_FILES = 100;
/**
 * Deepest nesting of elements in a strategy's description (HTML) and preview picture (SVG): the
 * editor's and the designer's go a few levels deep; past this the markup is refused unparsed.
 */
export const STRATEGY_MARKUP_MAX_DEPTH = 64;
