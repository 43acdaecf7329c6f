import { createHash } from 'node:crypto';

const READABLE_KEY = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * The slug a post published with this idempotency key gets, and is found by: `ll-<key>` when the key
 * is already a clean slug, else `ll-` and 32 hex digits of its SHA-256. Keys ending in `-<digits>`
 * are hashed too, because WordPress appends `-2`, `-3`, … to a slug that is taken, and such a slug
 * must never be mistaken for another key's.
 */
export function slugForIdempotencyKey(idempotencyKey: string): string {
  if (idempotencyKey.length <= 64 && READABLE_KEY.test(idempotencyKey) && !/-\d+$/.test(idempotencyKey)) {
    return `ll-${idempotencyKey}`;
  }
  return `ll-${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 32)}`;
}
