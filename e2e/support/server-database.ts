import path from 'node:path';
import type { Kysely } from 'kysely';
import { openDatabase, type Database } from '../../packages/server/src/platform/db/dialect';
import type { DB } from '../../packages/server/src/platform/db/schema';
import type { RunningServer } from '../../packages/server/test/support/server-process';

/** The SQLite database of a server started with its own data dir (to seed rows of other areas). */
export function openServerDatabase(server: RunningServer): Database {
  const dataDir = server.env.DATA_DIR;
  if (!dataDir) throw new Error('The server has no DATA_DIR');
  return openDatabase({ databaseUrl: undefined, dataDir: path.resolve(dataDir) });
}

/**
 * Runs `work` on the running server's SQLite file and closes it afterwards. WAL mode lets the
 * server read the rows at once, so screens of one area can be tested on rows another area makes.
 */
export async function withServerDatabase<T>(server: RunningServer, work: (db: Kysely<DB>) => Promise<T>): Promise<T> {
  const database = openServerDatabase(server);
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}

/** Like `withServerDatabase`, also handing over the id of the user signed up as `username`. */
export function seedAsUser<T>(server: RunningServer, username: string, seed: (db: Kysely<DB>, ownerId: number) => Promise<T>): Promise<T> {
  return withServerDatabase(server, async (db) => {
    const user = await db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow();
    return seed(db, user.id);
  });
}
