/**
 * The Tumblr connector: publishes a text post to the user's own Tumblr blog through the Tumblr
 * API v2, signed with OAuth 1.0a (HMAC-SHA1, RFC 5849) with the user's own app and access token
 * (no sign-up, no browser). Tumblr makes the post's address itself; the post's name is its title
 * (../titled-name.ts), and after an unknown outcome the post is found again by that title
 * among the blog's posts since the intent, so a lost answer never makes a second post.
 *
 * Credentials of a Tumblr site (how a site line maps onto the API):
 * - site URL: the blog's address, `https://name.tumblr.com` (a custom domain, or
 *   `https://www.tumblr.com/name`, also works); its hostname is the API's blog identifier.
 * - password: the four OAuth 1.0a values, colon-separated:
 *   `consumerKey:consumerSecret:token:tokenSecret` — the consumer key and secret of the user's app
 *   (registered at https://www.tumblr.com/oauth/apps) and the access token and token secret of the
 *   blog's account for that app. A password of another form is refused before any request, with
 *   the values it lacks named.
 * - username: not used by the API (the account's email, for the user's own records).
 *
 * Signed requests only ever go to the API's origin (https://api.tumblr.com in production; the
 * `apiBase` option points it at a local stand-in in tests), never to the blog's own address.
 */
import type { ClaimedNames, Connector, LinkChange, NamedPost, PublishedItem, PublishedPost, PublishIntent, PublishOptions, PublishPost, PublishResult, PublishTarget } from '../connector';
import { httpContextFor, normaliseSiteUrl } from '../http';
import { CLOCK_SKEW_ALLOWANCE_MS } from '../intent-match';
import { rewriteHtmlLinks } from '../link-rewrite';
import { maybePosted, surelyNotPosted } from '../outcome';
import { ProxyDispatchers, type DispatcherForProxy } from '../proxy-dispatcher';
import { chooseBlogPostName, postOfIntent, titleAsHtml, tagList } from '../titled-name';
import { TUMBLR_API_BASE, blogIdentifier, createTextPost, editPostBody, listTextPostsSince, postById, tumblrCredentials, type TumblrSession } from './tumblr-api';

/** The platform's name as site lists spell it. */
export const PLATFORM_TUMBLR = 'Tumblr';

export interface TumblrConnectorOptions {
  /** Makes the fetch dispatcher for a proxy URL (as for the WordPress connector). */
  dispatcherForProxy?: DispatcherForProxy;
  /**
   * Tests only: where the Tumblr API answers (a local stand-in), instead of
   * https://api.tumblr.com/v2. Signed requests go to this origin only.
   */
  apiBase?: string;
}

export function createTumblrConnector(options: TumblrConnectorOptions = {}): TumblrConnector {
  return new TumblrConnector(options);
}

export class TumblrConnector implements Connector {
  readonly platform = PLATFORM_TUMBLR;
  private readonly apiBase: string;
  private readonly proxies: ProxyDispatchers;

  constructor(options: TumblrConnectorOptions = {}) {
    this.apiBase = (options.apiBase ?? TUMBLR_API_BASE).replace(/\/+$/, '');
    this.proxies = new ProxyDispatchers(options.dispatcherForProxy);
  }

  /**
   * A published text post (`/post`, HTML format): the intent's name as its title, the HTML as its
   * body, the tags. Tumblr answers the id only: the address is read back with `/posts?id=`; should
   * that read fail, the post stands and its address is the blog's `/post/{id}`.
   */
  async publish(target: PublishTarget, post: PublishPost, options: PublishOptions): Promise<PublishResult> {
    const session = await this.session(target, options);
    const warnings: string[] = [];
    if (post.featuredImage) warnings.push('The featured image was left out: a Tumblr text post has no featured image.');
    const id = await maybePosted(() => createTextPost(session, { titleHtml: titleAsHtml(post.intent.name), html: post.html, tags: tagList(post.tags) }));
    let url = `https://${session.blog}/post/${id}`;
    try {
      url = (await postById(session, id)).url || url;
    } catch {
      warnings.push(`Tumblr made the post but did not tell its address; it is recorded as ${url}.`);
    }
    return { url, remoteId: id, warnings };
  }

  /**
   * The post's title as its name (Tumblr makes the address), told apart by a word of its text when
   * the blog got a post of that title within the clock-skew allowance or another post of ours
   * claims it. Reads only.
   */
  async chooseName(target: PublishTarget, post: NamedPost, claimed: ClaimedNames, options: PublishOptions): Promise<string> {
    const session = await this.session(target, options);
    return chooseBlogPostName(post, claimed, session.http.siteLabel, (sinceMs) => listTextPostsSince(session, sinceMs));
  }

  /** The blog's text posts since the intent (less the clock-skew allowance) with the intent's name as their title: the oldest. */
  async findPublished(target: PublishTarget, intent: PublishIntent, options: PublishOptions): Promise<PublishedPost | null> {
    const session = await this.session(target, options);
    return surelyNotPosted(async () => {
      const found = postOfIntent(await listTextPostsSince(session, intent.at - CLOCK_SKEW_ALLOWANCE_MS), intent);
      return found ? { url: found.url || `https://${session.blog}/post/${found.id}`, remoteId: found.id, status: found.status === 'published' ? 'publish' : found.status } : null;
    });
  }

  /** The post's body as entered (`/posts?id=&filter=raw`), the links' addresses replaced, `/post/edit` of the body alone; nothing to change: no save. */
  async updateLinks(target: PublishTarget, item: PublishedItem, changes: readonly LinkChange[], options: PublishOptions): Promise<{ changed: number }> {
    const session = await this.session(target, options);
    const current = await postById(session, item.remoteId, true);
    const { text, changed } = rewriteHtmlLinks(current.body, changes);
    if (changed === 0) return { changed: 0 };
    await editPostBody(session, item.remoteId, text);
    return { changed };
  }

  // -------------------------------------------------------------------------------------------

  private async session(target: PublishTarget, options: PublishOptions): Promise<TumblrSession> {
    const blogUrl = normaliseSiteUrl(target.siteUrl);
    const blog = blogIdentifier(blogUrl);
    const credentials = tumblrCredentials(target.password, blogUrl);
    return { apiBase: this.apiBase, credentials, blog, http: await httpContextFor(blogUrl, options, this.proxies) };
  }
}
