import { NO_SITE_FILTER, SITE_STATUSES, type SiteFilter } from '@linkloom/shared';
import type { UrlCodec } from '@/lib/use-url-state';

const SELECTIONS = ['all', 'selected', 'unselected'] as const;

/** The most a DA filter can ask for; anything else in the address is ignored. */
const MAX_DA = 100;

function readMinDa(value: string | null): number | null {
  if (value === null || !/^\d{1,3}$/.test(value)) return null;
  const n = Number(value);
  return n <= MAX_DA ? n : null;
}

/**
 * The site grid's filters in the address: `sites=selected|unselected`, `status=SUCCESS|…`,
 * `minDa=30` (DESIGN rule 21; `minDa=0` is a filter too: it hides rows without a DA). Unknown values read as no filter; no filter is written as nothing.
 */
export const SITE_FILTER_PARAMS: UrlCodec<SiteFilter> = {
  read: (params) => {
    const selection = params.get('sites');
    const status = params.get('status');
    return {
      selection: SELECTIONS.find((candidate) => candidate === selection) ?? NO_SITE_FILTER.selection,
      status: SITE_STATUSES.find((candidate) => candidate === status) ?? null,
      minDa: readMinDa(params.get('minDa')),
    };
  },
  write: (params, filter) => {
    const next = new URLSearchParams(params);
    const put = (name: string, value: string | null) => (value === null ? next.delete(name) : next.set(name, value));
    put('sites', filter.selection === 'all' ? null : filter.selection);
    put('status', filter.status ?? null);
    put('minDa', filter.minDa !== null && filter.minDa !== undefined && filter.minDa >= 0 ? String(Math.min(Math.round(filter.minDa), MAX_DA)) : null);
    return next;
  },
};
