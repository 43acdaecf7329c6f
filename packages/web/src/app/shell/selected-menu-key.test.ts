import { describe, expect, it } from 'vitest';
import { selectedMenuKey } from './selected-menu-key';
import { parseCollapsedFlag } from './collapsed-flag';

describe('selectedMenuKey', () => {
  it('selects the entry whose target is the route', () => {
    expect(selectedMenuKey('/campaigns')).toBe('campaigns');
    expect(selectedMenuKey('/private-networks')).toBe('private-network');
    expect(selectedMenuKey('/old/content-groups')).toBe('blurbs');
    expect(selectedMenuKey('/old/custom-sites')).toBe('custom-sites-old');
  });

  it("selects the area's entry for screens inside it", () => {
    expect(selectedMenuKey('/campaign/3')).toBe('campaigns');
    expect(selectedMenuKey('/acproject/9')).toBe('campaigns');
    expect(selectedMenuKey('/private-network/4')).toBe('private-network');
    expect(selectedMenuKey('/strategy/2')).toBe('diagrams');
    expect(selectedMenuKey('/old/xwizard/5')).toBe('xwizard');
    expect(selectedMenuKey('/options')).toBe('settings');
  });

  it('selects nothing for unknown routes', () => {
    expect(selectedMenuKey('/nowhere')).toBeNull();
    expect(selectedMenuKey('/changelog')).toBeNull();
  });
});

describe('parseCollapsedFlag', () => {
  it('defaults to collapsed and reads the stored flag', () => {
    expect(parseCollapsedFlag(null)).toBe(true);
    expect(parseCollapsedFlag('true')).toBe(true);
    expect(parseCollapsedFlag('false')).toBe(false);
    expect(parseCollapsedFlag('garbage')).toBe(true);
  });
});
