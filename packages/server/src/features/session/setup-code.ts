import { hkdfSync, timingSafeEqual } from 'node:crypto';
import type { Database } from '../../platform/db/dialect';
import { installationId } from '../../platform/db/installation';

/** Crockford's base 32: no I, L, O or U, so a code read off a screen is typed back right. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** 12 characters of 5 bits: 60 bits, far past guessing over HTTP. */
const CODE_LENGTH = 12;
const GROUP = 4;
const PURPOSE = 'linkloom first-account setup code';

/**
 * The one-time code that creates the first account from another machine (issue 33 item 8). It is
 * derived from the installation's current secret key and its id (HKDF), never stored: every
 * server process sharing the data and the key prints and accepts the same code, and it opens the
 * setup only while no account exists, so it serves once. Shown as `XXXX-XXXX-XXXX`.
 */
export async function setupCodeOf(database: Database): Promise<string> {
  const salt = await installationId(database.db);
  const key = database.secrets.keys[0]!.key;
  // 256 is a multiple of 32: each byte picks a character without bias.
  const bytes = new Uint8Array(hkdfSync('sha256', key, salt, PURPOSE, CODE_LENGTH));
  const characters = [...bytes].map((byte) => ALPHABET[byte % ALPHABET.length]!).join('');
  return characters.match(new RegExp(`.{${GROUP}}`, 'g'))!.join('-');
}

/** A code as typed, compared as the code: case, spaces and dashes do not matter, O reads as 0 and I or L as 1. */
function normalised(typed: string): string {
  return typed.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
}

/** Is this the installation's setup code (compared in constant time)? */
export async function isSetupCode(database: Database, typed: string): Promise<boolean> {
  const expected = Buffer.from(normalised(await setupCodeOf(database)));
  const given = Buffer.from(normalised(typed));
  return given.length === expected.length && timingSafeEqual(given, expected);
}
