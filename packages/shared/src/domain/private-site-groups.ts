/**
 * The private network screen's grid groups its sites by module, then by platform (spec 1 section 2).
 * Grouping is pure so the screen stays a thin view and the rule is unit-tested.
 */
import { MODULES } from '../constants/modules';
import { PLATFORM_UNKNOWN } from './private-site-lines';

export interface GroupableSite {
  group: string;
  platform: string;
}

export interface PlatformGroup<T> {
  key: string;
  platform: string;
  sites: T[];
}

export interface ModuleGroup<T> {
  key: string;
  module: string;
  /** The module's display name (Private → Private Blog); unknown modules show their id. */
  label: string;
  count: number;
  platforms: PlatformGroup<T>[];
}

/** The display name of a module id. */
export function moduleLabel(module: string): string {
  return (MODULES as Record<string, string>)[module] ?? module;
}

// Known platforms in name order; Unknown (not verified yet) comes last.
function comparePlatforms(a: string, b: string): number {
  if (a === b) return 0;
  if (a === PLATFORM_UNKNOWN) return 1;
  if (b === PLATFORM_UNKNOWN) return -1;
  return a.localeCompare(b);
}

/**
 * Groups sites by module (ordered by display name), then platform; sites keep their order inside
 * a group. Keys are stable (`m:Private`, `m:Private/p:WordPress`) so expanded state survives reloads.
 */
export function groupByModuleAndPlatform<T extends GroupableSite>(sites: readonly T[]): ModuleGroup<T>[] {
  const modules = new Map<string, Map<string, T[]>>();
  for (const site of sites) {
    let platforms = modules.get(site.group);
    if (!platforms) modules.set(site.group, (platforms = new Map()));
    let list = platforms.get(site.platform);
    if (!list) platforms.set(site.platform, (list = []));
    list.push(site);
  }
  return [...modules.entries()]
    .map(([module, platforms]) => {
      const key = `m:${module}`;
      const groups = [...platforms.entries()]
        .sort(([a], [b]) => comparePlatforms(a, b))
        .map(([platform, list]) => ({ key: `${key}/p:${platform}`, platform, sites: list }));
      return { key, module, label: moduleLabel(module), count: groups.reduce((n, g) => n + g.sites.length, 0), platforms: groups };
    })
    .sort((a, b) => a.label.localeCompare(b.label));
}

/** Every group key of a grouping: what Expand opens (Collapse closes them all). */
export function allGroupKeys<T extends GroupableSite>(groups: readonly ModuleGroup<T>[]): string[] {
  return groups.flatMap((group) => [group.key, ...group.platforms.map((p) => p.key)]);
}
