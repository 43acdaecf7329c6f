import { Parser } from 'htmlparser2';

/**
 * Article HTML (what the content pipeline builds) → DokuWiki syntax
 * (https://www.dokuwiki.org/wiki:syntax), the way a person writes a page: paragraphs, headings
 * (`====== … ======`), bold `**`, italic `//`, underline `__`, monospace `''`, `<del>`, `<sub>`,
 * `<sup>`, lists (`  * ` / `  - `, two spaces a level), quotes (`>`), `<code>` blocks, simple tables
 * (`^ head ^` / `| cell |`), rules (`----`), line breaks (`\\ `), links `[[https://…|anchor]]` (the
 * wiki renders them rel="ugc nofollow" by default, which verification then reports truthfully) and
 * images `{{https://…|alt}}` (DokuWiki shows images from other sites). A video becomes a link to
 * it, noted in `notes`. Script, style and the like are dropped with their content.
 *
 * Every text is escaped so that nothing in the article can become markup: only the sequences the
 * wiki's lexer would read as syntax are wrapped in `%%…%%` (DokuWiki's own escape), so the page's
 * source stays as readable as a person's. Link anchors and headings are not parsed by the wiki
 * (they are shown as they are), so they are only kept from ending early.
 *
 * The work is linear in the article: each character is read once by the parser and once by one
 * escaping regular expression (whose every alternative is bounded or anchored so that it never
 * rescans), and the output is collected in arrays joined once at the end.
 */
export interface DokuWikiText {
  text: string;
  /** What the conversion had to change, for the post's warnings (one line each). */
  notes: string[];
}

const DROP_WITH_CONTENT = new Set(['script', 'style', 'noscript', 'template', 'head', 'title', 'object', 'embed', 'svg', 'math', 'select', 'textarea', 'button']);
const BLOCKS = new Set(['p', 'div', 'section', 'article', 'header', 'footer', 'main', 'aside', 'nav', 'figure', 'figcaption', 'address', 'dl', 'dt', 'dd', 'center', 'details', 'summary', 'caption']);

type MarkKind = 'bold' | 'italic' | 'underline' | 'mono' | 'del' | 'sub' | 'sup';
const MARK_OF_TAG = new Map<string, MarkKind>(Object.entries({
  b: 'bold', strong: 'bold', i: 'italic', em: 'italic', cite: 'italic', var: 'italic', dfn: 'italic', u: 'underline', ins: 'underline',
  code: 'mono', kbd: 'mono', tt: 'mono', samp: 'mono', s: 'del', strike: 'del', del: 'del', sub: 'sub', sup: 'sup',
}) as Array<[string, MarkKind]>);
const MARK_ORDER: readonly MarkKind[] = ['bold', 'italic', 'underline', 'mono', 'del', 'sub', 'sup'];
const MARKUP: Record<MarkKind, readonly [string, string]> = {
  bold: ['**', '**'], italic: ['//', '//'], underline: ['__', '__'], mono: ["''", "''"], del: ['<del>', '</del>'], sub: ['<sub>', '</sub>'], sup: ['<sup>', '</sup>'],
};

/**
 * What the wiki's lexer reads as syntax inside text (inc/Parsing/ParserMode): the `%%` escape
 * itself, links written bare (`scheme://…`, `www.…`, `ftp.…`), everything opening with `<` (tags,
 * e-mail links, arrows), formatting pairs, forced line breaks, links, media, footnotes, macros
 * (`~~NOTOC~~`), heading and rule runs, and the default smileys (which become pictures). Typographic
 * substitutions (`--` → –, `...` → …) are left to the wiki, as for any page.
 * Every alternative is a fixed string, a run of one character, or starts at a word boundary and
 * stops at the first character that cannot continue it: no position is scanned twice.
 */
const SMILEYS = ['8-)', '8-O', '8-o', ':-(', ':-)', '=)', ':-/', ':-\\', ':-?', ':-D', ':-P', ':-o', ':-O', ':-x', ':-X', ':-|', ';-)', 'm(', '^_^', ':?:', ':!:', 'LOL', 'FIXME', 'DELETEME'];
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
const URL_BODY = '(?:[^\\s%]|%(?!%))*';
const URL_BODY_NONEMPTY = '(?:[^\\s%]|%(?!%))+';
/**
 * An address starting right here, word boundary or not (sticky): after a piece wrapped in `%%` the
 * wiki's lexer reads on from there, where its `\b` holds whatever came before.
 */
const URL_AT = new RegExp(`(?:[A-Za-z][A-Za-z0-9]*://|(?:[Ww][Ww][Ww]?|[Ff][Tt][Pp]?)\\.)${URL_BODY}`, 'y');
const SMILEY = `(?:${SMILEYS.map(escapeRegExp).join('|')})`;
const SMILEY_SET = new Set(SMILEYS);
const INLINE_PARTS = [
  '%%',
  `\\b[A-Za-z][A-Za-z0-9]*://${URL_BODY}`,
  `\\b(?:[Ww][Ww][Ww]?|[Ff][Tt][Pp]?)\\.${URL_BODY_NONEMPTY}`,
  '<',
  '\\*\\*', '//', '__', "''", '\\\\\\\\', '\\[\\[', '\\{\\{', '\\(\\(', '~~', '={2,}', '-{4,}',
  // A smiley only between non-word characters (the wiki's `(?<=\W|^)…(?=\W|$)`): decided by
  // escapeDokuWikiText, as a neighbour wrapped in `%%` is one.
  SMILEY,
];
const CELL_PARTS = [...INLINE_PARTS, '[|^]', ':::'];
const INLINE_SYNTAX = new RegExp(INLINE_PARTS.join('|'), 'g');
/** In a table cell, the cell separators and the row-span mark too (in the same pass: a `|` inside a wrapped address stays wrapped). */
const CELL_SYNTAX = new RegExp(CELL_PARTS.join('|'), 'g');
/** Whether something to wrap starts right here (sticky): a smiley's right neighbour then becomes `%`. */
const INLINE_START = new RegExp(INLINE_PARTS.join('|'), 'y');
const CELL_START = new RegExp(CELL_PARTS.join('|'), 'y');
const WORD_CHAR = /[A-Za-z0-9_]/;
/** What opens a quote, a table or a list item when it starts a line. */
const LINE_START_SYNTAX = /^[>|^]/;
/**
 * Characters that make syntax when doubled (`**`, `]]`, `{{`…): where a piece written ends with one
 * and the next begins with the same, an empty `%%%%` keeps them apart.
 */
const PAIRING = new Set(['*', '/', '_', "'", '[', ']', '{', '}', '(', ')', '~', '=', '-', '\\', '<', '>', '^', '|']);

/** A piece of text that the wiki shows exactly as it is. */
function wrapped(text: string): string {
  return text === '%%' ? '<nowiki>%%</nowiki>' : `%%${text}%%`;
}

/** Text as DokuWiki syntax that renders as exactly that text (inside paragraphs, list items and cells). */
export function escapeDokuWikiText(text: string, options: { cell?: boolean; lineStart?: boolean } = {}): string {
  const syntax = options.cell ? CELL_SYNTAX : INLINE_SYNTAX;
  const starts = options.cell ? CELL_START : INLINE_START;
  const isBoundary = (at: number) => at < 0 || at >= text.length || !WORD_CHAR.test(text.charAt(at));
  const out: string[] = [];
  /** Copied up to here; the last piece wrapped ends here (a `%` then stands before what follows). */
  let copied = 0;
  let wrappedEnd = -1;
  syntax.lastIndex = 0;
  for (let found = syntax.exec(text); found !== null; found = syntax.exec(text)) {
    const piece = found[0];
    const offset = found.index;
    const end = offset + piece.length;
    if (SMILEY_SET.has(piece)) {
      // The wiki shows a picture only between non-word characters; a neighbour wrapped in `%%` is one.
      // One starting with punctuation may follow any word: the wiki's lexer reads on from the end of
      // the token before (an acronym such as `LOL`, `3x4`), where its look back sees the start.
      starts.lastIndex = end;
      const left = offset === wrappedEnd || isBoundary(offset - 1) || !WORD_CHAR.test(piece.charAt(0));
      if (!left || !(isBoundary(end) || starts.test(text))) {
        // Not a smiley here: read on from its second character (a `((` or a `//` may begin inside it).
        syntax.lastIndex = offset + 1;
        continue;
      }
    }
    out.push(text.slice(copied, offset), wrapped(piece));
    copied = end;
    wrappedEnd = end;
    URL_AT.lastIndex = end;
    const address = URL_AT.exec(text);
    if (address) {
      out.push(wrapped(address[0]));
      copied = wrappedEnd = syntax.lastIndex = end + address[0].length;
    }
  }
  out.push(text.slice(copied));
  let escaped = out.join('');
  if (options.lineStart && LINE_START_SYNTAX.test(escaped)) escaped = `${wrapped(escaped.charAt(0))}${escaped.slice(1)}`;
  return escaped;
}

/** A URL as the address of a link or an image: the characters that would end or break the markup, percent-encoded. */
export function dokuWikiLinkTarget(url: string): string {
  const trimmed = url.trim().replace(/[\r\n\t]+/g, '');
  const absolute = trimmed.startsWith('//') ? `https:${trimmed}` : trimmed;
  return absolute.replace(/[\s[\]{}|"<>]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}

/** A link's anchor, which the wiki shows as it is: kept from closing the link early or from reading as an image. */
function anchorText(text: string): string {
  return text.replace(/\](?=\])/g, ']\u200B').replace(/^\{\{/, '{\u200B{');
}

/** An image's alt text inside `{{…|alt}}`: braces would end it. */
function imageTitle(alt: string): string {
  return alt.replace(/[{}]+/g, ' ').replace(/\s+/g, ' ').trim();
}

function imageMarkup(src: string, alt: string): string {
  const target = dokuWikiLinkTarget(src);
  // The wiki reads what follows the last `?` as its own image options: a trailing `?` keeps a query.
  const source = target.includes('?') ? `${target}?` : target;
  const title = imageTitle(alt);
  return `{{${source}${title ? `|${title}` : ''}}}`;
}

const LINKABLE = /^(https?:\/\/|ftp:\/\/|\/\/)/i;

/**
 * Elements open at once beyond which the article is refused: no real article comes near it, and
 * htmlparser2 keeps its open elements in an array it `unshift`s, so each element costs as much as
 * the depth.
 */
export const MAX_NESTING = 256;

/** An article whose HTML nests elements more than MAX_NESTING deep. */
export class MarkupNestingError extends Error {
  constructor() {
    super(`The article's HTML nests elements more than ${MAX_NESTING} deep: a wiki page cannot be made of it`);
    this.name = 'MarkupNestingError';
  }
}

/** Tags the conversion acts on; the text around any other runs on as one. */
const HANDLED = new Set([
  'a', 'img', 'iframe', 'video', 'audio', 'br', 'hr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'blockquote', 'pre', 'table', 'tr', 'td', 'th',
  ...BLOCKS, ...DROP_WITH_CONTENT, ...MARK_OF_TAG.keys(),
]);

const MAX_LIST_DEPTH = 16;
const MAX_QUOTE_DEPTH = 8;

type FrameKind = 'para' | 'item' | 'cell' | 'heading' | 'link' | 'pre';

interface Frame {
  kind: FrameKind;
  parts: string[];
  /** Nothing visible written yet. */
  empty: boolean;
  /** A space is due before the next thing written. */
  space: boolean;
  /** The last character written ('' when none). */
  lastChar: string;
  /** The last piece written was text (escaped on its own: what follows must not run into it). */
  lastText: boolean;
  /** Formatting opened in this frame and not yet closed, innermost last. */
  marks: MarkKind[];
  level?: number;
  href?: string;
  images?: Array<{ src: string; alt: string }>;
  header?: boolean;
  depth?: number;
  marker?: string;
}

interface Chunk {
  text: string;
  /** Chunks of one list, table or quote (same non-zero group) are one line apart, others a blank line. */
  group: number;
}

export function htmlToDokuWiki(html: string): DokuWikiText {
  const chunks: Chunk[] = [];
  const frames: Frame[] = [];
  const lists: string[] = [];
  let listsTooDeep = 0;
  let listGroup = 0;
  let groups = 0;
  let quoteDepth = 0;
  /** For each `<blockquote>` open: a quote made of it, or plain (inside an item, a cell, a table, or too deep). */
  const quotes: Array<'quote' | 'plain'> = [];
  let quoteGroup = 0;
  let table: { group: number; row: Array<{ text: string; header: boolean }> | null } | null = null;
  let tablesInside = 0;
  let open = 0;
  let drop = 0;
  let videos = 0;
  /** For each `<a>` open: a link made of it, or plain (its text runs on). */
  const anchors: Array<'link' | 'plain'> = [];
  const markDepth = new Map<MarkKind, number>(MARK_ORDER.map((kind) => [kind, 0]));
  /** Formatting elements open (of any kind): none, and nothing is to be reopened. */
  let marksOpen = 0;

  const newFrame = (kind: FrameKind, extra: Partial<Frame> = {}): Frame => ({ kind, parts: [], empty: true, space: false, lastChar: '', lastText: false, marks: [], ...extra });
  const top = (): Frame | undefined => frames[frames.length - 1];
  /** Frames whose text the wiki shows as it is (no formatting, no links inside). */
  const literal = (frame: Frame) => frame.kind === 'link' || frame.kind === 'heading' || frame.kind === 'pre';
  const inside = (kind: FrameKind) => frames.some((frame) => frame.kind === kind);

  function pushChunk(text: string, group: number): void {
    if (quoteDepth > 0) {
      const prefix = '>'.repeat(Math.min(quoteDepth, MAX_QUOTE_DEPTH));
      quoteGroup ||= ++groups;
      for (const line of text.split('\n')) {
        // After the space, a `>` of the text is text (the wiki reads the run of `>` that starts the line).
        if (line.trim() !== '') chunks.push({ text: `${prefix} ${line}`, group: quoteGroup });
      }
      return;
    }
    quoteGroup = 0;
    chunks.push({ text, group });
  }

  /** The frame text goes into: the innermost one open, else a new paragraph (a list item inside a list, a cell inside a row). */
  function current(): Frame {
    const frame = top();
    if (frame) return frame;
    const made = lists.length > 0
      ? newFrame('item', { depth: lists.length, marker: lists[lists.length - 1] })
      : table?.row
        ? newFrame('cell', { header: false })
        : newFrame('para');
    frames.push(made);
    return made;
  }

  /** Writes a piece (text already escaped, or markup) after the space due, unless it closes formatting (which goes before it). */
  function write(frame: Frame, piece: string, options: { beforeSpace?: boolean; text?: boolean } = {}): void {
    if (piece === '') return;
    if (!options.beforeSpace) {
      if (frame.space && !frame.empty) {
        frame.parts.push(' ');
        frame.lastChar = ' ';
        frame.lastText = false;
      }
      frame.space = false;
    }
    if (!literal(frame)) {
      // Two texts escaped apart, right next to each other (`=` then `)` is a smiley); text ending in
      // `:` or `-` right before `//` or `\\` (`http:` + `//…`, the smiley `:-/`); `]]` right before
      // a `]`, `*` before `**`…: an empty `%%%%` keeps them apart.
      const joins = options.text
        ? frame.lastText || (piece.charAt(0) === frame.lastChar && PAIRING.has(frame.lastChar))
        : (frame.lastText && (frame.lastChar === ':' || frame.lastChar === '-') && (piece.startsWith('/') || piece.startsWith('\\'))) || (piece.charAt(0) === frame.lastChar && PAIRING.has(frame.lastChar));
      // (Next to a `%`, the empty `%%%%` would pair with it: an empty <nowiki> then.)
      if (joins) frame.parts.push(frame.lastChar === '%' || piece.startsWith('%') ? '<nowiki></nowiki>' : '%%%%');
    }
    frame.parts.push(piece);
    frame.empty = false;
    frame.lastChar = piece.charAt(piece.length - 1);
    frame.lastText = options.text === true;
  }

  /** Opens the formatting in force that this frame has not opened yet (after a block or a cell began). */
  function reopenMarks(frame: Frame): void {
    if (marksOpen === 0 || literal(frame)) return;
    for (const kind of MARK_ORDER) {
      if ((markDepth.get(kind) ?? 0) > 0 && !frame.marks.includes(kind)) {
        write(frame, MARKUP[kind][0]);
        frame.marks.push(kind);
      }
    }
  }

  /** Closes this frame's formatting down to and including `kind` (all of it without one); the rest reopens with the next text. */
  function closeMarks(frame: Frame, kind?: MarkKind): void {
    if (kind !== undefined && !frame.marks.includes(kind)) return;
    while (frame.marks.length > 0) {
      const last = frame.marks.pop() as MarkKind;
      // An opening right before its closing is dropped rather than written empty.
      const opening = MARKUP[last][0];
      if (frame.parts[frame.parts.length - 1] === opening) {
        frame.parts.pop();
        frame.lastChar = frame.parts[frame.parts.length - 1]?.slice(-1) ?? '';
        // What was written before may be text: a `%%%%` keeps the text to come apart from it.
        frame.lastText = frame.lastChar !== '' && frame.lastChar !== ' ';
      } else {
        write(frame, MARKUP[last][1], { beforeSpace: true });
      }
      if (last === kind) return;
    }
  }

  function text(raw: string): void {
    if (drop > 0 || raw === '') return;
    const frame = top();
    if (frame?.kind === 'pre') {
      frame.parts.push(raw);
      frame.empty = false;
      return;
    }
    const collapsed = raw.replace(/\s+/g, ' ');
    if (collapsed === ' ' || collapsed === '') {
      if (frame) frame.space = true;
      return;
    }
    const target = current();
    if (collapsed.startsWith(' ')) target.space = true;
    const words = collapsed.trim();
    if (!literal(target)) reopenMarks(target);
    let escaped: string;
    if (target.kind === 'link' || target.kind === 'heading') escaped = words;
    else escaped = escapeDokuWikiText(words, { cell: target.kind === 'cell', lineStart: target.kind === 'para' && target.empty && quoteDepth === 0 });
    write(target, escaped, { text: true });
    if (collapsed.endsWith(' ')) target.space = true;
  }

  let pendingText = '';
  function flushText(): void {
    if (pendingText === '') return;
    const raw = pendingText;
    pendingText = '';
    text(raw);
  }

  /** Ends the inline frames open (a paragraph, an item, a cell…), writing each where it belongs. */
  function closeFrame(): void {
    const frame = frames.pop();
    if (!frame) return;
    if (!literal(frame)) closeMarks(frame);
    const content = frame.parts.join('').trim();
    const parent = top();
    switch (frame.kind) {
      case 'para':
        if (content !== '') pushChunk(content, 0);
        return;
      case 'item': {
        if (content === '') return;
        if (quoteDepth > 0) pushChunk(content, 0);
        else pushChunk(`${'  '.repeat(frame.depth ?? 1)}${frame.marker ?? '*'} ${content}`, listGroup || (listGroup = ++groups));
        return;
      }
      case 'cell':
        if (table?.row && !parent) table.row.push({ text: content.replace(/\s+/g, ' '), header: frame.header ?? false });
        else if (parent) write(parent, content, { text: true });
        else if (content !== '') pushChunk(content, 0);
        return;
      case 'heading': {
        const heading = content.replace(/\s+/g, ' ');
        if (heading === '') return;
        if (parent) {
          write(parent, escapeDokuWikiText(heading, { cell: parent.kind === 'cell' }), { text: true });
          return;
        }
        const marks = '='.repeat(Math.max(2, 7 - (frame.level ?? 2)));
        pushChunk(quoteDepth > 0 ? escapeDokuWikiText(heading) : `${marks} ${heading} ${marks}`, 0);
        return;
      }
      case 'link': {
        const label = content.replace(/\s+/g, ' ');
        const host = parent ?? current();
        if (!frame.href) {
          // Not a web address (a relative or a javascript: link): its text, as text.
          if (label !== '') write(host, literal(host) ? label : escapeDokuWikiText(label, { cell: host.kind === 'cell' }), { text: true });
          return;
        }
        const target = dokuWikiLinkTarget(frame.href);
        if (literal(host)) {
          write(host, label, { text: true });
          return;
        }
        const image = frame.images?.[0];
        // A link with nothing in it is not seen on the page: none is made.
        if (label === '' && !image) return;
        reopenMarks(host);
        if (label === '' && image) write(host, `[[${target}|${imageMarkup(image.src, image.alt)}]]`);
        else write(host, label === '' ? `[[${target}]]` : `[[${target}|${anchorText(label)}]]`);
        return;
      }
      case 'pre': {
        const code = content === '' ? '' : frame.parts.join('').replace(/^\r?\n/, '').replace(/\s+$/, '');
        if (code === '') return;
        if (parent) {
          write(parent, literal(parent) ? code.replace(/\s+/g, ' ') : escapeDokuWikiText(code.replace(/\s+/g, ' '), { cell: parent.kind === 'cell' }), { text: true });
          return;
        }
        if (quoteDepth > 0) {
          pushChunk(code.split('\n').map((line) => escapeDokuWikiText(line.trim())).join('\n'), 0);
          return;
        }
        const tag = !code.includes('</code>') ? 'code' : !code.includes('</file>') ? 'file' : 'code';
        const body = tag === 'code' ? code.replace(/<\/code>/g, '<\u200B/code>') : code;
        pushChunk(`<${tag}>\n${body}\n</${tag}>`, 0);
        return;
      }
    }
  }

  /** A block boundary: every inline frame up to the innermost block-level one is closed. */
  function blockBreak(): void {
    while (frames.length > 0) {
      const frame = top() as Frame;
      // Inside a link, a heading, an item or a cell a block is a space.
      if (frame.kind === 'link' || frame.kind === 'heading' || frame.kind === 'item' || frame.kind === 'cell') {
        frame.space = true;
        return;
      }
      closeFrame();
    }
  }

  function closeAll(): void {
    while (frames.length > 0) closeFrame();
  }

  function closeItem(): void {
    while (frames.length > 0 && top()?.kind !== 'item') closeFrame();
    if (top()?.kind === 'item') closeFrame();
  }

  function endRow(): void {
    if (!table?.row) return;
    while (frames.length > 0) closeFrame();
    const row = table.row;
    table.row = null;
    if (row.length === 0) return;
    const line = row.map((cell) => `${cell.header ? '^' : '|'} ${cell.text || ' '} `).join('') + (row[row.length - 1]?.header ? '^' : '|');
    pushChunk(line, table.group);
  }

  function mediaLink(url: string | undefined): void {
    if (!url || !LINKABLE.test(url.trim())) return;
    const host = current();
    if (literal(host)) return;
    reopenMarks(host);
    write(host, `[[${dokuWikiLinkTarget(url)}]]`);
  }

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        open++;
        if (open > MAX_NESTING) throw new MarkupNestingError();
        // A tag without meaning here (span, font…): its text runs on, escaped as one with its neighbours.
        if (drop === 0 && !HANDLED.has(name)) return;
        if (drop === 0 && top()?.kind !== 'pre') {
          // Formatting already in force, a link inside a link or without a web address: nothing
          // changes on the page, so the text around runs on as one.
          const mark = MARK_OF_TAG.get(name);
          const depth = mark ? (markDepth.get(mark) ?? 0) : 0;
          if (mark && depth > 0) {
            markDepth.set(mark, depth + 1);
            marksOpen++;
            return;
          }
          if (name === 'a' && (inside('link') || !LINKABLE.test(attributes.href?.trim() ?? ''))) {
            anchors.push('plain');
            return;
          }
        }
        flushText();
        if (drop > 0 || DROP_WITH_CONTENT.has(name)) {
          drop++;
          return;
        }
        const frame = top();
        if (frame?.kind === 'pre') {
          if (name === 'br') text('\n');
          return;
        }
        const mark = MARK_OF_TAG.get(name);
        if (mark) {
          markDepth.set(mark, (markDepth.get(mark) ?? 0) + 1);
          marksOpen++;
          return;
        }
        switch (name) {
          case 'a': {
            const host = current();
            if (host.space && !host.empty) {
              host.parts.push(' ');
              host.space = false;
              host.lastChar = ' ';
              host.lastText = false;
            }
            anchors.push('link');
            frames.push(newFrame('link', { href: attributes.href?.trim() ?? '', images: [] }));
            return;
          }
          case 'img': {
            const src = attributes.src?.trim();
            if (!src || !LINKABLE.test(src)) return;
            const alt = (attributes.alt ?? '').trim();
            const host = current();
            if (host.kind === 'link') {
              host.images?.push({ src, alt });
              return;
            }
            if (literal(host)) return;
            reopenMarks(host);
            write(host, imageMarkup(src, alt));
            return;
          }
          case 'iframe':
          case 'video':
          case 'audio':
            videos++;
            mediaLink(attributes.src);
            // Their content is fallback markup for old browsers.
            drop++;
            return;
          case 'br': {
            const host = top();
            if (!host) return;
            if (literal(host)) host.space = true;
            // A forced break is `\\` and a space (or the line's end): what follows may not touch it.
            else write(host, '\\\\ ');
            return;
          }
          case 'hr':
            if (frame && frame.kind !== 'para') return;
            blockBreak();
            if (quoteDepth === 0) pushChunk('----', 0);
            return;
          case 'h1':
          case 'h2':
          case 'h3':
          case 'h4':
          case 'h5':
          case 'h6':
            blockBreak();
            if (top()) return;
            frames.push(newFrame('heading', { level: Number(name.slice(1)) }));
            return;
          case 'ul':
          case 'ol': {
            if (top()?.kind === 'item') closeItem();
            else blockBreak();
            if (top()) return; // a list inside a cell or a link: its items are text
            if (lists.length === 0) listGroup = 0;
            if (lists.length >= MAX_LIST_DEPTH) listsTooDeep++;
            else lists.push(name === 'ul' ? '*' : '-');
            return;
          }
          case 'li': {
            if (top()?.kind === 'item') closeItem();
            else blockBreak();
            if (top()) return;
            if (lists.length === 0) listGroup = 0;
            frames.push(newFrame('item', { depth: Math.max(1, lists.length), marker: lists[lists.length - 1] ?? '*' }));
            return;
          }
          case 'blockquote':
            blockBreak();
            // Inside an item, a cell or a table a quote is its text.
            if (top() || table) quotes.push('plain');
            else if (quoteDepth >= MAX_QUOTE_DEPTH) quotes.push('plain');
            else {
              quoteDepth++;
              quotes.push('quote');
            }
            return;
          case 'pre':
            blockBreak();
            frames.push(newFrame('pre'));
            return;
          case 'table':
            if (table || frames.length > 0 || quoteDepth > 0 || lists.length > 0) {
              // A table inside a table, a list or a quote: its cells are text.
              tablesInside++;
              blockBreak();
              return;
            }
            table = { group: ++groups, row: null };
            return;
          case 'tr':
            if (table && tablesInside === 0) {
              endRow();
              table.row = [];
            } else blockBreak();
            return;
          case 'td':
          case 'th':
            if (table?.row && tablesInside === 0) {
              while (frames.length > 0) closeFrame();
              frames.push(newFrame('cell', { header: name === 'th' }));
            } else if (frame) frame.space = true;
            return;
          default:
            if (BLOCKS.has(name)) blockBreak();
        }
      },
      ontext(raw) {
        pendingText += raw;
      },
      onclosetag(name) {
        open--;
        if (drop === 0 && !HANDLED.has(name)) return;
        if (drop === 0 && top()?.kind !== 'pre') {
          const mark = MARK_OF_TAG.get(name);
          const depth = mark ? (markDepth.get(mark) ?? 0) : 0;
          if (mark && depth > 1) {
            markDepth.set(mark, depth - 1);
            marksOpen--;
            return;
          }
          if (name === 'a' && anchors[anchors.length - 1] === 'plain') {
            anchors.pop();
            return;
          }
        }
        flushText();
        if (drop > 0) {
          drop--;
          return;
        }
        const frame = top();
        if (frame?.kind === 'pre' && name !== 'pre') return;
        const mark = MARK_OF_TAG.get(name);
        if (mark) {
          if ((markDepth.get(mark) ?? 0) > 0) marksOpen--;
          markDepth.set(mark, Math.max(0, (markDepth.get(mark) ?? 0) - 1));
          if (markDepth.get(mark) === 0 && frame) closeMarks(frame, mark);
          return;
        }
        switch (name) {
          case 'a':
            anchors.pop();
            if (top()?.kind === 'link') closeFrame();
            return;
          case 'h1':
          case 'h2':
          case 'h3':
          case 'h4':
          case 'h5':
          case 'h6':
            while (frames.length > 0 && top()?.kind === 'link') closeFrame();
            if (top()?.kind === 'heading') closeFrame();
            return;
          case 'li':
            if (inside('item')) closeItem();
            return;
          case 'ul':
          case 'ol':
            if (inside('item')) closeItem();
            if (frames.length > 0) return;
            if (listsTooDeep > 0) listsTooDeep--;
            else lists.pop();
            if (lists.length === 0) listGroup = 0;
            return;
          case 'blockquote':
            blockBreak();
            if (quotes.pop() !== 'quote') return;
            while (frames.length > 0) closeFrame();
            quoteDepth--;
            if (quoteDepth === 0) quoteGroup = 0;
            return;
          case 'pre':
            if (top()?.kind === 'pre') closeFrame();
            return;
          case 'td':
          case 'th':
            if (table?.row && tablesInside === 0) {
              while (frames.length > 1) closeFrame();
              if (top()?.kind === 'cell') closeFrame();
            }
            return;
          case 'tr':
            if (table && tablesInside === 0) endRow();
            return;
          case 'table':
            if (tablesInside > 0) {
              tablesInside--;
              blockBreak();
              return;
            }
            if (table) {
              endRow();
              table = null;
            }
            return;
          default:
            if (BLOCKS.has(name)) blockBreak();
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true, recognizeSelfClosing: true },
  );

  parser.write(html);
  parser.end();
  flushText();
  if (table) endRow();
  closeAll();

  const notes: string[] = [];
  if (videos > 0) notes.push(`${videos === 1 ? 'A video was' : `${videos} videos were`} turned into a link to the video: a wiki does not embed videos from other sites.`);
  const out: string[] = [];
  chunks.forEach((chunk, index) => {
    if (index > 0) out.push(chunk.group !== 0 && chunk.group === chunks[index - 1]?.group ? '\n' : '\n\n');
    out.push(chunk.text);
  });
  return { text: out.join(''), notes };
}
