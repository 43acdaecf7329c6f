import type { Kysely, Selectable } from 'kysely';
import type { DB } from '../../platform/db/schema';
import { secretBoxOf } from '../../platform/crypto/database-secrets';
import { countProfileAccounts, upsertAccounts } from '../seams';
import type { AccountRegistrationsTable } from '../runner/engine.tables';
import type { PostRow } from '../runner/runs.repository';
import type { RegistrationIdentity } from './registration-identity';

type Db = Kysely<DB>;

/** A registration as the job uses it: the login password opened. */
export type Registration = Omit<Selectable<AccountRegistrationsTable>, 'password'> & { password: string };

function opened(db: Db, row: Selectable<AccountRegistrationsTable>): Registration {
  return { ...row, password: secretBoxOf(db).open(row.password) };
}

/** The registration of an engine_posts row, if its identity was chosen already. */
export async function findRegistration(db: Db, postId: number): Promise<Registration | undefined> {
  const row = await db.selectFrom('account_registrations').selectAll().where('post_id', '=', postId).executeTakeFirst();
  return row ? opened(db, row) : undefined;
}

/**
 * Writes the identity of a registration once (the first job to get here wins: a later one reads
 * it back), together with the taking of its address when `takeAddress` takes one (LIST: the email
 * manager's next unused mailbox, marked used in the same transaction). Answers the stored
 * registration, or the reason there is no address to register with.
 */
export async function chooseRegistration(
  db: Db, post: PostRow, identity: RegistrationIdentity, takeAddress: (trx: Db) => Promise<string | { error: string }>,
): Promise<Registration | { error: string }> {
  const existing = await findRegistration(db, post.id);
  if (existing) return existing;
  const now = Date.now();
  const box = secretBoxOf(db);
  const chosen = await db.transaction().execute(async (trx) => {
    const address = await takeAddress(trx);
    if (typeof address !== 'string') return address;
    await trx.insertInto('account_registrations').values({
      owner_id: post.owner_id, post_id: post.id, username: identity.username, email: address, password: box.seal(identity.password),
      first_name: identity.firstName, last_name: identity.lastName, blog_title: identity.blogTitle, blog_name: identity.blogName, bio: identity.bio,
      account_id: null, created_at: now, updated_at: now,
    }).onConflict((oc) => oc.column('post_id').doNothing()).execute();
    return undefined;
  });
  if (chosen) return chosen;
  return (await findRegistration(db, post.id))!;
}

/**
 * Commits the attempt BEFORE the site is called (the idempotency rule of posting): the post
 * `publishing` with its attempt counted, while it is still this job's open post. False when a
 * Stop or another job took it meanwhile.
 */
export async function beginRegistering(db: Db, post: PostRow, jobId: string, accountEmail: string): Promise<boolean> {
  const marked = await db.updateTable('engine_posts')
    .set((eb) => ({ state: 'publishing', attempts: eb('attempts', '+', 1), account_email: accountEmail, start_after: null, updated_at: Date.now() }))
    .where('id', '=', post.id).where('job_id', '=', jobId).where('state', 'in', ['planned', 'publishing'])
    .executeTakeFirst();
  return Number(marked.numUpdatedRows) === 1;
}

/** "User name taken": the next suffix and its user name, written before the next attempt. */
export async function takeNextSuffix(db: Db, registration: Registration, username: string): Promise<void> {
  await db.updateTable('account_registrations').set({ suffix: registration.suffix + 1, username, updated_at: Date.now() })
    .where('id', '=', registration.id).where('suffix', '=', registration.suffix).execute();
}

/** The account as the profile stores it: the site, the address, the user name and the password posting uses. */
export interface RegisteredAccount {
  siteName: string;
  email: string;
  username: string;
  /** WordPress: the new user's application password (what posting signs in with); MediaWiki: the login password. */
  password: string;
}

class AlreadyRecorded extends Error {}

/**
 * A registration that now exists on its site, recorded in ONE transaction: the account in the
 * project's profile (sealed password; an account of the same site and address is updated), the
 * post `published` (only from publishing: recorded once), the run's count, the registration's
 * account. Answers the profile's new total, or undefined when it was recorded already.
 */
export async function recordRegistered(
  db: Db, post: PostRow, profileId: number, registration: Registration, account: RegisteredAccount,
): Promise<{ total: number; created: boolean } | undefined> {
  const now = Date.now();
  return db.transaction().execute(async (trx) => {
    const existed = await trx.selectFrom('accounts').select('id')
      .where('profile_id', '=', profileId).where('site_name', '=', account.siteName).where('email', '=', account.email).executeTakeFirst();
    const [accountId] = await upsertAccounts(trx, post.owner_id, profileId, [account]);
    const marked = await trx.updateTable('engine_posts')
      .set({ state: 'published', remote_url: account.siteName, remote_id: account.username, last_error: null, job_id: null, updated_at: now })
      .where('id', '=', post.id).where('state', '=', 'publishing').executeTakeFirst();
    if (Number(marked.numUpdatedRows) !== 1) throw new AlreadyRecorded();
    await trx.updateTable('project_runs').set((eb) => ({ posts_done: eb('posts_done', '+', 1) })).where('id', '=', post.run_id).execute();
    await trx.updateTable('account_registrations').set({ account_id: accountId ?? null, updated_at: now }).where('id', '=', registration.id).execute();
    return { total: await countProfileAccounts(trx, profileId), created: existed === undefined };
  }).catch((error: unknown) => {
    if (error instanceof AlreadyRecorded) return undefined;
    throw error;
  });
}
