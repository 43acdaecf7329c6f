import { sql, type Kysely } from 'kysely';
import { normaliseSiteUrl } from '@linkloom/shared';
import type { DB } from '../../platform/db/schema';

/**
 * Dofollow as measured, per host: of the user's published links whose backlink check found them
 * (OK = followed, NOFOLLOW = present but not followed), the share that were followed. A host
 * without any verified link is absent (the lists show null). Output links carry the site they
 * were posted on (url_items.site); sites are summed by host, so `example.com` and
 * `https://example.com/` count together.
 */
export async function dofollowShareByHost(db: Kysely<DB>, ownerId: number): Promise<Map<string, number>> {
  // Through the user's link sets, so each set's checked links are an index range
  // (url_items_check_idx: url_list_id, check_status), never a scan of every link the user has.
  const rows = await db
    .selectFrom('url_items')
    .select((eb) => [
      'site',
      eb.fn.countAll<number | string>().as('verified'),
      eb.fn.sum<number | string>(sql`case when check_status = 'OK' then 1 else 0 end`).as('followed'),
    ])
    .where('url_list_id', 'in', (eb) => eb.selectFrom('url_lists').select('id').where('owner_id', '=', ownerId))
    .where('check_status', 'in', ['OK', 'NOFOLLOW'])
    .where('owner_id', '=', ownerId)
    .where('site', 'is not', null)
    .groupBy('site')
    .execute();
  const byHost = new Map<string, { verified: number; followed: number }>();
  for (const row of rows) {
    const host = row.site === null ? null : normaliseSiteUrl(row.site)?.host;
    if (!host) continue;
    const sum = byHost.get(host) ?? { verified: 0, followed: 0 };
    sum.verified += Number(row.verified);
    sum.followed += Number(row.followed);
    byHost.set(host, sum);
  }
  return new Map([...byHost].map(([host, sum]) => [host, sum.followed / sum.verified]));
}

/** The host of a stored site address (private sites may be bare host names), lower-case. */
export function hostOf(siteUrl: string): string {
  return normaliseSiteUrl(siteUrl)?.host ?? siteUrl.toLowerCase();
}
