import { createHash } from 'node:crypto';

/**
 * The names versions before migration 0038 gave items from the post's idempotency key. Kept only
 * so that a post such a version left `publishing` (a crash, then an upgrade) is still looked up
 * before it is posted again; nothing is published under them any more.
 */

const hashed = (key: string) => createHash('sha256').update(key).digest('hex').slice(0, 32);

/** The WordPress slug: `ll-<key>`, or `ll-` and a hash for keys that are no clean slug or end in `-<digits>`. */
export function legacySlug(key: string): string {
  const readable = key.length <= 64 && /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(key) && !/-\d+$/.test(key);
  return `ll-${readable ? key : hashed(key)}`;
}

/** The MediaWiki page title: `LL-<key>`, or `LL-` and a hash for long or unusual keys. */
export function legacyPageTitle(key: string): string {
  const readable = key.length <= 200 && /^[a-z0-9]+(?:-[a-z0-9]+)*$/i.test(key);
  return `LL-${readable ? key : hashed(key)}`;
}
