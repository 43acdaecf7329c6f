import { randomInt } from 'node:crypto';
import { createRng, nicheIdentity, nicheTopics, type RandomInfo } from '@linkloom/shared';

const PASSWORD_ALPHABET = 'abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** Blog titles offered at once, as spintax: each account spins its own (one fixed title on every site is a footprint). */
const TITLE_CHOICES = 4;

/** A 14-character password from a cryptographic source (letters and digits, no look-alikes). */
function randomPassword(): string {
  let password = '';
  while (password.length < 14) password += PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)];
  return password;
}

/** `{a|b|c}` of the distinct texts (one text as it is). */
function spintaxOf(texts: readonly string[]): string {
  const distinct = [...new Set(texts)];
  return distinct.length === 1 ? distinct[0]! : `{${distinct.join('|')}}`;
}

/**
 * A made-up profile (issue 34 item 6): a name from the shipped lists, a username built from it, a
 * strong password, and a blog title and blog name about the campaign's subject (`keywordFields`:
 * its anchor keywords; none: named after the author). Title and name are spintax of a few
 * choices, so the accounts made with them do not all carry one title.
 */
export function makeRandomInfo(keywordFields: readonly string[] = []): RandomInfo {
  const rng = createRng(randomInt(2 ** 47));
  const topics = nicheTopics(keywordFields, rng);
  const first = nicheIdentity(topics, rng);
  const { firstName, lastName } = first;
  const others = Array.from({ length: TITLE_CHOICES - 1 }, () => nicheIdentity(topics, rng, { firstName, lastName }));
  const username = `${firstName}${lastName}${randomInt(10, 9999)}`.toLowerCase();
  return {
    firstName, lastName, username, password: randomPassword(),
    blogTitle: spintaxOf([first, ...others].map((identity) => identity.blogTitle)),
    blogName: spintaxOf([first, ...others].map((identity) => identity.blogName)),
  };
}
