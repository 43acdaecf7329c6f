/**
 * Names of posts on hosted blog services (Blogger, Tumblr, WordPress.com), where the service makes
 * the post's address itself: a post's name is its title as a reader sees it. A title another post
 * of ours claims, or that the blog got in the last hours, is told apart by a word of the post's own
 * text, as a person would ("Tomato care (Pruning)"): after an unknown outcome the post is then
 * found again by its title and its time, and no two posts of ours share both.
 */
import { decodeEntities } from '@linkloom/shared';
import { bodyText, distinguishingWords } from '../distinguishing-words';
import { madeAfterIntent } from '../intent-match';
import type { PublishIntent } from '../connector';

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

/**
 * The names a post may take, best first: its plain title (or, without one, the first words of its
 * text), then that title told apart by one word of its text in brackets. Never a number.
 */
export function titleCandidates(title: string, html: string): string[] {
  const base = plainTitle(title) || bodyText(html).split(' ').slice(0, 8).join(' ');
  if (base === '') return [];
  return [...new Set([base, ...distinguishingWords(html, title).map((word) => `${base} (${word})`)])];
}

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

/** Names looked at per call of `claimed` (the engine asks its database with an `in` list). */
const NAMES_PER_CLAIM = 25;

/**
 * The first candidate the blog has no recent post of (`recentTitles`: titles it got since the
 * clock-skew allowance) and no other post of ours claims; null when every one is taken.
 */
export async function freeName(
  candidates: readonly string[], recentTitles: readonly string[], claimed: (names: readonly string[]) => Promise<ReadonlySet<string>>,
): Promise<string | null> {
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
 * Tags as these services take them: trimmed, white space collapsed, without commas (Tumblr and
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
