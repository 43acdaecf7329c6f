import { describe, expect, it } from 'vitest';
import { initialGrid, type GridState } from './grid-state';
import { isFilterOnlyChange, lastPage, paramsOfRoute, parseGrid, parsePage, parseSort, parseTab, sameParams, searchOf, searchWithout, writeGrid, writeTab } from './url-state';

const TABS = ['projects', 'accounts', 'backlinks'] as const;
const SPEC = { sortFields: ['id', 'url', 'dateAdded'] as const, filterKeys: ['url', 'anchor'] as const };
type Grid = GridState<'id' | 'url' | 'dateAdded', 'url' | 'anchor'>;
const params = (text: string) => new URLSearchParams(text);

describe('tabs in the address', () => {
  it('opens a known tab and falls back for a missing, unknown or differently cased one', () => {
    expect(parseTab('backlinks', TABS, 'projects')).toBe('backlinks');
    expect(parseTab(null, TABS, 'projects')).toBe('projects');
    expect(parseTab('reports', TABS, 'projects')).toBe('projects');
    expect(parseTab('Backlinks', TABS, 'projects')).toBe('projects');
    expect(parseTab('', TABS, 'projects')).toBe('projects');
  });

  it('writes a tab, leaves the default out and keeps the other params', () => {
    expect(writeTab(params('x=1'), 'tab', 'accounts', TABS, 'projects').toString()).toBe('x=1&tab=accounts');
    expect(writeTab(params('x=1&tab=accounts'), 'tab', 'projects', TABS, 'projects').toString()).toBe('x=1');
    expect(writeTab(params('tab=accounts'), 'tab', 'nonsense', TABS, 'projects').toString()).toBe('');
  });
});

describe('pages and sorts in the address', () => {
  it('takes only a positive integer as a page', () => {
    expect(parsePage('3')).toBe(3);
    expect(parsePage('120')).toBe(120);
    expect(parsePage('9999999')).toBe(9999999);
    for (const bad of [null, '', '0', '-2', '1.5', '01', '+2', '1e3', 'abc', ' 2', '10000000', '9999999999']) expect(parsePage(bad)).toBe(1);
  });

  it('takes only an allowed field with asc or desc (no order: ascending)', () => {
    expect(parseSort('url', 'desc', SPEC.sortFields)).toEqual({ field: 'url', order: 'desc' });
    expect(parseSort('url', null, SPEC.sortFields)).toEqual({ field: 'url', order: 'asc' });
    expect(parseSort('password', 'asc', SPEC.sortFields)).toBeNull();
    expect(parseSort('url', 'down', SPEC.sortFields)).toBeNull();
    expect(parseSort(null, 'desc', SPEC.sortFields)).toBeNull();
  });
});

describe('a grid in the address', () => {
  it('reads the default grid from an empty address', () => {
    expect(parseGrid(params(''), SPEC)).toEqual(initialGrid());
  });

  it('reads page, sort and trimmed filters, ignoring unknown and blank ones', () => {
    expect(parseGrid(params('page=4&sort=dateAdded&order=desc&url=%20shoes%20&anchor=%20&site=x&tab=keywords'), SPEC)).toEqual({
      page: 4, pageSize: 100, sort: { field: 'dateAdded', order: 'desc' }, filters: { url: 'shoes' },
    });
    expect(parseGrid(params('page=0&sort=linksOnPage&order=asc'), SPEC)).toEqual(initialGrid());
    expect(parseGrid(params(`url=${'x'.repeat(257)}`), SPEC)).toEqual(initialGrid());
  });

  it('writes only what differs from the default and keeps other params', () => {
    const grid: Grid = { page: 2, pageSize: 100, sort: { field: 'url', order: 'desc' }, filters: { anchor: 'buy now' } };
    const written = writeGrid(params('tab=links'), grid, SPEC);
    expect(written.toString()).toBe('tab=links&page=2&sort=url&order=desc&anchor=buy+now');
    expect(parseGrid(written, SPEC)).toEqual(grid);
    expect(writeGrid(written, initialGrid(), SPEC).toString()).toBe('tab=links');
  });

  it('drops a sort by a field that is not allowed and blank filters', () => {
    const grid = { page: 1, pageSize: 100, sort: { field: 'password', order: 'asc' }, filters: { url: '  ' } } as unknown as Grid;
    expect(writeGrid(params('sort=url&url=a'), grid, SPEC).toString()).toBe('');
  });

  it('names the params with a prefix when one screen has several grids', () => {
    const spec = { ...SPEC, prefix: 'links' };
    const grid: Grid = { page: 3, pageSize: 100, sort: null, filters: { url: 'a' } };
    const written = writeGrid(params('page=9'), grid, spec);
    expect(written.toString()).toBe('page=9&links.page=3&links.url=a');
    expect(parseGrid(written, spec)).toEqual(grid);
    expect(parseGrid(written, SPEC).page).toBe(9);
  });
});

describe('a grid sorted by default', () => {
  const spec = { ...SPEC, defaultSort: { field: 'id' as const, order: 'desc' as const } };
  const newestFirst: Grid = { ...initialGrid(), sort: { field: 'id', order: 'desc' } };

  it('reads the default sort from an address without one, and from an unknown one', () => {
    expect(parseGrid(params(''), spec)).toEqual(newestFirst);
    expect(parseGrid(params('sort=password'), spec)).toEqual(newestFirst);
    expect(parseGrid(params('sort=url&order=desc'), spec).sort).toEqual({ field: 'url', order: 'desc' });
  });

  it('writes the default sort as nothing and an unsorted grid as sort=none', () => {
    expect(writeGrid(params('sort=url'), newestFirst, spec).toString()).toBe('');
    const unsorted = writeGrid(params(''), initialGrid(), spec);
    expect(unsorted.toString()).toBe('sort=none');
    expect(parseGrid(unsorted, spec).sort).toBeNull();
    expect(writeGrid(params(''), { ...newestFirst, sort: { field: 'id', order: 'asc' } }, spec).toString()).toBe('sort=id&order=asc');
  });
});

describe('pushing or replacing', () => {
  const base: Grid = initialGrid();
  it('replaces for a new filter text and pushes a page or a sort', () => {
    expect(isFilterOnlyChange(base, { ...base, filters: { url: 'a' } })).toBe(true);
    expect(isFilterOnlyChange({ ...base, page: 3 }, { ...base, filters: { url: 'a' } })).toBe(true);
    expect(isFilterOnlyChange(base, { ...base, page: 2 })).toBe(false);
    expect(isFilterOnlyChange(base, { ...base, sort: { field: 'id', order: 'desc' } })).toBe(false);
    expect(isFilterOnlyChange({ ...base, filters: { url: 'a' } }, { ...base, filters: { url: 'a' } })).toBe(false);
  });

  it('sees the same params in any order as no change', () => {
    expect(sameParams(params('a=1&b=2'), params('b=2&a=1'))).toBe(true);
    expect(sameParams(params('a=1'), params('a=1&b=2'))).toBe(false);
  });
});

describe('search strings', () => {
  it('writes ? only before something', () => {
    expect(searchOf(params(''))).toBe('');
    expect(searchOf(params('tab=sites'))).toBe('?tab=sites');
  });

  it('leaves the named params out of a search', () => {
    expect(searchWithout('?campaignName=A&tab=sites', ['tab'])).toBe('?campaignName=A');
    expect(searchWithout('?tab=sites', ['tab'])).toBe('');
    expect(searchWithout('', ['tab'])).toBe('');
  });
});

describe('the last page', () => {
  it('counts whole and part pages, and one page for no rows', () => {
    expect([lastPage(0, 100), lastPage(1, 100), lastPage(100, 100), lastPage(101, 100), lastPage(250, 100)]).toEqual([1, 1, 1, 2, 3]);
  });
});

describe('the address a view write composes on', () => {
  it('reads the params of the route when it is still the screen', () => {
    expect(paramsOfRoute('/privateproject/7?tab=video&sites=selected', '/privateproject/7')?.toString()).toBe('tab=video&sites=selected');
    expect(paramsOfRoute('/privateproject/7', '/privateproject/7')?.toString()).toBe('');
    expect(paramsOfRoute('/xwizard/3?tab=content#top', '/xwizard/3')?.toString()).toBe('tab=content');
  });

  it('answers null once the address shows another screen', () => {
    expect(paramsOfRoute('/campaign/2?tab=accounts', '/privateproject/7')).toBeNull();
    expect(paramsOfRoute('/privateproject/70?tab=video', '/privateproject/7')).toBeNull();
  });
});
