import { describe, expect, it } from 'vitest';
import { CUSTOM_SITE_MODULES, PLATFORM_ARTICLE_MODULES, ownSiteModulesFor, ownSiteServesModule } from '../src/index';

describe('own sites of other modules', () => {
  it('a site always serves the module it is listed under, whatever its platform', () => {
    for (const module of CUSTOM_SITE_MODULES) {
      for (const platform of ['WordPress', 'MediaWiki', 'Unknown']) expect(ownSiteServesModule({ module, platform }, module)).toBe(true);
    }
  });

  it('a WordPress site of Web 2.0 Blogs, Article Directory or Press Release takes the posts of the other two', () => {
    const articles = ['SocialNetwork', 'ArticleDirectory', 'PressRelease'];
    for (const siteModule of articles) {
      for (const projectModule of articles) expect(ownSiteServesModule({ module: siteModule, platform: 'WordPress' }, projectModule), `${siteModule} → ${projectModule}`).toBe(true);
    }
  });

  it('never lends a site out across a platform it does not run, nor to or from modules that are not articles there', () => {
    // Not verified, or neither platform found: only its own module.
    expect(ownSiteServesModule({ module: 'SocialNetwork', platform: 'Unknown' }, 'ArticleDirectory')).toBe(false);
    // A wiki makes wiki pages only.
    expect(ownSiteServesModule({ module: 'Wiki', platform: 'MediaWiki' }, 'SocialNetwork')).toBe(false);
    expect(ownSiteServesModule({ module: 'SocialNetwork', platform: 'MediaWiki' }, 'Wiki')).toBe(false);
    // A WordPress site listed for Wiki, bookmarks or profiles is the user's choice for that work.
    expect(ownSiteServesModule({ module: 'Bookmarking', platform: 'WordPress' }, 'SocialNetwork')).toBe(false);
    expect(ownSiteServesModule({ module: 'WebProfile', platform: 'WordPress' }, 'PressRelease')).toBe(false);
    expect(ownSiteServesModule({ module: 'SocialNetwork', platform: 'WordPress' }, 'Bookmarking')).toBe(false);
    expect(ownSiteServesModule({ module: 'Wiki', platform: 'WordPress' }, 'SocialNetwork')).toBe(false);
    // A platform name the rule does not know (or an inherited property name) lends nothing.
    expect(ownSiteServesModule({ module: 'SocialNetwork', platform: 'Joomla' }, 'ArticleDirectory')).toBe(false);
    expect(ownSiteServesModule({ module: 'SocialNetwork', platform: 'toString' }, 'ArticleDirectory')).toBe(false);
  });

  it('names the modules to read for a project, its own first, and nothing a site could not serve', () => {
    expect(ownSiteModulesFor('ArticleDirectory')).toEqual(['ArticleDirectory', 'SocialNetwork', 'PressRelease']);
    expect(ownSiteModulesFor('Wiki')).toEqual(['Wiki']);
    expect(ownSiteModulesFor('Bookmarking')).toEqual(['Bookmarking']);
    // Every pair the rule allows is among the modules read.
    for (const projectModule of CUSTOM_SITE_MODULES) {
      for (const [platform, modules] of Object.entries(PLATFORM_ARTICLE_MODULES)) {
        for (const module of modules) {
          if (ownSiteServesModule({ module, platform }, projectModule)) expect(ownSiteModulesFor(projectModule)).toContain(module);
        }
      }
    }
  });
});
