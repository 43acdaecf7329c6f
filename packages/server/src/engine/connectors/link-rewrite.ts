/**
 * Sends a published item's links elsewhere (issue 36: a lower-tier post re-pointed from a dead
 * upper-tier page to a live one): only the address of each link to a change's `from` is replaced,
 * the anchor, the rest of the text and anything a person edited since are kept. One pass over the
 * text, linear in its length. Connectors call these on the item as the site has it now.
 *
 * HTML has two rewriters:
 * - rewriteAnchorLinks (Ghost, and the raw HTML in Forem's Markdown): the `href` of each `<a>`
 *   element, read as a browser reads the tag (any quoting, or none; comments skipped), the rest of
 *   the document byte for byte, the attribute's quoting kept; an address matches `from` as written
 *   or as the same URL (equivalentAddress);
 * - rewriteHtmlLinks (WordPress, Blogger, Tumblr, WordPress.com): every `href="…"` or `href='…'`,
 *   written back double-quoted; an address matches `from` as written, one ending slash aside
 *   (sameAddress).
 */
import { decodeEntities } from '@linkloom/shared';
import type { LinkChange } from './connector';

export interface Rewritten {
  text: string;
  /** Links whose address was replaced. */
  changed: number;
}

/** The entities an href may spell its characters with, as WordPress and browsers write them. */
function decodeAttribute(value: string): string {
  return value.replace(/&(amp|#0*38|#x0*26);/gi, '&').replace(/&(quot|#0*34|#x0*22);/gi, '"').replace(/&(#0*39|#x0*27|apos);/gi, "'");
}

function encodeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
}

/** Whether two addresses name the same page: equal, or equal but for one ending slash. */
export function sameAddress(a: string, b: string): boolean {
  if (a === b) return true;
  const trim = (url: string) => (url.endsWith('/') ? url.slice(0, -1) : url);
  return trim(a) === trim(b);
}

function replacementFor(address: string, changes: readonly LinkChange[]): string | undefined {
  return changes.find((change) => sameAddress(address, change.from))?.to;
}

/** Addresses longer than this are no link of ours; the bound keeps a text of unclosed quotes linear. */
const MAX_ADDRESS = 8192;
const HREF = new RegExp(`(\\bhref\\s*=\\s*)(?:"([^"]{0,${MAX_ADDRESS}})"|'([^']{0,${MAX_ADDRESS}})')`, 'gi');

/** Each `href="from"` (any quoting, entities decoded) becomes `href="to"`. */
export function rewriteHtmlLinks(html: string, changes: readonly LinkChange[]): Rewritten {
  let changed = 0;
  const text = html.replace(HREF, (whole, prefix: string, doubleQuoted: string | undefined, singleQuoted: string | undefined) => {
    const to = replacementFor(decodeAttribute(doubleQuoted ?? singleQuoted ?? '').trim(), changes);
    if (to === undefined) return whole;
    changed += 1;
    return `${prefix}"${encodeAttribute(to)}"`;
  });
  return { text, changed };
}

/** Whether two link addresses are the same page: as written (spaces aside) or as URLs, but for one ending slash. */
export function equivalentAddress(a: string, b: string): boolean {
  const trim = (url: string) => url.trim().replace(/\/$/, '');
  const left = trim(a);
  const right = trim(b);
  if (left === right) return true;
  // URL.canParse first: a thrown error per address that is no URL made long articles slow.
  if (!URL.canParse(left) || !URL.canParse(right)) return false;
  return trim(new URL(left).href) === trim(new URL(right).href);
}

/** The change for a link of this address (equivalentAddress), if any. */
export function changeFor(address: string, changes: readonly LinkChange[]): LinkChange | undefined {
  return changes.find((change) => equivalentAddress(address, change.from));
}

/** An attribute value safe in either quoting. */
const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/'/g, '&#39;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const isSpace = (code: number) => code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0c || code === 0x0d;

/**
 * Each `<a>` whose `href` is a change's `from` (changeFor, entities decoded) gets the change's `to`;
 * the rest of the markup is kept byte for byte. A linear scan (each character read once; comments
 * skipped whole), not a parser.
 */
export function rewriteAnchorLinks(html: string, changes: readonly LinkChange[]): Rewritten {
  if (changes.length === 0) return { text: html, changed: 0 };
  const pieces: string[] = [];
  let copied = 0;
  let changed = 0;
  let at = 0;
  while (at < html.length) {
    const open = html.indexOf('<', at);
    if (open < 0) break;
    if (html.startsWith('<!--', open)) {
      const close = html.indexOf('-->', open + 4);
      if (close < 0) break;
      at = close + 3;
      continue;
    }
    const isLink = (html[open + 1] === 'a' || html[open + 1] === 'A') && (open + 2 >= html.length || isSpace(html.charCodeAt(open + 2)));
    if (!isLink) {
      at = open + 1;
      continue;
    }
    // The attributes of <a …>: name, optional = and value (quoted or bare), up to > .
    let i = open + 2;
    let end = -1;
    while (i < html.length) {
      while (i < html.length && isSpace(html.charCodeAt(i))) i++;
      if (i >= html.length) break;
      if (html[i] === '>') {
        end = i;
        break;
      }
      if (html[i] === '/') {
        i++;
        continue;
      }
      const nameStart = i;
      while (i < html.length && !isSpace(html.charCodeAt(i)) && html[i] !== '=' && html[i] !== '>' && html[i] !== '/') i++;
      const name = html.slice(nameStart, i).toLowerCase();
      let j = i;
      while (j < html.length && isSpace(html.charCodeAt(j))) j++;
      if (html[j] !== '=') continue;
      j++;
      while (j < html.length && isSpace(html.charCodeAt(j))) j++;
      let valueStart: number;
      let valueEnd: number;
      const quote = html[j];
      const quoted = quote === '"' || quote === "'";
      if (quoted) {
        valueStart = j + 1;
        valueEnd = html.indexOf(quote, valueStart);
        if (valueEnd < 0) break;
        i = valueEnd + 1;
      } else {
        valueStart = j;
        valueEnd = j;
        while (valueEnd < html.length && !isSpace(html.charCodeAt(valueEnd)) && html[valueEnd] !== '>') valueEnd++;
        i = valueEnd;
      }
      if (name !== 'href') continue;
      const change = changeFor(decodeEntities(html.slice(valueStart, valueEnd)), changes);
      if (!change) continue;
      // A bare value gets quotes: the new address may hold what would end a bare one.
      pieces.push(html.slice(copied, valueStart), quoted ? escapeAttribute(change.to) : `"${escapeAttribute(change.to)}"`);
      copied = valueEnd;
      changed++;
    }
    if (end < 0) break;
    at = end + 1;
  }
  pieces.push(html.slice(copied));
  return { text: pieces.join(''), changed };
}

/** MediaWiki external links: `[from anchor]` and `[from]` become `[to anchor]` / `[to]`. */
const WIKI_EXTERNAL = new RegExp(`\\[((?:https?:)?//[^\\s\\][]{1,${MAX_ADDRESS}})(?=[\\s\\]])`, 'g');

export function rewriteWikitextLinks(wikitext: string, changes: readonly LinkChange[]): Rewritten {
  let changed = 0;
  const text = wikitext.replace(WIKI_EXTERNAL, (whole, address: string) => {
    const to = replacementFor(address, changes);
    if (to === undefined) return whole;
    changed += 1;
    // A space or bracket ends an external link's address in wikitext: percent-encode them.
    return `[${to.replace(/ /g, '%20').replace(/\]/g, '%5D')}`;
  });
  return { text, changed };
}
