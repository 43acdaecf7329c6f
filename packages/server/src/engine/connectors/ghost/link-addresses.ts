/**
 * Re-pointing a published item's links (Connector.updateLinks) in HTML as the site keeps it: every
 * `<a href>` whose address is a change's `from` gets the change's `to`, nothing else of the markup
 * is touched. A linear scan (each character read once; comments skipped whole), not a parser: the
 * rest of the document must come back byte for byte as the site gave it. Forem's Markdown may hold
 * such HTML too (forem/markdown-links.ts uses this for it).
 */
import { decodeEntities } from '@linkloom/shared';
import type { LinkChange } from '../connector';

/** Whether two link addresses are the same: as written (entities and spaces aside) or as URLs, but for one ending slash. */
export function sameAddress(a: string, b: string): boolean {
  const trim = (url: string) => url.trim().replace(/\/$/, '');
  const left = trim(a);
  const right = trim(b);
  if (left === right) return true;
  // URL.canParse first: a thrown error per address that is no URL made long articles slow.
  if (!URL.canParse(left) || !URL.canParse(right)) return false;
  return trim(new URL(left).href) === trim(new URL(right).href);
}

/** The change for a link of this address, if any. */
export function changeFor(address: string, changes: readonly LinkChange[]): LinkChange | undefined {
  return changes.find((change) => sameAddress(address, change.from));
}

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/'/g, '&#39;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const isSpace = (code: number) => code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0c || code === 0x0d;

/** The HTML with each link to a change's `from` pointing at its `to`; how many links changed. */
export function replaceHtmlLinks(html: string, changes: readonly LinkChange[]): { html: string; changed: number } {
  if (changes.length === 0) return { html, changed: 0 };
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
  return { html: pieces.join(''), changed };
}
