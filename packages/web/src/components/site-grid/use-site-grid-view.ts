import { useCallback, useMemo, useState } from 'react';
import {
  NO_SITE_FILTER, filterSites, flattenGroups, groupSelectedCounts, siteGroupKeys, siteGroups,
  type SiteFilter, type SiteGridItem, type SiteGrouping, type SiteRow,
} from '@linkloom/shared';
import { useUrlValue } from '@/lib/use-url-state';
import { SITE_FILTER_PARAMS } from './site-filter-params';

const NO_KEYS: ReadonlySet<string> = new Set();

/** The grid's filters and how to change them: its own, or the address's. */
export interface SiteFilterState {
  filter: SiteFilter;
  setFilter: (change: Partial<SiteFilter>) => void;
  clearFilters: () => void;
}

/** Filters the grid keeps to itself (the wizard's tiers). */
export function useLocalSiteFilter(): SiteFilterState {
  const [filter, setFilterState] = useState<SiteFilter>(NO_SITE_FILTER);
  const setFilter = useCallback((change: Partial<SiteFilter>) => setFilterState((current) => ({ ...current, ...change })), []);
  const clearFilters = useCallback(() => setFilterState(NO_SITE_FILTER), []);
  return { filter, setFilter, clearFilters };
}

/** Filters in the address (a screen's one grid: reload, Back and a shared link keep them). */
export function useUrlSiteFilter(): SiteFilterState {
  const [filter, setUrlFilter] = useUrlValue(SITE_FILTER_PARAMS);
  const setFilter = useCallback((change: Partial<SiteFilter>) => setUrlFilter({ ...filter, ...change }), [filter, setUrlFilter]);
  const clearFilters = useCallback(() => setUrlFilter(NO_SITE_FILTER), [setUrlFilter]);
  return { filter, setFilter, clearFilters };
}

/** What the grid draws from its rows, selection, filters and collapsed groups. */
export interface SiteGridView {
  filter: SiteFilter;
  setFilter: (change: Partial<SiteFilter>) => void;
  clearFilters: () => void;
  /** Rows that pass the filters, in input order. */
  visible: readonly SiteRow[];
  /** Group headers and rows, in display order: one virtual list. */
  items: SiteGridItem[];
  /** Checked rows per group key, among the group's visible rows. */
  groupSelected: ReadonlyMap<string, number>;
  toggleCollapsed: (groupKey: string) => void;
  collapseAll: () => void;
  expandAll: () => void;
}

/**
 * The grid's own state (filters, collapsed groups) and what follows from it. Each step is memoised
 * on its inputs, so a tick recounts groups but only regroups when a Selected / Unselected filter
 * depends on the ticks. Collapsed groups are remembered by key, so they stay collapsed while a
 * filter hides them and groups that arrive later open by default. The filters come from
 * `filters` (useLocalSiteFilter or useUrlSiteFilter).
 */
export function useSiteGridView(sites: readonly SiteRow[], grouping: SiteGrouping, checked: ReadonlySet<string>, filters: SiteFilterState): SiteGridView {
  const { filter, setFilter, clearFilters } = filters;
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(NO_KEYS);

  // The row filter reads the selection only for Selected / Unselected.
  const selectionForFilter = filter.selection === 'all' ? NO_KEYS : checked;
  const visible = useMemo(() => filterSites(sites, selectionForFilter, filter), [sites, selectionForFilter, filter]);
  const groups = useMemo(() => siteGroups(visible, grouping), [visible, grouping]);
  const items = useMemo(() => flattenGroups(groups, collapsed), [groups, collapsed]);
  const groupSelected = useMemo(() => groupSelectedCounts(groups, checked), [groups, checked]);

  const toggleCollapsed = useCallback((groupKey: string) => setCollapsed((current) => {
    const next = new Set(current);
    if (!next.delete(groupKey)) next.add(groupKey);
    return next;
  }), []);
  // Every group of every row, not just the visible ones: clearing a filter keeps them collapsed.
  const collapseAll = useCallback(() => setCollapsed(new Set(siteGroupKeys(siteGroups(sites, grouping)))), [sites, grouping]);
  const expandAll = useCallback(() => setCollapsed(NO_KEYS), []);

  return { filter, setFilter, clearFilters, visible, items, groupSelected, toggleCollapsed, collapseAll, expandAll };
}
