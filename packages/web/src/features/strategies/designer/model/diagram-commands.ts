import {
  DIAGRAM_EDITOR, MONEY_SITE_TYPE, canLink, diagramKindOfType, diagramTypeOf, isDiagramLink, lowestFreeNumber, newDiagramNode, nodeLabel,
  projectNodeHeight, type Diagram, type DiagramCell, type DiagramElement, type DiagramLink,
} from '@linkloom/shared';
import type { Command } from '../history/command-history';
import { kindDefaults } from '../nodes/shared/kind-style';

/** An edit the rules refuse, with the reason to show (spec 2 §4). */
export interface Refusal {
  refused: string;
}

/** Makes ids for new cells; tests pass a counter. */
export type IdFactory = () => string;

let idCounter = 0;
/** Ids unique in a document without crypto.randomUUID (missing on plain-HTTP LAN addresses). */
export const newCellId: IdFactory = () => `c${Date.now().toString(36)}${(idCounter++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;

interface CellChange {
  before: DiagramCell | null;
  after: DiagramCell | null;
}

/** Swaps cells by id: `from` → `to` (null removes, a cell new to the document is appended). */
function applyChanges(doc: Diagram, changes: readonly CellChange[], forward: boolean): Diagram {
  const next = new Map<string, DiagramCell | null>();
  const added: DiagramCell[] = [];
  for (const change of changes) {
    const from = forward ? change.before : change.after;
    const to = forward ? change.after : change.before;
    if (from === null && to !== null) added.push(to);
    else if (from !== null) next.set(from.id, to);
  }
  const cells: DiagramCell[] = [];
  for (const cell of doc.cells) {
    if (!next.has(cell.id)) cells.push(cell);
    else {
      const replacement = next.get(cell.id);
      if (replacement) cells.push(replacement);
    }
  }
  return { ...doc, cells: [...cells, ...added] };
}

/** The one command shape: some cells change, appear or go; revert swaps them back. */
export function changeCells(label: string, changes: readonly CellChange[]): Command<Diagram> {
  return { label, apply: (doc) => applyChanges(doc, changes, true), revert: (doc) => applyChanges(doc, changes, false) };
}

const elementsOf = (doc: Diagram) => doc.cells.filter((cell): cell is DiagramElement => !isDiagramLink(cell));
const linksOf = (doc: Diagram) => doc.cells.filter(isDiagramLink);
const isMoneySite = (cell: DiagramCell) => !isDiagramLink(cell) && cell.type === MONEY_SITE_TYPE;

/** Which point of a new node `addNodeCommand`'s position gives: its top-left corner, or its centre (a drop under the pointer). */
export type NodeAnchor = 'corner' | 'centre';

/**
 * Drops a node of `kind` at `position` (its top-left corner, or with `anchor` 'centre' its
 * middle), on the 10 px grid: lowest free number of its kind, label `{Kind} (n)`.
 */
export function addNodeCommand(
  doc: Diagram, kind: string, position: { x: number; y: number }, newId: IdFactory = newCellId, anchor: NodeAnchor = 'corner',
): Command<Diagram> {
  const node = newDiagramNode(doc, kind, position, newId());
  const size = { ...node.size, width: Math.max(DIAGRAM_EDITOR.nodeMinWidth, kindDefaults(kind).width, node.size.width) };
  const corner = anchor === 'centre' ? { x: position.x - size.width / 2, y: position.y - size.height / 2 } : position;
  const placed = snap(corner);
  return changeCells(`Add ${node.custom?.projectName ?? kind}`, [{ before: null, after: { ...node, position: { ...node.position, ...placed }, size } }]);
}

/** Rounds a point to the paper's 10 px grid. */
export function snap(point: { x: number; y: number }): { x: number; y: number } {
  const grid = DIAGRAM_EDITOR.gridSize;
  return { x: Math.round(point.x / grid) * grid, y: Math.round(point.y / grid) * grid };
}

/**
 * Removes the given cells and every link touching a removed node; the Money Site stays (it
 * cannot be removed). Null when nothing would go. Numbers of removed nodes become free again.
 */
export function removeCommand(doc: Diagram, ids: ReadonlySet<string>): Command<Diagram> | null {
  const nodes = new Set(elementsOf(doc).filter((node) => ids.has(node.id) && node.type !== MONEY_SITE_TYPE).map((node) => node.id));
  const gone = doc.cells.filter((cell) => (isDiagramLink(cell) ? ids.has(cell.id) || nodes.has(cell.source.id) || nodes.has(cell.target.id) : nodes.has(cell.id)));
  if (gone.length === 0) return null;
  return changeCells(`Delete ${gone.length === 1 ? 'a cell' : `${gone.length} cells`}`, gone.map((cell) => ({ before: cell, after: null })));
}

/** Clear: everything but the Money Site. */
export function clearCommand(doc: Diagram): Command<Diagram> | null {
  return removeCommand(doc, new Set(doc.cells.filter((cell) => !isMoneySite(cell)).map((cell) => cell.id)));
}

/** New positions of nodes (a drag, an auto-layout); unchanged nodes are left out. */
export function moveCommand(label: string, doc: Diagram, positions: ReadonlyMap<string, { x: number; y: number }>): Command<Diagram> | null {
  const changes: CellChange[] = [];
  for (const node of elementsOf(doc)) {
    const to = positions.get(node.id);
    if (to === undefined || (to.x === node.position.x && to.y === node.position.y)) continue;
    changes.push({ before: node, after: { ...node, position: { ...node.position, x: to.x, y: to.y } } });
  }
  return changes.length === 0 ? null : changeCells(label, changes);
}

/** The document with some nodes at other positions (no history: a drag frame, a cancelled clone). */
export function withPositions(doc: Diagram, positions: ReadonlyMap<string, { x: number; y: number }>): Diagram {
  if (positions.size === 0) return doc;
  return {
    ...doc,
    cells: doc.cells.map((cell) => {
      const to = isDiagramLink(cell) ? undefined : positions.get(cell.id);
      return to === undefined || isDiagramLink(cell) ? cell : { ...cell, position: { ...cell.position, x: to.x, y: to.y } };
    }),
  };
}

/** A link from parent to child, or the reason it is refused (the child already has a parent…). */
export function connectCommand(doc: Diagram, sourceId: string, targetId: string, newId: IdFactory = newCellId): Command<Diagram> | Refusal {
  const reason = canLink(doc, sourceId, targetId);
  if (reason !== null) return { refused: reason };
  const link: DiagramLink = { type: 'standard.Link', id: newId(), source: { id: sourceId }, target: { id: targetId } };
  return changeCells('Add link', [{ before: null, after: link }]);
}

/** The link with other ends, checked as if it were new (the old link no longer counts). */
function relink(doc: Diagram, link: DiagramLink, sourceId: string, targetId: string, label: string): Command<Diagram> | Refusal {
  const without: Diagram = { ...doc, cells: doc.cells.filter((cell) => cell.id !== link.id) };
  const reason = canLink(without, sourceId, targetId);
  if (reason !== null) return { refused: reason };
  const after: DiagramLink = { ...link, source: { ...link.source, id: sourceId }, target: { ...link.target, id: targetId } };
  return changeCells(label, [{ before: link, after }]);
}

/** The link's source end dragged to another parent. */
export function reconnectSourceCommand(doc: Diagram, link: DiagramLink, newSourceId: string): Command<Diagram> | Refusal {
  return relink(doc, link, newSourceId, link.target.id, 'Move link');
}

/** The halo's link action: source and target swap (refused when the new child already has a parent). */
export function swapLinkCommand(doc: Diagram, link: DiagramLink): Command<Diagram> | Refusal {
  return relink(doc, link, link.target.id, link.source.id, 'Swap link');
}

/** A Project node's module ticked or unticked; the node grows or shrinks by a 20 px row. */
export function toggleModuleCommand(node: DiagramElement, moduleId: string): Command<Diagram> | null {
  if (!node.modules?.some((module) => module.id === moduleId)) return null;
  const modules = node.modules.map((module) => (module.id === moduleId ? { ...module, checked: !module.checked } : module));
  const after: DiagramElement = { ...node, modules, size: { ...node.size, height: projectNodeHeight(modules) } };
  return changeCells(`Toggle ${moduleId}`, [{ before: node, after }]);
}

/** The inspector's 'Account Store Name': stored in custom.profileName and shown on the label. */
export function profileNameCommand(node: DiagramElement, profileName: string): Command<Diagram> {
  const label = node.custom?.projectName ?? '';
  const attrs = { ...node.attrs, label: { ...(asRecord(node.attrs?.label)), text: profileName === '' ? label : `${label}\n${profileName}` } };
  const after: DiagramElement = { ...node, attrs, custom: { ...node.custom, profileName } };
  return changeCells('Set account store name', [{ before: node, after }]);
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

/** What copy and cut keep: the chosen nodes (never the Money Site) and the links among them. */
export interface Clipboard {
  cells: DiagramCell[];
}

/** The selection as a clipboard; null when it holds no node that may be copied. */
export function copySelection(doc: Diagram, ids: ReadonlySet<string>): Clipboard | null {
  const nodes = elementsOf(doc).filter((node) => ids.has(node.id) && node.type !== MONEY_SITE_TYPE);
  if (nodes.length === 0) return null;
  const kept = new Set(nodes.map((node) => node.id));
  const links = linksOf(doc).filter((link) => kept.has(link.source.id) && kept.has(link.target.id));
  return { cells: [...nodes, ...links] };
}

/**
 * Pastes (or clone-drags) a clipboard `offset` px away: new ids, each node the lowest free number
 * of its kind and its label to match, the links among the copies re-pointed. Returns the command
 * and the ids of the copies (selected afterwards).
 */
export function pasteCommand(doc: Diagram, clipboard: Clipboard, offset: { x: number; y: number }, newId: IdFactory = newCellId) {
  const ids = new Map<string, string>();
  let working = doc;
  const copies: DiagramCell[] = [];
  for (const cell of clipboard.cells) {
    if (isDiagramLink(cell)) continue;
    const info = diagramKindOfType(cell.type);
    const kind = info?.kind ?? cell.type;
    const nameId = lowestFreeNumber(working, kind);
    const projectName = nodeLabel(kind, nameId);
    const copy: DiagramElement = {
      ...cell,
      id: newId(),
      type: diagramTypeOf(kind),
      position: { ...cell.position, x: cell.position.x + offset.x, y: cell.position.y + offset.y },
      custom: { ...cell.custom, nameId, projectName },
      attrs: { ...cell.attrs, label: { ...asRecord(cell.attrs?.label), text: projectName } },
    };
    ids.set(cell.id, copy.id);
    copies.push(copy);
    working = { ...working, cells: [...working.cells, copy] };
  }
  for (const cell of clipboard.cells) {
    if (!isDiagramLink(cell)) continue;
    const source = ids.get(cell.source.id);
    const target = ids.get(cell.target.id);
    if (source !== undefined && target !== undefined) copies.push({ ...cell, id: newId(), source: { ...cell.source, id: source }, target: { ...cell.target, id: target } });
  }
  const command = changeCells(`Paste ${ids.size} node${ids.size === 1 ? '' : 's'}`, copies.map((cell) => ({ before: null, after: cell })));
  return { command, ids: copies.map((cell) => cell.id) };
}

export function isRefusal(value: Command<Diagram> | Refusal): value is Refusal {
  return 'refused' in value;
}
