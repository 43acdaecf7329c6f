/**
 * Which of the user's own sites a posting project may post to (issue 13.6: "a posting project of
 * module M offers the user's custom sites of M, and of the platform's other modules where that
 * makes sense"). A site always serves the module it is listed under. Beyond that, what a site can
 * take is decided by the platform the verifier detected and what its connector publishes:
 * - **WordPress** publishes posts: a titled article with links. Web 2.0 blog posts, article
 *   directory articles and press releases are all such articles, so a WordPress site listed under
 *   one of these modules also takes the posts of the other two.
 * - **MediaWiki** makes wiki pages: only the Wiki module's work (DokuWiki alike).
 * - The other blog platforms (Ghost, Blogger, WordPress.com, …) as their catalogue entry says.
 * - **Unknown** (not verified, or neither platform found): nothing beyond its own module.
 * Bookmarks, web and forum profiles and PDFs are not articles on any of these platforms, so sites
 * listed under those modules are never lent out, nor given their posts.
 */
import type { SitePlatform } from '../schemas/custom-sites';
import { PUBLISHING_PLATFORMS } from './publishing-platforms';

/** The modules whose work is an article (a titled text with links) on the platforms that publish it. */
const ARTICLE_MODULES: readonly string[] = ['SocialNetwork', 'ArticleDirectory', 'PressRelease', 'Wiki'];

/** Per platform: the modules whose posts its connector publishes as what they are (articles; publishing-platforms.ts). */
export const PLATFORM_ARTICLE_MODULES: Readonly<Record<SitePlatform, readonly string[]>> = Object.fromEntries([
  ...PUBLISHING_PLATFORMS.map((platform) => [platform.name, platform.modules.filter((module) => ARTICLE_MODULES.includes(module))]),
  ['Unknown', []],
]) as Record<SitePlatform, readonly string[]>;

function articleModulesOf(platform: string): readonly string[] {
  return Object.hasOwn(PLATFORM_ARTICLE_MODULES, platform) ? PLATFORM_ARTICLE_MODULES[platform as SitePlatform] : [];
}

/** Whether a posting project of `projectModule` offers (and may post to) this own site. */
export function ownSiteServesModule(site: { module: string; platform: string }, projectModule: string): boolean {
  if (site.module === projectModule) return true;
  const modules = articleModulesOf(site.platform);
  return modules.includes(projectModule) && modules.includes(site.module);
}

/**
 * The modules whose sites may serve a posting project of `projectModule` on some platform (its own
 * first), for narrowing a query before {@link ownSiteServesModule} decides per site.
 */
export function ownSiteModulesFor(projectModule: string): string[] {
  const modules = new Set<string>([projectModule]);
  for (const platformModules of Object.values(PLATFORM_ARTICLE_MODULES)) {
    if (platformModules.includes(projectModule)) for (const module of platformModules) modules.add(module);
  }
  return [...modules];
}
