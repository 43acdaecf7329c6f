/**
 * Names of items on platforms that make an item's address themselves from its title (Blogger,
 * Tumblr, WordPress.com, Forem's `/user/title-4aca`, Telegraph's `Title-12-15`): the name is the
 * title the item is published under, and after an unknown outcome the item is found again by that
 * title (and its time) among the blog's or the user's own items. Two posts of ours with one title
 * on one site could not be told apart that way, so a title another post of ours claims (or, where
 * the platform lists them, that the site got in the last hours) is told apart by a word of the
 * post's own text, as a person would title a second item ("Tomato care (Pruning)").
 *
 * Two ways of writing the title:
 * - hosted blogs (Blogger, Tumblr, WordPress.com): the title as a reader sees it (plainTitle:
 *   markup dropped, entities decoded), compared in any case (titleKey); a post without a title is
 *   named by the first words of its text (titleCandidates);
 * - Forem and Telegraph: the title as given, on one line and cut to the platform's length
 *   (titleLine), compared as written (titledNameCandidates, chooseTitledName).
 */
import { decodeEntities } from '@linkloom/shared';
import { PublishError, type ClaimedNames, type NamedPost, type PublishIntent } from './connector';
import { bodyText, distinguishingWords } from './distinguishing-words';
import { CLOCK_SKEW_ALLOWANCE_MS, madeAfterIntent } from './intent-match';
import { surelyNotPosted } from './outcome';

// ---------------------------------------------------------------------------------------------
// Titles

/** A title as a reader sees it: markup dropped, entities decoded, white space collapsed. */
export function plainTitle(title: string): string {
  return decodeEntities(title.replace(/<[^>]*>/g, ' ')).normalize('NFC').replace(/\s+/g, ' ').trim();
}

/** What two titles are compared by: the plain title, any case. */
export function titleKey(title: string): string {
  return plainTitle(title).toLowerCase();
}

/** The plain title as HTML text, for services whose title field is HTML (`&`, `<`, `>` escaped). */
export function titleAsHtml(title: string): string {
  return title.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The title as written for a platform with a length limit: one line, single spaces, at most `maxLength` characters. */
export function titleLine(title: string, maxLength: number): string {
  const line = title.replace(/\s+/g, ' ').trim();
  const chars = [...line];
  return chars.length <= maxLength ? line : chars.slice(0, maxLength).join('').trimEnd();
}

// ---------------------------------------------------------------------------------------------
// Candidates

/**
 * `base`, then `base (Word)` for each word of the post's text that tells it apart, each once; with
 * `maxLength`, `base` is shortened so that each told-apart form keeps to it.
 */
function toldApart(base: string, post: NamedPost, maxLength?: number): string[] {
  const told = distinguishingWords(post.html, post.title).map((word) => {
    const tail = ` (${word})`;
    return `${maxLength === undefined ? base : titleLine(base, Math.max(1, maxLength - [...tail].length))}${tail}`;
  });
  return [...new Set([base, ...told])];
}

/**
 * The names a hosted blog's post may take, best first: its plain title (or, without one, the first
 * words of its text), then that title told apart by one word of its text in brackets. Never a number.
 */
export function titleCandidates(title: string, html: string): string[] {
  const base = plainTitle(title) || bodyText(html).split(' ').slice(0, 8).join(' ');
  if (base === '') return [];
  return toldApart(base, { title, html });
}

/** The titles a Forem or Telegraph item may be published under, best first, each at most `maxLength` characters. */
export function titledNameCandidates(post: NamedPost, maxLength: number): string[] {
  const title = titleLine(post.title, maxLength);
  if (title === '') return [];
  return toldApart(title, post, maxLength);
}

// ---------------------------------------------------------------------------------------------
// Choosing the name

/** Names looked at per call of `claimed` (the engine asks its database with an `in` list). */
const NAMES_PER_CLAIM = 25;

/**
 * The first candidate the site has no recent item of (`recentTitles`: titles it got since the
 * clock-skew allowance, compared by titleKey) and no other post of ours claims; null when every one
 * is taken.
 */
export async function freeName(candidates: readonly string[], recentTitles: readonly string[], claimed: ClaimedNames): Promise<string | null> {
  const taken = new Set(recentTitles.map(titleKey));
  for (let at = 0; at < candidates.length; at += NAMES_PER_CLAIM) {
    const batch = candidates.slice(at, at + NAMES_PER_CLAIM).filter((name) => !taken.has(titleKey(name)));
    if (batch.length === 0) continue;
    const ours = await claimed(batch);
    const free = batch.find((name) => !ours.has(name));
    if (free !== undefined) return free;
  }
  return null;
}

/**
 * A hosted blog's post's name (titleCandidates): the first candidate the blog got no post of within
 * the clock-skew allowance and no other post of ours claims. `recentPosts` lists the blog's posts
 * since `sinceMs`; `title` (the first candidate) lets a service search for them. Reads only.
 */
export async function chooseBlogPostName(
  post: NamedPost, claimed: ClaimedNames, siteLabel: string, recentPosts: (sinceMs: number, title: string) => Promise<readonly ListedPost[]>,
): Promise<string> {
  const candidates = titleCandidates(post.title, post.html);
  const base = candidates[0];
  if (base === undefined) throw new PublishError('rejected', `The post for ${siteLabel} has neither a title nor text to name it by.`);
  return surelyNotPosted(async () => {
    const recent = await recentPosts(Date.now() - CLOCK_SKEW_ALLOWANCE_MS, base);
    const name = await freeName(candidates, recent.map((found) => found.title), claimed);
    if (name === null) throw new PublishError('rejected', `${siteLabel} already has posts under every title the post "${post.title}" could take; change its title.`);
    return name;
  });
}

/** The first of a Forem or Telegraph item's titles (titledNameCandidates) no other post of ours claims on the site. Reads nothing of the site. */
export async function chooseTitledName(post: NamedPost, claimed: ClaimedNames, maxLength: number, siteLabel: string): Promise<string> {
  const candidates = titledNameCandidates(post, maxLength);
  if (candidates.length === 0) throw new PublishError('rejected', `The post has no title, which ${siteLabel} requires: give it one.`, { retryable: false });
  const free = await freeName(candidates, [], claimed);
  if (free === null) {
    throw new PublishError('rejected', `Other posts of this project on ${siteLabel} already use every title the post "${candidates[0]}" could take; change its title.`, { retryable: false });
  }
  return free;
}

// ---------------------------------------------------------------------------------------------
// Finding the post again

/** A post as a blog service lists it: enough to tell whether an intent made it. */
export interface ListedPost {
  id: string;
  url: string;
  title: string;
  /** When the service says it was made (UTC ms); null when it did not say. */
  createdMs: number | null;
  status: string;
}

/**
 * The post an intent made among those listed: the intent's name as its title, made at or after
 * the intent (clock skew allowed); the oldest when there are several (a second could only be
 * someone else's copy).
 */
export function postOfIntent(posts: readonly ListedPost[], intent: Pick<PublishIntent, 'name' | 'at'>): ListedPost | null {
  const wanted = titleKey(intent.name);
  const ours = posts
    .filter((post) => titleKey(post.title) === wanted && madeAfterIntent(post.createdMs, intent))
    .sort((a, b) => (a.createdMs ?? 0) - (b.createdMs ?? 0));
  return ours[0] ?? null;
}

// ---------------------------------------------------------------------------------------------
// Tags

/**
 * Tags as the hosted blogs take them: trimmed, white space collapsed, without commas (Tumblr and
 * WordPress.com read a comma-separated list, Blogger separates labels by them), each once (any case).
 */
export function tagList(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const tag of tags) {
    const one = tag.replace(/,/g, ' ').replace(/\s+/g, ' ').trim();
    if (one === '' || seen.has(one.toLowerCase())) continue;
    seen.add(one.toLowerCase());
    out.push(one);
  }
  return out;
}
