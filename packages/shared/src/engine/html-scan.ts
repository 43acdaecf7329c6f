/**
 * A small, forgiving HTML scanner for article bodies: it finds the runs of text content (with
 * whether they sit inside a link or an element whose text must not change) and where paragraphs
 * end, so links and media are placed by string offsets and never inside a tag, an attribute or an
 * existing `<a>`. Not a validating parser: malformed markup degrades to text, it never throws.
 */

/** Text content between two tags: [start, end) in the scanned HTML. */
export interface TextRun {
  start: number;
  end: number;
  /** Inside an `<a>` element. */
  inLink: boolean;
  /** Inside script, style, code, pre, iframe, media, form controls…: never edited. */
  skipped: boolean;
  /** Index of the enclosing `<p>`, or -1. */
  paragraph: number;
}

export interface ParagraphBounds {
  /** Where its content ends: the offset of its `</p>` (or of the tag that implicitly closed it). */
  contentEnd: number;
  /** Just after its `</p>` (equal to contentEnd when it was closed implicitly). */
  after: number;
  /** The end of its content lies inside an unclosed `<a>`. */
  endsInLink: boolean;
  /** It holds non-blank text outside links and skipped elements. */
  hasText: boolean;
}

export interface HtmlLayout {
  runs: TextRun[];
  paragraphs: ParagraphBounds[];
}

const SKIPPED = new Set(['script', 'style', 'textarea', 'title', 'code', 'pre', 'kbd', 'samp', 'iframe', 'video', 'audio', 'object', 'embed', 'svg', 'math', 'button', 'select', 'option', 'noscript', 'template', 'head', 'figcaption']);
/** Elements whose content is raw text: no tag inside them is a tag. */
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title']);
const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
/** Opening or closing one of these ends an open paragraph (HTML's implied `</p>`). */
const CLOSES_PARAGRAPH = new Set([
  'address', 'article', 'aside', 'blockquote', 'details', 'div', 'dl', 'dd', 'dt', 'fieldset', 'figure', 'footer', 'form',
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hr', 'li', 'main', 'menu', 'nav', 'ol', 'pre', 'section', 'table', 'td', 'th', 'tr', 'ul',
]);

const TAG_NAME = /<(\/?)([a-zA-Z][a-zA-Z0-9:-]*)/y;

/**
 * Offset just after the `>` closing the tag whose name ends at `from`, honouring quoted values; -1
 * if none. `seen` marks the offsets earlier calls of one scan read outside a quoted value: the scan
 * moves on past every tag it finds, so such an offset was read by a call that found no `>`, and
 * from there on this call would read exactly what that one did. Stopping there keeps a text of
 * unclosed tags (`<a` × 250,000) linear instead of reading the rest of the text at each `<`.
 */
function tagEnd(html: string, from: number, seen: Uint8Array): number {
  for (let i = from; i < html.length; i += 1) {
    if (seen[i] === 1) return -1;
    seen[i] = 1;
    const char = html[i];
    if (char === '>') return i + 1;
    if (char === '"' || char === "'") {
      const close = html.indexOf(char, i + 1);
      if (close < 0) return -1;
      i = close;
    }
  }
  return -1;
}

/** Scans `html` into text runs and paragraph bounds. */
export function scanHtml(html: string): HtmlLayout {
  const runs: TextRun[] = [];
  const paragraphs: ParagraphBounds[] = [];
  let linkDepth = 0;
  let skipDepth = 0;
  let open: ParagraphBounds | null = null;
  const closeParagraph = (contentEnd: number, after: number) => {
    if (!open) return;
    open.contentEnd = contentEnd;
    open.after = after;
    open.endsInLink = linkDepth > 0;
    open = null;
  };
  const addRun = (start: number, end: number, skipped: boolean) => {
    if (end <= start) return;
    const run = { start, end, inLink: linkDepth > 0, skipped: skipped || skipDepth > 0, paragraph: open ? paragraphs.length - 1 : -1 };
    const last = runs[runs.length - 1];
    // A stray `<` read as text continues the run before it.
    if (last && last.end === start && last.inLink === run.inLink && last.skipped === run.skipped && last.paragraph === run.paragraph) last.end = end;
    else runs.push(run);
    if (open && !run.inLink && !run.skipped && html.slice(start, end).trim() !== '') open.hasText = true;
  };

  const seen = new Uint8Array(html.length);
  let position = 0;
  while (position < html.length) {
    const lt = html.indexOf('<', position);
    if (lt < 0) break;
    let end = -1;
    if (html.startsWith('<!--', lt)) {
      const close = html.indexOf('-->', lt + 4);
      end = close < 0 ? html.length : close + 3;
    } else if (html[lt + 1] === '!' || html[lt + 1] === '?') {
      const close = html.indexOf('>', lt);
      end = close < 0 ? html.length : close + 1;
    } else {
      TAG_NAME.lastIndex = lt;
      const name = TAG_NAME.exec(html);
      if (name) end = tagEnd(html, lt + name[0].length, seen);
      if (name && end > 0) {
        addRun(position, lt, false);
        const closing = name[1] === '/';
        const tag = name[2]!.toLowerCase();
        const selfClosing = html[end - 2] === '/';
        if (tag === 'p' || CLOSES_PARAGRAPH.has(tag)) {
          if (closing && tag === 'p') closeParagraph(lt, end);
          else closeParagraph(lt, lt);
          if (!closing && tag === 'p') {
            open = { contentEnd: html.length, after: html.length, endsInLink: false, hasText: false };
            paragraphs.push(open);
          }
        }
        if (tag === 'a' && !selfClosing) linkDepth = closing ? Math.max(0, linkDepth - 1) : linkDepth + 1;
        if (SKIPPED.has(tag) && !VOID.has(tag) && !selfClosing) skipDepth = closing ? Math.max(0, skipDepth - 1) : skipDepth + 1;
        position = end;
        if (!closing && RAW_TEXT.has(tag) && !selfClosing) {
          const close = new RegExp(`</${tag}[\\s/>]`, 'ig');
          close.lastIndex = end;
          const found = close.exec(html);
          const rawEnd = found ? found.index : html.length;
          addRun(end, rawEnd, true);
          position = rawEnd;
        }
        continue;
      }
      // A `<` that opens no tag is text.
      addRun(position, lt + 1, false);
      position = lt + 1;
      continue;
    }
    addRun(position, lt, false);
    position = end;
  }
  addRun(position, html.length, false);
  closeParagraph(html.length, html.length);
  return { runs, paragraphs };
}

/** Replace [start, end) with `html` (an insertion when start === end). */
export interface HtmlEdit {
  start: number;
  end: number;
  html: string;
}

/**
 * Applies edits made against the same original text. Insertions at one offset keep the order they
 * were made in and come before a replacement starting there; an edit overlapping an earlier-applied
 * one is dropped (callers never make such pairs).
 */
export function applyEdits(html: string, edits: readonly HtmlEdit[]): string {
  const isReplacement = (edit: HtmlEdit) => (edit.end > edit.start ? 1 : 0);
  const sorted = [...edits].sort((a, b) => a.start - b.start || isReplacement(a) - isReplacement(b));
  let output = '';
  let position = 0;
  for (const edit of sorted) {
    if (edit.start < position) continue;
    output += html.slice(position, edit.start) + edit.html;
    position = edit.end;
  }
  return output + html.slice(position);
}
