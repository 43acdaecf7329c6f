/**
 * The WordPress.com connector: publishes to a blog hosted on WordPress.com through the WordPress.com
 * REST API v1.1 with the user's own OAuth 2.0 access token (no sign-up, no browser; a self-hosted
 * WordPress goes through the WordPress connector instead). WordPress.com makes the post's address
 * itself; the post's name is its title (../titled-name.ts), and after an unknown outcome the
 * post is found again by that title among the site's posts dated after the intent (`search` and
 * `after`), so a lost answer never makes a second post.
 *
 * Credentials of a WordPress.com site (how a site line maps onto the API):
 * - site URL: the blog's address, `https://name.wordpress.com` (or its custom domain); its domain
 *   is the API's `$site`.
 * - password: an OAuth 2.0 access token the user obtained (https://developer.wordpress.com/docs/oauth2/)
 *   for this site, or with the `global` scope, by an account that can publish on it.
 * - username: not used by the API (the account's login, for the user's own records).
 *
 * The token only ever goes to the API's origin (https://public-api.wordpress.com in production;
 * the `apiBase` option points it at a local stand-in in tests), never to the blog's own address.
 */
import { PublishError, type ClaimedNames, type Connector, type LinkChange, type NamedPost, type PublishedItem, type PublishedPost, type PublishIntent, type PublishOptions, type PublishPost, type PublishResult, type PublishTarget } from '../connector';
import { httpContextFor, normaliseSiteUrl } from '../http';
import { CLOCK_SKEW_ALLOWANCE_MS } from '../intent-match';
import { rewriteHtmlLinks } from '../link-rewrite';
import { maybePosted, surelyNotPosted } from '../outcome';
import { ProxyDispatchers, type DispatcherForProxy } from '../proxy-dispatcher';
import { chooseBlogPostName, postOfIntent, titleAsHtml, tagList } from '../titled-name';
import { WORDPRESS_COM_API_BASE, createPost, getPostContent, listPostsSince, updatePostContent, type WordPressComSession } from './wordpress-com-api';

/** The platform's name as site lists spell it. */
export const PLATFORM_WORDPRESS_COM = 'WordPress.com';

export interface WordPressComConnectorOptions {
  /** Makes the fetch dispatcher for a proxy URL (as for the WordPress connector). */
  dispatcherForProxy?: DispatcherForProxy;
  /**
   * Tests only: where the WordPress.com REST API answers (a local stand-in), instead of
   * https://public-api.wordpress.com/rest/v1.1. Tokens go to this origin only.
   */
  apiBase?: string;
}

export function createWordPressComConnector(options: WordPressComConnectorOptions = {}): WordPressComConnector {
  return new WordPressComConnector(options);
}

export class WordPressComConnector implements Connector {
  readonly platform = PLATFORM_WORDPRESS_COM;
  private readonly apiBase: string;
  private readonly proxies: ProxyDispatchers;

  constructor(options: WordPressComConnectorOptions = {}) {
    this.apiBase = (options.apiBase ?? WORDPRESS_COM_API_BASE).replace(/\/+$/, '');
    this.proxies = new ProxyDispatchers(options.dispatcherForProxy);
  }

  /** `posts/new`: the intent's name as the title, the HTML as the content, the tags, published. */
  async publish(target: PublishTarget, post: PublishPost, options: PublishOptions): Promise<PublishResult> {
    const session = await this.session(target, options);
    const warnings: string[] = [];
    if (post.featuredImage) warnings.push('The featured image was left out: it is not uploaded to WordPress.com sites.');
    const created = await maybePosted(() => createPost(session, { titleHtml: titleAsHtml(post.intent.name), html: post.html, tags: tagList(post.tags) }));
    return { url: created.url, remoteId: created.id, warnings };
  }

  /**
   * The post's title as its name (WordPress.com makes the address), told apart by a word of its
   * text when the site got a post of that title within the clock-skew allowance or another post
   * of ours claims it. Reads only.
   */
  async chooseName(target: PublishTarget, post: NamedPost, claimed: ClaimedNames, options: PublishOptions): Promise<string> {
    const session = await this.session(target, options);
    // The search finds the title and its told-apart forms, which all hold its words.
    return chooseBlogPostName(post, claimed, session.http.siteLabel, (sinceMs, title) => listPostsSince(session, sinceMs, title));
  }

  /**
   * The site's posts dated after the intent (less the clock-skew allowance) with the intent's name
   * as their title: the oldest. Searched by the name first; when the search finds none (a search
   * index behind), every post of that time is read.
   */
  async findPublished(target: PublishTarget, intent: PublishIntent, options: PublishOptions): Promise<PublishedPost | null> {
    const session = await this.session(target, options);
    return surelyNotPosted(async () => {
      const since = intent.at - CLOCK_SKEW_ALLOWANCE_MS;
      const found = postOfIntent(await listPostsSince(session, since, intent.name), intent) ?? postOfIntent(await listPostsSince(session, since), intent);
      return found ? { url: found.url, remoteId: found.id, status: found.status } : null;
    });
  }

  /** The content as stored (edit context), the links' addresses replaced, `POST posts/$post_ID` of the content alone; nothing to change: no save. */
  async updateLinks(target: PublishTarget, item: PublishedItem, changes: readonly LinkChange[], options: PublishOptions): Promise<{ changed: number }> {
    const session = await this.session(target, options);
    const { text, changed } = rewriteHtmlLinks(await getPostContent(session, item.remoteId), changes);
    if (changed === 0) return { changed: 0 };
    await updatePostContent(session, item.remoteId, text);
    return { changed };
  }

  // -------------------------------------------------------------------------------------------

  private async session(target: PublishTarget, options: PublishOptions): Promise<WordPressComSession> {
    const blogUrl = normaliseSiteUrl(target.siteUrl);
    const token = target.password.trim();
    if (token === '') {
      throw new PublishError('auth', `${blogUrl} has no access token: save an OAuth 2.0 access token for the WordPress.com REST API (authorised for this site, or with the global scope) as the site's password.`, { code: 'badCredentials' });
    }
    return { apiBase: this.apiBase, token, site: new URL(blogUrl).hostname.toLowerCase(), http: await httpContextFor(blogUrl, options, this.proxies) };
  }
}
