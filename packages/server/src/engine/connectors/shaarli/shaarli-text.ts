/**
 * A post as a Shaarli bookmark ("shaare"): the address it bookmarks, its title, its description
 * and its tags.
 *
 * How Shaarli 0.12 shows a description decides how it is written. With its default `markdown`
 * formatter, Parsedown renders it (HTML in it escaped, `[anchor](url)` a link, bare URLs linked);
 * with the `default` formatter (an owner's choice in Tools → Configure) the text is escaped and each
 * `http(s)://…` run of non-space characters becomes a link, up to its last letter, digit, bracket
 * or slash. So each link is written `[anchor](url )`: a link with its anchor under markdown, and
 * under the default formatter the space ends the URL before the bracket, so the address is still a
 * link (shown as the address). Paragraphs are separated by a blank line, list items start with
 * `- ` (a list under markdown, readable lines otherwise); images, videos and embeds are left out.
 */
import { Parser } from 'htmlparser2';
import { decodeEntities } from '@linkloom/shared';
import { bodyText, distinguishingWords } from '../distinguishing-words';
import type { LinkChange } from '../connector';

export interface BookmarkText {
  /** The address the bookmark is of: the post's first link (outside figures when it has one); null for a post without links (Shaarli then makes a text note). */
  url: string | null;
  description: string;
  /** Images, videos and embeds left out (a description holds text and links only). */
  mediaLeftOut: number;
}

const DROP_WITH_CONTENT = new Set(['script', 'style', 'noscript', 'template', 'head', 'title', 'object', 'embed', 'svg', 'math', 'select', 'textarea', 'button', 'iframe', 'video', 'audio', 'picture', 'canvas']);
const MEDIA = new Set(['img', 'iframe', 'video', 'audio', 'picture', 'embed', 'object', 'svg', 'canvas']);
const BLOCKS = new Set(['p', 'div', 'section', 'article', 'header', 'footer', 'main', 'aside', 'nav', 'figure', 'figcaption', 'address', 'blockquote', 'pre', 'table', 'tr', 'dl', 'dt', 'dd', 'details', 'summary', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'hr']);
/** An http(s) address (a browser sends inner spaces encoded; they are encoded when written). */
const HTTP_URL = /^https?:\/\/[^\s/]/i;

/** The title as a bookmark's: markup dropped, entities decoded, white space collapsed (Shaarli trims it too). */
export function bookmarkTitleOf(title: string): string {
  return decodeEntities(title.replace(/<[^>]*>/g, ' ')).replace(/[\p{Cc}\s]+/gu, ' ').trim();
}

/**
 * Tags as Shaarli keeps them: single words (inner spaces and commas become `-`), without the
 * characters its search reads as operators (a leading `-` excludes, `*` is a wildcard, `#`
 * starts a hashtag), without `nomarkdown` (which would switch the description's formatting off),
 * each once (case aside), in order.
 */
export function bookmarkTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const tag of tags) {
    const word = decodeEntities(tag)
      .normalize('NFC')
      .replace(/[\s,]+/gu, '-')
      .replace(/[*#"'<>\\]+/g, '')
      .replace(/^[-~+]+|-+$/g, '')
      .replace(/-{2,}/g, '-')
      .slice(0, 64);
    const key = word.toLowerCase();
    if (word === '' || key === 'nomarkdown' || seen.has(key)) continue;
    seen.add(key);
    out.push(word);
  }
  return out;
}

/**
 * The titles a post's bookmark may take, best first: its title, then its title told apart by a word
 * of its own text in brackets ("Tomato care (Pruning)"), then by two such words. Never a number.
 */
export function bookmarkTitleCandidates(title: string, html: string): string[] {
  const base = bookmarkTitleOf(title) || bodyText(html).split(' ').slice(0, 8).join(' ');
  if (base === '') return [];
  const words = distinguishingWords(html, title);
  const pairs = words.slice(0, 6).flatMap((first, i) => words.slice(i + 1, 6).map((second) => `${first}, ${second.toLowerCase()}`));
  return [...new Set([base, ...[...words, ...pairs].map((extra) => `${base} (${extra})`)])];
}

/** A URL as a markdown link's destination: no spaces, no brackets (Shaarli and Parsedown end the destination at the first `)`). */
export function markdownDestination(url: string): string {
  return url.replace(/\s/g, (space) => encodeURIComponent(space)).replace(/\(/g, '%28').replace(/\)/g, '%29').replace(/</g, '%3C').replace(/>/g, '%3E');
}

/** An anchor as a markdown link's text: square brackets would end it, line breaks would split it. */
function markdownAnchor(text: string): string {
  return text.replace(/\[/g, '(').replace(/\]/g, ')').replace(/\s+/g, ' ').trim();
}

interface OpenLink {
  href: string | null;
  /** The anchor's text as written so far. */
  text: string;
}

/** The first http(s) link of the HTML outside `<figure>` (a credit line is not what the post is about), else the first in one. */
export function firstLinkOf(html: string): string | null {
  let figureDepth = 0;
  let outside: string | null = null;
  let inside: string | null = null;
  const parser = new Parser({
    onopentag(name, attributes) {
      if (name === 'figure') figureDepth += 1;
      const href = name === 'a' ? (attributes.href ?? '').trim() : '';
      if (!HTTP_URL.test(href)) return;
      if (figureDepth === 0) outside ??= href;
      else inside ??= href;
    },
    onclosetag(name) {
      if (name === 'figure' && figureDepth > 0) figureDepth -= 1;
    },
  }, { decodeEntities: true, lowerCaseTags: true });
  parser.end(html);
  return outside ?? inside;
}

/** A link as the description writes it (see the file's comment). */
function writtenLink(link: OpenLink, bookmarkUrl: string | null): string {
  const text = link.text.replace(/\s+/g, ' ').trim();
  if (link.href === null || link.href === bookmarkUrl) return link.text;
  if (text === '') return ` ${markdownDestination(link.href)} `;
  const before = /^\s/.test(link.text) ? ' ' : '';
  const after = /\s$/.test(link.text) ? ' ' : '';
  return `${before}[${markdownAnchor(text)}](${markdownDestination(link.href)} )${after}`;
}

/**
 * The bookmark of a post: its first link is the bookmark's address (written as its anchor's plain
 * text in the description: the bookmark itself links there), every other http(s) link is written
 * `[anchor](url )`, other links keep their text only. One pass over the HTML.
 */
export function bookmarkOf(html: string): BookmarkText {
  const url = firstLinkOf(html);
  const out: string[] = [];
  let dropDepth = 0;
  let mediaLeftOut = 0;
  let preDepth = 0;
  const links: OpenLink[] = [];
  const lists: Array<{ ordered: boolean; count: number }> = [];

  /** Text goes into the innermost open link's anchor, else into the description. */
  const write = (text: string) => {
    const link = links.at(-1);
    if (link) link.text += text;
    else out.push(text);
  };
  const breakBlock = () => write('\n\n');
  const breakLine = () => write('\n');

  const parser = new Parser({
    onopentag(name, attributes) {
      if (dropDepth > 0 || DROP_WITH_CONTENT.has(name)) {
        if (MEDIA.has(name) && dropDepth === 0) mediaLeftOut += 1;
        if (DROP_WITH_CONTENT.has(name)) dropDepth += 1;
        return;
      }
      if (MEDIA.has(name)) {
        mediaLeftOut += 1;
        return;
      }
      if (name === 'br') breakLine();
      else if (name === 'li') {
        const list = lists.at(-1);
        breakLine();
        if (list) list.count += 1;
        write(list?.ordered ? `${list.count}. ` : '- ');
      } else if (BLOCKS.has(name)) {
        breakBlock();
        if (name === 'ul' || name === 'ol') lists.push({ ordered: name === 'ol', count: 0 });
        if (name === 'pre') preDepth += 1;
      } else if (name === 'td' || name === 'th') write(' ');
      if (name === 'a') {
        const href = (attributes.href ?? '').trim();
        links.push({ href: HTTP_URL.test(href) ? href : null, text: '' });
      }
    },
    ontext(text) {
      if (dropDepth > 0) return;
      write(preDepth > 0 ? text : text.replace(/\s+/g, ' '));
    },
    onclosetag(name) {
      if (dropDepth > 0) {
        if (DROP_WITH_CONTENT.has(name)) dropDepth -= 1;
        return;
      }
      if (name === 'a') {
        const link = links.pop();
        if (link) write(writtenLink(link, url));
      } else if (BLOCKS.has(name)) {
        if (name === 'ul' || name === 'ol') lists.pop();
        if (name === 'pre' && preDepth > 0) preDepth -= 1;
        breakBlock();
      }
    },
  }, { decodeEntities: true, lowerCaseTags: true, recognizeSelfClosing: true });
  parser.end(html);
  // Links the HTML never closed.
  while (links.length > 0) {
    const link = links.pop();
    if (link) write(writtenLink(link, url));
  }

  const description = out
    .join('')
    .split('\n')
    // Spaces collapsed (two would show as a non-breaking space under the default formatter).
    .map((line) => line.replace(/ {2,}/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return { url, description, mediaLeftOut };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** What may follow a URL inside a longer one: if one of these follows `from`, it is another address. */
const URL_CONTINUES = "[^\\s)\\]<>\"']";

/**
 * The description with every address of a change's `from` (as written: bare, or as a markdown
 * destination with its brackets encoded; with or without one ending slash) replaced by `to`, and
 * how many were. A longer address that starts with `from` is left alone.
 */
export function rewriteDescriptionLinks(description: string, changes: readonly LinkChange[]): { text: string; changed: number } {
  let text = description;
  let changed = 0;
  for (const change of changes) {
    const stem = change.from.replace(/\/$/, '');
    if (stem === '') continue;
    const forms = [...new Set([stem, markdownDestination(stem)])];
    for (const form of forms) {
      const pattern = new RegExp(`(?<![\\w/.:-])${escapeRegExp(form)}\\/?(?!${URL_CONTINUES})`, 'g');
      const replacement = form === stem ? change.to : markdownDestination(change.to);
      text = text.replace(pattern, () => {
        changed += 1;
        return replacement;
      });
    }
  }
  return { text, changed };
}
