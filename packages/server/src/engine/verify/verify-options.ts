import type { Kysely } from 'kysely';
import type { EngineOptions } from '@linkloom/shared';
import type { DB } from '../../platform/db/schema';
import { reusableQuery } from '../../platform/db/dialect';
import { readEngineOptions } from '../seams';

/** Users whose parsed options are kept, per database (a process may serve several, e.g. tests). */
const MAX_USERS = 1000;
const kept = new WeakMap<object, Map<number, { updatedAt: number; options: Promise<EngineOptions> }>>();

const optionsUpdatedAt = reusableQuery((db, ownerId: number) => db.selectFrom('user_options').select('updated_at').where('owner_id', '=', ownerId));

/**
 * The user's options for post.verify. Re-checks come in bursts (the scheduler's pass hands out 200
 * links a tick), and opening and parsing the whole options row for each link cost more than the
 * page fetch; so the parsed options are kept per user and read again whenever the row's
 * updated_at moved (every options save and privilege change sets it): a saved option applies to
 * the very next check, and an unchanged row costs one indexed read.
 */
export async function verifyOptions(db: Kysely<DB>, ownerId: number): Promise<EngineOptions> {
  const row = (await optionsUpdatedAt(db, ownerId)).rows[0];
  if (!row) return readEngineOptions(db, ownerId);
  const updatedAt = Number(row.updated_at);
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
