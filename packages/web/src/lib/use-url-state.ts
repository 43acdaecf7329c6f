import { useCallback, useEffect, useMemo } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { currentRoute } from './navigation';
import { gridFromQuery, type GridState } from './grid-state';
import type { TableQuery } from './table-query';
import { isFilterOnlyChange, lastPage, paramsOfRoute, parseGrid, parseTab, sameParams, writeGrid, writeTab, type GridParamSpec } from './url-state';

/** How a change is written: pushed (Back undoes it) unless `replace`. */
export interface UrlWriteOptions {
  replace?: boolean;
}

/**
 * Writes a change of the search params (the rest of the address stays): nothing when the params
 * come out the same, so a click on the open tab adds no history entry.
 */
function useParamsWriter(): [URLSearchParams, (change: (current: URLSearchParams) => URLSearchParams, options?: UrlWriteOptions) => void] {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const write = useCallback((change: (current: URLSearchParams) => URLSearchParams, options: UrlWriteOptions = {}) => {
    // The address as it is now, not as last drawn: the router moves the address at once but draws
    // in a transition, so a click right after another (a tab, then Save opening the failing tab)
    // runs before the first one's render (paramsOfRoute).
    const current = paramsOfRoute(currentRoute(), pathname) ?? params;
    const next = change(current);
    if (sameParams(next, current)) return;
    void setParams(next, { replace: options.replace ?? false, preventScrollReset: true });
  }, [params, pathname, setParams]);
  return [params, write];
}

/**
 * The screen's open tab, kept in the address as `?tab=` (DESIGN rule 21): reload, Back/Forward and
 * a shared link open the same tab; an unknown tab opens `fallback`, which the address leaves out.
 * Opening a tab is pushed (Back returns to the tab before) unless `replace` is asked for.
 */
export function useUrlTab<T extends string>(
  keys: readonly T[], fallback: T, name = 'tab',
): [T, (key: string, options?: UrlWriteOptions) => void] {
  const [params, write] = useParamsWriter();
  const tab = parseTab(params.get(name), keys, fallback);
  const openTab = useCallback((key: string, options?: UrlWriteOptions) => {
    write((current) => writeTab(current, name, key, keys, fallback), options);
  }, [write, name, keys, fallback]);
  return [tab, openTab];
}

/** How a value sits in the address: read ignores what it cannot use, write leaves the default out. */
export interface UrlCodec<V> {
  read: (params: URLSearchParams) => V;
  write: (params: URLSearchParams, value: V) => URLSearchParams;
}

/**
 * Any other view state kept in the address through a codec (a stable module constant), e.g. the
 * site grid's filters. Writing replaces the entry unless `replace: false` is asked for: such
 * values change as the user types or picks, and Back should leave the screen, not undo each pick.
 */
export function useUrlValue<V>(codec: UrlCodec<V>): [V, (value: V, options?: UrlWriteOptions) => void] {
  const [params, write] = useParamsWriter();
  // One object while its own params stay the same (other params, such as the tab, may change).
  const canonical = codec.write(new URLSearchParams(), codec.read(params)).toString();
  const value = useMemo(() => codec.read(new URLSearchParams(canonical)), [canonical, codec]);
  const setValue = useCallback((next: V, options?: UrlWriteOptions) => {
    write((current) => codec.write(current, next), { replace: options?.replace ?? true });
  }, [write, codec]);
  return [value, setValue];
}

/** A server-paged grid's state from the address, and the table's onChange that writes it back. */
export interface UrlGrid<F extends string, K extends string> {
  grid: GridState<F, K>;
  /** For DataTable's `server.onChange`: sorting only by allowed fields, filtering only by the keys. */
  handleTableChange: (query: TableQuery) => void;
  /** Moves to another page, same sort and filters (replacing the entry unless told). */
  setPage: (page: number, options?: UrlWriteOptions) => void;
}

/**
 * The page, sort and filters of a server-paged grid, kept in the address (DESIGN rule 21): `page`,
 * `sort`, `order` and one param per filter key (with `spec.prefix`). A page or a sort is pushed;
 * a new filter text replaces the entry, as typing would. `spec` must be a stable (module) constant.
 */
export function useUrlGrid<F extends string, K extends string>(spec: GridParamSpec<F, K>): UrlGrid<F, K> {
  const [params, write] = useParamsWriter();
  const search = params.toString();
  // One object per address, so a screen's memos and queries see a change only when there is one.
  const grid = useMemo(() => parseGrid(new URLSearchParams(search), spec), [search, spec]);
  const handleTableChange = useCallback((query: TableQuery) => {
    const next = gridFromQuery(query, spec.sortFields, spec.filterKeys);
    write((current) => writeGrid(current, next, spec), { replace: isFilterOnlyChange(grid, next) });
  }, [write, spec, grid]);
  const setPage = useCallback((page: number, options?: UrlWriteOptions) => {
    write((current) => writeGrid(current, { ...grid, page }, spec), { replace: options?.replace ?? true });
  }, [write, spec, grid]);
  return { grid, handleTableChange, setPage };
}

/**
 * A page past the last one (a shared link after rows went away, a hand-edited address) moves to the
 * last page, in place of the entry. `total`: the rows of the grid's own answer, undefined while the
 * answer shown is another view's (a placeholder) or none has come.
 */
export function usePageInRange<F extends string, K extends string>(urlGrid: UrlGrid<F, K>, total: number | undefined): void {
  const { grid, setPage } = urlGrid;
  const last = total === undefined ? undefined : lastPage(total, grid.pageSize);
  useEffect(() => {
    if (last !== undefined && grid.page > last) setPage(last);
  }, [last, grid.page, setPage]);
}
