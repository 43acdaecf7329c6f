/**
 * The WordPress connector: publishes through the REST API with an application password, falls back
 * to XML-RPC (metaWeblog) when the REST API is missing. A post's slug is its title's, as WordPress
 * makes it (told apart by a word of its text when taken: slug.ts), chosen before the engine records
 * its intent; after an unknown outcome the post is found again by that slug, its author and its
 * time (own-post.ts). Per site it remembers which API answers and the ids of tags it used, so that
 * a steady stream of posts costs few requests.
 */
import { PLATFORM_WORDPRESS } from '@linkloom/shared';
import { checkBacklinks } from '@linkloom/shared';
import { PublishError, type AccountToRegister, type ClaimedNames, type RegisteredLookup, type Connector, type ConnectorTransport, type LinkChange, type PublishedItem, type NamedPost, type ProfileUpdate, type PublishDocument, type PublishedPost, type PublishIntent, type PublishOptions, type PublishPost, type PublishResult, type PublishTarget } from '../connector';
import { loadFeaturedImage, type ImageFile } from '../featured-image';
import { httpExchange, normaliseSiteUrl, type HttpContext } from '../http';
import { rewriteHtmlLinks } from '../link-rewrite';
import { maybePosted, surelyNotPosted } from '../outcome';
import { ProxyDispatchers, type DispatcherForProxy } from '../proxy-dispatcher';
import { ownPost, slugsToLookUp } from './own-post';
import {
  RestApiMissing, restCategoryId, restCreateAppPassword, restCreatePost, restCreateUserWithAppPassword, restFindUserByLogin, restMediaBySlugs, restPostContent, restPostsBySlugs,
  restTakenMediaSlugs, restUpdateOwnProfile, restUpdatePostContent, restTagIds, restTakenSlugs, restUploadDocument, restUploadMedia, restWhoAmI,
  type FoundPost, type RestSession, type RestUrlForm,
} from './rest-api';
import { slugCandidates } from './slug';
import { XmlRpcMissing, xmlRpcCreatePost, xmlRpcPostContent, xmlRpcRecentPosts, xmlRpcUpdatePostContent, xmlRpcUploadMedia, xmlRpcUserId, xmlRpcUsersBlogId, type XmlRpcSession } from './xmlrpc-api';

export interface WordPressConnectorOptions {
  /** Makes the fetch dispatcher for a proxy URL (e.g. `(url) => new ProxyAgent(url)` from undici). */
  dispatcherForProxy?: DispatcherForProxy;
  /** How long a site's detected API (REST form or XML-RPC) is trusted before it is probed again. */
  apiCacheMs?: number;
}

type SiteApi = { kind: 'rest'; form: RestUrlForm } | { kind: 'xmlrpc'; blogId: number };

interface SiteContext {
  base: string;
  target: PublishTarget;
  http: HttpContext;
}

const DEFAULT_API_CACHE_MS = 10 * 60 * 1000;

export function createWordPressConnector(options: WordPressConnectorOptions = {}): WordPressConnector {
  return new WordPressConnector(options);
}

export class WordPressConnector implements Connector {
  readonly platform = PLATFORM_WORDPRESS;
  private readonly apis = new Map<string, { api: SiteApi; until: number }>();
  private readonly tagIds = new Map<string, Map<string, number>>();
  private readonly proxies: ProxyDispatchers;
  private readonly apiCacheMs: number;

  constructor(options: WordPressConnectorOptions = {}) {
    this.proxies = new ProxyDispatchers(options.dispatcherForProxy);
    this.apiCacheMs = options.apiCacheMs ?? DEFAULT_API_CACHE_MS;
  }

  async publish(target: PublishTarget, post: PublishPost, options: PublishOptions): Promise<PublishResult> {
    const site = await this.siteContext(target, options);
    const slug = post.intent.name;
    const warnings: string[] = [];

    // Everything before the create request cannot have made the post: never an unknown outcome.
    const { api, image } = await surelyNotPosted(async () => {
      const resolved = await this.api(site, options.transport ?? 'auto');
      const loaded = post.featuredImage ? await loadFeaturedImage(post.featuredImage, site.http) : undefined;
      if (loaded && 'warning' in loaded) warnings.push(loaded.warning);
      return { api: resolved, image: loaded && !('warning' in loaded) ? loaded : undefined };
    });

    try {
      if (api.kind === 'rest') {
        const session = this.restSession(site, api.form);
        const { tagIds, mediaId, categoryIds } = await surelyNotPosted(async () => ({
          tagIds: await restTagIds(session, post.tags, this.tagCache(site.base)),
          mediaId: image ? await this.uploadOrWarn(() => restUploadMedia(session, image), image, warnings) : undefined,
          categoryIds: post.categories?.length ? await this.categoryIds(session, site, post.categories) : [],
        }));
        const created = await maybePosted(() => restCreatePost(session, {
          title: post.title, html: post.html, slug, tagIds, ...(mediaId === undefined ? {} : { featuredMediaId: mediaId }), ...(categoryIds.length ? { categoryIds } : {}),
        }));
        return { url: created.link, remoteId: String(created.id), warnings };
      }
      const session = this.xmlRpcSession(site, api.blogId);
      const mediaId = image ? await surelyNotPosted(() => this.uploadOrWarn(() => xmlRpcUploadMedia(session, image), image, warnings)) : undefined;
      const created = await maybePosted(() => xmlRpcCreatePost(session, {
        title: post.title, html: post.html, slug, tags: post.tags, ...(mediaId === undefined ? {} : { featuredMediaId: mediaId }), ...(post.categories?.length ? { categories: post.categories } : {}),
      }));
      return { url: created.link, remoteId: created.id, warnings };
    } catch (error) {
      throw this.afterApiFailure(site, error);
    }
  }

  /**
   * The post's slug (see slug.ts): the first candidate no post of the site has (REST: published
   * posts by slug; XML-RPC: among the posts a search for the title finds) and no other post of
   * ours claims. Reads only.
   */
  async chooseName(target: PublishTarget, post: NamedPost, claimed: ClaimedNames, options: PublishOptions): Promise<string> {
    const site = await this.siteContext(target, options);
    const candidates = slugCandidates(post.title, post.html);
    try {
      return await surelyNotPosted(async () => {
        const api = await this.api(site, options.transport ?? 'auto');
        let xmlRpcTaken: Set<string> | undefined;
        for (let at = 0; at < candidates.length; at += 25) {
          const batch = candidates.slice(at, at + 25);
          let taken: Set<string>;
          if (api.kind === 'rest') taken = await restTakenSlugs(this.restSession(site, api.form), batch);
          else {
            xmlRpcTaken ??= new Set((await xmlRpcRecentPosts(this.xmlRpcSession(site, api.blogId), { search: post.title })).map((found) => found.slug.toLowerCase()));
            taken = xmlRpcTaken;
          }
          const ours = await claimed(batch);
          const free = batch.find((slug) => !taken.has(slug) && !ours.has(slug));
          if (free !== undefined) return free;
        }
        throw new PublishError('rejected', `${site.base} already has posts under every slug the post "${post.title}" could take; change its title.`, { retryable: false });
      });
    } catch (error) {
      throw this.afterApiFailure(site, error);
    }
  }

  /**
   * The post an earlier call with this intent made (own-post.ts): by the intent's slug (or
   * WordPress's `-n` variant of it with the same title), written by this user, made at or after
   * the intent. REST reads the slugs in the edit context; XML-RPC reads the user's newest posts,
   * then a search for the title.
   */
  async findPublished(target: PublishTarget, intent: PublishIntent, options: PublishOptions): Promise<PublishedPost | null> {
    const site = await this.siteContext(target, options);
    try {
      const api = await this.api(site, options.transport ?? 'auto');
      let found: FoundPost | null;
      if (api.kind === 'rest') {
        const session = this.restSession(site, api.form);
        // Who we are first: it also checks the login, which the edit context needs.
        const me = await restWhoAmI(session);
        found = ownPost(await restPostsBySlugs(session, slugsToLookUp(intent.name)), intent, me);
      } else {
        const session = this.xmlRpcSession(site, api.blogId);
        const me = await xmlRpcUserId(session);
        found = ownPost(await xmlRpcRecentPosts(session), intent, me);
        if (!found && intent.title.trim() !== '') found = ownPost(await xmlRpcRecentPosts(session, { search: intent.title }), intent, me);
      }
      return found ? { url: found.link, remoteId: found.id, status: found.status } : null;
    } catch (error) {
      const failure = this.afterApiFailure(site, error);
      throw failure instanceof PublishError ? failure.withOutcomeUnknown(false) : failure;
    }
  }

  /**
   * Re-points the post's links (Connector.updateLinks): reads its stored content (REST edit
   * context, or wp.getPost), replaces the addresses of the links to each `from`, saves the content
   * alone. Nothing to replace (done before, or a person removed the link): nothing is saved.
   */
  async updateLinks(target: PublishTarget, item: PublishedItem, changes: readonly LinkChange[], options: PublishOptions): Promise<{ changed: number }> {
    const site = await this.siteContext(target, options);
    try {
      const api = await this.api(site, options.transport ?? 'auto');
      if (api.kind === 'rest') {
        const session = this.restSession(site, api.form);
        const edited = rewriteHtmlLinks(await restPostContent(session, item.remoteId), changes);
        if (edited.changed > 0) await restUpdatePostContent(session, item.remoteId, edited.text);
        return { changed: edited.changed };
      }
      const session = this.xmlRpcSession(site, api.blogId);
      const edited = rewriteHtmlLinks(await xmlRpcPostContent(session, item.remoteId), changes);
      if (edited.changed > 0) await xmlRpcUpdatePostContent(session, item.remoteId, edited.text);
      return { changed: edited.changed };
    } catch (error) {
      throw this.afterApiFailure(site, error);
    }
  }

  /**
   * Creates an author on the site with an administrator's login (`admin`: user name and application
   * password; the verifier reports such a login as "can register"), and an application password of
   * the new user's own, which is what the returned target posts with. REST only.
   */
  async register(admin: PublishTarget, account: AccountToRegister, options: PublishOptions): Promise<PublishTarget> {
    const site = await this.siteContext(admin, options);
    const api = await this.api(site, 'rest');
    if (api.kind !== 'rest') throw new PublishError('notFound', `${site.base} has no WordPress REST API: accounts are created through it.`);
    try {
      const user = await restCreateUserWithAppPassword(this.restSession(site, api.form), {
        username: account.username, email: account.email, password: account.password, role: 'author', profile: wordPressProfile(account),
      }, 'LinkLoom');
      return { siteUrl: admin.siteUrl, username: user.username, password: user.applicationPassword };
    } catch (error) {
      throw this.afterApiFailure(site, error);
    }
  }

  /**
   * The account {@link register} would make, looked up with the administrator's login: a user of
   * that login name with our address is ours (it gets a fresh application password: the one made
   * before, if any, was never seen); with another address the name is someone else's.
   */
  async findRegistered(admin: PublishTarget, account: AccountToRegister, options: PublishOptions): Promise<RegisteredLookup> {
    const site = await this.siteContext(admin, options);
    const api = await this.api(site, 'rest');
    if (api.kind !== 'rest') throw new PublishError('notFound', `${site.base} has no WordPress REST API: accounts are created through it.`);
    try {
      const session = this.restSession(site, api.form);
      const user = await restFindUserByLogin(session, account.username);
      if (!user) return { state: 'absent' };
      if (user.email.toLowerCase() !== account.email.toLowerCase()) return { state: 'taken' };
      // WordPress wants each of a user's application passwords named differently: the attempt
      // that made the user may have made "LinkLoom" already.
      const appName = `LinkLoom ${new Date().toISOString()}`;
      return { state: 'ours', target: { siteUrl: admin.siteUrl, username: user.username, password: await restCreateAppPassword(session, user.id, appName) } };
    } catch (error) {
      const failure = this.afterApiFailure(site, error);
      throw failure instanceof PublishError ? failure.withOutcomeUnknown(false) : failure;
    }
  }

  /**
   * The account's own profile (Connector.updateProfile): its website and its description (the
   * bio with its links as HTML, which WordPress keeps for authors: `<a href>` is among the tags it
   * allows there) through `POST /wp/v2/users/me`. The public profile is the author's archive
   * (`/author/<slug>/`, the user's `link`). Setting fields: a retry sets them again, nothing is made
   * twice. Whether that page shows the bio is the theme's choice (block themes such as
   * twentytwentythree show neither the website nor the bio there): the page is read once after
   * saving, and a warning says so when it does not carry the link. REST only.
   */
  async updateProfile(target: PublishTarget, profile: ProfileUpdate, options: PublishOptions): Promise<PublishResult> {
    const site = await this.siteContext(target, options);
    try {
      const api = await this.api(site, options.transport ?? 'auto');
      if (api.kind !== 'rest') throw new PublishError('notFound', `${site.base} has no WordPress REST API: a profile is edited through it (turn the REST API on).`);
      const me = await restUpdateOwnProfile(this.restSession(site, api.form), { url: profile.url, description: profile.html });
      const warnings = await this.profileShownWarnings(site, me.link, profile);
      return { url: me.link, remoteId: `user:${me.id}`, warnings };
    } catch (error) {
      throw this.afterApiFailure(site, error);
    }
  }

  /**
   * The document's slug (Connector.chooseDocumentName): the first of the title's slugs (slug.ts)
   * that neither a post nor a media item of the site has (WordPress keeps attachment slugs apart
   * from every post's) and no other post of ours claims. REST only.
   */
  async chooseDocumentName(target: PublishTarget, doc: NamedPost, claimed: ClaimedNames, options: PublishOptions): Promise<string> {
    const site = await this.siteContext(target, options);
    const candidates = slugCandidates(doc.title, doc.html);
    try {
      return await surelyNotPosted(async () => {
        const session = await this.restOnly(site, options, 'a document is uploaded through it');
        for (let at = 0; at < candidates.length; at += 25) {
          const batch = candidates.slice(at, at + 25);
          const taken = new Set([...(await restTakenSlugs(session, batch)), ...(await restTakenMediaSlugs(session, batch))]);
          const ours = await claimed(batch);
          const free = batch.find((slug) => !taken.has(slug) && !ours.has(slug));
          if (free !== undefined) return free;
        }
        throw new PublishError('rejected', `${site.base} already has items under every name the document "${doc.title}" could take; change its title.`, { retryable: false });
      });
    } catch (error) {
      throw this.afterApiFailure(site, error);
    }
  }

  /**
   * Uploads the document to the media library (`POST /wp/v2/media`) as `<slug>.pdf`, titled and
   * slugged as the intent says; answers the file's address. REST only.
   */
  async publishDocument(target: PublishTarget, doc: PublishDocument, options: PublishOptions): Promise<PublishResult> {
    const site = await this.siteContext(target, options);
    try {
      const session = await surelyNotPosted(() => this.restOnly(site, options, 'a document is uploaded through it'));
      const uploaded = await maybePosted(() => restUploadDocument(session, {
        bytes: doc.bytes, contentType: doc.contentType, title: doc.title, slug: doc.intent.name, filename: `${documentFileName(doc.intent.name)}.pdf`,
      }));
      return { url: uploaded.url, remoteId: String(uploaded.id), warnings: [] };
    } catch (error) {
      throw this.afterApiFailure(site, error);
    }
  }

  /**
   * The document an earlier upload with this intent made (Connector.findDocument): a media item of
   * the intent's slug (or WordPress's `-n` variant with the intent's title) by this user, made at or
   * after the intent (own-post.ts); `url` is its file's address.
   */
  async findDocument(target: PublishTarget, intent: PublishIntent, options: PublishOptions): Promise<PublishedPost | null> {
    const site = await this.siteContext(target, options);
    try {
      const session = await this.restOnly(site, options, 'a document is looked up through it');
      const me = await restWhoAmI(session);
      const found = ownPost(await restMediaBySlugs(session, slugsToLookUp(intent.name)), intent, me);
      return found ? { url: found.link, remoteId: found.id, status: found.status } : null;
    } catch (error) {
      const failure = this.afterApiFailure(site, error);
      throw failure instanceof PublishError ? failure.withOutcomeUnknown(false) : failure;
    }
  }

  /** Forgets what was learnt about sites (their API, tag ids). */
  forgetSites(): void {
    this.apis.clear();
    this.tagIds.clear();
  }

  // -------------------------------------------------------------------------------------------

  private async siteContext(target: PublishTarget, options: PublishOptions): Promise<SiteContext> {
    const base = normaliseSiteUrl(target.siteUrl);
    const dispatcher = options.proxy ? await this.proxies.get(options.proxy) : undefined;
    return {
      base,
      target,
      http: {
        timeoutMs: options.timeoutMs,
        siteLabel: base,
        ...(options.signal ? { signal: options.signal } : {}),
        ...(dispatcher ? { dispatcher } : {}),
      },
    };
  }

  private restSession(site: SiteContext, form: RestUrlForm): RestSession {
    return { base: site.base, form, username: site.target.username, password: site.target.password, http: site.http };
  }

  private xmlRpcSession(site: SiteContext, blogId: number): XmlRpcSession {
    return { endpoint: `${site.base}/xmlrpc.php`, base: site.base, username: site.target.username, password: site.target.password, http: site.http, blogId };
  }

  private tagCache(base: string): Map<string, number> {
    let cache = this.tagIds.get(base);
    if (!cache) {
      cache = new Map();
      this.tagIds.set(base, cache);
    }
    return cache;
  }

  /**
   * Which API to talk to: REST at /wp-json, REST at ?rest_route=, else XML-RPC. The probe also
   * checks the credentials, so a wrong password fails before anything is uploaded.
   */
  private async api(site: SiteContext, transport: ConnectorTransport): Promise<SiteApi> {
    const cacheKey = `${transport} ${site.base}`;
    const cached = this.apis.get(cacheKey);
    if (cached && cached.until > Date.now()) return cached.api;
    const api = await this.probe(site, transport);
    this.apis.set(cacheKey, { api, until: Date.now() + this.apiCacheMs });
    return api;
  }

  private async probe(site: SiteContext, transport: ConnectorTransport): Promise<SiteApi> {
    if (transport !== 'xmlrpc') {
      for (const form of ['pretty', 'query'] as const) {
        try {
          await restWhoAmI(this.restSession(site, form));
          return { kind: 'rest', form };
        } catch (error) {
          if (!(error instanceof RestApiMissing)) throw error;
        }
      }
      if (transport === 'rest') {
        throw new PublishError('notFound', `${site.base} has no WordPress REST API at /wp-json/: check the site's address, or turn the REST API on.`);
      }
    }
    try {
      return { kind: 'xmlrpc', blogId: await xmlRpcUsersBlogId(this.xmlRpcSession(site, 1)) };
    } catch (error) {
      if (!(error instanceof XmlRpcMissing)) throw error;
      const message =
        transport === 'xmlrpc'
          ? `${site.base} has no WordPress XML-RPC at /xmlrpc.php (or it is turned off): check the site's address.`
          : `${site.base} answers neither the WordPress REST API (/wp-json/) nor XML-RPC (/xmlrpc.php): check the site's address, and that it is a WordPress site with one of them on.`;
      throw new PublishError('notFound', message, { cause: error });
    }
  }

  /**
   * An API that vanished after the probe (site reconfigured): forget it so that the retry probes
   * again. Every other error passes through.
   */
  private afterApiFailure(site: SiteContext, error: unknown): Error {
    if (error instanceof RestApiMissing || error instanceof XmlRpcMissing) {
      for (const key of [...this.apis.keys()]) if (key.endsWith(` ${site.base}`)) this.apis.delete(key);
      return new PublishError('notFound', `${site.base} stopped answering its WordPress API as before; it will be checked again on the next try.`, { retryable: true, cause: error });
    }
    return error instanceof Error ? error : new Error(String(error));
  }

  /** A REST session, or the reason this site cannot do `what` (its REST API is off). */
  private async restOnly(site: SiteContext, options: PublishOptions, why: string): Promise<RestSession> {
    const api = await this.api(site, options.transport ?? 'auto');
    if (api.kind !== 'rest') throw new PublishError('notFound', `${site.base} has no WordPress REST API: ${why} (turn the REST API on).`);
    return this.restSession(site, api.form);
  }

  /**
   * The categories' ids. A category the site lacks and the account may not create (an author may
   * only choose existing ones) is left out: the post goes out in the site's default category, as
   * it would for a person with that role, and is filed there once an editor creates the category.
   */
  private async categoryIds(session: RestSession, site: SiteContext, names: readonly string[]): Promise<number[]> {
    const ids: number[] = [];
    for (const name of names) {
      const id = await restCategoryId(session, name, this.tagCache(site.base));
      if (id !== undefined && !ids.includes(id)) ids.push(id);
    }
    return ids;
  }

  /**
   * Reads the public profile page once, as a visitor: a warning when it does not carry the
   * profile's link (the theme shows no author bio), as the backlink check will then find it missing.
   * A page that cannot be read says nothing: the check reads it again later.
   */
  private async profileShownWarnings(site: SiteContext, pageUrl: string, profile: ProfileUpdate): Promise<string[]> {
    try {
      const page = await httpExchange({ method: 'GET', url: pageUrl, headers: { accept: 'text/html' } }, site.http);
      if (page.status < 200 || page.status >= 300) return [];
      const [result] = checkBacklinks(page.body, pageUrl, [{ url: profile.url, anchor: profile.anchor }]).results;
      if (result?.state !== 'MISSING') return [];
      return [`The author page ${pageUrl} does not show the profile's link: the site's theme leaves the author's bio and website out of it (block themes such as Twenty Twenty-Three do), so the link check will find it missing. Use a theme that shows the author's bio there, or a wiki's user page.`];
    } catch (error) {
      if (site.http.signal?.aborted) throw error;
      return [];
    }
  }

  /** An upload refused for its content becomes a warning; auth, limits and outages still fail the post. */
  private async uploadOrWarn(upload: () => Promise<number>, image: ImageFile, warnings: string[]): Promise<number | undefined> {
    try {
      return await upload();
    } catch (error) {
      if (error instanceof PublishError && error.kind === 'rejected' && !error.retryable) {
        warnings.push(`The featured image ${image.filename} was refused (${error.message}); the post was published without it.`);
        return undefined;
      }
      throw error;
    }
  }
}

/** The form's names as a WordPress user's fields (only those given). */
function wordPressProfile(account: AccountToRegister): Record<string, string> {
  const profile: Record<string, string> = {};
  const name = [account.firstName, account.lastName].map((part) => part?.trim() ?? '').filter(Boolean).join(' ');
  if (account.firstName?.trim()) profile.first_name = account.firstName.trim();
  if (account.lastName?.trim()) profile.last_name = account.lastName.trim();
  if (name) profile.name = name;
  if (account.blogName?.trim()) profile.nickname = account.blogName.trim();
  const description = account.bio?.trim() || account.blogTitle?.trim();
  if (description) profile.description = description;
  return profile;
}

/** A file name from a document's slug: WordPress's slug with its encoded letters spelled out (`%c3%a9` → `é`). */
function documentFileName(slug: string): string {
  try {
    return decodeURIComponent(slug);
  } catch {
    return slug.replace(/%/g, '');
  }
}
