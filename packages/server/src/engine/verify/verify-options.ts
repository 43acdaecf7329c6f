import type { Kysely } from 'kysely';
import type { EngineOptions } from '@linkloom/shared';
import type { DB } from '../../platform/db/schema';
import { readEngineOptions } from '../seams';

/** Users whose parsed options are kept, per database (a process may serve several, e.g. tests). */
const MAX_USERS = 1000;
const kept = new WeakMap<object, Map<number, { updatedAt: number; options: Promise<EngineOptions> }>>();

/**
 * The user's options for post.verify. Re-checks come in bursts (the scheduler's pass hands out 200
 * links a tick), and opening and parsing the whole options row for each link cost more than the
 * page fetch; so the parsed options are kept per user and read again whenever the row's
 * updated_at moved (every options save and privilege change sets it): a saved option applies to
 * the very next check. `updatedAt` is the row's updated_at as the job read it with the post
 * (readPostToVerify: no read of its own), null when the user has no options row.
 */
export async function verifyOptions(db: Kysely<DB>, ownerId: number, updatedAt: number | null): Promise<EngineOptions> {
  if (updatedAt === null) return readEngineOptions(db, ownerId);
  let users = kept.get(db);
  if (!users) {
    users = new Map();
    kept.set(db, users);
  }
  const known = users.get(ownerId);
  if (known && known.updatedAt === updatedAt) return known.options;
  if (users.size >= MAX_USERS) users.clear();
  const options = readEngineOptions(db, ownerId);
  users.set(ownerId, { updatedAt, options });
  options.catch(() => users.delete(ownerId));
  return options;
}
