import { DIAGRAM_EDITOR, diagramKindOfType, MONEY_SITE_TYPE } from '../../constants/diagram';
import { MODULES } from '../../constants/modules';
import type { Diagram, DiagramElement } from '../../schemas/diagram';
import { diagramElements, diagramLinks, diagramNodeName } from './graph';

/** Fill colour of each kind's nodes (spec 2 §9: node colours are per kind). */
export const DIAGRAM_KIND_COLOURS: Record<string, string> = {
  MoneySite: '#2f855a',
  Project: '#4a5568',
  Web20Blog: '#3182ce',
  Web20Profile: '#5a67d8',
  Bookmarking: '#d69e2e',
  Wiki: '#805ad5',
  ArticleDirectory: '#dd6b20',
  ForumProfile: '#319795',
  PDF: '#c53030',
  PressRelease: '#b83280',
  PrivateBlog: '#2d3748',
  PrivateBookmark: '#718096',
};
/** Outline of Premium nodes: red and dashed. */
export const PREMIUM_OUTLINE = '#e53e3e';

export function diagramKindColour(type: string): string {
  const info = diagramKindOfType(type);
  if (!info) return '#a0aec0';
  return DIAGRAM_KIND_COLOURS[info.premium ? info.kind.slice('Premium'.length) : info.kind] ?? '#a0aec0';
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&${({ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' } as const)[c as '&']};`);
}

const MODULE_NAMES: Record<string, string> = MODULES;

const num = (n: number) => String(Math.round(n * 10) / 10);

/**
 * A small SVG picture of a diagram (the preview image of the strategy lists): its nodes as
 * rounded boxes in their kind's colour with their label, Premium ones with a red dashed outline,
 * and a line from each parent to its child. Pure, so a built-in's preview is drawn from its diagram.
 */
export function diagramPreviewSvg(doc: Diagram): string {
  const nodes = diagramElements(doc);
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const pad = 10;
  const minX = (nodes.length > 0 ? Math.min(...nodes.map((n) => n.position.x)) : 0) - pad;
  const minY = (nodes.length > 0 ? Math.min(...nodes.map((n) => n.position.y)) : 0) - pad;
  const maxX = Math.max(minX + 100, ...nodes.map((n) => n.position.x + n.size.width)) + pad;
  const maxY = Math.max(minY + 60, ...nodes.map((n) => n.position.y + n.size.height)) + pad;
  const width = maxX - minX;
  const height = maxY - minY;
  const parts: string[] = [];
  for (const link of diagramLinks(doc)) {
    const from = byId.get(link.source.id);
    const to = byId.get(link.target.id);
    if (!from || !to) continue;
    parts.push(`<line x1="${num(from.position.x + from.size.width / 2)}" y1="${num(from.position.y + from.size.height)}" x2="${num(to.position.x + to.size.width / 2)}" y2="${num(to.position.y)}" stroke="#718096" stroke-width="2"/>`);
  }
  for (const node of nodes) parts.push(nodeSvg(node));
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${num(minX)} ${num(minY)} ${num(width)} ${num(height)}" width="${num(width)}" height="${num(height)}">`
    + `<rect x="${num(minX)}" y="${num(minY)}" width="${num(width)}" height="${num(height)}" fill="#ffffff"/>${parts.join('')}</svg>`;
}

function nodeSvg(node: DiagramElement): string {
  const info = diagramKindOfType(node.type);
  const outline = info?.premium ? ` stroke="${PREMIUM_OUTLINE}" stroke-width="3" stroke-dasharray="6 3"` : ' stroke="#1a202c" stroke-width="1"';
  const rx = node.type === MONEY_SITE_TYPE ? 27 : 6;
  const label = escapeXml(diagramNodeName(node));
  const cx = node.position.x + node.size.width / 2;
  const cy = node.position.y + Math.min(node.size.height, DIAGRAM_EDITOR.defaultNodeSize.height) / 2;
  // A Project node lists its ticked modules under its label, one 20 px row each.
  const modules = (node.modules ?? []).filter((m) => m.checked).map((m, i) => {
    const y = node.position.y + DIAGRAM_EDITOR.defaultNodeSize.height + i * DIAGRAM_EDITOR.moduleHeight + DIAGRAM_EDITOR.moduleHeight / 2;
    return `<text x="${num(cx)}" y="${num(y)}" font-family="sans-serif" font-size="9" fill="#ffffff" text-anchor="middle" dominant-baseline="middle">${escapeXml(MODULE_NAMES[m.id] ?? m.id)}</text>`;
  });
  return `<rect x="${num(node.position.x)}" y="${num(node.position.y)}" width="${num(node.size.width)}" height="${num(node.size.height)}" rx="${rx}" fill="${diagramKindColour(node.type)}"${outline}/>`
    + `<text x="${num(cx)}" y="${num(cy)}" font-family="sans-serif" font-size="10" fill="#ffffff" text-anchor="middle" dominant-baseline="middle">${label}</text>${modules.join('')}`;
}
