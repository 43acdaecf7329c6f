import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema';
import { DUMMY_HASH_PROMISE, verifyPassword } from '../../platform/auth/password';
import { findUserByUsername } from '../../platform/auth/users.repository';
import { createSession } from '../../platform/auth/sessions.repository';

export type SignInResult = { ok: true; name: string; token: string; expiresAt: number } | { ok: false };

/**
 * Checks a username and password and opens a session. An unknown user costs the same hash as a
 * wrong password, so response times do not reveal which usernames exist.
 */
export async function signIn(db: Kysely<DB>, username: string, password: string, sessionDays: number): Promise<SignInResult> {
  const user = await findUserByUsername(db, username);
  const valid = await verifyPassword(password, user?.password_hash ?? (await DUMMY_HASH_PROMISE));
  if (!user || !valid) return { ok: false };
  const session = await createSession(db, user.id, sessionDays);
  return { ok: true, name: user.name, ...session };
}
