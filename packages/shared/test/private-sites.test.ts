import { describe, expect, it } from 'vitest';
import {
  PRIVATE_SITE_REASONS, allGroupKeys, checkPrivateSite, formatLineError, formatPrivateSiteLine, groupByModuleAndPlatform,
  isSiteAddress, moduleLabel, parsePrivateSiteLine, parsePrivateSiteList, privateSitePlatform,
  ImportPrivateSitesBodySchema, PrivateNetworkNameSchema, ImportFromProfileBodySchema, PRIVATE_NETWORK_MESSAGES,
} from '../src/index';

const site = { siteUrl: 'https://blog.example.com', email: 'me@example.com', username: 'admin', password: 'secret' };

describe('private site addresses', () => {
  it.each(['https://blog.example.com', 'http://localhost:8080/wp', 'www.example.com', 'blog.example.co.uk/path?x=1', 'example.com:8443'])('accepts %s', (value) => {
    expect(isSiteAddress(value)).toBe(true);
  });
  it.each(['not a site', 'example', 'ftp://example.com', 'https://', 'http://exa mple.com', '-bad-.com', 'example.c'])('refuses %s', (value) => {
    expect(isSiteAddress(value)).toBe(false);
  });
});

describe('checkPrivateSite', () => {
  it('accepts a complete site', () => expect(checkPrivateSite(site)).toBeNull());
  it.each([
    [{ siteUrl: '' }, PRIVATE_SITE_REASONS.siteRequired],
    [{ email: '' }, 'Please enter email address'],
    [{ username: '' }, 'Please enter username'],
    [{ password: '' }, 'Please enter password'],
    [{ siteUrl: 'nope' }, PRIVATE_SITE_REASONS.siteInvalid],
    [{ email: 'me-at-example.com' }, PRIVATE_SITE_REASONS.emailInvalid],
    [{ username: 'a|b' }, PRIVATE_SITE_REASONS.separatorInField],
    [{ password: 'a\nb' }, PRIVATE_SITE_REASONS.lineBreakInField],
    [{ password: 'x'.repeat(1001) }, PRIVATE_SITE_REASONS.tooLong],
    [{ siteUrl: `https://example.com/${'a'.repeat(1000)}` }, PRIVATE_SITE_REASONS.tooLong],
  ])('refuses %o', (change, reason) => {
    expect(checkPrivateSite({ ...site, ...change })).toBe(reason);
  });
  it('checks in field order: the first missing field is named', () => {
    expect(checkPrivateSite({ siteUrl: '', email: '', username: '', password: '' })).toBe(PRIVATE_SITE_REASONS.siteRequired);
  });
});

describe('parsePrivateSiteLine', () => {
  it('trims fields and keeps pipes inside the password', () => {
    expect(parsePrivateSiteLine(' www.example.com | a@b.io | user | p|a|ss ')).toEqual({
      site: { siteUrl: 'www.example.com', email: 'a@b.io', username: 'user', password: 'p|a|ss' },
    });
  });
  it('refuses lines with fewer than four fields', () => {
    expect(parsePrivateSiteLine('www.example.com|a@b.io|user')).toEqual({ reason: PRIVATE_SITE_REASONS.format });
    expect(parsePrivateSiteLine('just text')).toEqual({ reason: PRIVATE_SITE_REASONS.format });
  });
  it('round-trips an exported line', () => {
    const tricky = { ...site, password: '=1+2|x "q", y' };
    expect(parsePrivateSiteLine(formatPrivateSiteLine(tricky))).toEqual({ site: tricky });
  });
});

describe('parsePrivateSiteList', () => {
  it('reads any line-break style, skips blank lines, numbers errors by line, keeps the last duplicate', () => {
    const text = 'a.example.com|a@x.io|u|1\r\n\r\nbad line\rb.example.com|b@x.io|u|2\na.example.com|a@x.io|u|3\n  \nc.example.com||u|p';
    const { sites, errors } = parsePrivateSiteList(text);
    expect(sites).toEqual([
      { siteUrl: 'a.example.com', email: 'a@x.io', username: 'u', password: '3' },
      { siteUrl: 'b.example.com', email: 'b@x.io', username: 'u', password: '2' },
    ]);
    expect(errors).toEqual([{ line: 3, reason: PRIVATE_SITE_REASONS.format }, { line: 7, reason: 'Please enter email address' }]);
    expect(errors.map((e) => formatLineError(e))).toEqual([`Line 3: ${PRIVATE_SITE_REASONS.format}`, 'Line 7: Please enter email address']);
    expect(formatLineError({ line: 2, reason: 'x' }, 'Row')).toBe('Row 2: x');
  });
  it('treats the same site with another email as another site', () => {
    expect(parsePrivateSiteList('a.example.com|a@x.io|u|p\na.example.com|b@x.io|u|p').sites).toHaveLength(2);
  });
});

describe('platform at import', () => {
  it('is WordPress for self-hosted blogs and Unknown otherwise', () => {
    expect(privateSitePlatform(true)).toBe('WordPress');
    expect(privateSitePlatform(false)).toBe('Unknown');
  });
});

describe('groupByModuleAndPlatform', () => {
  const rows = [
    { id: 1, group: 'PrivateBookmark', platform: 'Unknown' },
    { id: 2, group: 'Private', platform: 'Unknown' },
    { id: 3, group: 'Private', platform: 'WordPress' },
    { id: 4, group: 'Private', platform: 'Blogger' },
    { id: 5, group: 'Private', platform: 'WordPress' },
  ];
  it('groups by module display name, then platform with Unknown last, keeping row order', () => {
    const groups = groupByModuleAndPlatform(rows);
    expect(groups.map((g) => [g.label, g.count])).toEqual([['Private Blog', 4], ['Private Bookmark', 1]]);
    expect(groups[0]!.platforms.map((p) => [p.key, p.sites.map((s) => s.id)])).toEqual([
      ['m:Private/p:Blogger', [4]], ['m:Private/p:WordPress', [3, 5]], ['m:Private/p:Unknown', [2]],
    ]);
    expect(allGroupKeys(groups)).toEqual(['m:Private', 'm:Private/p:Blogger', 'm:Private/p:WordPress', 'm:Private/p:Unknown', 'm:PrivateBookmark', 'm:PrivateBookmark/p:Unknown']);
  });
  it('is empty for no sites and labels unknown modules by their id', () => {
    expect(groupByModuleAndPlatform([])).toEqual([]);
    expect(moduleLabel('PrivatePDF')).toBe('PrivatePDF');
  });
});

describe('schemas', () => {
  it("carry the spec's messages", () => {
    expect(PrivateNetworkNameSchema.safeParse('  ').error?.issues[0]?.message).toBe('Please enter private network name');
    expect(ImportPrivateSitesBodySchema.safeParse({ siteList: '\n ' }).error?.issues[0]?.message).toBe('Please enter the list of sites');
    expect(ImportPrivateSitesBodySchema.safeParse({}).error?.issues[0]?.message).toBe(PRIVATE_NETWORK_MESSAGES.siteListRequired);
    expect(ImportFromProfileBodySchema.safeParse({}).error?.issues[0]?.message).toBe('Please select an account profile');
    expect(ImportFromProfileBodySchema.safeParse({ profileId: null }).error?.issues[0]?.message).toBe('Please select an account profile');
  });
  it('keeps leading blank lines so line numbers stay right', () => {
    expect(ImportPrivateSitesBodySchema.parse({ siteList: '\n\na.example.com|a@x.io|u|p' })).toEqual({ siteList: '\n\na.example.com|a@x.io|u|p', selfHosted: false });
  });
});
