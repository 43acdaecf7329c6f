import { decodeEntities } from '@linkloom/shared';
import type { PublishIntent } from '../connector';
import { madeAfterIntent } from '../intent-match';
import type { FoundPost } from './rest-api';

/** How many of WordPress's own `-2`, `-3`, … a look-up also reads. */
const SUFFIXES_LOOKED_AT = 8;

/**
 * The slug WordPress gives a post whose slug `name` was taken when it saved it
 * (wp_unique_post_slug): `name-2`, `name-3`, …, the name shortened so that it stays 200 long.
 */
export function takenSlugVariant(name: string, suffix: number): string {
  const tail = `-${suffix}`;
  const room = 200 - tail.length;
  const base = name.length <= room ? name : name.slice(0, room).replace(/%[0-9a-f]?$/i, '').replace(/-+$/, '');
  return `${base}${tail}`;
}

/** The intent's slug and WordPress's variants of it: what a look-up asks the site for. */
export function slugsToLookUp(name: string): string[] {
  return [name, ...Array.from({ length: SUFFIXES_LOOKED_AT }, (_, i) => takenSlugVariant(name, i + 2))];
}

const plainTitle = (title: string) => decodeEntities(title.replace(/<[^>]*>/g, '')).replace(/\s+/g, ' ').trim();

/**
 * Which of the posts found is the one the intent made: by `authorId`, made at or after the intent
 * (clock skew allowed), with the intent's slug; else, when the name was taken between our look and
 * WordPress's save, WordPress's `-n` variant of it with the intent's title (the oldest such).
 */
export function ownPost(posts: readonly FoundPost[], intent: PublishIntent, authorId: number): FoundPost | null {
  const name = intent.name.toLowerCase();
  const ours = posts.filter((post) => post.author === authorId && madeAfterIntent(post.createdMs, intent));
  const exact = ours.find((post) => post.slug.toLowerCase() === name);
  if (exact) return exact;
  const variants = new Set(slugsToLookUp(name).slice(1));
  const renamed = ours
    .filter((post) => variants.has(post.slug.toLowerCase()) && plainTitle(post.title) === plainTitle(intent.title))
    .sort((a, b) => (a.createdMs ?? 0) - (b.createdMs ?? 0) || Number(a.id) - Number(b.id));
  return renamed[0] ?? null;
}
