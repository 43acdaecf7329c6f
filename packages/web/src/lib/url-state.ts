import { PAGE_SIZE } from '@linkloom/shared';
import type { GridState } from './grid-state';

/**
 * What a screen keeps in its address (DESIGN rule 21): tabs, pages, sorts and filters, read from
 * and written to search params. Reading ignores anything unknown or malformed (a hand-edited or
 * stale link opens the default view, never an error); writing leaves a value out when it is the
 * default, so an untouched screen keeps a clean address. Other params are always left as they are.
 */

/** The param names a grid uses: `page`, `sort`, `order` and one per filter key, all with the prefix. */
export interface GridParamSpec<F extends string, K extends string> {
  sortFields: readonly F[];
  filterKeys: readonly K[];
  /** Put before every param name when one screen shows several grids (`links.page`). */
  prefix?: string;
  /**
   * The sort shown when the address names none (a list sorted by newest first); then an
   * explicitly unsorted grid is written `sort=none`. None unless given.
   */
  defaultSort?: GridState<F, string>['sort'];
}

/** The longest filter text every list route takes (accounts: 256); a longer one in an address is ignored. */
const MAX_FILTER_LENGTH = 256;

/** `sort=` of a grid the user left unsorted where it is sorted by default. */
const UNSORTED = 'none';

/** `value` when it is one of `keys`, else `fallback` (a missing, unknown or stale tab). */
export function parseTab<T extends string>(value: string | null, keys: readonly T[], fallback: T): T {
  return value !== null && (keys as readonly string[]).includes(value) ? value as T : fallback;
}

/** Params with `name` set to `value`, or removed when `value` is the default (or unknown). */
export function writeTab<T extends string>(
  params: URLSearchParams, name: string, value: string, keys: readonly T[], fallback: T,
): URLSearchParams {
  const next = new URLSearchParams(params);
  const tab = parseTab(value, keys, fallback);
  if (tab === fallback) next.delete(name);
  else next.set(name, tab);
  return next;
}

/**
 * A page number as written in an address: a positive integer without sign, zeros or exponent, below
 * ten million (what every list route accepts); else 1.
 */
export function parsePage(value: string | null): number {
  if (value === null || !/^[1-9]\d{0,6}$/.test(value)) return 1;
  return Number(value);
}

/** A sort the address names: an allowed field and `asc`/`desc` (no order means ascending); else none. */
export function parseSort<F extends string>(
  field: string | null, order: string | null, sortFields: readonly F[],
): GridState<F, string>['sort'] {
  if (field === null || !(sortFields as readonly string[]).includes(field)) return null;
  if (order !== null && order !== 'asc' && order !== 'desc') return null;
  return { field: field as F, order: order ?? 'asc' };
}

const paramName = (prefix: string | undefined, name: string) => (prefix ? `${prefix}.${name}` : name);

/** The grid the params describe (unknown fields, bad pages and blank filters ignored). */
export function parseGrid<F extends string, K extends string>(
  params: URLSearchParams, spec: GridParamSpec<F, K>,
): GridState<F, K> {
  const name = (key: string) => paramName(spec.prefix, key);
  const filters: Partial<Record<K, string>> = {};
  for (const key of spec.filterKeys) {
    const text = params.get(name(key))?.trim();
    if (text && text.length <= MAX_FILTER_LENGTH) filters[key] = text;
  }
  const sortParam = params.get(name('sort'));
  const sort = sortParam === null ? spec.defaultSort ?? null
    : sortParam === UNSORTED ? null
      : parseSort(sortParam, params.get(name('order')), spec.sortFields) ?? spec.defaultSort ?? null;
  return { page: parsePage(params.get(name('page'))), pageSize: PAGE_SIZE, sort, filters };
}

/** The last page of `total` rows (1 when there are none). */
export function lastPage(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** Params with the grid written in (page 1, no sort and blank filters left out); the rest untouched. */
export function writeGrid<F extends string, K extends string>(
  params: URLSearchParams, grid: GridState<F, K>, spec: GridParamSpec<F, K>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  const name = (key: string) => paramName(spec.prefix, key);
  const put = (key: string, value: string | undefined) => {
    if (value === undefined || value === '') next.delete(name(key));
    else next.set(name(key), value);
  };
  put('page', grid.page > 1 && Number.isSafeInteger(grid.page) ? String(grid.page) : undefined);
  const sort = grid.sort && (spec.sortFields as readonly string[]).includes(grid.sort.field) ? grid.sort : null;
  const fallback = spec.defaultSort ?? null;
  const isDefault = sort?.field === fallback?.field && sort?.order === fallback?.order;
  put('sort', isDefault ? undefined : sort?.field ?? UNSORTED);
  put('order', isDefault ? undefined : sort?.order);
  for (const key of spec.filterKeys) put(key, grid.filters[key]?.trim());
  return next;
}

/**
 * Whether going from `before` to `after` is a step the user may want Back for (a page or a sort:
 * pushed) or a refinement of what is typed (filters: replaced, as typing would be).
 */
export function isFilterOnlyChange<F extends string, K extends string>(before: GridState<F, K>, after: GridState<F, K>): boolean {
  const sameSort = before.sort?.field === after.sort?.field && before.sort?.order === after.sort?.order;
  const keys = new Set<K>([...Object.keys(before.filters), ...Object.keys(after.filters)] as K[]);
  const sameFilters = [...keys].every((key) => before.filters[key] === after.filters[key]);
  return sameSort && !sameFilters;
}

/** Two params hold the same values (order of names aside): writing would add no history entry. */
export function sameParams(a: URLSearchParams, b: URLSearchParams): boolean {
  const sorted = (params: URLSearchParams) => [...params.entries()].map(([k, v]) => `${k}=${v}`).sort().join('&');
  return sorted(a) === sorted(b);
}

/**
 * The search params of an in-app route (`/campaign/3?tab=x`) when its path is `pathname`, else null
 * (the address has moved to another screen). A view write composes on these rather than on the
 * params of the last render: a navigation React has not drawn yet (a tab clicked just before Save,
 * which then opens the failing tab) is already in the address, and a write built on the rendered
 * params would drop it, or be taken for no change at all and dropped itself.
 */
export function paramsOfRoute(route: string, pathname: string): URLSearchParams | null {
  const withoutHash = route.split('#', 1)[0] ?? '';
  const query = withoutHash.indexOf('?');
  const path = query < 0 ? withoutHash : withoutHash.slice(0, query);
  if (path !== pathname) return null;
  return new URLSearchParams(query < 0 ? '' : withoutHash.slice(query + 1));
}

/** `?…` for non-empty params, '' for none: what goes after a path. */
export function searchOf(params: URLSearchParams): string {
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

/**
 * The search part without the view's own params (a screen keyed by its address keeps its edits
 * when only the tab changes): `?a=1&tab=x` less `tab` → `?a=1`.
 */
export function searchWithout(search: string, names: readonly string[]): string {
  const params = new URLSearchParams(search);
  for (const name of names) params.delete(name);
  return searchOf(params);
}
