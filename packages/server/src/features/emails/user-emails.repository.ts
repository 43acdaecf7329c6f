import type { Kysely, Selectable } from 'kysely';
import { isCatchAllAddress, type UserEmailBody } from '@linkloom/shared';
import type { DB } from '../../platform/db/schema';
import { secretBoxOf } from '../../platform/crypto/database-secrets';
import type { UserEmailsTable } from './user-emails.tables';

/** A stored mailbox with its password opened (stored sealed, platform/crypto). */
export type UserEmailRecord = Selectable<UserEmailsTable>;

const ORDER_BATCH = 500;

function open(db: Kysely<DB>, rows: UserEmailRecord[]): UserEmailRecord[] {
  const box = secretBoxOf(db);
  return rows.map((row) => ({ ...row, password: box.open(row.password) }));
}

/** The user's mailboxes in the order they were first added. */
export async function listEmails(db: Kysely<DB>, ownerId: number): Promise<UserEmailRecord[]> {
  return open(db, await db.selectFrom('user_emails').selectAll().where('owner_id', '=', ownerId).orderBy('id').execute());
}

/** The user's mailboxes with these addresses (lower-case). */
export async function findEmailsByAddress(db: Kysely<DB>, ownerId: number, addresses: readonly string[]): Promise<UserEmailRecord[]> {
  if (addresses.length === 0) return [];
  const rows: UserEmailRecord[] = [];
  for (let start = 0; start < addresses.length; start += ORDER_BATCH) {
    rows.push(...await db.selectFrom('user_emails').selectAll().where('owner_id', '=', ownerId)
      .where('address', 'in', addresses.slice(start, start + ORDER_BATCH)).orderBy('id').execute());
  }
  return open(db, rows);
}

/**
 * Adds mailboxes, or updates the one of the same address (its `used` mark stays): the identity is
 * the address. Passwords are sealed. Within one call the last of a repeated address wins.
 * Call inside a transaction when several must be all or nothing.
 */
export async function upsertEmails(db: Kysely<DB>, ownerId: number, emails: readonly UserEmailBody[]): Promise<void> {
  const box = secretBoxOf(db);
  const byAddress = new Map(emails.map((email) => [email.address, email]));
  const now = Date.now();
  const values = [...byAddress.values()].map((email) => ({
    owner_id: ownerId, created_at: now, address: email.address, login: email.login, password: box.seal(email.password),
    server: email.server, port: email.port, protocol: email.protocol, ssl: Number(email.ssl), start_tls: Number(email.startTls),
    allow_self_signed: Number(email.allowSelfSigned), check_spam_folder: Number(email.checkSpamFolder), spam_folder_name: email.spamFolderName,
  }));
  for (let start = 0; start < values.length; start += ORDER_BATCH) {
    await db.insertInto('user_emails').values(values.slice(start, start + ORDER_BATCH))
      .onConflict((conflict) => conflict.columns(['owner_id', 'address']).doUpdateSet((eb) => ({
        login: eb.ref('excluded.login'), password: eb.ref('excluded.password'), server: eb.ref('excluded.server'),
        port: eb.ref('excluded.port'), protocol: eb.ref('excluded.protocol'), ssl: eb.ref('excluded.ssl'),
        start_tls: eb.ref('excluded.start_tls'), allow_self_signed: eb.ref('excluded.allow_self_signed'),
        check_spam_folder: eb.ref('excluded.check_spam_folder'), spam_folder_name: eb.ref('excluded.spam_folder_name'),
      })))
      .execute();
  }
}

/** Deletes the user's mailboxes with these addresses; answers the addresses deleted. */
export async function deleteEmails(db: Kysely<DB>, ownerId: number, addresses: readonly string[]): Promise<string[]> {
  const deleted: string[] = [];
  for (let start = 0; start < addresses.length; start += ORDER_BATCH) {
    const rows = await db.deleteFrom('user_emails').where('owner_id', '=', ownerId)
      .where('address', 'in', addresses.slice(start, start + ORDER_BATCH)).returning('address').execute();
    deleted.push(...rows.map((row) => row.address));
  }
  return deleted;
}

/**
 * Takes the user's oldest unused mailbox and marks it used (compare-and-set, so two callers never
 * take the same one); undefined when none is left.
 */
export async function takeUnusedEmail(db: Kysely<DB>, ownerId: number): Promise<UserEmailRecord | undefined> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const next = await db.selectFrom('user_emails').selectAll().where('owner_id', '=', ownerId).where('used', '=', 0)
      .where('address', 'not like', '%*%').where('address', 'not like', '%{%').orderBy('id').limit(1).executeTakeFirst();
    if (!next) return undefined;
    const taken = await db.updateTable('user_emails').set({ used: 1 }).where('id', '=', next.id).where('used', '=', 0).executeTakeFirst();
    if (Number(taken.numUpdatedRows) === 1) return open(db, [{ ...next, used: 1 }])[0];
  }
  return undefined;
}

/** The user's catch-all mailbox (an address pattern with `*` or spintax, shared isCatchAllAddress), oldest first. */
export async function findCatchAll(db: Kysely<DB>, ownerId: number): Promise<UserEmailRecord | undefined> {
  const rows = await db.selectFrom('user_emails').selectAll().where('owner_id', '=', ownerId)
    .where((eb) => eb.or([eb('address', 'like', '%*%@%'), eb('address', 'like', '%{%|%}%@%')])).orderBy('id').execute();
  return open(db, rows).find((row) => isCatchAllAddress(row.address));
}
