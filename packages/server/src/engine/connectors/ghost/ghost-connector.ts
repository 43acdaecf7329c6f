/**
 * The Ghost connector: publishes through the Ghost Admin API (https://ghost.org/docs/admin-api/)
 * as a custom integration.
 *
 * How a user's Ghost site maps to PublishTarget:
 * - `siteUrl`: the blog's address (`https://blog.example`, or with its subdirectory); the Admin API
 *   is at `{siteUrl}/ghost/api/admin/`. A Ghost(Pro) blog whose admin lives on another domain
 *   (`*.ghost.io`) is entered with that admin address: the key goes to no other origin.
 * - `password`: the Admin API key of a custom integration, `id:secret` (Ghost Admin → Settings →
 *   Integrations). Each request carries a JWT made from it (admin-token.ts: HS256, `kid` = id,
 *   `aud` = `/admin/`, 5 minutes).
 * - `username`: not used (an integration posts as the site's owner).
 *
 * A post is sent as HTML (`?source=html`: Ghost converts it to its own format), published, with its
 * tags by name and its featured image uploaded through `images/upload/`. Its slug is the title's
 * (slug.ts), free on the site (`GET posts/slug/{slug}/`) and claimed by no other post of ours,
 * chosen before the engine records its intent; after an unknown outcome the post is found again by
 * that slug (or Ghost's `-2` of it with the same title) and its time (`posts/?filter=slug:[…]`).
 * updateLinks reads the post's HTML and `updated_at`, re-points the links and saves it with that
 * `updated_at` (Ghost refuses the edit of a post changed meanwhile: read and try once more).
 */
import { PLATFORM_GHOST, decodeEntities } from '@linkloom/shared';
import { PublishError, type ClaimedNames, type Connector, type LinkChange, type NamedPost, type PublishedItem, type PublishedPost, type PublishIntent, type PublishOptions, type PublishPost, type PublishResult, type PublishTarget } from '../connector';
import { imageDownloadContext, loadFeaturedImage, type ImageFile } from '../featured-image';
import { normaliseSiteUrl } from '../http';
import { madeAfterIntent } from '../intent-match';
import { rewriteAnchorLinks } from '../link-rewrite';
import { maybePosted, surelyNotPosted } from '../outcome';
import { ProxyDispatchers, type DispatcherForProxy } from '../proxy-dispatcher';
import { siteOnlyContext } from '../site-only-dispatcher';
import { GhostApiMissing, ghostCreatePost, ghostPostsBySlugs, ghostReadPost, ghostSlugTaken, ghostUpdatePostHtml, ghostUploadImage, type GhostSession } from './admin-api';
import { parseAdminApiKey } from './admin-token';
import { ghostSlugCandidates, takenSlugVariants } from './slug';

export interface GhostConnectorOptions {
  dispatcherForProxy?: DispatcherForProxy;
  /**
   * Tests only: the Admin API's base for every site (a local stand-in) instead of
   * `{siteUrl}/ghost/api/admin`. The key then goes to this origin only.
   */
  apiBase?: string;
}

/** Ghost keeps 255 characters of a title. */
const MAX_TITLE_LENGTH = 255;

export function createGhostConnector(options: GhostConnectorOptions = {}): GhostConnector {
  return new GhostConnector(options);
}

export class GhostConnector implements Connector {
  readonly platform = PLATFORM_GHOST;
  private readonly proxies: ProxyDispatchers;
  private readonly apiBase: string | undefined;

  constructor(options: GhostConnectorOptions = {}) {
    this.proxies = new ProxyDispatchers(options.dispatcherForProxy);
    this.apiBase = options.apiBase?.replace(/\/+$/, '');
  }

  async publish(target: PublishTarget, post: PublishPost, options: PublishOptions): Promise<PublishResult> {
    const session = await this.session(target, options);
    const warnings: string[] = [];
    return this.withApi(session, async () => {
      // Everything before the create request cannot have made the post: never an unknown outcome.
      const featureImage = await surelyNotPosted(async () => {
        if (!post.featuredImage) return undefined;
        // Downloaded outside the site's own tie (the image is on another host), then uploaded to the site.
        const loaded = await loadFeaturedImage(post.featuredImage, await imageDownloadContext(this.proxies, options));
        if ('warning' in loaded) {
          warnings.push(loaded.warning);
          return undefined;
        }
        const url = await this.uploadOrWarn(session, loaded, warnings);
        return url === undefined ? undefined : { url, ...(loaded.alt ? { alt: loaded.alt } : {}) };
      });
      const created = await createdOrUnknown(session, () => ghostCreatePost(session, {
        title: post.title.slice(0, MAX_TITLE_LENGTH), html: post.html, slug: post.intent.name, tags: tagNames(post.tags), ...(featureImage ? { featureImage } : {}),
      }));
      return { url: created.url, remoteId: created.id, warnings };
    });
  }

  /**
   * The post's slug (slug.ts): the first candidate no post of the site has (`GET posts/slug/{slug}/`,
   * any status: the Admin API sees drafts too) and no other post of ours claims. Reads only.
   */
  async chooseName(target: PublishTarget, post: NamedPost, claimed: ClaimedNames, options: PublishOptions): Promise<string> {
    const session = await this.session(target, options);
    const candidates = ghostSlugCandidates(post.title, post.html);
    if (candidates.length === 0) {
      throw new PublishError('rejected', `The post "${post.title}" has no letters a Ghost address can be made of (Latin, Cyrillic or Greek): give it such a title.`, { retryable: false });
    }
    return this.withApi(session, () => surelyNotPosted(async () => {
      const ours = await claimed(candidates);
      for (const slug of candidates) {
        if (ours.has(slug)) continue;
        if (!(await ghostSlugTaken(session, slug))) return slug;
      }
      throw new PublishError('rejected', `${session.http.siteLabel} already has posts under every address the post "${post.title}" could take; change its title.`, { retryable: false });
    }));
  }

  /**
   * The post an earlier call with this intent made: the intent's slug (or Ghost's `-n` of it, when
   * the slug was taken between our look and its save) with the intent's title, made at or after
   * the intent; null when there is none.
   */
  async findPublished(target: PublishTarget, intent: PublishIntent, options: PublishOptions): Promise<PublishedPost | null> {
    const session = await this.session(target, options);
    try {
      return await this.withApi(session, async () => {
        const name = intent.name.toLowerCase();
        // An integration posts as the site's owner, so the author tells nothing: the title does.
        const title = plainTitle(intent.title);
        const posts = (await ghostPostsBySlugs(session, [name, ...takenSlugVariants(name)]))
          .filter((post) => madeAfterIntent(post.createdMs, intent) && (title === '' || plainTitle(post.title) === title));
        const found = posts.find((post) => post.slug === name) ?? posts.sort((a, b) => (a.createdMs ?? 0) - (b.createdMs ?? 0))[0];
        return found ? { url: found.url, remoteId: found.id, status: found.status || 'published' } : null;
      });
    } catch (error) {
      throw error instanceof PublishError ? error.withOutcomeUnknown(false) : error;
    }
  }

  /** Re-points the post's links (see the file's header); a post with none to re-point is not saved. */
  async updateLinks(target: PublishTarget, item: PublishedItem, changes: readonly LinkChange[], options: PublishOptions): Promise<{ changed: number }> {
    const session = await this.session(target, options);
    return this.withApi(session, async () => {
      for (let attempt = 0; ; attempt++) {
        const post = await ghostReadPost(session, item.remoteId);
        if (!post) throw new PublishError('notFound', `Ghost at ${session.http.siteLabel} no longer has the post ${item.url}: it may have been deleted.`);
        if (post.html === undefined || post.updatedAt === undefined) throw new GhostApiMissing('the post was read without its html or updated_at');
        const { text: html, changed } = rewriteAnchorLinks(post.html, changes);
        if (changed === 0) return { changed: 0 };
        try {
          await ghostUpdatePostHtml(session, post.id, html, post.updatedAt);
          return { changed };
        } catch (error) {
          // Edited by someone else between our read and our save: read it again, once.
          if (error instanceof PublishError && error.status === 409 && attempt === 0) continue;
          throw error;
        }
      }
    });
  }

  // -------------------------------------------------------------------------------------------

  private async session(target: PublishTarget, options: PublishOptions): Promise<GhostSession> {
    const site = normaliseSiteUrl(target.siteUrl);
    const key = parseAdminApiKey(target.password);
    if (!key) {
      throw new PublishError('auth', `The password stored for ${site} is not a Ghost Admin API key: enter the Admin API key (id:secret) of a custom integration of the site (Ghost Admin → Settings → Integrations).`, { code: 'badCredentials' });
    }
    const apiBase = this.apiBase ?? `${site}/ghost/api/admin`;
    // The key goes to the Admin API's origin only.
    return { apiBase, key, http: await siteOnlyContext(apiBase, site, options, this.proxies) };
  }

  /** The call, with a site that does not answer as a Ghost Admin API said in words. */
  private async withApi<T>(session: GhostSession, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof GhostApiMissing)) throw error;
      throw new PublishError('notFound', `${session.http.siteLabel} does not answer as a Ghost Admin API at /ghost/api/admin/: check the site's address (a Ghost(Pro) blog: its admin address, …ghost.io).`, { cause: error });
    }
  }

  /** An upload refused for its content becomes a warning; auth, limits and outages still fail the post. */
  private async uploadOrWarn(session: GhostSession, image: ImageFile, warnings: string[]): Promise<string | undefined> {
    try {
      return await ghostUploadImage(session, image);
    } catch (error) {
      if (error instanceof PublishError && error.kind === 'rejected' && !error.retryable) {
        warnings.push(`The featured image ${image.filename} was refused (${error.message}); the post was published without it.`);
        return undefined;
      }
      throw error;
    }
  }
}

/** The create request's own failures: a server error, or an answer that is no Ghost API's, may come after the post was saved. */
async function createdOrUnknown<T>(session: GhostSession, create: () => Promise<T>): Promise<T> {
  try {
    return await maybePosted(create);
  } catch (error) {
    if (!(error instanceof GhostApiMissing)) throw error;
    throw new PublishError('network', `${session.http.siteLabel} did not answer the new post as the Ghost Admin API does; it will be looked up before trying again.`, { outcomeUnknown: true, retryable: true, cause: error });
  }
}

/** Tag names as Ghost takes them: trimmed, no empty or repeated ones, at most 191 characters. */
function tagNames(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  return tags.flatMap((raw) => {
    const name = raw.replace(/\s+/g, ' ').trim().slice(0, 191);
    if (!name || seen.has(name.toLowerCase())) return [];
    seen.add(name.toLowerCase());
    return [name];
  });
}

const plainTitle = (title: string) => decodeEntities(title.replace(/<[^>]*>/g, '')).replace(/\s+/g, ' ').trim();
