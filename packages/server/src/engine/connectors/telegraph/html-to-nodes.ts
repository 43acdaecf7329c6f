import { Parser } from 'htmlparser2';

/**
 * Article HTML (what the content pipeline builds) → Telegraph's content format
 * (https://telegra.ph/api#Content-format): an array of Nodes, each a string or
 * `{tag, attrs?: {href?, src?}, children?}`, with only the tags Telegraph allows (a, aside, b,
 * blockquote, br, code, em, figcaption, figure, h3, h4, hr, i, iframe, img, li, ol, p, pre, s,
 * strong, u, ul, video). Other elements become the nearest allowed one (h1–h2 → h3, h5–h6 → h4,
 * del → s, kbd → code, …) or are unwrapped (div, span, tables: their text stays, as paragraphs);
 * text outside any block is put in paragraphs; white space is collapsed as a browser shows it
 * (Telegraph keeps it as given). Images go in a figure; a video or frame becomes a link to its
 * address (Telegraph embeds only the players it knows); links keep http(s) and mailto addresses.
 *
 * Linear: each element and text is visited once; markup nested deeper than MAX_NESTING is refused
 * (TelegraphNestingError).
 */
export type TelegraphTag =
  | 'a' | 'aside' | 'b' | 'blockquote' | 'br' | 'code' | 'em' | 'figcaption' | 'figure' | 'h3' | 'h4' | 'hr' | 'i' | 'iframe'
  | 'img' | 'li' | 'ol' | 'p' | 'pre' | 's' | 'strong' | 'u' | 'ul' | 'video';

export interface TelegraphElement {
  tag: TelegraphTag;
  attrs?: { href?: string; src?: string };
  children?: TelegraphNode[];
}

export type TelegraphNode = string | TelegraphElement;

export const TELEGRAPH_TAGS: readonly TelegraphTag[] = ['a', 'aside', 'b', 'blockquote', 'br', 'code', 'em', 'figcaption', 'figure', 'h3', 'h4', 'hr', 'i', 'iframe', 'img', 'li', 'ol', 'p', 'pre', 's', 'strong', 'u', 'ul', 'video'];

/** Telegraph takes at most 64 KB of content. */
export const MAX_CONTENT_BYTES = 64 * 1024;

export const MAX_NESTING = 256;

export class TelegraphNestingError extends Error {
  constructor() {
    super(`The article's HTML nests elements more than ${MAX_NESTING} deep: a Telegraph page cannot be made of it`);
    this.name = 'TelegraphNestingError';
  }
}

export interface TelegraphContent {
  nodes: TelegraphNode[];
  notes: string[];
}

// Maps, not object literals: a tag named `constructor` must not find Object's members.
const RENAMED = new Map<string, TelegraphTag>(Object.entries({
  h1: 'h3', h2: 'h3', h3: 'h3', h4: 'h4', h5: 'h4', h6: 'h4', b: 'b', strong: 'strong', i: 'i', em: 'em', cite: 'i', var: 'i', dfn: 'i',
  u: 'u', ins: 'u', s: 's', strike: 's', del: 's', code: 'code', kbd: 'code', tt: 'code', samp: 'code', p: 'p', blockquote: 'blockquote',
  aside: 'aside', pre: 'pre', ul: 'ul', ol: 'ol', li: 'li', figure: 'figure', figcaption: 'figcaption',
}) as Array<[string, TelegraphTag]>);
/** Elements that start and end a block; allowed ones are kept, the others unwrapped. */
const BLOCK_TAGS = new Set<TelegraphTag>(['p', 'h3', 'h4', 'blockquote', 'aside', 'pre', 'ul', 'ol', 'li', 'figure', 'figcaption']);
const UNWRAPPED_BLOCKS = new Set(['div', 'section', 'article', 'header', 'footer', 'main', 'nav', 'address', 'dl', 'dt', 'dd', 'center', 'details', 'summary', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'caption', 'form', 'fieldset']);
const DROP_WITH_CONTENT = new Set(['script', 'style', 'noscript', 'template', 'head', 'title', 'object', 'svg', 'math', 'select', 'textarea', 'button']);
const MEDIA = new Set(['iframe', 'video', 'audio', 'embed']);
const LINKABLE = /^(https?:\/\/|mailto:|\/\/)/i;
/** Elements kept even when empty. */
const VOID_KEPT = new Set<TelegraphTag>(['br', 'hr', 'img']);

interface Frame {
  element: TelegraphElement | null;
  children: TelegraphNode[];
  /** A paragraph made to hold text that stood outside any block. */
  implicit: boolean;
}

/** What an opened element did, so that its close undoes the same (a frame: the one it opened). */
type OpenAction = Frame | 'none' | 'drop' | 'media';

const absolute = (url: string) => (url.startsWith('//') ? `https:${url}` : url);

export function htmlToNodes(html: string): TelegraphContent {
  const root: Frame = { element: null, children: [], implicit: false };
  const frames: Frame[] = [root];
  const actions: OpenAction[] = [];
  let pendingText = '';
  let drop = 0;
  let pre = 0;
  let links = 0;
  let videos = 0;
  let media: { src: string | undefined; depth: number } | null = null;

  const top = () => frames[frames.length - 1] as Frame;

  function closeTop(): void {
    const frame = frames.pop() as Frame;
    const element = frame.element as TelegraphElement;
    // A block's text ends without white space; an inline element's may be followed by more text.
    if (BLOCK_TAGS.has(element.tag) && element.tag !== 'pre') trimEnd(frame.children);
    if (frame.children.length > 0) element.children = frame.children;
    const empty = frame.children.length === 0 && !VOID_KEPT.has(element.tag);
    if (element.tag === 'a') links--;
    if (element.tag === 'pre') pre--;
    if (!empty) top().children.push(element);
  }

  function closeImplicit(): void {
    if (top().implicit) closeTop();
  }

  /** The frame inline content goes into: a paragraph of its own when it would stand at the top level. */
  function inlineFrame(): Frame {
    if (top() === root) {
      const paragraph: Frame = { element: { tag: 'p' }, children: [], implicit: true };
      frames.push(paragraph);
    }
    return top();
  }

  function appendText(raw: string): void {
    if (raw === '') return;
    if (pre > 0) {
      inlineFrame().children.push(raw);
      return;
    }
    let text = raw.replace(/[ \t\n\r\f]+/g, ' ');
    const target = top();
    const last = target.children[target.children.length - 1];
    const atStart = target.children.length === 0 || (typeof last === 'string' ? last.endsWith(' ') : last?.tag === 'br' || (last !== undefined && BLOCK_TAGS.has(last.tag)));
    if (atStart) text = text.replace(/^ /, '');
    if (text === '' || (text === ' ' && target === root)) return;
    const frame = inlineFrame();
    const previous = frame.children[frame.children.length - 1];
    if (typeof previous === 'string') frame.children[frame.children.length - 1] = previous + text;
    else frame.children.push(text);
  }

  function flushText(): void {
    const raw = pendingText;
    pendingText = '';
    if (drop > 0 || media) return;
    appendText(raw);
  }

  /** Whether an inline element (a link, bold…) is the innermost open one. */
  function insideInline(): boolean {
    const element = top().element;
    return element !== null && !BLOCK_TAGS.has(element.tag);
  }

  /** A block inside an inline element (a link around a card's paragraphs) is a line break in it: the link keeps all its text. */
  function lineBreakInInline(): void {
    const { children } = top();
    const last = children[children.length - 1];
    if (children.length > 0 && !(typeof last === 'object' && last.tag === 'br')) {
      trimEnd(children);
      children.push({ tag: 'br' });
    }
  }

  function openFrame(element: TelegraphElement): Frame {
    if (BLOCK_TAGS.has(element.tag)) closeImplicit();
    else inlineFrame();
    const frame: Frame = { element, children: [], implicit: false };
    frames.push(frame);
    return frame;
  }

  function mediaLink(src: string | undefined): void {
    const url = src?.trim();
    if (!url || !LINKABLE.test(url)) return;
    videos++;
    const href = absolute(url);
    const frame = inlineFrame();
    frame.children.push(links > 0 ? href : { tag: 'a', attrs: { href }, children: [href] });
  }

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        flushText();
        if (actions.length >= MAX_NESTING) throw new TelegraphNestingError();
        if (drop > 0 || DROP_WITH_CONTENT.has(name)) {
          drop++;
          actions.push('drop');
          return;
        }
        if (media) {
          media.depth++;
          if (name === 'source' && media.src === undefined) media.src = attributes.src;
          actions.push('media');
          return;
        }
        if (pre > 0) {
          if (name === 'br') top().children.push('\n');
          actions.push('none');
          return;
        }
        if (MEDIA.has(name)) {
          media = { src: attributes.src, depth: 1 };
          actions.push('media');
          return;
        }
        switch (name) {
          case 'a': {
            const href = attributes.href?.trim();
            if (links > 0 || !href || !LINKABLE.test(href)) {
              actions.push('none');
              return;
            }
            links++;
            actions.push(openFrame({ tag: 'a', attrs: { href: absolute(href) } }));
            return;
          }
          case 'br':
            inlineFrame().children.push({ tag: 'br' });
            actions.push('none');
            return;
          case 'hr':
            closeImplicit();
            top().children.push({ tag: 'hr' });
            actions.push('none');
            return;
          case 'img': {
            const src = attributes.src?.trim();
            if (src && LINKABLE.test(src) && !src.toLowerCase().startsWith('mailto:')) {
              const image: TelegraphElement = { tag: 'img', attrs: { src: absolute(src) } };
              // An image between blocks goes in a figure, as Telegraph's editor puts it.
              if (top() === root || top().implicit) {
                closeImplicit();
                top().children.push({ tag: 'figure', children: [image] });
              } else top().children.push(image);
            }
            actions.push('none');
            return;
          }
          case 'pre':
            actions.push(openFrame({ tag: 'pre' }));
            pre++;
            return;
          default: {
            const tag = RENAMED.get(name);
            if (tag && BLOCK_TAGS.has(tag) && insideInline()) {
              lineBreakInInline();
              actions.push('none');
              return;
            }
            if (tag) {
              actions.push(openFrame({ tag }));
              return;
            }
            if (name === 'td' || name === 'th') appendText(' ');
            else if (UNWRAPPED_BLOCKS.has(name)) {
              if (insideInline()) lineBreakInInline();
              else closeImplicit();
            }
            actions.push('none');
          }
        }
      },
      ontext(raw) {
        pendingText += raw;
      },
      onclosetag(name) {
        flushText();
        const action = actions.pop();
        if (action === 'drop') {
          drop--;
          return;
        }
        if (action === 'media') {
          if (media && --media.depth === 0) {
            const { src } = media;
            media = null;
            mediaLink(src);
          }
          return;
        }
        if (typeof action === 'object') {
          // The element's frame, and the paragraphs made inside it that are still open.
          if (!frames.includes(action)) return;
          while (top() !== action) closeTop();
          closeTop();
          return;
        }
        if (UNWRAPPED_BLOCKS.has(name) && !insideInline()) closeImplicit();
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true, recognizeSelfClosing: true },
  );

  parser.write(html);
  parser.end();
  flushText();
  if (media) mediaLink((media as { src: string | undefined }).src);
  while (frames.length > 1) closeTop();
  trimEnd(root.children);
  const notes: string[] = [];
  if (videos > 0) notes.push(`${videos === 1 ? 'A video was' : `${videos} videos were`} turned into a link to the video: Telegraph embeds only the players it knows.`);
  return { nodes: root.children, notes };
}

/** Drops the white space a block's last text ends with. */
function trimEnd(children: TelegraphNode[]): void {
  const last = children[children.length - 1];
  if (typeof last !== 'string') return;
  let end = last.length;
  while (end > 0 && ' \t\n\r\f'.includes(last[end - 1] as string)) end--;
  const trimmed = last.slice(0, end);
  if (trimmed === '') children.pop();
  else children[children.length - 1] = trimmed;
}

/** The content's size as Telegraph counts it: the bytes of its JSON. */
export function contentBytes(nodes: readonly TelegraphNode[]): number {
  return Buffer.byteLength(JSON.stringify(nodes), 'utf8');
}
