/**
 * The Telegraph connector: publishes pages on telegra.ph through the Telegraph API
 * (https://telegra.ph/api), at its fixed address https://api.telegra.ph.
 *
 * How a user's Telegraph "site" maps to PublishTarget:
 * - `siteUrl`: https://telegra.ph (graph.org, Telegraph's other address, too); the API is always
 *   https://api.telegra.ph, whatever the site says.
 * - `password`: the Telegraph account's access token (createAccount answers it once; the
 *   @Telegraph bot shows it too). It goes to the API's origin only.
 * - `username`: the author name shown under the title (`author_name`, at most 128 characters).
 *
 * The article's HTML becomes Telegraph's Node array (html-to-nodes.ts: only the tags Telegraph
 * allows), at most 64 KB of it; a featured image given by address opens the page as a figure (a
 * page has no other place for it). Telegraph makes the page's path from its title and the date
 * (`Title-12-15`, `Title-12-15-2`), so the name is the title (told apart by a word of the text when
 * another post of ours claims it: ../titled-name.ts); after an unknown outcome the page is found
 * among the account's own (`getPageList`, newest first) by that title and a path dated from the
 * intent on. updateLinks reads the page (`getPage`), re-points the `href` of its links and saves it
 * (`editPage`) with its title and author as they were.
 */
import { PLATFORM_TELEGRAPH } from '@linkloom/shared';
import { PublishError, type ClaimedNames, type Connector, type LinkChange, type NamedPost, type PublishedItem, type PublishedPost, type PublishIntent, type PublishOptions, type PublishPost, type PublishResult, type PublishTarget } from '../connector';
import { normaliseSiteUrl } from '../http';
import { CLOCK_SKEW_ALLOWANCE_MS } from '../intent-match';
import { maybePosted } from '../outcome';
import { ProxyDispatchers, type DispatcherForProxy } from '../proxy-dispatcher';
import { siteOnlyContext } from '../site-only-dispatcher';
import { changeFor } from '../link-rewrite';
import { chooseTitledName, titleLine } from '../titled-name';
import { MAX_CONTENT_BYTES, TelegraphNestingError, contentBytes, htmlToNodes, type TelegraphNode } from './html-to-nodes';
import { TELEGRAPH_API_BASE, TelegraphApiMissing, telegraphCreatePage, telegraphEditPage, telegraphGetPage, telegraphPageList, type TelegraphSession } from './telegraph-api';

export interface TelegraphConnectorOptions {
  dispatcherForProxy?: DispatcherForProxy;
  /** Tests only: the API's base instead of https://api.telegra.ph. The token then goes to this origin only. */
  apiBase?: string;
}

/** Telegraph's limits: a title of 1–256 characters, an author name of at most 128. */
export const TELEGRAPH_MAX_TITLE = 256;
const TELEGRAPH_MAX_AUTHOR = 128;
/** The hosts a Telegraph page lives on. */
const TELEGRAPH_HOSTS = new Set(['telegra.ph', 'www.telegra.ph', 'graph.org', 'www.graph.org']);
/** Pages read per getPageList call (its maximum), and at most this many calls per look-up. */
const LOOKUP_PAGE_SIZE = 200;
const LOOKUP_MAX_CALLS = 5;
const DAY_MS = 24 * 60 * 60 * 1000;

export function createTelegraphConnector(options: TelegraphConnectorOptions = {}): TelegraphConnector {
  return new TelegraphConnector(options);
}

export class TelegraphConnector implements Connector {
  readonly platform = PLATFORM_TELEGRAPH;
  private readonly proxies: ProxyDispatchers;
  private readonly apiBase: string;

  constructor(options: TelegraphConnectorOptions = {}) {
    this.proxies = new ProxyDispatchers(options.dispatcherForProxy);
    this.apiBase = (options.apiBase ?? TELEGRAPH_API_BASE).replace(/\/+$/, '');
  }

  async publish(target: PublishTarget, post: PublishPost, options: PublishOptions): Promise<PublishResult> {
    const session = await this.session(target, options);
    let converted: ReturnType<typeof htmlToNodes>;
    try {
      converted = htmlToNodes(post.html);
    } catch (error) {
      if (!(error instanceof TelegraphNestingError)) throw error;
      throw new PublishError('rejected', `${error.message}; fix the article's HTML.`, { retryable: false, cause: error });
    }
    const warnings = [...converted.notes];
    let content: TelegraphNode[] = converted.nodes;
    const image = post.featuredImage;
    if (image && 'url' in image && /^https?:\/\//i.test(image.url)) content = [{ tag: 'figure', children: [{ tag: 'img', attrs: { src: image.url } }] }, ...content];
    else if (image) warnings.push('The featured image was left out: a Telegraph page shows images by their web address only.');
    const size = contentBytes(content);
    if (size > MAX_CONTENT_BYTES) {
      throw new PublishError('rejected', `The article is too long for a Telegraph page (${Math.ceil(size / 1024)} KB of content; Telegraph takes 64 KB): shorten it.`, { retryable: false, code: 'refusedContent' });
    }
    return this.withApi(async () => {
      const page = await maybePosted(async () => {
        try {
          return await telegraphCreatePage(session, { title: titleLine(post.intent.name, TELEGRAPH_MAX_TITLE), content, ...authorOf(target) });
        } catch (error) {
          // An answer that is no Telegraph API's may come after the page was made.
          if (!(error instanceof TelegraphApiMissing)) throw error;
          throw new PublishError('network', 'The Telegraph API did not answer the new page as it documents; it will be looked up before trying again.', { outcomeUnknown: true, retryable: true, cause: error });
        }
      });
      return { url: page.url, remoteId: page.path, warnings };
    });
  }

  /** The title the page is made under (../titled-name.ts). Reads nothing of the site. */
  async chooseName(target: PublishTarget, post: NamedPost, claimed: ClaimedNames, _options: PublishOptions): Promise<string> {
    this.checkSite(target);
    return chooseTitledName(post, claimed, TELEGRAPH_MAX_TITLE, 'Telegraph');
  }

  /**
   * The page an earlier call with this intent made: among the account's pages (newest first), the
   * one titled as the intent's name whose path is dated from the intent's day on (Telegraph's pages
   * tell no other time); the oldest such when there are several. Null when there is none.
   */
  async findPublished(target: PublishTarget, intent: PublishIntent, options: PublishOptions): Promise<PublishedPost | null> {
    const session = await this.session(target, options);
    const title = titleLine(intent.name, TELEGRAPH_MAX_TITLE);
    const days = daysSince(intent.at, Date.now());
    try {
      return await this.withApi(async () => {
        let found: { url: string; path: string } | null = null;
        for (let call = 0; call < LOOKUP_MAX_CALLS; call++) {
          const { total, pages } = await telegraphPageList(session, call * LOOKUP_PAGE_SIZE, LOOKUP_PAGE_SIZE);
          for (const page of pages) {
            const day = pathDay(page.path);
            // Newest first: the last match seen is the oldest page that may be ours.
            if (titleLine(page.title, TELEGRAPH_MAX_TITLE) === title && (days === null || (day !== null && days.has(day)))) found = page;
          }
          if (pages.length < LOOKUP_PAGE_SIZE || (call + 1) * LOOKUP_PAGE_SIZE >= total) break;
        }
        return found ? { url: found.url, remoteId: found.path, status: 'published' } : null;
      });
    } catch (error) {
      throw error instanceof PublishError ? error.withOutcomeUnknown(false) : error;
    }
  }

  /** Re-points the page's links (see the file's header); a page with none to re-point is not saved. */
  async updateLinks(target: PublishTarget, item: PublishedItem, changes: readonly LinkChange[], options: PublishOptions): Promise<{ changed: number }> {
    const session = await this.session(target, options);
    return this.withApi(async () => {
      const page = await telegraphGetPage(session, item.remoteId);
      if (!page) throw new PublishError('notFound', `Telegraph no longer has the page ${item.url}.`);
      if (!page.content) throw new TelegraphApiMissing('getPage answered without the content');
      const changed = repointNodes(page.content, changes);
      if (changed === 0) return { changed: 0 };
      await telegraphEditPage(session, page.path, {
        title: page.title, content: page.content,
        ...(page.authorName ? { authorName: page.authorName } : {}), ...(page.authorUrl ? { authorUrl: page.authorUrl } : {}),
      });
      return { changed };
    });
  }

  // -------------------------------------------------------------------------------------------

  private checkSite(target: PublishTarget): void {
    const site = normaliseSiteUrl(target.siteUrl);
    if (!TELEGRAPH_HOSTS.has(new URL(site).hostname.toLowerCase())) {
      throw new PublishError('rejected', `${site} is not Telegraph: a Telegraph site's address is https://telegra.ph.`, { retryable: false });
    }
  }

  private async session(target: PublishTarget, options: PublishOptions): Promise<TelegraphSession> {
    this.checkSite(target);
    const accessToken = target.password.trim();
    if (accessToken === '' || /\s/.test(accessToken)) {
      throw new PublishError('auth', "The password stored for Telegraph is not an access token: enter the Telegraph account's access token.", { code: 'badCredentials' });
    }
    // The token goes to the API's origin only.
    return { apiBase: this.apiBase, accessToken, http: await siteOnlyContext(this.apiBase, new URL(this.apiBase).origin, options, this.proxies) };
  }

  private async withApi<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof TelegraphApiMissing)) throw error;
      throw new PublishError('network', 'The Telegraph API did not answer as it documents; it will be tried again.', { retryable: true, cause: error });
    }
  }
}

function authorOf(target: PublishTarget): { authorName?: string } {
  const name = titleLine(target.username, TELEGRAPH_MAX_AUTHOR);
  return name ? { authorName: name } : {};
}

/** `Title-12-15` / `Title-12-15-2` → `12-15`; null for a path without Telegraph's date. */
export function pathDay(path: string): string | null {
  const match = /-(\d{2})-(\d{2})(?:-\d+)?$/.exec(path);
  return match ? `${match[1]}-${match[2]}` : null;
}

/**
 * The month-days (`MM-DD`) a page made at or after `at` may carry, whatever zone Telegraph dates
 * its paths in: from a day before `at` (less the clock skew allowed) to a day after `now`. Null when
 * that spans so much of a year that the date tells nothing.
 */
export function daysSince(at: number, now: number): Set<string> | null {
  const from = at - CLOCK_SKEW_ALLOWANCE_MS - DAY_MS;
  const to = now + DAY_MS;
  if (to - from > 300 * DAY_MS) return null;
  const days = new Set<string>();
  for (let time = from; time <= to + DAY_MS; time += DAY_MS) {
    const date = new Date(Math.min(time, to));
    days.add(`${String(date.getUTCMonth() + 1).padStart(2, '0')}-${String(date.getUTCDate()).padStart(2, '0')}`);
  }
  return days;
}

/** Each link (`a` with `href`) to a change's `from` gets its `to`, in place; how many changed. Iterative: a page's depth is the site's to choose. */
export function repointNodes(nodes: TelegraphNode[], changes: readonly LinkChange[]): number {
  let changed = 0;
  const stack: TelegraphNode[][] = [nodes];
  while (stack.length > 0) {
    for (const node of stack.pop() as TelegraphNode[]) {
      if (typeof node === 'string') continue;
      const href = node.attrs?.href;
      if (node.tag === 'a' && href !== undefined) {
        const change = changeFor(href, changes);
        if (change && node.attrs) {
          node.attrs.href = change.to;
          changed++;
        }
      }
      if (Array.isArray(node.children)) stack.push(node.children);
    }
  }
  return changed;
}
