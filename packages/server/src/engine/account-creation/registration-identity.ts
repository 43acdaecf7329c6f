import { randomInt } from 'node:crypto';
import { catchAllAddress, createRng, nicheIdentity, spin, type AccountCreationForm, type Rng } from '@linkloom/shared';

/** Who an account creation run registers on one site: the form's fields, spun and filled in. */
export interface RegistrationIdentity {
  username: string;
  password: string;
  firstName: string;
  lastName: string;
  blogTitle: string;
  blogName: string;
  /** A line about the author on the campaign's subject (WordPress: the profile's description). */
  bio: string;
}

const PASSWORD_LETTERS = 'abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A user name every platform takes: letters, digits, `.`, `_`, `-`, at most 40 characters. */
function userNameOf(text: string): string {
  return text.normalize('NFKD').replace(/[^A-Za-z0-9._-]+/g, '').replace(/^[._-]+/, '').slice(0, 40);
}

/** A strong password (a fresh one per account: it is stored sealed, never derived from anything known). */
export function generatedPassword(length = 16): string {
  return Array.from({ length }, () => PASSWORD_LETTERS[randomInt(PASSWORD_LETTERS.length)]).join('');
}

/**
 * The identity of one registration (issue 14.4): each field of the form spun (`{a|b}`), an empty
 * one generated — names from the shipped lists, the blog's title and name about the campaign's
 * subject (`topics`: shared nicheTopics of its keywords; issue 34 item 6), the user name from the
 * names and digits, a random password. `rng` picks; a fresh one per registration in production.
 */
export function registrationIdentity(
  form: Pick<AccountCreationForm, 'firstName' | 'lastName' | 'username' | 'password' | 'blogTitle' | 'blogName'>, rng: Rng, topics: readonly string[] = [],
): RegistrationIdentity {
  const spun = (text: string) => spin(text, rng).trim();
  const niche = nicheIdentity(topics, rng, { firstName: spun(form.firstName), lastName: spun(form.lastName) });
  const { firstName, lastName } = niche;
  const username = userNameOf(spun(form.username)) || userNameOf(`${firstName}${lastName}${rng.int(10, 9999)}`).toLowerCase();
  const password = spin(form.password, rng) || generatedPassword();
  const blogTitle = spun(form.blogTitle) || niche.blogTitle;
  const blogName = userNameOf(spun(form.blogName)).toLowerCase() || niche.blogName;
  return { username, password, firstName, lastName, blogTitle, blogName, bio: niche.bio };
}

/** The user name after `suffix` "name taken" answers: the name itself, then name2, name3, … */
export function suffixedUsername(username: string, suffix: number): string {
  return suffix === 0 ? username : `${username.slice(0, 40 - String(suffix + 1).length)}${suffix + 1}`;
}

/** A fresh random source for one registration. */
export function freshRng(): Rng {
  return createRng(randomInt(2 ** 47));
}

/** MANUAL: the Email tab's address, spintax expanded per account (`{anna|ann}.lee@…`). */
export function manualAddress(pattern: string, rng: Rng): string {
  return spin(pattern, rng).trim();
}

export { catchAllAddress };
