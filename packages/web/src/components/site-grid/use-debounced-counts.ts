import { useEffect, useMemo, useState } from 'react';
import { SITE_GRID_COUNT_DEBOUNCE_MS, siteCounts, type SiteCounts, type SiteRow } from '@linkloom/shared';
import { debounce } from '@/lib/debounce';

/**
 * The toolbar's counts, recomputed SITE_GRID_COUNT_DEBOUNCE_MS (200 ms, spec 1 §9) after the last
 * change of rows or selection: ticking through a list, or a burst of live status updates, counts
 * 20,000 rows once rather than on every click.
 */
export function useDebouncedCounts(sites: readonly SiteRow[], checked: ReadonlySet<string>): SiteCounts {
  const [counts, setCounts] = useState(() => siteCounts(sites, checked));
  const refresh = useMemo(() => debounce((rows: readonly SiteRow[], keys: ReadonlySet<string>) => setCounts(siteCounts(rows, keys)), SITE_GRID_COUNT_DEBOUNCE_MS), []);
  useEffect(() => {
    refresh(sites, checked);
  }, [refresh, sites, checked]);
  useEffect(() => () => refresh.cancel(), [refresh]);
  return counts;
}
