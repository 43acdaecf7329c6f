import { Parser } from 'htmlparser2';

/**
 * Allow-list sanitisers for markup users store: the rich text of a strategy's description (HTML)
 * and a strategy's preview picture (SVG). htmlparser2 tokenises the input (entities decoded, tags
 * closed where HTML implies it); only the elements and attributes listed here are written back,
 * every text and attribute value escaped again by us, so nothing the parser let through reaches
 * the output unescaped. Anything else is left out: an unknown element keeps its text (it is
 * unwrapped), an element whose content is code or another document (script, style, iframe…) is
 * dropped with its content, comments and processing instructions are dropped.
 */

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (text: string) => escapeText(text).replace(/"/g, '&quot;');

/** Element name → attributes it may keep (each value checked by `attributeValue`). */
type AllowList = Record<string, readonly string[]>;

interface Policy {
  xmlMode: boolean;
  elements: AllowList;
  /** Attributes every allowed element may keep. */
  common: readonly string[];
  /** Dropped together with everything inside them. */
  dropWithContent: ReadonlySet<string>;
  /** Elements written without a closing tag. */
  voids: ReadonlySet<string>;
  /** The value kept for an attribute, or null to leave the attribute out. */
  attributeValue(element: string, name: string, value: string): string | null;
}

/**
 * Markup nested deeper than the limit it was sanitised with (MarkupLimits.maxDepth): refused
 * whole. htmlparser2 keeps its stack of open elements with unshift/shift, so the cost of a parse
 * grows with the square of the depth (80,000 nested elements took 16 s of the event loop); the
 * parse stops at the first element past the limit, so it stays cheap whatever the input.
 */
export class MarkupTooDeepError extends Error {
  constructor(readonly maxDepth: number) {
    super(`The markup nests elements more than ${maxDepth} deep`);
  }
}

/** How deep the markup may nest its elements (every element counts, kept or dropped). */
export interface MarkupLimits {
  maxDepth: number;
}

function sanitize(input: string, policy: Policy, limits: MarkupLimits, root?: string): { html: string; sawRoot: boolean } {
  let out = '';
  let drop = 0;
  let sawRoot = root === undefined;
  /** With a root: how deep inside it we are (nothing outside the first root is kept). */
  let rootDepth = root === undefined ? 1 : 0;
  let rootDone = false;
  const open: boolean[] = [];
  const parser = new Parser({
    onopentag(name, attributes) {
      if (open.length >= limits.maxDepth) throw new MarkupTooDeepError(limits.maxDepth);
      if (drop > 0 || policy.dropWithContent.has(name)) {
        drop += 1;
        open.push(false);
        return;
      }
      if (root !== undefined) {
        if (rootDepth === 0) {
          if (name !== root || rootDone) {
            open.push(false);
            return;
          }
          sawRoot = true;
        }
        rootDepth += 1;
      }
      const allowed = policy.elements[name];
      if (!allowed) {
        open.push(false);
        return;
      }
      let tag = `<${name}`;
      for (const [attribute, raw] of Object.entries(attributes)) {
        if (!allowed.includes(attribute) && !policy.common.includes(attribute)) continue;
        const value = policy.attributeValue(name, attribute, raw);
        if (value !== null) tag += ` ${attribute}="${escapeAttribute(value)}"`;
      }
      out += `${tag}>`;
      open.push(true);
    },
    onclosetag(name) {
      const wasWritten = open.pop() ?? false;
      if (drop > 0) {
        drop -= 1;
        return;
      }
      if (root !== undefined && rootDepth > 0) {
        rootDepth -= 1;
        if (rootDepth === 0) rootDone = true;
      }
      if (wasWritten && !policy.voids.has(name)) out += `</${name}>`;
    },
    ontext(text) {
      if (drop === 0 && rootDepth > 0 && !(root !== undefined && rootDone)) out += escapeText(text);
    },
  }, { xmlMode: policy.xmlMode, decodeEntities: true, recognizeSelfClosing: policy.xmlMode, lowerCaseTags: !policy.xmlMode, lowerCaseAttributeNames: !policy.xmlMode });
  parser.write(input);
  parser.end();
  return { html: out, sawRoot };
}

// ── Rich text (the description's HTML) ─────────────────────────────────────────────────────────

const TEXT_ELEMENTS: AllowList = {
  p: [], br: [], hr: [], div: [], span: [], strong: [], b: [], em: [], i: [], u: [], s: [], strike: [], del: [], ins: [], sub: [], sup: [], small: [], mark: [],
  h1: [], h2: [], h3: [], h4: [], h5: [], h6: [], blockquote: [], pre: [], code: [],
  ul: [], ol: ['start', 'type'], li: ['data-list'],
  a: ['href', 'target', 'rel', 'title'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  table: [], thead: [], tbody: [], tr: [], th: ['colspan', 'rowspan'], td: ['colspan', 'rowspan'],
};
const SAFE_LINK = /^(https?:|mailto:|#|\/(?!\/))/i;
const SAFE_IMAGE = /^(https?:\/\/|data:image\/(png|jpeg|gif|webp);base64,[a-z0-9+/=\s]+$)/i;
/** `color`, `background-color` and `text-align` with plain values (the editor's colours and alignment). */
const SAFE_STYLE = /^(\s*(color|background-color|text-align)\s*:\s*(#[0-9a-f]{3,8}|[a-z]+|rgba?\(\s*[\d.\s,%]+\))\s*;?)+\s*$/i;

const HTML_POLICY: Policy = {
  xmlMode: false,
  elements: TEXT_ELEMENTS,
  common: ['class', 'style'],
  dropWithContent: new Set(['script', 'style', 'iframe', 'object', 'embed', 'noscript', 'template', 'textarea', 'select', 'svg', 'math', 'title', 'head', 'frame', 'frameset', 'noembed', 'noframes', 'xmp', 'plaintext']),
  voids: new Set(['br', 'hr', 'img']),
  attributeValue(element, name, value) {
    const trimmed = value.trim();
    if (name === 'href') return SAFE_LINK.test(trimmed) ? trimmed : null;
    if (name === 'src') return SAFE_IMAGE.test(trimmed) ? trimmed : null;
    if (name === 'target') return trimmed === '_blank' ? '_blank' : null;
    if (name === 'rel') return 'noopener noreferrer';
    if (name === 'class') {
      const kept = trimmed.split(/\s+/).filter((c) => /^ql-[a-z0-9-]+$/.test(c));
      return kept.length > 0 ? kept.join(' ') : null;
    }
    if (name === 'style') return SAFE_STYLE.test(trimmed) ? trimmed : null;
    if (['width', 'height', 'colspan', 'rowspan', 'start'].includes(name)) return /^\d{1,5}$/.test(trimmed) ? trimmed : null;
    if (name === 'type') return /^[1aAiI]$/.test(trimmed) ? trimmed : null;
    if (name === 'data-list') return /^(bullet|ordered|checked|unchecked)$/.test(trimmed) ? trimmed : null;
    void element;
    return value;
  },
};

/**
 * The description's rich text with only harmless formatting left (links http(s)/mailto, images
 * http(s) or raster data). Throws MarkupTooDeepError past `limits.maxDepth`.
 */
export function sanitizeRichText(html: string, limits: MarkupLimits): string {
  const clean = sanitize(html, HTML_POLICY, limits).html;
  // A link that opens a new window never hands it the opener.
  return clean.replace(/<a ((?:(?!>).)*?target="_blank"(?:(?!>).)*?)>/g, (tag, attrs: string) => (attrs.includes('rel=') ? tag : `<a ${attrs} rel="noopener noreferrer">`));
}

// ── Preview pictures (SVG) ─────────────────────────────────────────────────────────────────────

const PRESENTATION = [
  'fill', 'fill-opacity', 'fill-rule', 'stroke', 'stroke-width', 'stroke-dasharray', 'stroke-dashoffset', 'stroke-linecap', 'stroke-linejoin',
  'stroke-opacity', 'stroke-miterlimit', 'opacity', 'transform', 'font-family', 'font-size', 'font-weight', 'font-style', 'text-anchor',
  'dominant-baseline', 'alignment-baseline', 'letter-spacing', 'visibility', 'display', 'clip-path', 'clip-rule', 'marker-start', 'marker-mid',
  'marker-end', 'paint-order', 'vector-effect', 'shape-rendering', 'text-decoration', 'color',
] as const;
const SHAPE = ['x', 'y', 'width', 'height', 'rx', 'ry'] as const;
const SVG_ELEMENTS: AllowList = {
  svg: ['xmlns', 'viewBox', 'width', 'height', 'x', 'y', 'preserveAspectRatio', 'version'],
  g: [], defs: [], title: [], desc: [],
  rect: SHAPE, circle: ['cx', 'cy', 'r'], ellipse: ['cx', 'cy', 'rx', 'ry'], line: ['x1', 'y1', 'x2', 'y2'],
  polyline: ['points'], polygon: ['points'], path: ['d'],
  text: ['x', 'y', 'dx', 'dy', 'textLength'], tspan: ['x', 'y', 'dx', 'dy'],
  marker: ['markerWidth', 'markerHeight', 'refX', 'refY', 'orient', 'markerUnits', 'viewBox'],
  linearGradient: ['x1', 'y1', 'x2', 'y2', 'gradientUnits', 'gradientTransform'],
  radialGradient: ['cx', 'cy', 'r', 'fx', 'fy', 'gradientUnits', 'gradientTransform'],
  stop: ['offset', 'stop-color', 'stop-opacity'],
  clipPath: ['clipPathUnits'],
};
/** A reference inside the picture (`url(#arrow)`) is the only url() kept: nothing is fetched. */
const LOCAL_URL = /^url\(\s*#[\w.-]+\s*\)$/;

const SVG_POLICY: Policy = {
  xmlMode: true,
  elements: SVG_ELEMENTS,
  common: ['id', 'class', ...PRESENTATION],
  dropWithContent: new Set(['script', 'style', 'foreignObject', 'iframe', 'animate', 'animateTransform', 'animateMotion', 'set', 'image', 'use', 'a', 'switch', 'feImage', 'filter', 'pattern', 'mask', 'symbol']),
  voids: new Set(),
  attributeValue(element, name, value) {
    if (name === 'xmlns') return 'http://www.w3.org/2000/svg';
    if (/url\(/i.test(value)) return LOCAL_URL.test(value.trim()) ? value.trim() : null;
    if (/javascript:|data:|expression\(|[<>]/i.test(value)) return null;
    if (name === 'id' || name === 'class') return /^[\w\s.-]{1,200}$/.test(value) ? value : null;
    void element;
    return value;
  },
};

/**
 * A preview picture with only drawing left: shapes, text, gradients and markers with presentation
 * attributes; no script, event handler, style sheet, foreign object, external reference or link.
 * Null when the text is not an SVG picture (no <svg> element). Throws MarkupTooDeepError past
 * `limits.maxDepth`.
 */
export function sanitizeSvg(svg: string, limits: MarkupLimits): string | null {
  const { html, sawRoot } = sanitize(svg, SVG_POLICY, limits, 'svg');
  if (!sawRoot) return null;
  return html.includes('xmlns=') ? html : html.replace(/^<svg/, '<svg xmlns="http://www.w3.org/2000/svg"');
}
