/**
 * Sends a published item's links elsewhere (issue 36: a lower-tier post re-pointed from a dead
 * upper-tier page to a live one): only the address of each link to a change's `from` is replaced,
 * the anchor, the rest of the text and anything a person edited since are kept. One pass over the
 * text, linear in its length. Connectors call these on the item as the site has it now.
 */
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
