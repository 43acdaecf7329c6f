/**
 * The Forem connector: publishes articles through the Forem API v1 (https://developers.forem.com/api/v1)
 * on dev.to or any self-hosted Forem.
 *
 * How a user's Forem site maps to PublishTarget:
 * - `siteUrl`: the Forem's address (`https://dev.to`, or a self-hosted Forem's); the API is at its
 *   origin's `/api/`.
 * - `password`: an API key of the account (made on `{siteUrl}/settings/extensions`), sent in the
 *   `api-key` header to that origin only.
 * - `username`: not used (the key names the account).
 *
 * The article's HTML is converted to Markdown (html-to-markdown.ts) for `body_markdown`: Forem
 * documents that field as Markdown, and which raw HTML its renderer keeps is no documented
 * contract, so links are written as Markdown links. It is published at once (`published: true`)
 * with at most 4 tags, lower-case letters and digits only (Forem's rule); a featured image given by
 * address becomes `main_image` (Forem has no documented upload, so one given as bytes is left out
 * with a warning). Forem makes the article's address from its title, so the name is the title
 * (told apart by a word of the text when another post of ours claims it: ../titled-name.ts);
 * after an unknown outcome the article is found among the user's own (`/api/articles/me/all`) by
 * that title, published at or after the intent. updateLinks edits the article's Markdown in place
 * (`PUT /api/articles/{id}` with `body_markdown` only).
 */
import { PLATFORM_FOREM } from '@linkloom/shared';
import { PublishError, type ClaimedNames, type Connector, type LinkChange, type NamedPost, type PublishedItem, type PublishedPost, type PublishIntent, type PublishOptions, type PublishPost, type PublishResult, type PublishTarget } from '../connector';
import { normaliseSiteUrl } from '../http';
import { madeAfterIntent } from '../intent-match';
import { maybePosted } from '../outcome';
import { ProxyDispatchers, type DispatcherForProxy } from '../proxy-dispatcher';
import { siteOnlyContext } from '../site-only-dispatcher';
import { ForemApiMissing, foremCreateArticle, foremMyArticles, foremReadArticle, foremUpdateArticle, type ForemArticle, type ForemSession } from './forem-api';
import { MarkdownNestingError, htmlToMarkdown } from './html-to-markdown';
import { replaceMarkdownLinks } from './markdown-links';
import { chooseTitledName, titleLine } from '../titled-name';

export interface ForemConnectorOptions {
  dispatcherForProxy?: DispatcherForProxy;
  /** Tests only: the API's origin for every site (a local stand-in) instead of the site's own. The key then goes to this origin only. */
  apiBase?: string;
}

/** Forem keeps 128 characters of a title. */
export const FOREM_MAX_TITLE = 128;
/** Forem takes at most 4 tags, of letters and digits. */
export const FOREM_MAX_TAGS = 4;
const FOREM_MAX_TAG_LENGTH = 30;
/** The user's articles read per page, and at most this many pages, when looking an article up. */
const LOOKUP_PAGE_SIZE = 100;
const LOOKUP_MAX_PAGES = 10;

export function createForemConnector(options: ForemConnectorOptions = {}): ForemConnector {
  return new ForemConnector(options);
}

export class ForemConnector implements Connector {
  readonly platform = PLATFORM_FOREM;
  private readonly proxies: ProxyDispatchers;
  private readonly apiBase: string | undefined;

  constructor(options: ForemConnectorOptions = {}) {
    this.proxies = new ProxyDispatchers(options.dispatcherForProxy);
    this.apiBase = options.apiBase === undefined ? undefined : new URL(options.apiBase).origin;
  }

  async publish(target: PublishTarget, post: PublishPost, options: PublishOptions): Promise<PublishResult> {
    const session = await this.session(target, options);
    let converted: ReturnType<typeof htmlToMarkdown>;
    try {
      converted = htmlToMarkdown(post.html);
    } catch (error) {
      if (!(error instanceof MarkdownNestingError)) throw error;
      throw new PublishError('rejected', `${error.message}; fix the article's HTML.`, { retryable: false, cause: error });
    }
    const warnings = [...converted.notes];
    let mainImage: string | undefined;
    if (post.featuredImage && 'url' in post.featuredImage && /^https?:\/\//i.test(post.featuredImage.url)) mainImage = post.featuredImage.url;
    else if (post.featuredImage) warnings.push(`The featured image was left out: ${session.http.siteLabel} takes a cover image by its web address only.`);
    return this.withApi(session, async () => {
      const created = await createdOrUnknown(session, () => foremCreateArticle(session, {
        title: titleLine(post.intent.name, FOREM_MAX_TITLE), bodyMarkdown: converted.markdown, tags: foremTags(post.tags), ...(mainImage ? { mainImage } : {}),
      }));
      return { url: created.url, remoteId: String(created.id), warnings };
    });
  }

  /** The title the article is published under (../titled-name.ts). Reads nothing of the site. */
  async chooseName(target: PublishTarget, post: NamedPost, claimed: ClaimedNames, _options: PublishOptions): Promise<string> {
    return chooseTitledName(post, claimed, FOREM_MAX_TITLE, this.siteOrigin(target));
  }

  /**
   * The article an earlier call with this intent made: among the user's own articles, the published
   * one titled as the intent's name, published at or after the intent; null when there is none.
   */
  async findPublished(target: PublishTarget, intent: PublishIntent, options: PublishOptions): Promise<PublishedPost | null> {
    const session = await this.session(target, options);
    const title = titleLine(intent.name, FOREM_MAX_TITLE);
    try {
      return await this.withApi(session, async () => {
        const found: ForemArticle[] = [];
        for (let page = 1; page <= LOOKUP_MAX_PAGES; page++) {
          const articles = await foremMyArticles(session, page, LOOKUP_PAGE_SIZE);
          found.push(...articles.filter((article) => article.published && titleLine(article.title, FOREM_MAX_TITLE) === title && madeAfterIntent(article.publishedMs, intent)));
          // Published articles come newest first: past one older than the intent, none can be ours.
          const last = articles[articles.length - 1];
          if (articles.length < LOOKUP_PAGE_SIZE || (last?.published && !madeAfterIntent(last.publishedMs, intent))) break;
        }
        const ours = found.sort((a, b) => (a.publishedMs ?? 0) - (b.publishedMs ?? 0) || a.id - b.id)[0];
        return ours ? { url: ours.url, remoteId: String(ours.id), status: 'published' } : null;
      });
    } catch (error) {
      throw error instanceof PublishError ? error.withOutcomeUnknown(false) : error;
    }
  }

  /** Re-points the article's links in its Markdown as the site has it now; an article with none to re-point is not saved. */
  async updateLinks(target: PublishTarget, item: PublishedItem, changes: readonly LinkChange[], options: PublishOptions): Promise<{ changed: number }> {
    const session = await this.session(target, options);
    return this.withApi(session, async () => {
      const article = await foremReadArticle(session, item.remoteId);
      if (!article) throw new PublishError('notFound', `${session.http.siteLabel} no longer has the article ${item.url}: it may have been deleted or unpublished.`);
      if (article.bodyMarkdown === undefined) throw new ForemApiMissing('the article was read without its body_markdown');
      const { markdown, changed } = replaceMarkdownLinks(article.bodyMarkdown, changes);
      if (changed === 0) return { changed: 0 };
      await foremUpdateArticle(session, item.remoteId, markdown);
      return { changed };
    });
  }

  // -------------------------------------------------------------------------------------------

  private siteOrigin(target: PublishTarget): string {
    return new URL(normaliseSiteUrl(target.siteUrl)).origin;
  }

  private async session(target: PublishTarget, options: PublishOptions): Promise<ForemSession> {
    const site = this.siteOrigin(target);
    const apiKey = target.password.trim();
    if (apiKey === '' || /[\s]/.test(apiKey)) {
      throw new PublishError('auth', `The password stored for ${site} is not a Forem API key: enter an API key of the account (made on ${site}/settings/extensions).`, { code: 'badCredentials' });
    }
    const apiBase = this.apiBase ?? site;
    // The key goes to the API's origin only.
    return { apiBase, apiKey, http: await siteOnlyContext(apiBase, site, options, this.proxies) };
  }

  private async withApi<T>(session: ForemSession, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof ForemApiMissing)) throw error;
      throw new PublishError('notFound', `${session.http.siteLabel} does not answer as a Forem API at /api/: check the site's address (a Forem such as https://dev.to).`, { cause: error });
    }
  }
}

/** The create request's own failures: a server error, or an answer that is no Forem API's, may come after the article was saved. */
async function createdOrUnknown<T>(session: ForemSession, create: () => Promise<T>): Promise<T> {
  try {
    return await maybePosted(create);
  } catch (error) {
    if (!(error instanceof ForemApiMissing)) throw error;
    throw new PublishError('network', `${session.http.siteLabel} did not answer the new article as the Forem API does; it will be looked up before trying again.`, { outcomeUnknown: true, retryable: true, cause: error });
  }
}

/** Forem's tags: lower-case letters and digits only, at most 4, none repeated. */
export function foremTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const raw of tags) {
    const tag = raw.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]/g, '').slice(0, FOREM_MAX_TAG_LENGTH);
    if (tag === '' || seen.has(tag)) continue;
    seen.add(tag);
    kept.push(tag);
    if (kept.length === FOREM_MAX_TAGS) break;
  }
  return kept;
}
