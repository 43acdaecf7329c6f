/**
 * The Blogger connector: publishes to a blog on Blogger through the Blogger API v3 with the
 * user's own OAuth 2.0 access token (no sign-up, no browser). Blogger makes the post's address
 * itself; the post's name is its title (../titled-name.ts), and after an unknown outcome the post is
 * found again by that title among the blog's posts published since the intent (posts.list with
 * startDate), so a lost answer never makes a second post.
 *
 * Credentials of a Blogger site (how a site line maps onto the API):
 * - site URL: the blog's address, `https://name.blogspot.com` (or its custom domain); its blog id
 *   is looked up once with blogs.getByUrl and remembered.
 * - password: an OAuth 2.0 access token the user obtained for the Google account that owns (or
 *   writes on) the blog, with the scope https://www.googleapis.com/auth/blogger. Google's access
 *   tokens expire after about an hour: an expired one is reported as "get a new access token".
 * - username: not used by the API (the blog's Google account, for the user's own records).
 *
 * The token only ever goes to the API's origin (https://www.googleapis.com in production; the
 * `apiBase` option points it at a local stand-in in tests), never to the blog's own address.
 */
import { PublishError, type ClaimedNames, type Connector, type LinkChange, type NamedPost, type PublishedItem, type PublishedPost, type PublishIntent, type PublishOptions, type PublishPost, type PublishResult, type PublishTarget } from '../connector';
import { httpContextFor, normaliseSiteUrl } from '../http';
import { CLOCK_SKEW_ALLOWANCE_MS } from '../intent-match';
import { rewriteHtmlLinks } from '../link-rewrite';
import { maybePosted, surelyNotPosted } from '../outcome';
import { ProxyDispatchers, type DispatcherForProxy } from '../proxy-dispatcher';
import { BLOGGER_API_BASE, blogByUrl, getPostContent, insertPost, listPostsSince, patchPostContent, type BloggerSession } from './blogger-api';
import { chooseBlogPostName, postOfIntent, tagList } from '../titled-name';

/** The platform's name as site lists spell it. */
export const PLATFORM_BLOGGER = 'Blogger';

export interface BloggerConnectorOptions {
  /** Makes the fetch dispatcher for a proxy URL (as for the WordPress connector). */
  dispatcherForProxy?: DispatcherForProxy;
  /**
   * Tests only: where the Blogger API answers (a local stand-in), instead of
   * https://www.googleapis.com/blogger/v3. Tokens go to this origin only.
   */
  apiBase?: string;
  /** How long a blog's id, once looked up by its address, is reused (default: a day). */
  blogIdCacheMs?: number;
}

const DEFAULT_BLOG_ID_CACHE_MS = 24 * 60 * 60 * 1000;

interface BlogContext {
  blogUrl: string;
  session: BloggerSession;
}

export function createBloggerConnector(options: BloggerConnectorOptions = {}): BloggerConnector {
  return new BloggerConnector(options);
}

export class BloggerConnector implements Connector {
  readonly platform = PLATFORM_BLOGGER;
  private readonly apiBase: string;
  private readonly proxies: ProxyDispatchers;
  private readonly blogIdCacheMs: number;
  private readonly blogIds = new Map<string, { id: string; until: number }>();

  constructor(options: BloggerConnectorOptions = {}) {
    this.apiBase = (options.apiBase ?? BLOGGER_API_BASE).replace(/\/+$/, '');
    this.proxies = new ProxyDispatchers(options.dispatcherForProxy);
    this.blogIdCacheMs = options.blogIdCacheMs ?? DEFAULT_BLOG_ID_CACHE_MS;
  }

  /**
   * posts.insert with the intent's name as the title, the HTML as the content and the tags as
   * labels; the blog's id first (blogs.getByUrl, remembered). Answers the post's address and id.
   */
  async publish(target: PublishTarget, post: PublishPost, options: PublishOptions): Promise<PublishResult> {
    const blog = await this.blogContext(target, options);
    const warnings: string[] = [];
    if (post.featuredImage) warnings.push('The featured image was left out: the Blogger API has no featured image (Blogger shows the first image of the post instead).');
    const blogId = await surelyNotPosted(() => this.blogId(blog));
    const created = await maybePosted(() => insertPost(blog.session, blogId, { title: post.intent.name, html: post.html, labels: tagList(post.tags) }));
    return { url: created.url, remoteId: created.id, warnings };
  }

  /**
   * The post's title as its name (Blogger makes the address), told apart by a word of its text
   * when the blog got a post of that title within the clock-skew allowance or another post of
   * ours claims it. Reads only.
   */
  async chooseName(target: PublishTarget, post: NamedPost, claimed: ClaimedNames, options: PublishOptions): Promise<string> {
    const blog = await this.blogContext(target, options);
    return chooseBlogPostName(post, claimed, blog.blogUrl, async (sinceMs) => listPostsSince(blog.session, await this.blogId(blog), sinceMs));
  }

  /** The blog's posts published since the intent (less the clock-skew allowance) with the intent's name as their title: the oldest. */
  async findPublished(target: PublishTarget, intent: PublishIntent, options: PublishOptions): Promise<PublishedPost | null> {
    const blog = await this.blogContext(target, options);
    return surelyNotPosted(async () => {
      const posts = await listPostsSince(blog.session, await this.blogId(blog), intent.at - CLOCK_SKEW_ALLOWANCE_MS);
      const found = postOfIntent(posts, intent);
      return found ? { url: found.url, remoteId: found.id, status: statusOf(found.status) } : null;
    });
  }

  /** posts.get, the links' addresses replaced, posts.patch of the content alone; nothing to change: no save. */
  async updateLinks(target: PublishTarget, item: PublishedItem, changes: readonly LinkChange[], options: PublishOptions): Promise<{ changed: number }> {
    const blog = await this.blogContext(target, options);
    const blogId = await this.blogId(blog);
    const current = await getPostContent(blog.session, blogId, item.remoteId);
    const { text, changed } = rewriteHtmlLinks(current.content, changes);
    if (changed === 0) return { changed: 0 };
    await patchPostContent(blog.session, blogId, item.remoteId, text);
    return { changed };
  }

  /** Forgets the blog ids looked up. */
  forgetBlogs(): void {
    this.blogIds.clear();
  }

  // -------------------------------------------------------------------------------------------

  private async blogContext(target: PublishTarget, options: PublishOptions): Promise<BlogContext> {
    const blogUrl = normaliseSiteUrl(target.siteUrl);
    const token = target.password.trim();
    if (token === '') {
      throw new PublishError('auth', `${blogUrl} has no access token: save an OAuth 2.0 access token for the Blogger API (scope https://www.googleapis.com/auth/blogger) as the site's password.`, { code: 'badCredentials' });
    }
    return { blogUrl, session: { apiBase: this.apiBase, token, http: await httpContextFor(blogUrl, options, this.proxies) } };
  }

  /** The blog's id by its address (blogs.getByUrl), remembered per address. */
  private async blogId(blog: BlogContext): Promise<string> {
    const key = blog.blogUrl.toLowerCase();
    const cached = this.blogIds.get(key);
    if (cached && cached.until > Date.now()) return cached.id;
    const found = await blogByUrl(blog.session, blog.blogUrl);
    this.blogIds.set(key, { id: found.id, until: Date.now() + this.blogIdCacheMs });
    return found.id;
  }
}

/** Blogger's post status as the engine's words: LIVE is published, SCHEDULED is a future post. */
function statusOf(status: string): string {
  const lower = status.toLowerCase();
  return lower === 'live' ? 'publish' : lower === 'scheduled' ? 'future' : lower;
}
