import { randomInt } from 'node:crypto';
import type { RandomInfo } from '@linkloom/shared';
import { ADJECTIVES, FIRST_NAMES, LAST_NAMES, NOUNS, TOPICS } from './word-lists';

function pick<T>(list: readonly T[]): T {
  return list[randomInt(list.length)]!;
}

const PASSWORD_ALPHABET = 'abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A 14-character password from a cryptographic source (letters and digits, no look-alikes). */
function randomPassword(): string {
  let password = '';
  while (password.length < 14) password += PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)];
  return password;
}

/**
 * A made-up profile: a name, a username built from it, a strong password, and a blog title and
 * blog name (a URL-safe slug) that read naturally.
 */
export function makeRandomInfo(): RandomInfo {
  const firstName = pick(FIRST_NAMES);
  const lastName = pick(LAST_NAMES);
  const username = `${firstName}${lastName}${randomInt(10, 9999)}`.toLowerCase();
  const blogTitle = `${pick(ADJECTIVES)} ${pick(NOUNS)} ${pick(TOPICS)}`;
  const blogName = `${blogTitle.toLowerCase().replace(/\s+/g, '-')}-${randomInt(10, 999)}`;
  return { firstName, lastName, username, password: randomPassword(), blogTitle, blogName };
}
