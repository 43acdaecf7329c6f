import type { Kysely } from 'kysely';
import type { DB } from './schema';

/** The installation's random id (migration 0020), read once per database handle. */
const known = new WeakMap<object, Promise<string>>();

/** This installation's id: 16 hex digits made with its database, the same for every process sharing it. */
export function installationId(db: Kysely<DB>): Promise<string> {
  const key = db.getExecutor().adapter;
  let id = known.get(key);
  if (!id) {
    id = db.selectFrom('installation').select('id').executeTakeFirstOrThrow().then((row) => row.id);
    id.catch(() => known.delete(key));
    known.set(key, id);
  }
  return id;
}
