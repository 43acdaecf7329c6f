import { createHash, randomBytes } from 'node:crypto';
import { API_TOKEN_SECRET_PREFIX, API_TOKEN_SHOWN_CHARS } from '@linkloom/shared';

/** A new token secret: `ll_` and 32 random bytes in base64url (256 bits: not guessable, no limiter needed for that). */
export function newApiTokenSecret(): string {
  return `${API_TOKEN_SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;
}

/** What the database keeps of a secret: its SHA-256 in hex, the way sessions are kept. */
export function hashApiTokenSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** The secret's first characters, stored to tell tokens apart in the list. */
export function apiTokenPrefix(secret: string): string {
  return secret.slice(0, API_TOKEN_SHOWN_CHARS);
}
