import { randomInt } from 'node:crypto';
import { catchAllAddress, createRng, spin, type AccountCreationForm, type Rng } from '@linkloom/shared';

/** Who an account creation run registers on one site: the form's fields, spun and filled in. */
export interface RegistrationIdentity {
  username: string;
  password: string;
  firstName: string;
  lastName: string;
  blogTitle: string;
  blogName: string;
}

const FIRST_NAMES = ['Anna', 'Ben', 'Clara', 'David', 'Emma', 'Felix', 'Grace', 'Henry', 'Ida', 'Jonas', 'Laura', 'Max', 'Nora', 'Oscar', 'Paula', 'Sam'];
const LAST_NAMES = ['Baker', 'Carter', 'Evans', 'Fisher', 'Graham', 'Hayes', 'Jensen', 'Keller', 'Lewis', 'Miller', 'Novak', 'Parker', 'Reed', 'Stone', 'Turner', 'Walsh'];
const TOPICS = ['Notes', 'Journal', 'Corner', 'Diary', 'Pages', 'Ideas', 'Stories', 'Log'];
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
 * one generated (names from short lists, the blog title from the names, the user name from the
 * names and digits, a random password). `rng` picks; a fresh one per registration in production.
 */
export function registrationIdentity(form: Pick<AccountCreationForm, 'firstName' | 'lastName' | 'username' | 'password' | 'blogTitle' | 'blogName'>, rng: Rng): RegistrationIdentity {
  const spun = (text: string) => spin(text, rng).trim();
  const firstName = spun(form.firstName) || rng.pick(FIRST_NAMES);
  const lastName = spun(form.lastName) || rng.pick(LAST_NAMES);
  const username = userNameOf(spun(form.username)) || userNameOf(`${firstName}${lastName}${rng.int(10, 9999)}`).toLowerCase();
  const password = spin(form.password, rng) || generatedPassword();
  const blogTitle = spun(form.blogTitle) || `${firstName}'s ${rng.pick(TOPICS)}`;
  const blogName = userNameOf(spun(form.blogName)).toLowerCase() || userNameOf(`${firstName}${lastName}`).toLowerCase();
  return { username, password, firstName, lastName, blogTitle, blogName };
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
