import type { Kysely } from 'kysely';
import { NewPasswordSchema, SETUP_MESSAGES } from '@linkloom/shared';
import type { DB } from '../../platform/db/schema';
import { hashPassword } from '../../platform/auth/password';
import { countUsers, findUserByUsername, insertUser } from '../../platform/auth/users.repository';
import { ConflictError, HttpError } from '../../platform/http/errors';

export const USER_EXISTS = 'A user with this name already exists';

/** Creates a user with a hashed password; the CLI and the first-run screen both come here. */
export async function createUser(db: Kysely<DB>, username: string, password: string): Promise<number> {
  const checked = NewPasswordSchema.safeParse(password);
  if (!checked.success) throw new HttpError(422, checked.error.issues[0]?.message ?? SETUP_MESSAGES.passwordTooShort);
  if (await findUserByUsername(db, username)) throw new ConflictError(USER_EXISTS);
  return insertUser(db, { username, name: username.trim(), passwordHash: await hashPassword(password) });
}

/**
 * Creates the first account, only while no user exists. The check and the insert share one
 * transaction so two first-run screens racing each other cannot both succeed.
 */
export async function createFirstUser(db: Kysely<DB>, username: string, password: string): Promise<number> {
  const passwordHash = await hashPassword(password);
  return db.transaction().execute(async (trx) => {
    if ((await countUsers(trx)) > 0) throw new ConflictError(SETUP_MESSAGES.alreadyDone);
    return insertUser(trx, { username, name: username.trim(), passwordHash });
  });
}
