import { describe, expect, it } from 'vitest';
import {
  NO_SITE_FILTER, SITE_GRID_COUNT_DEBOUNCE_MS, checkState, checkedSiteKeys, filterSites, flattenGroups, groupSelectedCounts,
  PREMIUM_SITE_GROUP, isSiteFilterActive, siteCounts, siteGroupKeys, siteGroups, toggleGroup, toggleSite, type SiteRow,
} from '../src/index';

let nextId = 1;
function row(overrides: Partial<SiteRow> = {}): SiteRow {
  const siteId = nextId++;
  const module = overrides.module ?? 'SocialNetwork';
  return {
    key: `${module}:${siteId}`, id: { module, siteId }, module, platform: 'WordPress', siteUrl: `https://s${siteId}.example.com`,
    email: '', status: 'NONE', pr: null, dofollow: null, waitInfo: null, checked: false, ...overrides,
  };
}
const keys = (rows: readonly SiteRow[]) => rows.map((r) => r.key);

describe('siteGroups by platform', () => {
  it('orders groups by name (case-insensitive, numbers naturally) and keeps rows in input order', () => {
    const a = row({ platform: 'WordPress' });
    const b = row({ platform: 'mediawiki' });
    const c = row({ platform: 'WordPress' });
    const d = row({ platform: 'Blogger 10' });
    const e = row({ platform: 'Blogger 9' });
    const groups = siteGroups([a, b, c, d, e], 'platform');
    expect(groups.map((g) => g.name)).toEqual(['Blogger 9', 'Blogger 10', 'mediawiki', 'WordPress']);
    expect(keys(groups[3]!.rows)).toEqual([a.key, c.key]);
    expect(groups.every((g) => g.level === 0 && g.children.length === 0)).toBe(true);
  });

  it('puts rows without a platform under Unknown and gives stable keys', () => {
    const groups = siteGroups([row({ platform: '' }), row({ platform: 'WordPress' })], 'platform');
    expect(groups.map((g) => [g.key, g.name])).toEqual([['g:/Unknown', 'Unknown'], ['g:/WordPress', 'WordPress']]);
  });

  it('gives no groups for no rows', () => {
    expect(siteGroups([], 'platform')).toEqual([]);
    expect(siteGroups([], 'module-platform')).toEqual([]);
  });
});

describe('siteGroups by module and platform', () => {
  const wiki = row({ module: 'Wiki', platform: 'MediaWiki' });
  const blogWp1 = row({ module: 'SocialNetwork', platform: 'WordPress' });
  const bookmark = row({ module: 'Bookmarking', platform: 'Scuttle' });
  const blogTumblr = row({ module: 'SocialNetwork', platform: 'Tumblr' });
  const blogWp2 = row({ module: 'SocialNetwork', platform: 'WordPress' });
  const groups = siteGroups([wiki, blogWp1, bookmark, blogTumblr, blogWp2], 'module-platform');

  it('orders modules by display name (SocialNetwork shows as Web 2.0 Blogs), then platforms by name', () => {
    expect(groups.map((g) => g.name)).toEqual(['Bookmarking', 'Web 2.0 Blogs', 'Wiki']);
    expect(groups[1]!.children.map((g) => g.name)).toEqual(['Tumblr', 'WordPress']);
  });

  it('keeps every row of a module in input order, and each platform its own rows', () => {
    expect(keys(groups[1]!.rows)).toEqual([blogWp1.key, blogTumblr.key, blogWp2.key]);
    expect(keys(groups[1]!.children[1]!.rows)).toEqual([blogWp1.key, blogWp2.key]);
  });

  it('gives modules level 0 and platforms level 1 with nested keys', () => {
    expect(groups[1]!.key).toBe('g:SocialNetwork');
    expect(groups[1]!.children.map((g) => [g.key, g.level])).toEqual([['g:SocialNetwork/Tumblr', 1], ['g:SocialNetwork/WordPress', 1]]);
  });

  it('shows an unknown module by its id', () => {
    expect(siteGroups([row({ module: 'MoneySite' })], 'module-platform')[0]!.name).toBe('MoneySite');
  });

  it('lists every group key for Collapse all', () => {
    expect(siteGroupKeys(groups)).toEqual([
      'g:Bookmarking', 'g:Bookmarking/Scuttle', 'g:SocialNetwork', 'g:SocialNetwork/Tumblr', 'g:SocialNetwork/WordPress', 'g:Wiki', 'g:Wiki/MediaWiki',
    ]);
  });
});

describe('siteGroups with premium sites', () => {
  it('shows premium rows as their own group first, grouped inside the same way one level down', () => {
    const a = row({ module: 'Wiki', platform: 'MediaWiki' });
    const p1 = row({ module: 'SocialNetwork', premium: true });
    const b = row({ module: 'Article' });
    const p2 = row({ module: 'Article', premium: true });
    const groups = siteGroups([a, p1, b, p2], 'module-platform');
    expect(groups.map((g) => [g.key, g.level])).toEqual([[PREMIUM_SITE_GROUP.key, 0], ['g:Article', 0], ['g:Wiki', 0]]);
    const premium = groups[0]!;
    expect(premium.name).toBe('Premium sites');
    expect(keys(premium.rows)).toEqual([p1.key, p2.key]);
    expect(premium.children.map((g) => [g.key, g.level, keys(g.rows)])).toEqual([
      ['g:premium:Article', 1, [p2.key]], ['g:premium:SocialNetwork', 1, [p1.key]],
    ]);
    expect(premium.children[0]!.children.map((g) => [g.key, g.level])).toEqual([['g:premium:Article/WordPress', 2]]);
    expect(keys(groups[1]!.rows)).toEqual([b.key]);
    const items = flattenGroups(groups, new Set());
    expect(items.slice(0, 4).map((item) => [item.kind, item.level])).toEqual([['group', 0], ['group', 1], ['group', 2], ['site', 3]]);
  });

  it('groups premium rows by platform under the premium group when grouping by platform; none without premium rows', () => {
    const p = row({ platform: 'Blogger', premium: true });
    const groups = siteGroups([row(), p], 'platform');
    expect(groups.map((g) => g.key)).toEqual([PREMIUM_SITE_GROUP.key, 'g:/WordPress']);
    expect(groups[0]!.children.map((g) => [g.key, keys(g.rows)])).toEqual([['g:premium:/Blogger', [p.key]]]);
    expect(siteGroups([row({ premium: false })], 'platform').map((g) => g.key)).toEqual(['g:/WordPress']);
  });
});

describe('siteCounts', () => {
  it('counts selected rows (ignoring keys of absent rows), total, successful and failed', () => {
    const rows = [row({ status: 'SUCCESS' }), row({ status: 'FAILED' }), row({ status: 'RUNNING' }), row({ status: 'SUCCESS' }), row()];
    const checked = new Set([rows[0]!.key, rows[2]!.key, 'Wiki:999']);
    expect(siteCounts(rows, checked)).toEqual({ selected: 2, total: 5, successful: 2, failed: 1 });
  });

  it('is all zeros for no rows', () => {
    expect(siteCounts([], new Set(['x']))).toEqual({ selected: 0, total: 0, successful: 0, failed: 0 });
  });
});

describe('filterSites', () => {
  const rows = [
    row({ status: 'SUCCESS', pr: 40 }), row({ status: 'FAILED', pr: 10 }), row({ status: 'RUNNING', pr: null }),
    row({ status: 'NONE', pr: 25 }), row({ status: 'SUCCESS', pr: 25 }),
  ];
  const checked = new Set([rows[0]!.key, rows[3]!.key]);

  it('returns the same array when no filter is set', () => {
    expect(filterSites(rows, checked, NO_SITE_FILTER)).toBe(rows);
    expect(filterSites(rows, checked, { selection: 'all' })).toBe(rows);
    expect(isSiteFilterActive({ selection: 'all', status: undefined, minDa: undefined })).toBe(false);
  });

  it('keeps selected or unselected rows', () => {
    expect(filterSites(rows, checked, { selection: 'selected' })).toEqual([rows[0], rows[3]]);
    expect(filterSites(rows, checked, { selection: 'unselected' })).toEqual([rows[1], rows[2], rows[4]]);
  });

  it.each(['NONE', 'SUCCESS', 'FAILED', 'RUNNING'] as const)('keeps rows with status %s', (status) => {
    expect(filterSites(rows, checked, { selection: 'all', status }).every((r) => r.status === status)).toBe(true);
    expect(filterSites(rows, checked, { selection: 'all', status })).toHaveLength(rows.filter((r) => r.status === status).length);
  });

  it('keeps rows whose DA is at least the minimum; rows without DA never pass a DA filter', () => {
    expect(filterSites(rows, checked, { selection: 'all', minDa: 25 })).toEqual([rows[0], rows[3], rows[4]]);
    expect(filterSites(rows, checked, { selection: 'all', minDa: 0 })).toEqual([rows[0], rows[1], rows[3], rows[4]]);
    expect(filterSites(rows, checked, { selection: 'all', minDa: 41 })).toEqual([]);
  });

  it('combines filters and never changes the selection', () => {
    const before = [...checked];
    expect(filterSites(rows, checked, { selection: 'unselected', status: 'SUCCESS', minDa: 20 })).toEqual([rows[4]]);
    expect([...checked]).toEqual(before);
  });
});

describe('flattenGroups', () => {
  const a = row({ module: 'Wiki', platform: 'MediaWiki' });
  const b = row({ module: 'SocialNetwork', platform: 'WordPress' });
  const c = row({ module: 'SocialNetwork', platform: 'Tumblr' });
  const groups = siteGroups([a, b, c], 'module-platform');
  const shape = (collapsed: Set<string>) => flattenGroups(groups, collapsed).map((item) => `${item.level}:${item.kind === 'group' ? `${item.key}${item.collapsed ? '+' : ''}` : item.row.key}`);

  it('lists headers then rows, rows one level below their group', () => {
    expect(shape(new Set())).toEqual([
      '0:g:SocialNetwork', '1:g:SocialNetwork/Tumblr', `2:${c.key}`, '1:g:SocialNetwork/WordPress', `2:${b.key}`,
      '0:g:Wiki', '1:g:Wiki/MediaWiki', `2:${a.key}`,
    ]);
  });

  it('hides the platforms and rows of a collapsed module, and the rows of a collapsed platform', () => {
    expect(shape(new Set(['g:SocialNetwork', 'g:Wiki/MediaWiki']))).toEqual(['0:g:SocialNetwork+', '0:g:Wiki', '1:g:Wiki/MediaWiki+']);
  });

  it('shows only headers when everything is collapsed', () => {
    expect(shape(new Set(siteGroupKeys(groups)))).toEqual(['0:g:SocialNetwork+', '0:g:Wiki+']);
  });

  it('puts platform-grouped rows at level 1 and prefixes row item keys', () => {
    const items = flattenGroups(siteGroups([a], 'platform'), new Set());
    expect(items.map((i) => [i.kind, i.key, i.level])).toEqual([['group', 'g:/MediaWiki', 0], ['site', `s:${a.key}`, 1]]);
  });

  it('ignores collapsed keys of groups that no longer exist', () => {
    expect(flattenGroups(siteGroups([a], 'platform'), new Set(['g:/Gone']))).toHaveLength(2);
  });
});

describe('group selection', () => {
  const rows = [row({ platform: 'A' }), row({ platform: 'A' }), row({ platform: 'B' })];
  const groups = siteGroups(rows, 'platform');

  it('counts checked rows per group', () => {
    expect(groupSelectedCounts(groups, new Set([rows[0]!.key, rows[2]!.key]))).toEqual(new Map([['g:/A', 1], ['g:/B', 1]]));
    const nested = siteGroups(rows, 'module-platform');
    expect(groupSelectedCounts(nested, new Set([rows[0]!.key]))).toEqual(new Map([['g:SocialNetwork', 1], ['g:SocialNetwork/A', 1], ['g:SocialNetwork/B', 0]]));
  });

  it.each([[0, 3, 'none'], [1, 3, 'some'], [3, 3, 'all'], [0, 0, 'none']] as const)('checkState(%i, %i) is %s', (selected, total, state) => {
    expect(checkState(selected, total)).toBe(state);
  });

  it('toggleGroup checks or clears only the given rows and leaves the input set alone', () => {
    const checked = new Set(['other', rows[0]!.key]);
    const on = toggleGroup(checked, rows.slice(0, 2), true);
    expect([...on].sort()).toEqual(['other', rows[0]!.key, rows[1]!.key].sort());
    const off = toggleGroup(on, rows.slice(0, 2), false);
    expect([...off]).toEqual(['other']);
    expect([...checked]).toEqual(['other', rows[0]!.key]);
    expect(toggleGroup(checked, [], true)).not.toBe(checked);
  });

  it('toggleSite checks or clears one key', () => {
    const checked = new Set(['x']);
    expect([...toggleSite(checked, 'y', true)]).toEqual(['x', 'y']);
    expect([...toggleSite(checked, 'x', false)]).toEqual([]);
    expect([...checked]).toEqual(['x']);
  });

  it('checkedSiteKeys takes the rows that arrive checked', () => {
    const arrived = [row({ checked: true }), row(), row({ checked: true })];
    expect(checkedSiteKeys(arrived)).toEqual(new Set([arrived[0]!.key, arrived[2]!.key]));
  });
});

describe('20,000 rows', () => {
  it('groups, filters, counts and flattens every row once', () => {
    const modules = ['SocialNetwork', 'Wiki', 'Bookmarking', 'ArticleDirectory'];
    const platforms = ['WordPress', 'MediaWiki', 'Tumblr', 'Drupal', 'Joomla'];
    const rows = Array.from({ length: 20_000 }, (_, i) => row({
      module: modules[i % modules.length], platform: platforms[i % platforms.length], status: i % 3 === 0 ? 'SUCCESS' : 'NONE', pr: i % 100,
    }));
    const checked = new Set(rows.filter((_, i) => i % 2 === 0).map((r) => r.key));
    const visible = filterSites(rows, checked, { selection: 'selected', minDa: 50 });
    const groups = siteGroups(visible, 'module-platform');
    const items = flattenGroups(groups, new Set());
    const headerCount = items.filter((i) => i.kind === 'group').length;
    expect(items.length - headerCount).toBe(visible.length);
    expect(visible.length).toBe(5_000);
    expect(siteCounts(rows, checked)).toEqual({ selected: 10_000, total: 20_000, successful: 6_667, failed: 0 });
  });

  it('uses the spec\'s 200 ms count debounce', () => {
    expect(SITE_GRID_COUNT_DEBOUNCE_MS).toBe(200);
  });
});
