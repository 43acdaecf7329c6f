import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../src/platform/db/schema';
import { buildCampaign } from './factories';

export interface TestLinkSet {
  id: number;
  name: string;
  campaignId: number;
  campaignName: string;
}

/** A link set of the user, in the given campaign or in a new one, holding `links` when given. */
export async function buildLinkSet(
  db: Kysely<DB>,
  overrides: { ownerId: number; campaignId?: number; name?: string; links?: TestLink[] },
): Promise<TestLinkSet> {
  const campaign = overrides.campaignId === undefined
    ? await buildCampaign(db, { ownerId: overrides.ownerId })
    : await db.selectFrom('campaigns').select(['id', 'name']).where('id', '=', overrides.campaignId).executeTakeFirstOrThrow();
  const name = overrides.name ?? `Links ${randomBytes(3).toString('hex')}`;
  const row = await db.insertInto('url_lists')
    .values({ owner_id: overrides.ownerId, campaign_id: campaign.id, name, created_at: Date.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (overrides.links) await buildLinks(db, { ownerId: overrides.ownerId, urlListId: row.id }, overrides.links);
  return { id: row.id, name, campaignId: campaign.id, campaignName: campaign.name };
}

export interface TestLink {
  url: string;
  /** Empty when not given. */
  anchor?: string;
  linksOnPage?: number | null;
  site?: string | null;
  username?: string | null;
  password?: string | null;
  pr?: number | null;
  dateAdded?: number;
  /** Backlink check fields (engine/verify); never checked when not given. */
  checkStatus?: string;
  checkInfo?: string | null;
  checkedAt?: number | null;
}

/** Links written straight to the table (`count` numbered ones when no list is given); their ids in order. */
export async function buildLinks(
  db: Kysely<DB>,
  target: { ownerId: number; urlListId: number },
  links: TestLink[] | number,
): Promise<number[]> {
  const list: TestLink[] = typeof links === 'number'
    ? Array.from({ length: links }, (_, i) => ({ url: `https://site${i + 1}.test/page`, anchor: `Anchor ${i + 1}` }))
    : links;
  const ids: number[] = [];
  for (let start = 0; start < list.length; start += 200) {
    const rows = await db.insertInto('url_items').values(list.slice(start, start + 200).map((link) => ({
      owner_id: target.ownerId, url_list_id: target.urlListId, created_at: Date.now(),
      url: link.url, anchor: link.anchor ?? '', links_on_page: link.linksOnPage ?? null, site: link.site ?? null,
      username: link.username ?? null, password: link.password ?? null, pr: link.pr ?? null,
      date_added: link.dateAdded ?? Date.now(),
      // Every row names every column: SQLite fills a column missing from some rows of one insert with null.
      check_status: link.checkStatus ?? 'NONE', check_info: link.checkInfo ?? null, checked_at: link.checkedAt ?? null,
    }))).returning('id').execute();
    ids.push(...rows.map((row) => row.id));
  }
  return ids;
}

/** The links of a link set as stored, in id order. */
export async function storedLinks(db: Kysely<DB>, urlListId: number) {
  return db.selectFrom('url_items').selectAll().where('url_list_id', '=', urlListId).orderBy('id').execute();
}
