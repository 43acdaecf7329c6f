import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema';
import { findUserByUsername } from '../../platform/auth/users.repository';
import { NotFoundError } from '../../platform/http/errors';
import { setPrivileged } from './options.repository';

/**
 * `npm run user:privileged -- NAME on|off`: an administrator gives a user the higher limits of a
 * privileged account (100 concurrent projects, 150 posting threads, 40 browsers) or takes them
 * back. The server checks every save against the flag; saved values above the standard limits
 * read as their defaults once the flag is off. Answers the user's id.
 */
export async function setUserPrivileged(db: Kysely<DB>, username: string, privileged: boolean): Promise<number> {
  const user = await findUserByUsername(db, username);
  if (!user) throw new NotFoundError(`No user named ${username}`);
  await setPrivileged(db, user.id, privileged);
  return user.id;
}
