/**
 * An article's HTML as the blocks a PDF page sets (pdf-render.ts): headings, paragraphs, list
 * items and quotes, each a run of text pieces with their bold, italic and link. One pass of
 * htmlparser2 over the HTML (linear, forgiving of broken markup); what a PDF of the text cannot
 * show is left out — images, videos and their figures (credit lines with them), scripts, styles,
 * embedded frames.
 */
import { Parser } from 'htmlparser2';

export interface TextRun {
  text: string;
  bold: boolean;
  italic: boolean;
  /** The link's address, when the piece is a link's anchor. */
  href: string | null;
}

export interface TextBlock {
  kind: 'heading' | 'paragraph' | 'item' | 'quote' | 'code';
  /** Headings: 1–6. */
  level: number;
  /** List items: how deep in nested lists (1 = top), and the marker (`•`, `3.`). */
  depth: number;
  marker: string;
  runs: TextRun[];
}

/** Elements whose content is never text of the article in a PDF. */
const SKIPPED = new Set(['script', 'style', 'iframe', 'figure', 'video', 'audio', 'object', 'embed', 'svg', 'noscript', 'template', 'img', 'picture', 'canvas', 'head', 'title']);
/** Elements that make a block of their own. */
const BLOCKS = new Set(['p', 'div', 'section', 'article', 'header', 'footer', 'aside', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'li', 'blockquote', 'pre', 'tr', 'dt', 'dd', 'figcaption', 'table', 'ul', 'ol', 'dl']);
/** Void elements: never closed, so never entered. */
const VOID = new Set(['img', 'br', 'hr', 'input', 'meta', 'link', 'source', 'track', 'wbr', 'area', 'base', 'col', 'embed', 'param']);

/** http(s) and mailto links only: another scheme is no link a reader can follow from a PDF. */
function usableHref(href: string | undefined): string | null {
  const trimmed = href?.trim() ?? '';
  return /^(https?:\/\/|mailto:)/i.test(trimmed) ? trimmed : null;
}

/** The blocks of an article's HTML, in reading order; white space collapsed (kept in `pre`). */
export function htmlBlocks(html: string): TextBlock[] {
  const blocks: TextBlock[] = [];
  let current: TextBlock | null = null;
  let bold = 0;
  let italic = 0;
  let pre = 0;
  let quote = 0;
  let skipping = 0;
  const links: (string | null)[] = [];
  const lists: { ordered: boolean; count: number }[] = [];
  const headings: number[] = [];

  const finish = () => {
    if (current) {
      // Trailing and leading white space of the block goes; an empty block is dropped.
      const runs = current.runs;
      if (runs.length > 0 && current.kind !== 'code') {
        runs[0]!.text = runs[0]!.text.replace(/^\s+/, '');
        runs[runs.length - 1]!.text = runs[runs.length - 1]!.text.replace(/\s+$/, '');
      }
      current.runs = runs.filter((run) => run.text !== '');
      if (current.runs.length > 0) blocks.push(current);
    }
    current = null;
  };
  const open = (kind: TextBlock['kind'], level = 0, depth = 0, marker = '') => {
    finish();
    current = { kind, level, depth, marker, runs: [] };
  };
  const text = (raw: string) => {
    if (skipping > 0) return;
    let value = pre > 0 ? raw : raw.replace(/\s+/g, ' ');
    if (value === '') return;
    if (!current) open(pre > 0 ? 'code' : quote > 0 ? 'quote' : 'paragraph');
    const block = current!;
    const last = block.runs[block.runs.length - 1];
    // One space between pieces, never two (collapsed across tags as a browser shows it).
    if (pre === 0 && last && /\s$/.test(last.text) && value.startsWith(' ')) value = value.slice(1);
    if (value === '') return;
    const href = links.length > 0 ? links[links.length - 1]! : null;
    const run: TextRun = { text: value, bold: bold > 0 || (headings.length > 0), italic: italic > 0, href };
    if (last && last.bold === run.bold && last.italic === run.italic && last.href === run.href) last.text += value;
    else block.runs.push(run);
  };

  const parser = new Parser({
    onopentag(name, attributes) {
      if (skipping > 0 || SKIPPED.has(name)) {
        if (!VOID.has(name)) skipping += 1;
        return;
      }
      switch (name) {
        case 'b': case 'strong': bold += 1; return;
        case 'i': case 'em': case 'cite': italic += 1; return;
        case 'a': links.push(usableHref(attributes.href)); return;
        case 'br':
          if (current) open(current.kind, current.level, current.depth, '');
          return;
        case 'ul': case 'ol':
          finish();
          lists.push({ ordered: name === 'ol', count: 0 });
          return;
        case 'li': {
          const list = lists[lists.length - 1];
          if (list) list.count += 1;
          open('item', 0, Math.max(1, lists.length), list?.ordered ? `${list.count}.` : '•');
          return;
        }
        case 'blockquote': quote += 1; open('quote'); return;
        case 'pre': pre += 1; open('code'); return;
        case 'h1': case 'h2': case 'h3': case 'h4': case 'h5': case 'h6':
          headings.push(Number(name[1]));
          open('heading', Number(name[1]));
          return;
        default:
          if (BLOCKS.has(name)) open(pre > 0 ? 'code' : quote > 0 ? 'quote' : 'paragraph');
          else if (name === 'td' || name === 'th') text(' ');
      }
    },
    ontext: text,
    onclosetag(name, implied) {
      if (skipping > 0) {
        if (!VOID.has(name)) skipping -= 1;
        return;
      }
      if (VOID.has(name) && !implied) return;
      switch (name) {
        case 'b': case 'strong': bold = Math.max(0, bold - 1); return;
        case 'i': case 'em': case 'cite': italic = Math.max(0, italic - 1); return;
        case 'a': links.pop(); return;
        case 'ul': case 'ol': finish(); lists.pop(); return;
        case 'blockquote': finish(); quote = Math.max(0, quote - 1); return;
        case 'pre': finish(); pre = Math.max(0, pre - 1); return;
        case 'h1': case 'h2': case 'h3': case 'h4': case 'h5': case 'h6': finish(); headings.pop(); return;
        default:
          if (BLOCKS.has(name)) finish();
      }
    },
  }, { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true });
  parser.write(html);
  parser.end();
  finish();
  return blocks;
}
