import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema';

type Db = Kysely<DB>;

/** An account of a profile as Verify mail reads it. */
export interface AccountToVerify {
  id: number;
  site_name: string;
  email: string;
  verified_at: number | null;
  verify_mail_uid: string | null;
}

/** The profile's accounts, oldest first, at most `limit`: what one pass looks at. */
export function accountsToVerify(db: Db, ownerId: number, profileId: number, limit: number): Promise<AccountToVerify[]> {
  return db.selectFrom('accounts').select(['id', 'site_name', 'email', 'verified_at', 'verify_mail_uid'])
    .where('owner_id', '=', ownerId).where('profile_id', '=', profileId).orderBy('id').limit(limit).execute();
}

/** Verify mail followed the account's confirmation link: it is verified (POP3: the handled mail's UIDL kept for its deletion). */
export async function markVerified(db: Db, ownerId: number, accountId: number, at: number, pop3Uid: string | undefined): Promise<void> {
  await db.updateTable('accounts').set({ verified_at: at, verify_mail_uid: pop3Uid ?? null })
    .where('id', '=', accountId).where('owner_id', '=', ownerId).execute();
}

/** The handled POP3 mails of these accounts are gone: nothing left to delete for them. */
export async function forgetHandledMail(db: Db, ownerId: number, accountIds: readonly number[]): Promise<void> {
  if (accountIds.length === 0) return;
  await db.updateTable('accounts').set({ verify_mail_uid: null }).where('owner_id', '=', ownerId).where('id', 'in', accountIds).execute();
}
