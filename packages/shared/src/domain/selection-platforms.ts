/**
 * The platform choices of a site selection by platforms (Condition, spec 2 §2). The editor lists the
 * module and platform pairs the user's sites have, each with how many sites, and the pairs already
 * ticked; "Show platforms without sites" adds every other pair a site could have: each module a
 * site can belong to with the platforms that publish its work, and Unknown (a selection by
 * platform also takes sites added later). Listing all of them at once buried six sites under
 * thirty rows (issue 39).
 */
import { CUSTOM_SITE_MODULES } from '../schemas/custom-sites';
import { PRIVATE_MODULES } from '../schemas/private-networks';
import { platformsFor } from './publishing-platforms';

export interface PlatformPair {
  module: string;
  platform: string;
}

/** The key of a platform of a module, as the editor keeps its ticks. */
export const platformPairKey = (pair: PlatformPair) => `${pair.module}\u0000${pair.platform}`;

/** The pair a key of platformPairKey names. */
export function platformPairOfKey(key: string): PlatformPair {
  const at = key.indexOf('\u0000');
  return { module: key.slice(0, at), platform: key.slice(at + 1) };
}

/** Every pair a site could have, ordered by module, then platform. */
export function everyPlatformPair(): PlatformPair[] {
  const pairs: PlatformPair[] = [];
  for (const module of [...CUSTOM_SITE_MODULES, ...PRIVATE_MODULES]) {
    for (const platform of [...platformsFor(module), 'Unknown']) pairs.push({ module, platform });
  }
  return sortPlatformPairs(pairs);
}

export function sortPlatformPairs<T extends PlatformPair>(pairs: T[]): T[] {
  return pairs.sort((a, b) => a.module.localeCompare(b.module) || a.platform.localeCompare(b.platform));
}

/**
 * The rows the editor shows: `listed` (the server's: pairs with sites, and ticked ones), plus with
 * `withoutSites` every other possible pair, with no site and unticked.
 */
export function shownPlatformRows<T extends PlatformPair & { sites?: number; checked: boolean }>(
  listed: readonly T[], withoutSites: boolean,
): (PlatformPair & { sites: number; checked: boolean })[] {
  const rows = new Map(listed.map((row) => [platformPairKey(row), { module: row.module, platform: row.platform, sites: row.sites ?? 0, checked: row.checked }]));
  if (withoutSites) {
    for (const pair of everyPlatformPair()) {
      if (!rows.has(platformPairKey(pair))) rows.set(platformPairKey(pair), { ...pair, sites: 0, checked: false });
    }
  }
  return sortPlatformPairs([...rows.values()]);
}
