import { Parser } from 'htmlparser2';

/**
 * Article HTML (what the content pipeline builds) → MediaWiki wikitext. Links become external links
 * `[url text]` (the wiki renders them with rel="nofollow" by default, which verification then
 * reports truthfully); paragraphs, headings, bold/italic, lists, quotes, rules, preformatted text and
 * simple tables keep their shape. A wiki does not show images from other hosts by default, so an
 * image becomes an external link to it labelled with its alt text, and a video frame a link to the
 * video; each such change is listed in `notes`. Every text is escaped so that nothing in the article
 * can become markup (templates, internal links, magic words, signatures, free links, line-start
 * syntax); script, style and the like are dropped with their content.
 */
export interface Wikitext {
  wikitext: string;
  /** What the conversion had to change, for the post's warnings (one line each). */
  notes: string[];
}

const DROP_WITH_CONTENT = new Set(['script', 'style', 'noscript', 'template', 'head', 'title', 'object', 'embed', 'svg', 'math', 'select', 'textarea', 'button']);
const BLOCKS = new Set(['p', 'div', 'section', 'article', 'header', 'footer', 'main', 'aside', 'nav', 'figure', 'figcaption', 'address', 'dl', 'dt', 'dd', 'center', 'details', 'summary']);
/** Bold and italic: the same quote marks open and close them. */
// Maps, not object literals: a tag named `constructor` or `tostring` must not find Object's members.
const QUOTE_MARKS = new Map(Object.entries({ b: "'''", strong: "'''", i: "''", em: "''", cite: "''", var: "''", dfn: "''" }));
const INLINE_TAGS = new Map(Object.entries({ u: 'u', ins: 'u', s: 's', strike: 's', del: 's', code: 'code', kbd: 'code', tt: 'code', sub: 'sub', sup: 'sup', small: 'small', big: 'big' }));
/** Protocols MediaWiki turns into links when they appear bare in text ($wgUrlProtocols). */
const FREE_LINK = /\b(https?|ftps?|mailto|news|irc|ircs|gopher|nntp|worldwind|svn|git|mms|sftp|ssh|telnet|urn|xmpp|sips?|tel|redis|bitcoin|magnet|geo|matrix|wss?):/gi;
const LINKABLE_HREF = /^(https?:\/\/|ftps?:\/\/|mailto:|\/\/)/i;

/** Text as wikitext that renders as exactly that text. */
export function escapeWikiText(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\[/g, '&#91;')
    .replace(/\]/g, '&#93;')
    .replace(/\{/g, '&#123;')
    .replace(/\}/g, '&#125;')
    .replace(/\|/g, '&#124;')
    .replace(/'/g, '&#39;')
    .replace(/~/g, '&#126;')
    .replace(/__/g, '_&#95;')
    .replace(FREE_LINK, '$1&#58;');
}

/** A URL as the target of an external link `[url text]`: the characters that would end or break it, percent-encoded. */
export function externalLinkTarget(url: string): string {
  return url
    .trim()
    .replace(/[\r\n\t]+/g, '')
    .replace(/\s/g, '%20')
    .replace(/[[\]<>"{}|]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`)
    .replace(/''/g, '%27%27');
}

/** Characters that start wiki syntax when they open a line. */
const LINE_START = /^[*#:;=!\- ]/;

/**
 * Elements open at once beyond which the article is refused: no real article comes near it, and
 * htmlparser2 keeps its open elements in an array it `unshift`s, so each element costs as much as
 * the depth (`<div>` × 100,000 never closed: 2 s, and the square of that for 5 times as many).
 */
export const MAX_NESTING = 256;

/** An article whose HTML nests elements more than MAX_NESTING deep. */
export class MarkupNestingError extends Error {
  constructor() {
    super(`The article's HTML nests elements more than ${MAX_NESTING} deep: a wiki page cannot be made of it`);
    this.name = 'MarkupNestingError';
  }
}

/** Lists nested deeper than this go on at this depth: a line's prefix is as long as its depth. */
const MAX_LIST_DEPTH = 16;
/** Links, items and cells open at once beyond which a new one is text of the one around it. */
const MAX_FRAMES = 8;

const isSpaceOrTab = (code: number) => code === 0x20 || code === 0x09;
const isWhiteSpace = (code: number) => /\s/.test(String.fromCharCode(code));

/**
 * A growing wikitext whose end is read and trimmed without touching the rest: a string grown by
 * `+=` and asked `endsWith` or `replace(/[ \t]+$/)` after each piece was copied whole each time, so
 * the conversion took the square of the article's length (a 50 KB article of `<` took 11 s on the
 * thread serving requests). The last few characters stay in `tail`, the rest in finished pieces.
 */
class WikiBuffer {
  static readonly KEEP = 64;
  static readonly SPILL = 4096;
  readonly #head: string[] = [];
  #tail = '';

  isEmpty(): boolean {
    return this.#tail === '' && this.#head.length === 0;
  }

  append(text: string): void {
    this.#tail += text;
    if (this.#tail.length > WikiBuffer.SPILL) this.#spill();
  }

  /** `text` is at most KEEP characters. */
  endsWith(text: string): boolean {
    while (this.#tail.length < WikiBuffer.KEEP && this.#head.length > 0) this.#tail = this.#head.pop()! + this.#tail;
    return this.#tail.endsWith(text);
  }

  /** Drops the characters at the end for which `blank` holds. */
  trimEnd(blank: (code: number) => boolean): void {
    for (;;) {
      let end = this.#tail.length;
      while (end > 0 && blank(this.#tail.charCodeAt(end - 1))) end -= 1;
      this.#tail = this.#tail.slice(0, end);
      if (end > 0 || this.#head.length === 0) return;
      this.#tail = this.#head.pop()!;
    }
  }

  toString(): string {
    return this.#head.join('') + this.#tail;
  }

  #spill(): void {
    this.#head.push(this.#tail.slice(0, -WikiBuffer.KEEP));
    this.#tail = this.#tail.slice(-WikiBuffer.KEEP);
  }
}

interface Frame {
  /** What this buffer becomes when closed. */
  kind: 'root' | 'link' | 'heading' | 'cell' | 'item';
  out: WikiBuffer;
  href?: string;
  level?: number;
  header?: boolean;
  prefix?: string;
}

/** Each line without the spaces and tabs at its end (a regular expression did it in quadratic time on a long run of them). */
function trimLineEnds(text: string): string {
  return text.split('\n').map((line) => {
    let end = line.length;
    while (end > 0 && isSpaceOrTab(line.charCodeAt(end - 1))) end -= 1;
    return line.slice(0, end);
  }).join('\n');
}

export function htmlToWikitext(html: string): Wikitext {
  const notes: string[] = [];
  const frames: Frame[] = [{ kind: 'root', out: new WikiBuffer() }];
  const lists: string[] = [];
  /** Lists opened past MAX_LIST_DEPTH, and links or items past MAX_FRAMES, still to be closed. */
  let listsTooDeep = 0;
  let linksTooDeep = 0;
  /** Elements htmlparser2 holds open (it reports the ones it closes by implication too). */
  let open = 0;
  let drop = 0;
  let pre = 0;
  let images = 0;
  let videos = 0;
  let tableDepth = 0;

  const top = (): Frame => frames[frames.length - 1] as Frame;
  /** Inside a link, a heading, a list item or a table cell everything stays on one line. */
  const oneLine = (): boolean => top().kind !== 'root';
  const atLineStart = (): boolean => top().out.isEmpty() || top().out.endsWith('\n');
  const emit = (markup: string): void => {
    top().out.append(markup);
  };

  function blockBreak(): void {
    if (oneLine()) {
      if (!top().out.isEmpty() && !top().out.endsWith(' ')) emit(' ');
      return;
    }
    const { out } = top();
    out.trimEnd(isSpaceOrTab);
    if (out.isEmpty() || out.endsWith('\n\n') || out.endsWith('<blockquote>')) return;
    out.append(out.endsWith('\n') ? '\n' : '\n\n');
  }

  function lineBreak(): void {
    const { out } = top();
    out.trimEnd(isSpaceOrTab);
    if (!out.isEmpty() && !out.endsWith('\n')) out.append('\n');
  }

  function text(raw: string): void {
    if (drop > 0) return;
    if (pre > 0) {
      emit(raw.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'));
      return;
    }
    let collapsed = raw.replace(/\s+/g, ' ');
    if (atLineStart() || top().out.endsWith(' ')) collapsed = collapsed.replace(/^ /, '');
    if (collapsed === '') return;
    let escaped = escapeWikiText(collapsed);
    if (atLineStart() && LINE_START.test(escaped)) escaped = `&#${escaped.charCodeAt(0)};${escaped.slice(1)}`;
    emit(escaped);
  }

  /** A link inside a link (or past MAX_FRAMES) is its text: a wiki link cannot hold one, and each level re-read all it held. */
  // htmlparser2 hands text over in pieces (each stray `<` is one): escaping each piece on its own
  // cost a dozen passes per character of `<` × 500,000, and missed a `__` or `http:` cut in two.
  let pendingText = '';
  function flushText(): void {
    if (pendingText === '') return;
    const raw = pendingText;
    pendingText = '';
    text(raw);
  }

  function openLink(href: string | undefined): void {
    if (top().kind === 'link' || frames.length >= MAX_FRAMES) {
      linksTooDeep++;
      return;
    }
    frames.push({ kind: 'link', out: new WikiBuffer(), ...(href && LINKABLE_HREF.test(href.trim()) ? { href: href.trim() } : {}) });
  }

  /** The innermost frame, taken off, and its text on one line. */
  function closeFrame(): { frame: Frame; text: string } {
    const frame = frames.pop() as Frame;
    return { frame, text: frame.out.toString().replace(/\s+/g, ' ').trim() };
  }

  function closeLink(): void {
    const { frame, text: label } = closeFrame();
    if (!frame.href) {
      emit(label);
      return;
    }
    const target = externalLinkTarget(frame.href.startsWith('//') ? `https:${frame.href}` : frame.href);
    emit(`[${target} ${label || escapeWikiText(frame.href)}]`);
  }

  function mediaLink(url: string | undefined, label: string): void {
    if (!url || !LINKABLE_HREF.test(url.trim())) return;
    const target = externalLinkTarget(url.trim().startsWith('//') ? `https:${url.trim()}` : url);
    if (top().kind === 'link') emit(escapeWikiText(label));
    else emit(`[${target} ${escapeWikiText(label)}]`);
  }

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        flushText();
        open++;
        if (open > MAX_NESTING) throw new MarkupNestingError();
        if (drop > 0 || DROP_WITH_CONTENT.has(name)) {
          drop++;
          return;
        }
        if (pre > 0) return;
        const marks = QUOTE_MARKS.get(name);
        if (marks) {
          emit(marks);
          return;
        }
        switch (name) {
          case 'a':
            openLink(attributes.href);
            return;
          case 'br':
            if (oneLine()) emit(' ');
            else emit('<br />');
            return;
          case 'hr':
            if (oneLine()) return;
            blockBreak();
            emit('----');
            blockBreak();
            return;
          case 'h1':
          case 'h2':
          case 'h3':
          case 'h4':
          case 'h5':
          case 'h6':
            if (oneLine()) return;
            blockBreak();
            frames.push({ kind: 'heading', out: new WikiBuffer(), level: Number(name.slice(1)) });
            return;
          case 'img': {
            images++;
            const alt = (attributes.alt ?? '').trim();
            mediaLink(attributes.src, alt ? `Image: ${alt}` : 'Image');
            return;
          }
          case 'iframe':
          case 'video':
          case 'audio':
            videos++;
            mediaLink(attributes.src, 'Video');
            // Their content is fallback markup for old browsers.
            drop++;
            return;
          case 'ul':
          case 'ol':
            // A list inside an item: the item's own text is its line, the inner items follow.
            if (top().kind === 'item') closeItem();
            else if (lists.length === 0) blockBreak();
            if (lists.length >= MAX_LIST_DEPTH) listsTooDeep++;
            else lists.push(name === 'ul' ? '*' : '#');
            return;
          case 'li': {
            if (top().kind === 'item') closeItem();
            lineBreak();
            if (frames.length < MAX_FRAMES) frames.push({ kind: 'item', out: new WikiBuffer(), prefix: lists.join('') || '*' });
            return;
          }
          case 'blockquote':
            if (oneLine()) return;
            blockBreak();
            emit('<blockquote>');
            return;
          case 'pre':
            if (oneLine()) return;
            blockBreak();
            emit('<pre>');
            pre++;
            return;
          case 'table':
            if (oneLine()) return;
            blockBreak();
            tableDepth++;
            emit('{| class="wikitable"\n');
            return;
          case 'tr':
            if (tableDepth > 0 && !oneLine()) {
              lineBreak();
              emit('|-\n');
            }
            return;
          case 'td':
          case 'th':
            if (tableDepth > 0 && !oneLine()) frames.push({ kind: 'cell', out: new WikiBuffer(), header: name === 'th' });
            return;
          default:
            if (INLINE_TAGS.has(name)) emit(`<${INLINE_TAGS.get(name)}>`);
            else if (BLOCKS.has(name)) blockBreak();
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
        if (pre > 0) {
          if (name === 'pre') {
            pre--;
            emit('</pre>');
            blockBreak();
          }
          return;
        }
        const marks = QUOTE_MARKS.get(name);
        if (marks) {
          emit(marks);
          return;
        }
        switch (name) {
          case 'a':
            if (linksTooDeep > 0) linksTooDeep--;
            else if (top().kind === 'link') closeLink();
            return;
          case 'h1':
          case 'h2':
          case 'h3':
          case 'h4':
          case 'h5':
          case 'h6': {
            if (top().kind !== 'heading') return;
            const { frame, text: heading } = closeFrame();
            const marks = '='.repeat(Math.min(6, Math.max(1, frame.level ?? 2)));
            if (heading) {
              emit(`${marks} ${heading} ${marks}`);
              blockBreak();
            }
            return;
          }
          case 'li':
            if (top().kind === 'item') closeItem();
            return;
          case 'ul':
          case 'ol':
            if (top().kind === 'item') closeItem();
            if (listsTooDeep > 0) listsTooDeep--;
            else lists.pop();
            if (lists.length === 0) blockBreak();
            return;
          case 'blockquote':
            if (oneLine()) return;
            top().out.trimEnd(isWhiteSpace);
            emit('</blockquote>');
            blockBreak();
            return;
          case 'td':
          case 'th': {
            if (top().kind !== 'cell') return;
            const { frame, text: cell } = closeFrame();
            lineBreak();
            emit(`${frame.header ? '!' : '|'} ${cell}\n`);
            return;
          }
          case 'table':
            if (tableDepth === 0 || oneLine()) return;
            tableDepth--;
            lineBreak();
            emit('|}');
            blockBreak();
            return;
          default:
            if (INLINE_TAGS.has(name)) emit(`</${INLINE_TAGS.get(name)}>`);
            else if (BLOCKS.has(name)) blockBreak();
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true, recognizeSelfClosing: true },
  );

  function closeItem(): void {
    const { frame, text: item } = closeFrame();
    lineBreak();
    emit(`${frame.prefix ?? '*'} ${item}\n`);
  }

  parser.write(html);
  parser.end();
  flushText();
  // Close whatever the HTML left open (a link, a heading, an item, a cell).
  while (frames.length > 1) {
    const kind = top().kind;
    if (kind === 'link') closeLink();
    else if (kind === 'item') closeItem();
    else emit(closeFrame().text);
  }
  if (images > 0) notes.push(`${images === 1 ? 'An image was' : `${images} images were`} turned into a link to the image: a wiki does not show images from other sites.`);
  if (videos > 0) notes.push(`${videos === 1 ? 'A video was' : `${videos} videos were`} turned into a link to the video: a wiki does not embed videos from other sites.`);
  const wikitext = trimLineEnds((frames[0] as Frame).out.toString()).replace(/\n{3,}/g, '\n\n').trim();
  return { wikitext, notes };
}
