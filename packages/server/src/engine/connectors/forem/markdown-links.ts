/**
 * Re-pointing the links of a Forem article's Markdown (Connector.updateLinks): the article as the
 * site keeps it now (a person may have edited it), each link whose address is a change's `from`
 * given the change's `to`, nothing else touched. Link addresses are where Markdown and Forem put
 * them: inline links and images `[text](address "title")` / `(<address>)`, reference definitions
 * `[label]: address`, autolinks `<address>`, Forem's `{% link address %}` / `{% embed address %}`
 * tags, and the `href` of raw HTML links. Each pass reads the text once (linear).
 */
import type { LinkChange } from '../connector';
import { changeFor, rewriteAnchorLinks } from '../link-rewrite';
import { markdownDestination } from './html-to-markdown';

/** A destination as Markdown reads it: backslash escapes undone. */
const unescape = (destination: string) => destination.replace(/\\([!-/:-@[-`{-~])/g, '$1');

export function replaceMarkdownLinks(markdown: string, changes: readonly LinkChange[]): { markdown: string; changed: number } {
  if (changes.length === 0) return { markdown, changed: 0 };
  let changed = 0;
  const replace = (address: string): string | undefined => {
    const change = changeFor(unescape(address), changes);
    if (change) changed++;
    return change?.to;
  };

  // Inline links and images: the destination after `](`.
  const pieces: string[] = [];
  let copied = 0;
  let at = markdown.indexOf('](');
  while (at >= 0) {
    let start = at + 2;
    while (markdown[start] === ' ' || markdown[start] === '\t') start++;
    let end: number;
    let angled = false;
    if (markdown[start] === '<') {
      angled = true;
      const close = markdown.indexOf('>', start + 1);
      const lineEnd = markdown.indexOf('\n', start + 1);
      end = close >= 0 && (lineEnd < 0 || close < lineEnd) ? close + 1 : -1;
    } else {
      end = start;
      let depth = 0;
      while (end < markdown.length) {
        const char = markdown[end];
        if (char === '\\') {
          end += 2;
          continue;
        }
        if (char === ' ' || char === '\t' || char === '\n' || char === '\r') break;
        if (char === '(') depth++;
        if (char === ')') {
          if (depth === 0) break;
          depth--;
        }
        end++;
      }
      end = Math.min(end, markdown.length);
    }
    if (end > start) {
      const address = angled ? markdown.slice(start + 1, end - 1) : markdown.slice(start, end);
      const to = replace(address);
      if (to !== undefined) {
        pieces.push(markdown.slice(copied, start), angled ? `<${markdownDestination(to)}>` : markdownDestination(to));
        copied = end;
      }
    }
    at = markdown.indexOf('](', Math.max(end, at + 2));
  }
  pieces.push(markdown.slice(copied));
  let text = pieces.join('');

  // Reference definitions, autolinks (not an inline link's `(<…>)`), Forem's link and embed tags.
  text = text.replace(/^( {0,3}\[[^\]\n]{1,999}\]:[ \t]*)(<[^>\n]*>|\S+)/gm, (whole, head: string, address: string) => {
    const angled = address.startsWith('<');
    const to = replace(angled ? address.slice(1, -1) : address);
    return to === undefined ? whole : `${head}${angled ? `<${markdownDestination(to)}>` : markdownDestination(to)}`;
  });
  text = text.replace(/(^|[^(])<((?:https?|mailto):[^\s<>]*)>/gi, (whole, before: string, address: string) => {
    const to = replace(address);
    return to === undefined ? whole : `${before}<${markdownDestination(to)}>`;
  });
  text = text.replace(/(\{%[ \t]*(?:link|embed)[ \t]+)([^\s%]+)/g, (whole, head: string, address: string) => {
    const to = replace(address);
    return to === undefined ? whole : `${head}${to.replace(/[\s%}]/g, encodeURIComponent)}`;
  });
  const html = rewriteAnchorLinks(text, changes);
  return { markdown: html.text, changed: changed + html.changed };
}
