import { describe, expect, it } from 'vitest';
import { everyPlatformPair, platformPairKey, platformPairOfKey, platformsFor, shownPlatformRows } from '../src';

describe('the platforms of a selection by platforms', () => {
  it("offers each module the platforms that publish its work and Unknown, not every platform", () => {
    const pairs = everyPlatformPair();
    expect(pairs).toContainEqual({ module: 'Wiki', platform: 'MediaWiki' });
    expect(pairs).toContainEqual({ module: 'Wiki', platform: 'DokuWiki' });
    expect(pairs).toContainEqual({ module: 'Wiki', platform: 'Unknown' });
    expect(pairs.filter((p) => p.module === 'Wiki' && p.platform === 'WordPress')).toEqual([]);
    expect(pairs.filter((p) => p.module === 'Bookmarking').map((p) => p.platform)).toEqual(['Shaarli', 'Unknown']);
    expect(pairs.filter((p) => p.module === 'SocialNetwork').map((p) => p.platform)).toEqual([...platformsFor('SocialNetwork'), 'Unknown'].sort());
  });

  it("shows the listed rows alone, or with every other pair (no site, unticked), in module then platform order", () => {
    const listed = [
      { module: 'Wiki', platform: 'Unknown', checked: false, sites: 2 },
      { module: 'Bookmarking', platform: 'Shaarli', checked: true, sites: 0 },
    ];
    expect(platformPairOfKey(platformPairKey({ module: 'Wiki', platform: 'MediaWiki' }))).toEqual({ module: 'Wiki', platform: 'MediaWiki' });
    expect(shownPlatformRows(listed, false)).toEqual([
      { module: 'Bookmarking', platform: 'Shaarli', checked: true, sites: 0 },
      { module: 'Wiki', platform: 'Unknown', checked: false, sites: 2 },
    ]);
    const all = shownPlatformRows(listed, true);
    expect(all).toHaveLength(everyPlatformPair().length);
    expect(all).toContainEqual({ module: 'Wiki', platform: 'Unknown', checked: false, sites: 2 });
    expect(all).toContainEqual({ module: 'Wiki', platform: 'MediaWiki', checked: false, sites: 0 });
    expect(all.map((p) => `${p.module}/${p.platform}`)).toEqual(everyPlatformPair().map((p) => `${p.module}/${p.platform}`));
  });
});
