/**
 * The project screens' site grid (spec 1 §2 "Project screens (common)"): grouping, counts, filters
 * and the flat list a virtualised view renders. Pure and O(n) so 20,000 sites stay smooth; the
 * screen only keeps state and draws.
 */
import type { SiteStatus } from '../constants/project-options';
import type { SiteRow } from '../schemas/project-screen';
import { moduleLabel } from './private-site-groups';

/** The spec's delay before the grid's counts follow a change (spec 1 §9: 200 ms). */
export const SITE_GRID_COUNT_DEBOUNCE_MS = 200;

/** Posting and account creation grids group by module, then platform; private and indexer grids by platform. */
export const SITE_GROUPINGS = ['module-platform', 'platform'] as const;
export type SiteGrouping = (typeof SITE_GROUPINGS)[number];

/** A group of the grid; module groups hold platform groups, and every group holds its rows. */
export interface SiteGroup {
  /** Stable across reloads and filters (`g:SocialNetwork`, `g:SocialNetwork/WordPress`, `g:/WordPress`). */
  key: string;
  /** What the header shows: the module's display name or the platform. */
  name: string;
  /** 0 for top-level groups, 1 for platforms inside a module. */
  level: number;
  /** Every row of the group (of its sub-groups too), in input order. */
  rows: SiteRow[];
  /** Platform groups of a module group; empty for a leaf group. */
  children: SiteGroup[];
}

/** What the grid's toolbar shows. */
export interface SiteCounts {
  selected: number;
  total: number;
  successful: number;
  failed: number;
}

/** The toolbar's filters; none of them changes the selection. */
export interface SiteFilter {
  selection: 'all' | 'selected' | 'unselected';
  /** Only rows with this status; null or absent: any. */
  status?: SiteStatus | null;
  /** Only rows whose DA is at least this; null or absent: any. A row without a DA never passes a DA filter. */
  minDa?: number | null;
}

export const NO_SITE_FILTER: SiteFilter = { selection: 'all', status: null, minDa: null };

/** One line of the virtual list: a group header or a site. */
export type SiteGridItem =
  | { kind: 'group'; key: string; group: SiteGroup; level: number; collapsed: boolean }
  | { kind: 'site'; key: string; row: SiteRow; level: number };

/** The tri-state of a group checkbox. */
export type CheckState = 'all' | 'some' | 'none';

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

// Groups ordered by name; equal names (different ids, same label) by key so the order never flips.
function byName(a: SiteGroup, b: SiteGroup): number {
  return collator.compare(a.name, b.name) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
}

/** Shown for a site whose platform is not known yet. */
const NO_PLATFORM = 'Unknown';

function bucket(map: Map<string, SiteGroup>, key: string, name: string, level: number): SiteGroup {
  let group = map.get(key);
  if (!group) map.set(key, (group = { key, name, level, rows: [], children: [] }));
  return group;
}

/** The group of premium custom sites (custom_sites.premium), shown before every other group. */
export const PREMIUM_SITE_GROUP = { key: 'g:premium', name: 'Premium sites' } as const;

function groupRows(rows: readonly SiteRow[], grouping: SiteGrouping, prefix: string, level: number): SiteGroup[] {
  const top = new Map<string, SiteGroup>();
  if (grouping === 'platform') {
    for (const row of rows) {
      const platform = row.platform || NO_PLATFORM;
      bucket(top, `${prefix}/${platform}`, platform, level).rows.push(row);
    }
    return [...top.values()].sort(byName);
  }
  const platforms = new Map<string, SiteGroup>();
  for (const row of rows) {
    const moduleKey = `${prefix}${row.module}`;
    const parent = bucket(top, moduleKey, moduleLabel(row.module), level);
    parent.rows.push(row);
    const platform = row.platform || NO_PLATFORM;
    const platformKey = `${moduleKey}/${platform}`;
    const before = platforms.size;
    const child = bucket(platforms, platformKey, platform, level + 1);
    if (platforms.size > before) parent.children.push(child);
    child.rows.push(row);
  }
  const groups = [...top.values()].sort(byName);
  for (const group of groups) group.children.sort(byName);
  return groups;
}

/**
 * Groups rows by platform, or by module (display name from MODULES) and then platform. Groups are
 * ordered by name, rows keep their input order. Premium rows (premium custom sites) come first, in
 * their own top group ({@link PREMIUM_SITE_GROUP}) holding the same sub-groups one level down.
 * Groups only exist for rows given, so grouping the filtered rows gives exactly the visible groups.
 */
export function siteGroups(rows: readonly SiteRow[], grouping: SiteGrouping): SiteGroup[] {
  if (!rows.some((row) => row.premium === true)) return groupRows(rows, grouping, 'g:', 0);
  const premiumRows = rows.filter((row) => row.premium === true);
  const premium: SiteGroup = {
    ...PREMIUM_SITE_GROUP, level: 0, rows: premiumRows,
    children: groupRows(premiumRows, grouping, `${PREMIUM_SITE_GROUP.key}:`, 1),
  };
  return [premium, ...groupRows(rows.filter((row) => row.premium !== true), grouping, 'g:', 0)];
}

/** Every group key of a grouping (module and platform groups): what Collapse all closes. */
export function siteGroupKeys(groups: readonly SiteGroup[]): string[] {
  const keys: string[] = [];
  const walk = (list: readonly SiteGroup[]) => {
    for (const group of list) {
      keys.push(group.key);
      walk(group.children);
    }
  };
  walk(groups);
  return keys;
}

/** Selected (rows whose key is checked; keys of absent rows don't count), total, successful and failed rows. */
export function siteCounts(rows: readonly SiteRow[], checked: ReadonlySet<string>): SiteCounts {
  const counts: SiteCounts = { selected: 0, total: rows.length, successful: 0, failed: 0 };
  for (const row of rows) {
    if (checked.has(row.key)) counts.selected += 1;
    if (row.status === 'SUCCESS') counts.successful += 1;
    else if (row.status === 'FAILED') counts.failed += 1;
  }
  return counts;
}

/** Whether any filter narrows the rows. */
export function isSiteFilterActive(filter: SiteFilter): boolean {
  return filter.selection !== 'all' || (filter.status ?? null) !== null || (filter.minDa ?? null) !== null;
}

/** The rows the filters let through, in input order; the same array when no filter is set. */
export function filterSites(rows: readonly SiteRow[], checked: ReadonlySet<string>, filter: SiteFilter): readonly SiteRow[] {
  if (!isSiteFilterActive(filter)) return rows;
  const status = filter.status ?? null;
  const minDa = filter.minDa ?? null;
  const wantChecked = filter.selection === 'all' ? null : filter.selection === 'selected';
  return rows.filter((row) => (wantChecked === null || checked.has(row.key) === wantChecked)
    && (status === null || row.status === status)
    && (minDa === null || (row.pr !== null && row.pr >= minDa)));
}

/**
 * Groups and rows as one list in display order: a header per group, then (unless the group is
 * collapsed) its sub-groups or rows. A collapsed module hides its platforms too. Site rows sit one
 * level below their innermost group.
 */
export function flattenGroups(groups: readonly SiteGroup[], collapsed: ReadonlySet<string>): SiteGridItem[] {
  const items: SiteGridItem[] = [];
  const walk = (list: readonly SiteGroup[]) => {
    for (const group of list) {
      const isCollapsed = collapsed.has(group.key);
      items.push({ kind: 'group', key: group.key, group, level: group.level, collapsed: isCollapsed });
      if (isCollapsed) continue;
      if (group.children.length > 0) walk(group.children);
      else for (const row of group.rows) items.push({ kind: 'site', key: `s:${row.key}`, row, level: group.level + 1 });
    }
  };
  walk(groups);
  return items;
}

/** How many of each group's rows are checked, by group key (one pass over the rows per level). */
export function groupSelectedCounts(groups: readonly SiteGroup[], checked: ReadonlySet<string>): Map<string, number> {
  const counts = new Map<string, number>();
  const walk = (list: readonly SiteGroup[]) => {
    for (const group of list) {
      let selected = 0;
      for (const row of group.rows) if (checked.has(row.key)) selected += 1;
      counts.set(group.key, selected);
      walk(group.children);
    }
  };
  walk(groups);
  return counts;
}

/** The group checkbox's state from its checked and row counts (an empty group is 'none'). */
export function checkState(selected: number, total: number): CheckState {
  if (total === 0 || selected === 0) return 'none';
  return selected >= total ? 'all' : 'some';
}

/** A new selection with the given rows checked (`on`) or cleared; every other key stays as it was. */
export function toggleGroup(checked: ReadonlySet<string>, visibleRowsOfGroup: readonly SiteRow[], on: boolean): Set<string> {
  const next = new Set(checked);
  for (const row of visibleRowsOfGroup) {
    if (on) next.add(row.key);
    else next.delete(row.key);
  }
  return next;
}

/** A new selection with one row checked or cleared. */
export function toggleSite(checked: ReadonlySet<string>, key: string, on: boolean): Set<string> {
  const next = new Set(checked);
  if (on) next.add(key);
  else next.delete(key);
  return next;
}

/** The keys of the rows that arrive checked (the server's `checked` flags): the grid's starting selection. */
export function checkedSiteKeys(rows: readonly SiteRow[]): Set<string> {
  const keys = new Set<string>();
  for (const row of rows) if (row.checked) keys.add(row.key);
  return keys;
}
