import type { Kysely } from 'kysely';
import {
  CUSTOM_SITE_MODULES, PRIVATE_MODULES, platformsFor, siteKey, type PlatformRow, type SiteListEntry, type SiteSelectionResponse,
} from '@linkloom/shared';
import type { DB } from '../../platform/db/schema';
import { listUserSites } from '../private-networks/list-user-sites';
import { getSiteSelection, selectedPlatformsOf, selectedSitesOf } from './site-selections.repository';
import {
  presentSelectedPlatform, presentSelectedSite, presentSiteRow, presentSiteSelection,
} from './site-selections.presenter';

const platformKey = (module: string, platform: string) => `${module}\u0000${platform}`;

/**
 * The platforms a Condition selection can tick: every module a site can belong to with each
 * platform that publishes that module's work and Unknown (a selection by platform also takes sites
 * added later), plus any other pair the user's sites have. Ordered by module, then platform.
 */
export function platformChoices(sites: readonly SiteListEntry[]): { module: string; platform: string }[] {
  const pairs = new Map<string, { module: string; platform: string }>();
  for (const module of [...CUSTOM_SITE_MODULES, ...PRIVATE_MODULES]) {
    for (const platform of [...platformsFor(module), 'Unknown']) pairs.set(platformKey(module, platform), { module, platform });
  }
  for (const site of sites) pairs.set(platformKey(site.module, site.platform), { module: site.module, platform: site.platform });
  return [...pairs.values()].sort((a, b) => a.module.localeCompare(b.module) || a.platform.localeCompare(b.platform));
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
  const tickedPlatforms = new Set(selectedPlatforms.map((row) => platformKey(row.module, row.platform)));
  const platforms: PlatformRow[] = platformChoices(sites)
    .map((pair) => ({ ...pair, checked: tickedPlatforms.has(platformKey(pair.module, pair.platform)) }));
  return {
    siteSelection: presentSiteSelection(selection),
    sites: sites.map((entry) => presentSiteRow(entry, ticked.has(siteKey({ module: entry.id.module, siteId: entry.id.siteId })))),
    selectedSites: stillThere.map((row) => presentSelectedSite(id, row)),
    platforms,
    selectedPlatforms: selectedPlatforms.map((row) => presentSelectedPlatform(id, row)),
  };
}
