import type { LinkChange } from '../connector';
import { dokuWikiLinkTarget } from './html-to-dokuwiki';

/**
 * The addresses of a DokuWiki page's links `[[address|anchor]]` and `[[address]]` that go to a
 * change's `from`, replaced by its `to`; anchors and everything else are kept byte for byte. Read
 * as the wiki's lexer reads links (`\[\[.*?\]\](?!\])`, the address up to the first `|`), in one
 * pass: each `[[` is looked at once and the search for its `]]` resumes where the last one ended.
 * An address matches `from` as written or as the converter writes addresses (percent-encoded).
 */
export function rewriteDokuWikiLinks(text: string, changes: readonly LinkChange[]): { text: string; changed: number } {
  const targets = new Map<string, string>();
  for (const change of changes) {
    const to = dokuWikiLinkTarget(change.to);
    targets.set(change.from.trim(), to);
    targets.set(dokuWikiLinkTarget(change.from), to);
  }
  const out: string[] = [];
  let changed = 0;
  let at = 0;
  for (;;) {
    const open = text.indexOf('[[', at);
    if (open === -1) break;
    let close = text.indexOf(']]', open + 2);
    if (close === -1) break;
    // `]]]`: the link ends at the last pair (the lexer's `(?!\])`).
    while (text.charCodeAt(close + 2) === 0x5d) close += 1;
    const inner = text.slice(open + 2, close);
    const bar = inner.indexOf('|');
    const address = bar === -1 ? inner : inner.slice(0, bar);
    const replacement = targets.get(address.trim());
    if (replacement !== undefined && replacement !== address.trim()) {
      const lead = address.length - address.trimStart().length;
      const trail = address.length - address.trimEnd().length;
      out.push(text.slice(at, open + 2 + lead), replacement, text.slice(open + 2 + address.length - trail, close + 2));
      changed += 1;
    } else {
      out.push(text.slice(at, close + 2));
    }
    at = close + 2;
  }
  out.push(text.slice(at));
  return { text: changed === 0 ? text : out.join(''), changed };
}
