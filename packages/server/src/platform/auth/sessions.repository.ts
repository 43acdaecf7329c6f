import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { immediateSqliteRead, reusableQuery, type ImmediateSqlite } from '../db/dialect';

export interface SessionUser {
  id: number;
  username: string;
  name: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

function tokenId(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Creates a session and returns the token for the cookie (only its hash is stored). */
export async function createSession(db: Kysely<DB>, userId: number, days: number): Promise<{ token: string; expiresAt: number }> {
  const token = randomBytes(32).toString('base64url');
  const now = Date.now();
  const expiresAt = now + days * DAY_MS;
  await db.insertInto('sessions').values({ id: tokenId(token), user_id: userId, created_at: now, expires_at: expiresAt }).execute();
  return { token, expiresAt };
}

/** At most one row: sessions.id is the table's key. */
const sessionUserOf = (db: Kysely<DB>, id: string, now: number) => db
  .selectFrom('sessions')
  .innerJoin('users', 'users.id', 'sessions.user_id')
  .select(['users.id', 'users.username', 'users.name'])
  .where('sessions.id', '=', id)
  .where('sessions.expires_at', '>', now);

/** Built and compiled once: every request of a signed-in user runs it. */
const sessionUserQuery = reusableQuery(sessionUserOf);
const sessionUserNow = immediateSqliteRead(sessionUserOf);

/** The user of a live session, or undefined for an unknown or expired token. */
export async function findSessionUser(db: Kysely<DB>, token: string): Promise<SessionUser | undefined> {
  return (await sessionUserQuery(db, tokenId(token), Date.now())).rows[0];
}

/** Answer of findSessionUserNow when SQLite could not read at once (the caller takes findSessionUser). */
export const NOT_READ_NOW = Symbol('not read now');

/**
 * The same read, on SQLite, answered at once (immediateSqliteRead): the session every request
 * looks up costs neither a promise nor a wait for the connection. NOT_READ_NOW if SQLite refused.
 */
export function findSessionUserNow(database: ImmediateSqlite, token: string): SessionUser | undefined | typeof NOT_READ_NOW {
  try {
    return sessionUserNow(database, tokenId(token), Date.now());
  } catch {
    return NOT_READ_NOW;
  }
}

export async function deleteSession(db: Kysely<DB>, token: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', tokenId(token)).execute();
}

/** Drops expired sessions; called at start and then daily. */
export async function deleteExpiredSessions(db: Kysely<DB>): Promise<number> {
  const result = await db.deleteFrom('sessions').where('expires_at', '<=', Date.now()).executeTakeFirst();
  return Number(result.numDeletedRows);
}
