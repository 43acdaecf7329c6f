/**
 * The Shaarli connector (Bookmarking and Private Bookmark sites): publishes a post as a bookmark
 * ("shaare") through Shaarli's REST API v1, authenticated by a JWT signed with the instance's API
 * secret (Tools → Configure). The site's password field holds that secret; the user name is the
 * Shaarli login, used in messages only (a Shaarli has one user).
 *
 * The bookmark is of the post's first link, titled with the post's title, and its description is
 * the post's text with the other links written as links (shaarli-text.ts). Bookmarks have no name
 * on the site: the name the engine records is the bookmark's title, told apart by a word of the
 * text when the site already has a bookmark of that title ("Title (Word)"), so that the title and
 * the intent's time point at one bookmark: an unknown outcome is reconciled by searching the
 * title (`findPublished`). Shaarli also keeps one bookmark per address and answers a second one
 * with 409 and the bookmark it has: that one, with our title and made since the intent, is ours.
 */
import { PublishError, type ClaimedNames, type Connector, type LinkChange, type NamedPost, type PublishedItem, type PublishedPost, type PublishIntent, type PublishOptions, type PublishPost, type PublishResult, type PublishTarget } from '../connector';
import { httpExchange, normaliseSiteUrl, type HttpContext } from '../http';
import { madeAfterIntent, utcMs } from '../intent-match';
import { sameAddress } from '../link-rewrite';
import { maybePosted, surelyNotPosted } from '../outcome';
import { ProxyDispatchers, type DispatcherForProxy } from '../proxy-dispatcher';
import { siteOnlyContext, siteOnlyDispatcher } from '../site-only-dispatcher';
import { ShaarliApi, ShaarliApiMissing, apiMissingError, isShaarliLink, linkOf, permalinkOf, type ShaarliLink, type SiteClock } from './shaarli-api';
import { bookmarkOf, bookmarkTags, bookmarkTitleCandidates, rewriteDescriptionLinks } from './shaarli-text';

/** The platform name as the site lists spell it (the shared package's constants have no Shaarli yet). */
export const PLATFORM_SHAARLI = 'Shaarli';

export interface ShaarliConnectorOptions {
  /** Publish private bookmarks (seen by the site's owner only) instead of public ones; default false. */
  privateBookmarks?: boolean;
  dispatcherForProxy?: DispatcherForProxy;
}

export function createShaarliConnector(options: ShaarliConnectorOptions = {}): ShaarliConnector {
  return new ShaarliConnector(options);
}

/** Search words of a title as Shaarli's full-text search reads them: lower-case letters and digits, the longest four (every one must match). */
function searchTermOf(title: string): string {
  const words = [...new Set(title.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])];
  return words.sort((a, b) => b.length - a.length).slice(0, 4).join(' ');
}

export class ShaarliConnector implements Connector {
  readonly platform = PLATFORM_SHAARLI;
  private readonly proxies: ProxyDispatchers;
  private readonly privateBookmarks: boolean;
  /** Each site's clock as its answers showed it (by site address). */
  private readonly clocks = new Map<string, SiteClock>();

  constructor(options: ShaarliConnectorOptions = {}) {
    this.proxies = new ProxyDispatchers(options.dispatcherForProxy);
    this.privateBookmarks = options.privateBookmarks ?? false;
  }

  async publish(target: PublishTarget, post: PublishPost, options: PublishOptions): Promise<PublishResult> {
    const title = post.intent.name;
    const { url, description, mediaLeftOut } = bookmarkOf(post.html);
    const warnings: string[] = [];
    if (mediaLeftOut > 0) warnings.push(`${mediaLeftOut === 1 ? 'An image or video was' : `${mediaLeftOut} images or videos were`} left out: a Shaarli bookmark's description holds text and links only.`);
    if (post.featuredImage) warnings.push('The featured image was left out: a Shaarli bookmark has no featured image.');
    if (url === null) warnings.push('The post has no link: it was saved as a text note of the Shaarli site, without a bookmarked address.');

    // Everything before the create request cannot have made the bookmark: never an unknown outcome.
    const api = await surelyNotPosted(() => this.api(target, options));
    const fields = { url: url ?? '', title, description, tags: bookmarkTags(post.tags), private: this.privateBookmarks };
    const answer = await maybePosted(() => withApi(api, 'create the bookmark', () => api.call('POST', '/links', { json: fields, action: 'create the bookmark' })));
    if (answer.status === 201) {
      // Created, but answered without the bookmark: it is looked up (findPublished) before anything is tried again.
      if (!isShaarliLink(answer.data)) {
        throw new PublishError('network', `${api.siteLabel} created the bookmark but did not answer with it; it will be looked up before the post is tried again.`, { status: 201, outcomeUnknown: true, retryable: true });
      }
      const link = linkOf(answer.data, api.base);
      return { url: permalinkOf(api.base, link), remoteId: String(link.id), warnings };
    }
    if (answer.status === 409 && isShaarliLink(answer.data)) {
      const existing = linkOf(answer.data, api.base);
      // Our own bookmark from an earlier try whose answer was lost: our title, made since the intent.
      if (isOurs(existing, post.intent)) {
        return { url: permalinkOf(api.base, existing), remoteId: String(existing.id), warnings: [...warnings, `The bookmark "${title}" already existed from an earlier try of this post; it was kept.`] };
      }
      throw new PublishError(
        'rejected',
        `${api.siteLabel} already has a bookmark of ${url ?? 'this address'} (${permalinkOf(api.base, existing)}), and Shaarli keeps one bookmark per address: this post was not published there. Link it to another address, or publish it on another site.`,
        { status: 409, code: 'pageExists', retryable: false },
      );
    }
    throw unexpected(api, answer.status, 'create the bookmark');
  }

  /**
   * The bookmark's title (see bookmarkTitleCandidates): the first candidate no bookmark of the site
   * has as its title and no other post of ours claims. Reads only.
   */
  async chooseName(target: PublishTarget, post: NamedPost, claimed: ClaimedNames, options: PublishOptions): Promise<string> {
    const candidates = bookmarkTitleCandidates(post.title, post.html);
    return surelyNotPosted(async () => {
      const api = await this.api(target, options);
      const [first] = candidates;
      if (first === undefined) throw new PublishError('rejected', `The post has no title and no text to title its bookmark on ${api.siteLabel} with.`, { retryable: false });
      // Every candidate holds the title's words: one search finds each bookmark that could have one of them as its title.
      const titles = new Set((await this.search(api, first)).map((link) => link.title));
      const free = candidates.filter((candidate) => !titles.has(candidate));
      const ours = await claimed(free);
      const name = free.find((candidate) => !ours.has(candidate));
      if (name !== undefined) return name;
      throw new PublishError('rejected', `${api.siteLabel} already has bookmarks under every title the post "${post.title}" could take; change its title.`, { retryable: false });
    });
  }

  /** The bookmark an earlier call with this intent made: the one titled with the intent's name, made at or after the intent; null when there is none. */
  async findPublished(target: PublishTarget, intent: PublishIntent, options: PublishOptions): Promise<PublishedPost | null> {
    try {
      const api = await this.api(target, options);
      const found = (await this.search(api, intent.name))
        .filter((link) => isOurs(link, intent))
        // The first made since the intent (the API lists the newest first).
        .sort((a, b) => (utcMs(a.created) ?? 0) - (utcMs(b.created) ?? 0))[0];
      return found ? { url: permalinkOf(api.base, found), remoteId: String(found.id), status: found.private ? 'private' : 'publish' } : null;
    } catch (error) {
      throw error instanceof PublishError ? error.withOutcomeUnknown(false) : error;
    }
  }

  /**
   * Re-points the bookmark's links (Connector.updateLinks): reads it as the site has it now, replaces
   * each `from` in its address and its description (bare, or a markdown link's destination; a
   * longer address that starts with `from` is left alone), and saves it with the rest unchanged.
   * Nothing to replace: nothing is sent, `changed: 0`.
   */
  async updateLinks(target: PublishTarget, item: PublishedItem, changes: readonly LinkChange[], options: PublishOptions): Promise<{ changed: number }> {
    const api = await this.api(target, options);
    if (!/^\d+$/.test(item.remoteId)) throw new PublishError('notFound', `${item.remoteId} is not the id of a Shaarli bookmark (${item.url}).`, { retryable: false });
    const read = await withApi(api, 'read the bookmark', () => api.call('GET', `/links/${item.remoteId}`, { action: 'read the bookmark' }));
    if (read.status === 404) throw new PublishError('notFound', `${api.siteLabel} has no bookmark ${item.url} any more: it was deleted.`, { status: 404, retryable: false });
    if (read.status !== 200) throw unexpected(api, read.status, 'read the bookmark');
    const link = await withApi(api, 'read the bookmark', async () => linkOf(read.data, api.base));

    const change = changes.find((candidate) => link.url !== '' && sameAddress(link.url, candidate.from));
    const url = change ? change.to : link.url;
    const rewritten = rewriteDescriptionLinks(link.description, changes);
    const changed = (change ? 1 : 0) + rewritten.changed;
    if (changed === 0) return { changed: 0 };

    // Shaarli's PUT replaces every field: the others are sent back as they are.
    const fields = { url, title: link.title, description: rewritten.text, tags: link.tags, private: link.private };
    const saved = await withApi(api, 'edit the bookmark', () => api.call('PUT', `/links/${item.remoteId}`, { json: fields, action: 'edit the bookmark' }));
    if (saved.status === 200) return { changed };
    if (saved.status === 404) throw new PublishError('notFound', `${api.siteLabel} has no bookmark ${item.url} any more: it was deleted.`, { status: 404, retryable: false });
    if (saved.status === 409) {
      throw new PublishError('rejected', `${api.siteLabel} already has another bookmark of ${url}, and Shaarli keeps one bookmark per address: ${item.url} was left as it is.`, { status: 409, code: 'pageExists', retryable: false });
    }
    throw unexpected(api, saved.status, 'edit the bookmark');
  }

  /** Forgets what was learnt about sites (their clocks). */
  forgetSites(): void {
    this.clocks.clear();
  }

  // -------------------------------------------------------------------------------------------

  /** Bookmarks (public and private) whose text holds the title's words, with exactly that title. */
  private async search(api: ShaarliApi, title: string): Promise<ShaarliLink[]> {
    const answer = await withApi(api, 'search its bookmarks', () =>
      api.call('GET', '/links', { query: { searchterm: searchTermOf(title), limit: 'all', visibility: 'all' }, action: 'search its bookmarks' }),
    );
    if (answer.status !== 200 || !Array.isArray(answer.data)) throw apiMissingError(api.siteLabel, 'search its bookmarks');
    return answer.data.filter(isShaarliLink).map((link) => linkOf(link, api.base)).filter((link) => link.title === title);
  }

  private async api(target: PublishTarget, options: PublishOptions): Promise<ShaarliApi> {
    const base = normaliseSiteUrl(target.siteUrl);
    if (target.password.trim() === '') {
      throw new PublishError('auth', `${base} has no API secret: enter the Shaarli API secret (Tools → Configure) as the site's password.`, { code: 'badCredentials' });
    }
    let clock = this.clocks.get(base);
    if (!clock) {
      clock = { offsetMs: 0 };
      this.clocks.set(base, clock);
    }
    return new ShaarliApi(base, target.password.trim(), await siteOnlyContext(base, base, options, this.proxies), clock);
  }
}

/** Whether the bookmark found is the one the intent made: the intent's title, made at or after the intent. */
function isOurs(link: ShaarliLink, intent: PublishIntent): boolean {
  return link.title === intent.name && madeAfterIntent(utcMs(link.created), intent);
}

/** A call whose answer was not Shaarli's API becomes the PublishError that says what to do. */
async function withApi<T>(api: ShaarliApi, action: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ShaarliApiMissing) throw apiMissingError(api.siteLabel, action);
    throw error;
  }
}

function unexpected(api: ShaarliApi, status: number, action: string): PublishError {
  // A POST answered 200 was redirected (301/302 turn it into a GET): the site lives at another address.
  const why = status < 300 ? ': the site redirected the request (e.g. to https://), which turned it into another one; enter the address it redirects to' : '';
  return new PublishError('rejected', `${api.siteLabel} did not ${action}: it answered HTTP ${status}${why}.`, { status, retryable: false });
}

export interface ShaarliProbeOptions {
  timeoutMs: number;
  signal?: AbortSignal;
  proxy?: string;
  /** The site's API secret: with it the probe tells whether the API takes it. */
  apiSecret?: string;
  dispatcherForProxy?: DispatcherForProxy;
  /** A proxy's dispatcher already made (the platform verifier's), used instead of `proxy`. */
  dispatcher?: HttpContext['dispatcher'];
}

/**
 * What {@link probeShaarli} found. `api`:
 * - `enabled`: the API answered a token signed with the secret given;
 * - `refused`: it refused that token: the REST API is switched off, or the secret is not the
 *   site's (Shaarli answers both alike);
 * - `present`: it answers, as Shaarli's API does, without a secret to try (switched on or off: only
 *   a signed call tells);
 * - `absent`: nothing answers as Shaarli's API at /api/v1.
 */
export interface ShaarliProbe {
  shaarli: boolean;
  api: 'enabled' | 'refused' | 'present' | 'absent';
  /** The line the user sees, in our words. */
  message: string;
}

/** Shaarli's pages name their stylesheet, menu and search (default theme and its forks). */
const SHAARLI_PAGE = /shaarli(?:\.min)?\.css|id="shaarli-menu"|title="Shaarli search|class="[^"]*\bfa-shaarli\b/i;

/**
 * Whether `siteUrl` runs Shaarli and whether its REST API is on: `GET /api/v1/info`, signed when
 * `apiSecret` is given (and sent to the site's own origin only), else unsigned (Shaarli's API
 * answers an unsigned call with 401 and its own JSON); when that is not Shaarli's API, the home page
 * tells whether the site is Shaarli all the same. Transport failures throw PublishError.
 */
export async function probeShaarli(siteUrl: string, options: ShaarliProbeOptions): Promise<ShaarliProbe> {
  const base = normaliseSiteUrl(siteUrl);
  const http = options.dispatcher
    ? { timeoutMs: options.timeoutMs, siteLabel: base, dispatcher: siteOnlyDispatcher(new URL(base), options.dispatcher), ...(options.signal ? { signal: options.signal } : {}) }
    : await siteOnlyContext(base, base, options, new ProxyDispatchers(options.dispatcherForProxy));
  const secret = options.apiSecret?.trim() ?? '';
  let api: ShaarliProbe['api'] = 'absent';
  if (secret !== '') {
    try {
      const info = await new ShaarliApi(base, secret, http).call('GET', '/info', { action: 'read its settings' });
      if (info.status === 200 && info.data && typeof info.data === 'object' && 'global_counter' in info.data) api = 'enabled';
    } catch (error) {
      if (error instanceof PublishError && error.kind === 'auth') api = 'refused';
      else if (!(error instanceof ShaarliApiMissing)) throw error;
    }
  } else {
    const answer = await httpExchange({ method: 'GET', url: `${base}/api/v1/info`, headers: { accept: 'application/json' } }, http);
    // Shaarli's refusal: 401 with the JSON string "Not authorized", and the CORS headers of its API middleware.
    if (answer.status === 401 && /^\s*"Not authorized"\s*$/.test(answer.body) && /\bPUT\b/.test(answer.headers.get('access-control-allow-methods') ?? '')) api = 'present';
  }
  if (api === 'enabled') return { shaarli: true, api, message: `${base} runs Shaarli with its REST API enabled, and the API secret works.` };
  if (api === 'refused') {
    return { shaarli: true, api, message: `${base} runs Shaarli, but its REST API refused the API secret: enable the REST API in Shaarli's configuration (Tools → Configure) and check the API secret shown there (Shaarli answers both the same way).` };
  }
  if (api === 'present') return { shaarli: true, api, message: `${base} runs Shaarli and its REST API answers; whether it is enabled shows once the site's API secret is entered.` };
  const home = await httpExchange({ method: 'GET', url: `${base}/`, headers: { accept: 'text/html' } }, http);
  if (home.status < 400 && SHAARLI_PAGE.test(home.body)) {
    return { shaarli: true, api, message: `${base} runs Shaarli, but nothing answers as its REST API at /api/v1: enable the REST API in Shaarli's configuration (Tools → Configure), and check that the web server passes /api/v1/ to Shaarli's index.php.` };
  }
  return { shaarli: false, api, message: `${base} does not look like a Shaarli site.` };
}
