import type { Kysely } from 'kysely';
import { blockingDomainsOf } from '@linkloom/shared';
import type { DB } from '../../platform/db/schema';

// 3 bound values per row.
const ROWS_PER_STATEMENT = 1000;

/** The user's blocked domains, sorted. */
export async function listBlockedSites(db: Kysely<DB>, ownerId: number): Promise<string[]> {
  const rows = await db.selectFrom('blocked_sites').select('domain').where('owner_id', '=', ownerId).orderBy('domain').execute();
  return rows.map((row) => row.domain);
}

/** Adds domains (already normalised); those already blocked are skipped. Answers the ones added. */
export async function addBlockedSites(db: Kysely<DB>, ownerId: number, domains: readonly string[]): Promise<string[]> {
  const now = Date.now();
  const added: string[] = [];
  for (let start = 0; start < domains.length; start += ROWS_PER_STATEMENT) {
    const values = domains.slice(start, start + ROWS_PER_STATEMENT).map((domain) => ({ owner_id: ownerId, domain, created_at: now }));
    const rows = await db.insertInto('blocked_sites').values(values)
      .onConflict((oc) => oc.columns(['owner_id', 'domain']).doNothing())
      .returning('domain').execute();
    added.push(...rows.map((row) => row.domain));
  }
  return added;
}

/** Deletes the user's blocked sites with these ids (domains); answers the ids that went. */
export async function deleteBlockedSites(db: Kysely<DB>, ownerId: number, domains: readonly string[]): Promise<string[]> {
  const rows = await db.deleteFrom('blocked_sites')
    .where('owner_id', '=', ownerId).where('domain', 'in', [...new Set(domains)])
    .returning('domain').execute();
  return rows.map((row) => row.domain).sort();
}

/** Is this URL on one of the user's blocked sites (the domain or a subdomain of it)? */
export async function isBlockedSite(db: Kysely<DB>, ownerId: number, url: string): Promise<boolean> {
  const candidates = blockingDomainsOf(url);
  if (candidates.length === 0) return false;
  const row = await db.selectFrom('blocked_sites').select('id')
    .where('owner_id', '=', ownerId).where('domain', 'in', candidates).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** All of the user's blocked domains at once, for checking many sites with `isBlockedBy`. */
export async function blockedDomains(db: Kysely<DB>, ownerId: number): Promise<Set<string>> {
  return new Set(await listBlockedSites(db, ownerId));
}
