/**
 * What a posting project's module makes of its post (issue 37 items 3–4; engine/README.md
 * "Modules"): most publish an article as a new post; a profile module writes the account's own
 * profile; a PDF module uploads the article as a PDF document; the article directory and press
 * release modules publish an article filed under their category with an author box at its end.
 */

/** How a module's post reaches its site. */
export type PostStyle =
  /** A new post (Web 2.0 Blogs, Wiki, Bookmarking, Private …): `connector.publish`. */
  | 'article'
  /** A new post in the module's category, its link in an author box (Article Directory, Press Release). */
  | 'directory'
  /** The account's own profile: bio and link (Web 2.0 Profile, Forum Profile): `connector.updateProfile`. */
  | 'profile'
  /** A PDF of the article in the site's media library: `connector.publishDocument`. */
  | 'document';

const STYLES: Readonly<Record<string, PostStyle>> = {
  ArticleDirectory: 'directory',
  PressRelease: 'directory',
  WebProfile: 'profile',
  ForumProfile: 'profile',
  PDF: 'document',
};

/** The style of a project's module (anything not listed publishes an article). */
export function postStyleOf(module: string): PostStyle {
  return Object.hasOwn(STYLES, module) ? STYLES[module]! : 'article';
}

/** The category a directory module files its posts under, as a person would name it on a blog. */
export const MODULE_CATEGORIES: Readonly<Record<string, string>> = {
  ArticleDirectory: 'Articles',
  PressRelease: 'Press Releases',
};
