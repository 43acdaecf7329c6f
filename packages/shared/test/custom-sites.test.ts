import { describe, expect, it } from 'vitest';
import {
  AddCustomSiteBodySchema, CUSTOM_SITE_MESSAGES, CUSTOM_SITE_MODULES, SaveSiteSelectionBodySchema, customSiteModuleOf,
  formatCustomSiteLine, normaliseSiteUrl, parseCustomSiteLine, parseCustomSiteList, siteSelectionDisplayName,
} from '../src/index';

describe('custom site addresses', () => {
  it('normalises scheme and host case, bare hosts, default ports, fragments and a lone trailing slash', () => {
    expect(normaliseSiteUrl('HTTPS://Blog.Example.COM/')).toEqual({ url: 'https://blog.example.com', host: 'blog.example.com' });
    expect(normaliseSiteUrl('blog.example.com')).toEqual({ url: 'https://blog.example.com', host: 'blog.example.com' });
    expect(normaliseSiteUrl('http://wiki.example.org:80/w/index.php?a=1#top')).toEqual({ url: 'http://wiki.example.org/w/index.php?a=1', host: 'wiki.example.org' });
    expect(normaliseSiteUrl('https://wiki.example.org:8443/Wiki/')).toEqual({ url: 'https://wiki.example.org:8443/Wiki/', host: 'wiki.example.org' });
    for (const bad of ['', 'not a site', 'ftp://x.example.com', 'javascript:alert(1)', 'localhost']) expect(normaliseSiteUrl(bad)).toBeNull();
  });

  it('reads a module by id or by display name, any case', () => {
    expect(customSiteModuleOf('Wiki')).toBe('Wiki');
    expect(customSiteModuleOf(' web 2.0 blogs ')).toBe('SocialNetwork');
    expect(customSiteModuleOf('Private')).toBeNull();
    expect(CUSTOM_SITE_MODULES).toHaveLength(8);
  });
});

describe('custom site lines', () => {
  it('reads url|da|premium|login|password with trailing fields left off and pipes in the password', () => {
    expect(parseCustomSiteLine('blog.example.com', 'Wiki')).toEqual({
      site: { module: 'Wiki', url: 'https://blog.example.com', host: 'blog.example.com', da: null, premium: false, login: null, password: null },
    });
    expect(parseCustomSiteLine(' https://w.example.org | 42 | Premium | bot@w | a|b ', 'Wiki')).toEqual({
      site: { module: 'Wiki', url: 'https://w.example.org', host: 'w.example.org', da: 42, premium: true, login: 'bot@w', password: 'a|b' },
    });
  });

  it('refuses each bad field with its reason', () => {
    expect(parseCustomSiteLine('|5', 'Wiki')).toEqual({ reason: CUSTOM_SITE_MESSAGES.urlRequired });
    expect(parseCustomSiteLine('x.example.com|101', 'Wiki')).toEqual({ reason: CUSTOM_SITE_MESSAGES.daRange });
    expect(parseCustomSiteLine('x.example.com|-1', 'Wiki')).toEqual({ reason: CUSTOM_SITE_MESSAGES.daRange });
    expect(parseCustomSiteLine('x.example.com||yes', 'Wiki')).toEqual({ reason: "The premium field must be 'premium' or empty" });
    expect(parseCustomSiteLine('x.example.com|||admin', 'Wiki')).toEqual({ reason: CUSTOM_SITE_MESSAGES.credentialsPair });
    expect(parseCustomSiteLine('Nope|x.example.com', null)).toEqual({ reason: CUSTOM_SITE_MESSAGES.moduleUnknown });
    expect(parseCustomSiteLine('|x.example.com', null)).toEqual({ reason: CUSTOM_SITE_MESSAGES.moduleRequired });
  });

  it('writes every field, so a parsed line formats back to the same text', () => {
    const line = 'SocialNetwork|https://blog.example.com|35|premium|admin|app pass|with pipe';
    const parsed = parseCustomSiteLine(line, null);
    expect('site' in parsed && formatCustomSiteLine(parsed.site)).toBe(line);
    const bare = parseCustomSiteLine('Wiki|https://w.example.org', null);
    expect('site' in bare && formatCustomSiteLine(bare.site)).toBe('Wiki|https://w.example.org||||');
  });

  it('numbers refused lines, skips blank ones and keeps the last line of one site', () => {
    const { sites, errors } = parseCustomSiteList('a.example.com|1\n\nbad\nA.EXAMPLE.COM/|2\r\nb.example.com', 'PDF');
    expect(sites.map((s) => [s.url, s.da])).toEqual([['https://a.example.com', 2], ['https://b.example.com', null]]);
    expect(errors).toEqual([{ line: 3, reason: CUSTOM_SITE_MESSAGES.urlInvalid }]);
  });
});

describe('custom site and site selection schemas', () => {
  it('asks for both the login and the password, or neither', () => {
    const problem = (body: unknown) => {
      const result = AddCustomSiteBodySchema.safeParse(body);
      return result.success ? null : result.error.issues[0]?.message;
    };
    expect(problem({ url: 'x.example.com', module: 'Wiki' })).toBeNull();
    expect(problem({ url: 'x.example.com', module: 'Wiki', login: 'a', password: 'b' })).toBeNull();
    expect(problem({ url: 'x.example.com', module: 'Wiki', login: 'a' })).toBe(CUSTOM_SITE_MESSAGES.credentialsPair);
    expect(problem({ url: 'x.example.com', module: 'Wiki', login: '  ', password: 'b' })).toBe(CUSTOM_SITE_MESSAGES.credentialsPair);
    expect(problem({ url: 'x.example.com', module: 'Indexer' })).toBe(CUSTOM_SITE_MESSAGES.moduleRequired);
  });

  it('fixes a selected platform prob at 100 and defaults the filters', () => {
    const saved = SaveSiteSelectionBodySchema.parse({ siteSelection: { siteSelectionType: 'Condition' } });
    expect(saved).toEqual({ siteSelection: { siteSelectionType: 'Condition', img: false, video: false, dofollow: false, minPR: 0 }, selectedSites: [], selectedPlatforms: [] });
    expect(SaveSiteSelectionBodySchema.safeParse({
      siteSelection: { siteSelectionType: 'Condition' }, selectedPlatforms: [{ id: { platform: 'WordPress', module: 'Wiki' }, siteSelectionId: 1, prob: 50 }],
    }).success).toBe(false);
  });

  it('shows names cut at 120 characters with an ellipsis', () => {
    expect(siteSelectionDisplayName('a'.repeat(120))).toBe('a'.repeat(120));
    expect(siteSelectionDisplayName('a'.repeat(121))).toBe(`${'a'.repeat(120)}…`);
  });
});
