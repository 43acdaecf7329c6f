/**
 * The words around a module's link (issue 37 item 3): the author box at the end of an article
 * directory entry or a press release, and the bio of a Web 2.0 / forum profile. Every phrase is
 * drawn from a small set of natural wordings by the post's own seed (a rebuild gives the same
 * text; two posts rarely share one), around the author's own name and bio and the post's own
 * subject, so nothing of ours repeats verbatim across posts and nothing carries a machine token.
 */
import { createRng, decodeEntities, escapeHtml, type AnchorType, type BuiltPost, type PostLink, type Rng } from '@linkloom/shared';
import type { ProfileUpdate } from '../connectors/connector';

/** Who writes: a registration's names and bio when LinkLoom made the account, else its user name alone. */
export interface AuthorIdentity {
  /** The full name the author goes by (first and last name, else the account's user name). */
  name: string;
  /** What the author is called in a sentence (the first name, else the user name). */
  firstName: string;
  /** A line about the author (the registration's bio); empty when there is none. */
  bio: string;
}

/** Links a profile's bio carries at most: its website and one more. */
export const PROFILE_MAX_LINKS = 2;
/** A profile's bio text (its links' sentences aside) is cut at a sentence end below this many characters. */
const PROFILE_BIO_MAX_CHARS = 240;

const DIRECTORY_HEADINGS: readonly ((a: AuthorIdentity) => string)[] = [
  () => 'About the author', () => 'About the Author', () => 'Author bio', (a) => `About ${a.firstName}`, () => 'The author', () => 'Meet the author',
];
const PRESS_HEADINGS: readonly ((a: AuthorIdentity) => string)[] = [
  () => 'Media contact', () => 'For more information', () => 'Contact', (a) => `About ${a.name}`, () => 'About the writer', () => 'Press contact',
];
/** A bio when the account has none of its own: about the post's subject. */
const BIO_FORMS: readonly ((a: AuthorIdentity, subject: string) => string)[] = [
  (a, s) => `${a.name} writes about ${s}.`,
  (a, s) => `${a.name} has followed ${s} for some years now.`,
  (a, s) => `${a.firstName} covers ${s} and the questions readers ask about it.`,
  (a, s) => `${a.name} is a writer with a long interest in ${s}.`,
  (a, s) => `${a.firstName} looks at ${s} from a practical side.`,
  (a, s) => `${a.name} shares notes on ${s}.`,
];
/** The sentence carrying the link, for an anchor that reads as a name or a subject. */
const NAMED_LINK_FORMS: readonly ((a: AuthorIdentity, link: string) => string)[] = [
  (_a, l) => `Read more at ${l}.`,
  (a, l) => `${a.firstName} also recommends ${l}.`,
  (_a, l) => `More on the subject at ${l}.`,
  (a, l) => `You can find ${a.firstName}'s picks at ${l}.`,
  (_a, l) => `Further reading: ${l}.`,
  (_a, l) => `Details are at ${l}.`,
];
/** …and for a generic anchor ("click here") or a bare address, which read best on their own. */
const PLAIN_LINK_FORMS: readonly ((a: AuthorIdentity, link: string) => string)[] = [
  (_a, l) => `More: ${l}.`,
  (_a, l) => `Further reading: ${l}.`,
  (_a, l) => `See also ${l}.`,
  (_a, l) => `Find out more: ${l}.`,
  (_a, l) => `Related: ${l}.`,
];
/** How the box's heading is set: a small heading, or a bold line. */
const HEADING_MARKUP: readonly ((text: string) => string)[] = [
  (t) => `<h3>${t}</h3>`, (t) => `<h4>${t}</h4>`, (t) => `<p><strong>${t}</strong></p>`,
];

function linkHtml(link: Pick<PostLink, 'href' | 'anchor'>): string {
  return `<a href="${escapeHtml(link.href)}">${escapeHtml(link.anchor)}</a>`;
}

function linkSentence(rng: Rng, author: AuthorIdentity, link: Pick<PostLink, 'href' | 'anchor'> & { anchorType?: AnchorType }): string {
  const plain = link.anchorType === 'generic' || link.anchorType === 'nakedUrl' || /^(https?:\/\/|www\.)/i.test(link.anchor);
  const forms = plain ? PLAIN_LINK_FORMS : NAMED_LINK_FORMS;
  return rng.pick(forms)(escapedAuthor(author), linkHtml(link));
}

function escapedAuthor(author: AuthorIdentity): AuthorIdentity {
  return { name: escapeHtml(author.name), firstName: escapeHtml(author.firstName), bio: escapeHtml(author.bio) };
}

/** The post's subject in a sentence: its title, lower-cased unless it starts with a name or an acronym. */
export function subjectOf(title: string): string {
  const text = decodeEntities(title.replace(/<[^>]*>/g, ' ')).replace(/\s+/g, ' ').trim().replace(/[.!?:;]+$/, '');
  if (text === '') return 'the subject';
  const [first = ''] = text.split(' ');
  const keepCase = first.length > 1 && first === first.toUpperCase();
  return keepCase ? text : text.charAt(0).toLowerCase() + text.slice(1);
}

/** The text a reader sees in HTML (tags dropped, entities decoded, white space collapsed). */
export function plainText(html: string): string {
  return decodeEntities(html.replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, ' ').replace(/<[^>]*>/g, ' ')).replace(/\s+/g, ' ').trim();
}

/**
 * The HTML with the first link to `href` (as the pipeline writes links: `<a href="…">text</a>`)
 * turned into its text: the link moves to the author box, its words stay where they were.
 */
export function unwrapFirstLink(html: string, href: string): string {
  const open = `<a href="${escapeHtml(href)}">`;
  const at = html.indexOf(open);
  if (at < 0) return html;
  const close = html.indexOf('</a>', at + open.length);
  if (close < 0) return html;
  return `${html.slice(0, at)}${html.slice(at + open.length, close)}${html.slice(close + 4)}`;
}

/**
 * An article directory entry or a press release (issue 37 item 3): the article with an author box
 * at its end that carries the post's first link (taken out of the body, its words left in place),
 * the rest of its links where they were. The box: a heading, the author's bio (or a line on the
 * post's subject), and a sentence with the link, each drawn by the post's seed. The links recorded
 * for verification are unchanged (same addresses and anchors).
 */
export function withAuthorBox(built: BuiltPost, module: string, author: AuthorIdentity, seed: string): BuiltPost {
  const rng = createRng(`${seed}/author-box`);
  const safe = escapedAuthor(author);
  const heading = rng.pick(module === 'PressRelease' ? PRESS_HEADINGS : DIRECTORY_HEADINGS)(safe);
  const markup = rng.pick(HEADING_MARKUP);
  const bio = author.bio.trim() !== '' ? safe.bio : rng.pick(BIO_FORMS)(safe, escapeHtml(subjectOf(built.title)));
  const [link] = built.links;
  const sentence = link ? ` ${linkSentence(rng, author, link)}` : '';
  const body = link ? unwrapFirstLink(built.html, link.href) : built.html;
  return { ...built, html: `${body.trimEnd()}\n${markup(heading)}\n<p>${bio}${sentence}</p>` };
}

/** The first sentences of a text, together under `max` characters (at least one, cut at a word when it alone is longer). */
export function openingSentences(text: string, max: number): string {
  const sentences = text.match(/[^.!?]+[.!?]+["')\]]*\s*|[^.!?]+$/g) ?? [];
  let out = '';
  for (const sentence of sentences) {
    if (out !== '' && (out + sentence).trim().length > max) break;
    out += sentence;
    if (out.length >= max / 2) break;
  }
  out = out.trim();
  if (out.length <= max) return out;
  const cut = out.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[,;:\s]+$/, '')}…`;
}

/**
 * A Web 2.0 / forum profile from a built post (issue 37 item 3): the author's bio (or the opening
 * sentences of the post's own article when the account has none), then a sentence with each of its
 * first PROFILE_MAX_LINKS links; the website is the first link. Answers the profile and the links
 * it carries (what verification looks for on the profile page).
 */
export function profileOf(built: BuiltPost, author: AuthorIdentity, seed: string): { profile: ProfileUpdate; links: PostLink[] } {
  const rng = createRng(`${seed}/profile`);
  const links = built.links.slice(0, PROFILE_MAX_LINKS);
  const about = author.bio.trim() !== '' ? author.bio.trim() : openingSentences(plainText(built.html), PROFILE_BIO_MAX_CHARS);
  const sentences = links.map((link) => linkSentence(rng, author, link));
  const html = [escapeHtml(about), ...sentences].filter((part) => part !== '').join(' ');
  const [first] = links;
  return {
    profile: { bio: plainText(html), html, url: first?.href ?? '', anchor: first?.anchor ?? '' },
    links,
  };
}
