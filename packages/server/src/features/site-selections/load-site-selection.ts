import type { Kysely } from 'kysely';
import {
  platformPairKey, siteKey, sortPlatformPairs, type PlatformPair, type PlatformRow, type SiteListEntry, type SiteSelectionResponse,
} from '@linkloom/shared';
import type { DB } from '../../platform/db/schema';
import { listUserSites } from '../private-networks/list-user-sites';
import { getSiteSelection, selectedPlatformsOf, selectedSitesOf } from './site-selections.repository';
import {
  presentSelectedPlatform, presentSelectedSite, presentSiteRow, presentSiteSelection,
} from './site-selections.presenter';

/**
 * The platforms a Condition selection lists: each module and platform pair the user's sites have,
 * with how many, and each ticked pair (ticked for sites to come, or whose sites went); the editor
 * adds the others on demand (domain/selection-platforms.ts). Ordered by module, then platform.
 */
export function platformChoices(sites: readonly SiteListEntry[], ticked: readonly PlatformPair[]): (PlatformPair & { sites: number })[] {
  const pairs = new Map<string, PlatformPair & { sites: number }>();
  for (const site of sites) {
    const key = platformPairKey(site);
    const pair = pairs.get(key) ?? { module: site.module, platform: site.platform, sites: 0 };
    pair.sites += 1;
    pairs.set(key, pair);
  }
  for (const pair of ticked) if (!pairs.has(platformPairKey(pair))) pairs.set(platformPairKey(pair), { module: pair.module, platform: pair.platform, sites: 0 });
  return sortPlatformPairs([...pairs.values()]);
}

/**
 * GET /rest/site_selections/{id}: the selection, every site of the user (custom and private) as
 * site-grid rows ticked when selected, the platforms ticked when selected, and both tick lists in
 * the spec's shapes (ticks of sites deleted since are left out). Another user's id answers 404.
 */
export async function loadSiteSelection(db: Kysely<DB>, ownerId: number, id: number): Promise<SiteSelectionResponse> {
  const selection = await getSiteSelection(db, ownerId, id);
  const [sites, selectedSites, selectedPlatforms] = await Promise.all([
    listUserSites(db, ownerId, undefined), selectedSitesOf(db, id), selectedPlatformsOf(db, id),
  ]);
  // Ticks of sites deleted since the save are not shown (the next save drops them).
  const existing = new Set(sites.map((entry) => siteKey(entry.id)));
  const stillThere = selectedSites.filter((row) => existing.has(siteKey({ module: row.module, siteId: row.site_id })));
  const ticked = new Set(stillThere.map((row) => siteKey({ module: row.module, siteId: row.site_id })));
  const tickedPlatforms = new Set(selectedPlatforms.map(platformPairKey));
  const platforms: PlatformRow[] = platformChoices(sites, selectedPlatforms)
    .map((pair) => ({ ...pair, checked: tickedPlatforms.has(platformPairKey(pair)) }));
  return {
    siteSelection: presentSiteSelection(selection),
    sites: sites.map((entry) => presentSiteRow(entry, ticked.has(siteKey({ module: entry.id.module, siteId: entry.id.siteId })))),
    selectedSites: stillThere.map((row) => presentSelectedSite(id, row)),
    platforms,
    selectedPlatforms: selectedPlatforms.map((row) => presentSelectedPlatform(id, row)),
  };
}
