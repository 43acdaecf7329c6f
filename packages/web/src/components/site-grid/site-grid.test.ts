import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SiteRow } from '@linkloom/shared';
import { columnLayout, daText, dofollowText, minDaFromInput, rowsHaveEmail, siteGridColumns, siteHref } from './site-grid-columns';
import { SiteGrid, type SiteGridProps } from './index';

function site(n: number, overrides: Partial<SiteRow> = {}): SiteRow {
  const module = overrides.module ?? 'SocialNetwork';
  return {
    key: `${module}:${n}`, id: { module, siteId: n }, module, platform: 'WordPress', siteUrl: `https://s${n}.example.com`,
    email: '', status: 'NONE', pr: null, dofollow: null, waitInfo: null, checked: false, ...overrides,
  };
}

describe('site grid columns', () => {
  it('shows Email only when some row has one', () => {
    expect(siteGridColumns(false).map((c) => c.title)).toEqual(['', 'Site', 'Status', 'DA', 'Dofollow', 'Progress']);
    expect(siteGridColumns(true).map((c) => c.title)).toEqual(['', 'Site', 'Email', 'Status', 'DA', 'Dofollow', 'Progress']);
    expect(rowsHaveEmail([site(1), site(2)])).toBe(false);
    expect(rowsHaveEmail([site(1), site(2, { email: 'me@example.com' })])).toBe(true);
  });

  it('adds a narrow action column last only for a screen with a row action', () => {
    expect(siteGridColumns(false, 'Progress', true).map((c) => c.key)).toEqual(['select', 'site', 'status', 'da', 'dofollow', 'progress', 'action']);
    expect(siteGridColumns(false, 'Progress', false)).toEqual(siteGridColumns(false));
    expect(siteGridColumns(true, 'Note', true).at(-1)).toMatchObject({ key: 'action', title: '', hiddenTitle: 'Actions' });
  });

  it('lays the columns out as one CSS grid with a minimum width', () => {
    const layout = columnLayout(siteGridColumns(false));
    expect(layout.template.split(' ').length).toBeGreaterThanOrEqual(6);
    expect(layout.minWidth).toBe(44 + 220 + 112 + 64 + 88 + 160);
  });

  it('shows DA and dofollow, with an en dash while unknown', () => {
    expect([daText(null), daText(0), daText(57)]).toEqual(['–', '0', '57']);
    expect([dofollowText(null), dofollowText(true), dofollowText(false)]).toEqual(['–', 'Yes', 'No']);
  });

  it.each([
    ['https://blog.example.com/x', 'https://blog.example.com/x'],
    ['HTTP://blog.example.com', 'HTTP://blog.example.com'],
    ['www.example.com', 'http://www.example.com'],
    ['blog.example.co.uk/path?x=1', 'http://blog.example.co.uk/path?x=1'],
    ['example.com:8443', 'http://example.com:8443'],
    ['javascript:alert(1)', undefined],
    ['data:text/html,hi', undefined],
    ['not a site', undefined],
    ['https://', undefined],
  ])('links %s as %s', (url, href) => {
    expect(siteHref(url)).toBe(href);
  });

  it('reads the DA box: blank means no filter', () => {
    expect([minDaFromInput(null), minDaFromInput(undefined), minDaFromInput(''), minDaFromInput(0), minDaFromInput(35), minDaFromInput('12'), minDaFromInput('x')])
      .toEqual([null, null, null, 0, 35, 12, null]);
  });
});

describe('SiteGrid markup', () => {
  // Server rendering runs no effects; the grid only reads the window's height for its default size.
  beforeAll(() => vi.stubGlobal('window', { innerHeight: 1000, addEventListener: () => undefined, removeEventListener: () => undefined }));
  afterAll(() => vi.unstubAllGlobals());

  const render = (props: Partial<SiteGridProps>) => renderToString(createElement(SiteGrid, {
    sites: [], grouping: 'module-platform', checked: new Set<string>(), onCheckedChange: () => undefined, editing: true, height: 400, ...props,
  }));
  const count = (html: string, needle: string) => html.split(needle).length - 1;

  it('renders the counts, groups and rows with their test ids and labels', () => {
    const sites = [
      site(1, { status: 'SUCCESS', pr: 30, dofollow: true, waitInfo: '2 of 5 posts' }),
      site(2, { status: 'FAILED' }),
      site(3, { module: 'Wiki', platform: 'MediaWiki' }),
    ];
    const html = render({ sites, checked: new Set(['SocialNetwork:1', 'Wiki:3']) });
    expect(html).toContain('data-testid="site-grid"');
    expect(html).toMatch(/data-testid="site-grid-counts" data-selected="2" data-total="3" data-successful="1" data-failed="1"/);
    expect(html).toContain('Selected: <!-- -->2<!-- --> · Total: <!-- -->3<!-- --> · Successful: <!-- -->1<!-- --> · Failed: <!-- -->1');
    expect(html).toContain('aria-label="Selection filter"');
    expect(count(html, 'data-testid="site-group"')).toBe(4);
    expect(html).toContain('data-group="g:SocialNetwork/WordPress"');
    expect(html).toContain('aria-label="Select group Web 2.0 Blogs"');
    expect(count(html, 'data-testid="site-row"')).toBe(3);
    expect(html).toContain('data-key="SocialNetwork:1"');
    const box = (html.match(/<input[^>]*aria-label="Select https:\/\/s1\.example\.com"[^>]*>/) ?? [''])[0];
    expect(box).toContain('type="checkbox"');
    expect(box).toContain('checked=""');
    expect(html).toContain('href="https://s1.example.com" target="_blank" rel="noreferrer"');
    expect(html).toContain('2 of 5 posts');
    expect(html).toContain('data-status="SUCCESS"');
    expect(html).not.toContain('>Email<');
  });

  it('renders a screen\'s row action in a last column, and none without one', () => {
    const rowAction = (row: SiteRow) => createElement('button', { 'data-testid': 'row-action', 'data-for': row.key }, 'Log');
    const html = render({ sites: [site(1), site(2)], rowAction });
    expect(count(html, 'data-testid="row-action"')).toBe(2);
    expect(html).toContain('data-for="SocialNetwork:2"');
    expect(html).toContain('>Actions<');
    const plain = render({ sites: [site(1), site(2)] });
    expect(plain).not.toContain('row-action');
    expect(plain).not.toContain('>Actions<');
  });

  it('shows the Email column for private sites', () => {
    expect(render({ grouping: 'platform', sites: [site(1, { email: 'me@example.com' })] })).toContain('>Email<');
  });

  it('disables every checkbox unless editing', () => {
    const html = render({ sites: [site(1), site(2)], editing: false });
    const boxes = html.match(/<input[^>]*type="checkbox"[^>]*>/g) ?? [];
    expect(boxes.length).toBe(4);
    expect(boxes.every((box) => box.includes('disabled=""'))).toBe(true);
  });

  it('marks a partly selected group as indeterminate', () => {
    const html = render({ grouping: 'platform', sites: [site(1), site(2)], checked: new Set(['SocialNetwork:1']) });
    expect(html).toMatch(/aria-label="Select group WordPress"[^>]*data-state="some"/);
    expect(html).toContain('1<!-- --> selected');
  });

  it('renders only the rows in view, even for 20,000 sites', () => {
    const sites = Array.from({ length: 20_000 }, (_, i) => site(i + 1));
    const html = render({ sites, height: 400 });
    expect(count(html, 'data-testid="site-row"')).toBeLessThan(40);
    expect(html).toContain('aria-rowcount="20003"');
    expect(html).toMatch(/data-total="20000"/);
  });

  it('says "No sites yet" with the caller\'s hint, and a spinner while loading', () => {
    const html = render({ emptyHint: 'Add sites on the Custom Sites screen' });
    expect(html).toContain('No sites yet');
    expect(html).toContain('Add sites on the Custom Sites screen');
    const loading = render({ loading: true });
    expect(loading).not.toContain('No sites yet');
    expect(loading).toContain('ant-spin');
  });

  it('shows the spec\'s message when no site is selected', () => {
    expect(render({ sites: [site(1)], showSelectionError: true })).toContain('You need to select at least one site');
    expect(render({ sites: [site(1)] })).not.toContain('You need to select at least one site');
  });
});
