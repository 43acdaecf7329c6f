import type { QueryExecutor } from 'kysely';
import type { SecretBox } from './secret-box';

/**
 * The secret box of each open database, found from any handle on it: the database itself, its
 * transactions and the migrator's handle share one dialect adapter (as reusableQuery relies on
 * too). So repositories seal and open at their own boundary with the `db` they already receive,
 * and no route, import, export or job has to carry the key.
 */
const boxes = new WeakMap<object, SecretBox>();

/** Any Kysely handle on a database: the database, a transaction, the migrator's. */
interface DatabaseHandle {
  getExecutor(): QueryExecutor;
}

/** Ties a secret box to a database (openDatabase does this once). */
export function bindSecretBox(db: DatabaseHandle, box: SecretBox): void {
  boxes.set(db.getExecutor().adapter, box);
}

/** The secret box of the database this handle (or transaction) belongs to. */
export function secretBoxOf(db: DatabaseHandle): SecretBox {
  const box = boxes.get(db.getExecutor().adapter);
  if (!box) throw new Error('This database has no secret key: open it with openDatabase');
  return box;
}
