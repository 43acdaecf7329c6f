import type { Kysely } from 'kysely';
import { INDEXNOW_ENGINES, isDofollowShare, siteKey, type ProjectKind, type SiteRow, type SiteListEntry } from '@linkloom/shared';
import type { DB } from '../../platform/db/schema';
import { inBatches } from '../../platform/db/batches';
import { listPostingSites, listUserSites } from '../private-networks/list-user-sites';
import { networkSiteEntriesAfter, type PrivateSiteEntryRow } from '../private-networks/private-sites.repository';
import type { ProjectSiteState } from './project-sites.repository';

/** A site a project may use, before the project's own tick, status and progress are added. */
export type SiteSource = Omit<SiteRow, 'checked' | 'status' | 'waitInfo'>;

function fromSiteList(entry: SiteListEntry): SiteSource {
  const id = { module: entry.id.module, siteId: entry.id.siteId };
  return {
    key: siteKey(id), id, module: id.module, platform: entry.platform, siteUrl: entry.siteUrl, email: '', pr: entry.pr, dofollow: isDofollowShare(entry.dofollow),
    // Premium custom sites: the grid shows them as their own group, first.
    ...(entry.premium ? { premium: true } : {}),
  };
}

function fromPrivateSite(row: PrivateSiteEntryRow): SiteSource {
  const id = { siteId: row.id, email: row.email };
  return { key: siteKey(id), id, module: row.module, platform: row.platform, siteUrl: row.site_url, email: row.email, pr: null, dofollow: null };
}

/** The IndexNow endpoints as the site rows of an indexer project. */
const INDEXER_SITES: readonly SiteSource[] = INDEXNOW_ENGINES.map((engine) => {
  const id = { module: 'Indexer', siteId: engine.siteId };
  return { key: siteKey(id), id, module: 'Indexer', platform: 'IndexNow', siteUrl: engine.siteUrl, email: '', pr: null, dofollow: null };
});

/** The sites of one of the user's private networks (none for another user's), read in batches. */
export async function privateNetworkSites(db: Kysely<DB>, ownerId: number, networkId: number): Promise<SiteSource[]> {
  const sites: SiteSource[] = [];
  for await (const batch of inBatches(networkSiteEntriesAfter(db, ownerId, networkId), 5000)) sites.push(...batch.map(fromPrivateSite));
  return sites;
}

/**
 * The sites a project may tick, by kind: posting projects the user's sites of their module and
 * the custom sites of other modules whose platform publishes their posts too (shown under their
 * own module; see ownSiteServesModule), account creation projects all the user's sites, private
 * projects the sites of the chosen private network (none before one is chosen), indexer projects
 * the IndexNow endpoints.
 */
export async function availableSites(
  db: Kysely<DB>, ownerId: number, project: { kind: ProjectKind; module: string; privateNetworkId: number | null },
): Promise<SiteSource[]> {
  switch (project.kind) {
    case 'postingproject': return (await listPostingSites(db, ownerId, project.module)).map(fromSiteList);
    case 'acproject': return (await listUserSites(db, ownerId, undefined)).map(fromSiteList);
    case 'privateproject': return project.privateNetworkId === null ? [] : privateNetworkSites(db, ownerId, project.privateNetworkId);
    case 'indexerproject': return [...INDEXER_SITES];
  }
}

const UNTOUCHED: ProjectSiteState = { checked: false, status: 'NONE', waitInfo: null };

/** The grid's rows: each site with what the project holds about it (unticked, NONE when nothing). */
export function siteRows(sources: readonly SiteSource[], states: ReadonlyMap<string, ProjectSiteState>): SiteRow[] {
  return sources.map((source) => ({ ...source, ...(states.get(source.key) ?? UNTOUCHED) }));
}
