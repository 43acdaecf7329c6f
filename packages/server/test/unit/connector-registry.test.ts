import { describe, expect, it } from 'vitest';
import { PUBLISHING_PLATFORMS, SITE_PLATFORMS, platformPublishes, platformsFor, hostedPlatformOf, UNSUPPORTED_MODULES } from '@linkloom/shared';
import { createDefaultConnectorRegistry } from '../../src/engine/connectors/registry';

describe('the connector registry and the platform catalogue', () => {
  it('registers one connector per platform of the shared catalogue, under its name', () => {
    const registry = createDefaultConnectorRegistry();
    expect(registry.platforms().sort()).toEqual(PUBLISHING_PLATFORMS.map((platform) => platform.name).sort());
    for (const platform of PUBLISHING_PLATFORMS) expect(registry.get(platform.name.toUpperCase()).platform).toBe(platform.name);
    expect(SITE_PLATFORMS).toEqual([...PUBLISHING_PLATFORMS.map((platform) => platform.name), 'Unknown']);
    expect(() => registry.get('Squarespace')).toThrow(/Publishing to Squarespace sites is not supported \(platforms with a connector: WordPress, MediaWiki, DokuWiki, Shaarli/);
  });

  it('says which platforms publish a module; Google Place none, with the reason', () => {
    expect(platformsFor('Bookmarking')).toEqual(['Shaarli']);
    expect(platformsFor('Wiki')).toEqual(['MediaWiki', 'DokuWiki']);
    expect(platformsFor('GooglePlace')).toEqual([]);
    expect(UNSUPPORTED_MODULES.GooglePlace).toMatch(/no API for posting links/);
    expect(platformPublishes('wordpress', 'PressRelease')).toBe(true);
    expect(platformPublishes('Shaarli', 'SocialNetwork')).toBe(false);
    expect(platformPublishes('Unknown', 'SocialNetwork')).toBe(false);
  });

  it('knows hosted services by their hosts', () => {
    expect(hostedPlatformOf('https://garden-notes.blogspot.com/')?.name).toBe('Blogger');
    expect(hostedPlatformOf('garden-notes.blogspot.co.uk')?.name).toBe('Blogger');
    expect(hostedPlatformOf('https://gardennotes.tumblr.com')?.name).toBe('Tumblr');
    expect(hostedPlatformOf('https://www.tumblr.com')).toBeUndefined();
    expect(hostedPlatformOf('https://gardennotes.wordpress.com')?.name).toBe('WordPress.com');
    expect(hostedPlatformOf('https://dev.to')?.name).toBe('Forem');
    expect(hostedPlatformOf('https://telegra.ph')?.name).toBe('Telegraph');
    expect(hostedPlatformOf('https://blog.example.com')).toBeUndefined();
    expect(hostedPlatformOf('not a url at all')).toBeUndefined();
  });
});
