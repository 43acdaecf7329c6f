import type { Rng } from '../engine/random';
import { spin } from '../engine/spintax';

/**
 * A catch-all mailbox of the email manager (issue 14.3, the product's own email source): its
 * address has a pattern for a local part — `*` (a fresh random name) and/or spintax
 * (`{anna|ann}.{lee|li}*@example.com`) — and every address at its domain lands in it.
 */
export function isCatchAllAddress(address: string): boolean {
  const local = address.slice(0, address.lastIndexOf('@'));
  return local.includes('*') || /\{[^{}]*\|[^{}]*\}/.test(local);
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** A fresh address of a catch-all pattern: spintax expanded, each `*` eight random letters and digits. */
export function catchAllAddress(pattern: string, rng: Rng): string {
  const at = pattern.lastIndexOf('@');
  const local = spin(pattern.slice(0, at), rng).replace(/\*/g, () => Array.from({ length: 8 }, () => LETTERS[rng.int(0, LETTERS.length - 1)]).join(''));
  return `${local}${pattern.slice(at)}`;
}
