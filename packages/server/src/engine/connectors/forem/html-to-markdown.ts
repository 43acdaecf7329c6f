import { Parser } from 'htmlparser2';

/**
 * Article HTML (what the content pipeline builds) → the Markdown a Forem article's `body_markdown`
 * holds. Forem documents that field as Markdown; its renderer's treatment of raw HTML (which tags
 * survive its sanitiser) is no documented contract, so the article is written as Markdown a person
 * would type: links `[anchor](url)`, images `![alt](src)`, paragraphs, headings, bold, italic,
 * strikethrough, inline code and fenced code, lists, quotes, rules. A video or frame becomes a
 * link to its address (`<https://…>`: Forem's embed tags fail an article whose address they do not
 * know). Text is escaped so that nothing in it becomes Markdown, HTML or a Liquid tag (`{% … %}`,
 * which Forem runs before Markdown). Tables become one line per row.
 *
 * Linear: every piece of text is written once into the paragraph being built and read again only by
 * the few inline elements around it (a link, at most four emphases, a code span), whose number is
 * bounded. Markup nested deeper than MAX_NESTING is refused (MarkdownNestingError).
 */
export interface Markdown {
  markdown: string;
  /** What the conversion had to change, for the post's warnings (one line each). */
  notes: string[];
}

export const MAX_NESTING = 256;

export class MarkdownNestingError extends Error {
  constructor() {
    super(`The article's HTML nests elements more than ${MAX_NESTING} deep: it cannot be written as Markdown`);
    this.name = 'MarkdownNestingError';
  }
}

const DROP_WITH_CONTENT = new Set(['script', 'style', 'noscript', 'template', 'head', 'title', 'object', 'svg', 'math', 'select', 'textarea', 'button']);
const BLOCKS = new Set(['p', 'div', 'section', 'article', 'header', 'footer', 'main', 'aside', 'nav', 'figure', 'figcaption', 'address', 'dl', 'dt', 'dd', 'center', 'details', 'summary', 'table', 'thead', 'tbody', 'tfoot', 'caption', 'form', 'fieldset']);
// Maps, not object literals: a tag named `constructor` must not find Object's members.
const EMPHASIS = new Map(Object.entries({ b: '**', strong: '**', i: '*', em: '*', cite: '*', var: '*', dfn: '*', s: '~~', strike: '~~', del: '~~' }));
const CODE = new Set(['code', 'kbd', 'tt', 'samp']);
const MEDIA = new Set(['iframe', 'video', 'audio', 'embed']);
const LINKABLE = /^(https?:\/\/|mailto:|\/\/)/i;

/** Containers (quotes, list items) deeper than this go on at this depth: each line's prefix is as long as its depth. */
const MAX_CONTAINERS = 8;
/** Emphases open at once beyond which a new one is plain text. */
const MAX_EMPHASIS = 4;

/** Where a hard line break goes in a paragraph being built (text never holds it: NULs are dropped). */
const BREAK = '\u0000';

/** Text as Markdown that renders as exactly that text (in a paragraph; line starts are handled where lines are known). */
export function escapeMarkdownText(text: string): string {
  return text
    .replaceAll(BREAK, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/[\\`*_[\]~|#]/g, (char) => `\\${char}`)
    .replace(/\{(?=[{%])/g, '&#123;');
}

/** A URL as a link destination `(…)`: the characters that would end or break it, percent-encoded. */
export function markdownDestination(url: string): string {
  return url
    .trim()
    .replace(/[\r\n\t]+/g, '')
    .replace(/[\s()<>"\\]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}

/** A line that would start a heading, quote, list or rule: its first such character escaped. */
function escapeLineStart(line: string): string {
  const ordered = /^(\d{1,9})([.)])/.exec(line);
  if (ordered) return `${ordered[1]}\\${ordered[2]}${line.slice(ordered[0].length)}`;
  return /^[#>+=-]/.test(line) ? `\\${line}` : line;
}

interface Container {
  /** Prefix of the container's first line (a list item's marker), used once. */
  first: string;
  /** Prefix of its other lines. */
  rest: string;
  firstUsed: boolean;
}

interface InlineFrame {
  kind: 'link' | 'emphasis' | 'code';
  /** Where its content starts in the paragraph's pieces. */
  marker: number;
  mark?: string;
  href?: string;
}

export function htmlToMarkdown(html: string): Markdown {
  const lines: string[] = [];
  const containers: Container[] = [];
  const lists: Array<{ ordered: boolean; next: number }> = [];
  const frames: InlineFrame[] = [];
  let parts: string[] = [];
  let pendingText = '';
  let needBlank = false;
  let heading = 0;
  let open = 0;
  let drop = 0;
  let pre = 0;
  let preText: string[] = [];
  let containersTooDeep = 0;
  let linksTooDeep = 0;
  let emphasisTooDeep = 0;
  let videos = 0;
  let mediaDepth = 0;
  let mediaSource: string | undefined;
  let cellsInRow = 0;

  function prefix(): string {
    let text = '';
    for (const container of containers) {
      if (!container.firstUsed) {
        text += container.first;
        container.firstUsed = true;
      } else text += container.rest;
    }
    return text;
  }

  function emitLines(block: string[]): void {
    if (block.length === 0) return;
    if (needBlank && lines.length > 0) {
      const blank = containers.map((container) => container.rest).join('').trimEnd();
      lines.push(blank);
    }
    for (const line of block) lines.push(prefix() + line);
    needBlank = false;
  }

  /** The content since `frame.marker`, written as that inline element. */
  function wrap(frame: InlineFrame, content: string): string {
    if (frame.kind === 'code') {
      const text = content.replaceAll(BREAK, ' ');
      if (text.trim() === '') return text;
      let longest = 0;
      for (const run of text.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
      const fence = '`'.repeat(longest + 1);
      const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
      return `${fence}${pad}${text}${pad}${fence}`;
    }
    if (frame.kind === 'emphasis') {
      const inner = content.trim();
      if (inner === '') return content;
      // The spaces around the text go outside the marks (`** x**` is no emphasis); found by slicing, not a `\s*$` search (quadratic on a long run).
      const lead = content.slice(0, content.length - content.trimStart().length);
      const trail = content.slice(content.trimEnd().length);
      return `${lead}${frame.mark}${inner}${frame.mark}${trail}`;
    }
    const label = content.replaceAll(BREAK, ' ').replace(/\s+/g, ' ').trim();
    if (!frame.href) return label;
    // A link with nothing to show (or nothing left after a block inside it split it) is left out, as a reader never sees it.
    if (label === '') return '';
    const href = frame.href.startsWith('//') ? `https:${frame.href}` : frame.href;
    return `[${label}](${markdownDestination(href)})`;
  }

  function closeFrame(): void {
    const frame = frames.pop() as InlineFrame;
    const content = parts.splice(frame.marker).join('');
    parts.push(wrap(frame, content));
  }

  function flushText(): void {
    if (pendingText === '') return;
    const raw = pendingText;
    pendingText = '';
    if (drop > 0 || mediaDepth > 0) return;
    if (pre > 0) {
      preText.push(raw);
      return;
    }
    const inCode = frames.some((frame) => frame.kind === 'code');
    parts.push(inCode ? raw.replaceAll(BREAK, '') : escapeMarkdownText(raw));
  }

  /** Ends the paragraph being built: its inline elements closed around what they hold so far (and open again after). */
  function flushParagraph(): void {
    flushText();
    for (let i = frames.length - 1; i >= 0; i--) {
      const frame = frames[i] as InlineFrame;
      const content = parts.splice(frame.marker).join('');
      parts.push(wrap(frame, content));
    }
    const text = parts.join('');
    parts = [];
    for (const frame of frames) frame.marker = 0;
    const paragraphLines = text
      .split(BREAK)
      .map((line) => line.replace(/\s+/g, ' ').trim())
      .filter((line, index, all) => line !== '' || (index > 0 && index < all.length - 1));
    while (paragraphLines.length > 0 && paragraphLines[paragraphLines.length - 1] === '') paragraphLines.pop();
    if (paragraphLines.length === 0) return;
    if (heading > 0) {
      emitLines([`${'#'.repeat(heading)} ${paragraphLines.filter(Boolean).join(' ')}`]);
    } else {
      emitLines(paragraphLines.map((line, index) => `${escapeLineStart(line)}${index < paragraphLines.length - 1 ? '  ' : ''}`));
    }
    needBlank = true;
  }

  /** A block element's start or end: the paragraph before it ends (and the next block comes after a blank line). */
  function blockBoundary(): void {
    flushParagraph();
  }

  /** The blank line a new block needs, written now (before a container that would prefix it). */
  function separate(): void {
    if (needBlank && lines.length > 0) lines.push(containers.map((container) => container.rest).join('').trimEnd());
    needBlank = false;
  }

  /** A quote or list item; past MAX_CONTAINERS an item goes on at the deepest level (its marker there). */
  function openContainer(first: string, rest: string): void {
    if (containers.length >= MAX_CONTAINERS) {
      containersTooDeep++;
      const deepest = containers[containers.length - 1] as Container;
      if (first !== rest) Object.assign(deepest, { first, rest, firstUsed: false });
      return;
    }
    containers.push({ first, rest, firstUsed: false });
  }

  function closeContainer(): void {
    if (containersTooDeep > 0) containersTooDeep--;
    else containers.pop();
  }

  function mediaLink(url: string | undefined): void {
    const src = url?.trim();
    if (!src || !LINKABLE.test(src)) return;
    videos++;
    const href = src.startsWith('//') ? `https:${src}` : src;
    if (frames.some((frame) => frame.kind === 'link')) parts.push(escapeMarkdownText(href));
    else parts.push(`<${markdownDestination(href)}>`);
  }

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        flushText();
        open++;
        if (open > MAX_NESTING) throw new MarkdownNestingError();
        if (drop > 0 || DROP_WITH_CONTENT.has(name)) {
          drop++;
          return;
        }
        if (mediaDepth > 0) {
          mediaDepth++;
          if (name === 'source' && mediaSource === undefined) mediaSource = attributes.src;
          return;
        }
        if (pre > 0) {
          if (name === 'br') preText.push('\n');
          return;
        }
        if (MEDIA.has(name)) {
          mediaDepth = 1;
          mediaSource = attributes.src;
          return;
        }
        const mark = EMPHASIS.get(name);
        if (mark !== undefined) {
          if (frames.filter((frame) => frame.kind === 'emphasis').length >= MAX_EMPHASIS || frames.some((frame) => frame.kind === 'code')) emphasisTooDeep++;
          else frames.push({ kind: 'emphasis', marker: parts.length, mark });
          return;
        }
        if (CODE.has(name)) {
          if (frames.some((frame) => frame.kind === 'code')) emphasisTooDeep++;
          else frames.push({ kind: 'code', marker: parts.length });
          return;
        }
        switch (name) {
          case 'a': {
            if (frames.some((frame) => frame.kind === 'link' || frame.kind === 'code')) {
              linksTooDeep++;
              return;
            }
            const href = attributes.href?.trim();
            frames.push({ kind: 'link', marker: parts.length, ...(href && LINKABLE.test(href) ? { href } : {}) });
            return;
          }
          case 'br':
            if (heading > 0) parts.push(' ');
            else parts.push(BREAK);
            return;
          case 'img': {
            const src = attributes.src?.trim();
            if (!src || !LINKABLE.test(src)) return;
            const alt = escapeMarkdownText((attributes.alt ?? '').replace(/\s+/g, ' ').trim());
            const image = `![${alt}](${markdownDestination(src.startsWith('//') ? `https:${src}` : src)})`;
            parts.push(image);
            return;
          }
          case 'hr':
            blockBoundary();
            emitLines(['---']);
            needBlank = true;
            return;
          case 'h1':
          case 'h2':
          case 'h3':
          case 'h4':
          case 'h5':
          case 'h6':
            blockBoundary();
            heading = Number(name.slice(1));
            return;
          case 'pre':
            blockBoundary();
            pre = 1;
            preText = [];
            return;
          case 'blockquote':
            blockBoundary();
            separate();
            openContainer('> ', '> ');
            return;
          case 'ul':
          case 'ol': {
            flushParagraph();
            // A list inside an item follows the item's line at once; any other after a blank line.
            needBlank = containers.length > 0 ? false : lines.length > 0;
            separate();
            const start = Number(attributes.start);
            lists.push({ ordered: name === 'ol', next: Number.isInteger(start) && start >= 0 ? start : 1 });
            return;
          }
          case 'li': {
            flushParagraph();
            const list = lists[lists.length - 1];
            const marker = list?.ordered ? `${list.next++}. ` : '- ';
            openContainer(marker, ' '.repeat(marker.length));
            // Items of one list follow each other without a blank line.
            needBlank = false;
            return;
          }
          case 'tr':
            blockBoundary();
            cellsInRow = 0;
            return;
          case 'td':
          case 'th':
            flushText();
            if (cellsInRow++ > 0) parts.push(' | ');
            return;
          default:
            if (BLOCKS.has(name)) blockBoundary();
        }
      },
      ontext(raw) {
        pendingText += raw;
      },
      onclosetag(name) {
        flushText();
        open--;
        if (drop > 0) {
          drop--;
          return;
        }
        if (mediaDepth > 0) {
          mediaDepth--;
          if (mediaDepth === 0) {
            mediaLink(mediaSource);
            mediaSource = undefined;
          }
          return;
        }
        if (pre > 0) {
          if (name !== 'pre') return;
          pre = 0;
          const code = preText.join('').replaceAll(BREAK, '').replace(/^\n/, '').trimEnd();
          preText = [];
          let longest = 0;
          for (const run of code.match(/`{3,}/g) ?? []) longest = Math.max(longest, run.length);
          const fence = '`'.repeat(Math.max(3, longest + 1));
          emitLines([fence, ...code.split('\n'), fence]);
          needBlank = true;
          return;
        }
        if (EMPHASIS.has(name) || CODE.has(name)) {
          if (emphasisTooDeep > 0) emphasisTooDeep--;
          else {
            const kind = CODE.has(name) ? 'code' : 'emphasis';
            if (frames[frames.length - 1]?.kind === kind) closeFrame();
          }
          return;
        }
        switch (name) {
          case 'a':
            if (linksTooDeep > 0) linksTooDeep--;
            else if (frames[frames.length - 1]?.kind === 'link') closeFrame();
            return;
          case 'h1':
          case 'h2':
          case 'h3':
          case 'h4':
          case 'h5':
          case 'h6':
            flushParagraph();
            heading = 0;
            needBlank = true;
            return;
          case 'blockquote':
            flushParagraph();
            closeContainer();
            needBlank = true;
            return;
          case 'li':
            flushParagraph();
            closeContainer();
            needBlank = false;
            return;
          case 'ul':
          case 'ol':
            flushParagraph();
            lists.pop();
            needBlank = true;
            return;
          case 'tr':
            flushParagraph();
            return;
          default:
            if (BLOCKS.has(name)) blockBoundary();
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true, recognizeSelfClosing: true },
  );

  parser.write(html);
  parser.end();
  flushText();
  if (mediaDepth > 0) mediaLink(mediaSource);
  while (frames.length > 0) closeFrame();
  flushParagraph();
  const notes: string[] = [];
  if (videos > 0) notes.push(`${videos === 1 ? 'A video was' : `${videos} videos were`} turned into a link to the video: Forem embeds only the video sites it knows.`);
  const markdown = lines.join('\n').replace(/\n{3,}/g, '\n\n').trim();
  return { markdown, notes };
}
