/**
 * What the module conventions read and write (issue 37 items 3–4): a post's project module, the
 * identity of the account that writes it, and a profile's intent taken over from an ended post.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema';
import { perDatabase } from '../runner/memo';
import { siteHost } from '../runner/publish-target';
import type { AuthorIdentity } from './author-text';

type Db = Kysely<DB>;

/** A running project's module cannot change (its form is locked while it runs): read once per run and period. */
const modules = perDatabase<number, string | undefined>(5_000, 500);

/** The module of the post's project (undefined when the project is gone). */
export function projectModuleOf(db: Db, post: { owner_id: number; project_id: number; run_id: number }): Promise<string | undefined> {
  return modules(db).get(post.run_id, async () => (await db.selectFrom('projects').select('module')
    .where('id', '=', post.project_id).where('owner_id', '=', post.owner_id).executeTakeFirst())?.module);
}

/**
 * Who the profile's account for the site is: the names and bio LinkLoom chose when it registered
 * the account (account creation, account_registrations), else its user name alone.
 */
export async function authorIdentity(
  db: Db, ownerId: number, account: { profileId: number | null; siteUrl: string; email: string | null; username: string },
): Promise<AuthorIdentity> {
  const fallback: AuthorIdentity = { name: displayName(account.username), firstName: displayName(account.username), bio: '' };
  if (account.profileId === null || account.email === null) return fallback;
  const host = siteHost(account.siteUrl);
  const rows = await db.selectFrom('accounts').select(['id', 'site_name'])
    .where('owner_id', '=', ownerId).where('profile_id', '=', account.profileId).where('email', '=', account.email).execute();
  const ids = rows.filter((row) => siteHost(row.site_name) === host).map((row) => row.id);
  if (ids.length === 0) return fallback;
  const registration = await db.selectFrom('account_registrations').select(['first_name', 'last_name', 'bio'])
    .where('owner_id', '=', ownerId).where('account_id', 'in', ids).orderBy('id', 'desc').executeTakeFirst();
  if (!registration) return fallback;
  const first = registration.first_name.trim();
  const name = [first, registration.last_name.trim()].filter(Boolean).join(' ');
  return { name: name || fallback.name, firstName: first || name || fallback.firstName, bio: registration.bio.trim() };
}

/** A user name as a name in a sentence: `anna_lee` → `Anna Lee`, a bot password's `Anna@app` → `Anna`. */
export function displayName(username: string): string {
  const base = username.split('@')[0]!.replace(/[._-]+/g, ' ').replace(/\d+$/, '').trim() || username;
  return base.replace(/\b\p{Ll}/gu, (letter) => letter.toUpperCase());
}

/**
 * Takes a profile's intent over from a post of ours that ended without it (failed or cancelled):
 * its recorded name is let go, so this post can record it. True when one was let go.
 */
export async function releaseEndedIntent(db: Db, site: string, name: string, postId: number): Promise<boolean> {
  const released = await db.updateTable('engine_posts').set({ intent_name: null, intent_site: null })
    .where('intent_site', '=', site).where('intent_name', '=', name).where('id', '<>', postId).where('state', 'in', ['failed', 'cancelled'])
    .executeTakeFirst();
  return Number(released.numUpdatedRows) > 0;
}
