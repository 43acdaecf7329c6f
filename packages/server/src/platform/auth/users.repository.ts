import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

export interface UserRow {
  id: number;
  username: string;
  name: string;
  password_hash: string;
}

/** Usernames are compared case-insensitively: they are stored lower-cased. */
export function normaliseUsername(username: string): string {
  return username.trim().toLowerCase();
}

export async function findUserByUsername(db: Kysely<DB>, username: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'name', 'password_hash'])
    .where('username', '=', normaliseUsername(username))
    .executeTakeFirst();
}

export async function countUsers(db: Kysely<DB>): Promise<number> {
  const row = await db.selectFrom('users').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertUser(db: Kysely<DB>, user: { username: string; name: string; passwordHash: string }): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({ username: normaliseUsername(user.username), name: user.name.trim(), password_hash: user.passwordHash, created_at: Date.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updatePasswordHash(db: Kysely<DB>, userId: number, passwordHash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
}
