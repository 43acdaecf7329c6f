/**
 * The DokuWiki connector: publishes a post as a new page through the wiki's remote API (XML-RPC,
 * dokuwiki-api.ts), logged in with the account's own password (`dokuwiki.login`, a cookie session).
 * The site's credentials map to the target as the wiki knows them: `siteUrl` the wiki's address
 * (the folder holding doku.php), `username` and `password` the account's login.
 *
 * - The page is named by the article's title as the wiki writes ids (`tomato_care`), told apart by
 *   a word of its text when taken (`tomato_care_pruning`, page-id.ts), chosen before the engine
 *   records its intent.
 * - `wiki.putPage` overwrites, so a page is only ever created: the page is locked for the account
 *   (`dokuwiki.setLocks`, which any other editor of the wiki then waits for), looked up, and saved
 *   only when it does not exist; someone's page is never touched. A page of that name made by this
 *   account since the intent is an earlier try of this post whose answer was lost: it is kept.
 *   Three requests a post besides the name's look-up (the account's permission is read once a login).
 * - No summary is sent: the wiki writes its own ("created"), as for a person's page. The title is
 *   the page's first heading, as DokuWiki pages begin. The wiki marks external links
 *   rel="ugc nofollow" by default, which verification then reports as NOFOLLOW.
 * - An unknown outcome (timeout, dropped connection, a server error answering the save) is
 *   reconciled by `findPublished`: the page of the intent's name whose creation (its latest `C`
 *   version) is by this account at or after the intent.
 */
import { PublishError, type ClaimedNames, type Connector, type DetectedPlatform, type LinkChange, type NamedPost, type ProfileUpdate, type PublishDocument, type PublishedItem, type PublishedPost, type PublishIntent, type PublishOptions, type PublishPost, type PublishResult, type PublishTarget } from '../connector';
import { imageDownloadContext, loadFeaturedImage } from '../featured-image';
import type { HttpContext } from '../http';
import { CLOCK_SKEW_ALLOWANCE_MS, madeAfterIntent } from '../intent-match';
import { maybePosted, surelyNotPosted } from '../outcome';
import { ProxyDispatchers, type DispatcherForProxy } from '../proxy-dispatcher';
import { PLATFORM_DOKUWIKI } from '@linkloom/shared';
import { DokuWikiApiMissing, DokuWikiRefusal, DokuWikiSession, FAULT, refusalCode } from './dokuwiki-api';
import { siteOnlyDispatcher } from '../site-only-dispatcher';
import { dokuWikiWork } from '../../content-work/content-work';
import { rewriteDokuWikiLinks } from './link-rewrite';
import { XmlRpcParseError } from '../wordpress/xmlrpc';
import { pageIdCandidates, pageIdOf, sameWikiUser } from './page-id';
import { probeDokuWiki } from './probe';
import { mediaUrl, pageUrl, wikiBase } from './wiki-address';
import { nameRounds } from '../name-rounds';

export { mediaUrl, pageUrl, wikiBase } from './wiki-address';
export { probeDokuWiki, type DokuWikiProbe, type DokuWikiProbeOptions } from './probe';

export interface DokuWikiConnectorOptions {
  dispatcherForProxy?: DispatcherForProxy;
  /** How long a login is reused before being made again. */
  sessionCacheMs?: number;
}

const DEFAULT_SESSION_CACHE_MS = 10 * 60 * 1000;
/** Names looked up at once while choosing one (one call each: the API has no batch look-up). */
const NAMES_PER_ROUND = 8;
/** Versions pages read at most to find a page's creation (the wiki answers `recent`, 20 by default, a page). */
const MAX_VERSION_PAGES = 10;
/** Permission levels of DokuWiki's ACL. */
const AUTH_CREATE = 4;
const AUTH_UPLOAD = 8;
/** Media types a default DokuWiki takes (conf/mime.conf), by extension. */
const IMAGE_EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/gif': 'gif' };

interface LoggedIn {
  session: DokuWikiSession;
  password: string;
  until: number;
}

interface Creation {
  user: string;
  createdMs: number | null;
}

export function createDokuWikiConnector(options: DokuWikiConnectorOptions = {}): DokuWikiConnector {
  return new DokuWikiConnector(options);
}

export class DokuWikiConnector implements Connector {
  readonly platform = PLATFORM_DOKUWIKI;
  private readonly proxies: ProxyDispatchers;
  private readonly cacheMs: number;
  private readonly sessions = new Map<string, Promise<LoggedIn>>();
  /** The account's permission on the wiki's top pages, read once a login (pages are made there). */
  private readonly permissions = new Map<string, number>();

  constructor(options: DokuWikiConnectorOptions = {}) {
    this.proxies = new ProxyDispatchers(options.dispatcherForProxy);
    this.cacheMs = options.sessionCacheMs ?? DEFAULT_SESSION_CACHE_MS;
  }

  async publish(target: PublishTarget, post: PublishPost, options: PublishOptions): Promise<PublishResult> {
    const id = post.intent.name;
    const base = wikiBase(target.siteUrl);
    // A long article converts on the content pool, off the thread that answers every user.
    const { text: body, notes } = await convert(post.html, options.signal);
    const warnings = [...notes];
    const heading = post.title.replace(/\s+/g, ' ').trim();

    // Everything before the save cannot have made the page: never an unknown outcome.
    const { session, existing } = await surelyNotPosted(async () => {
      const permission = await this.createPermission(target, options, id);
      if (permission < AUTH_CREATE) {
        throw new PublishError('auth', `${base} does not let ${target.username} create pages: give the account (or its group) the permission "create" in the wiki's access control.`, { code: 'permissionDenied', retryable: false });
      }
      // Locked for this account first: nobody else can save the page between the look and the save.
      const locks = await this.asked(target, options, (current) => current.setLocks([id], []), 'lock the page');
      const found = await this.asked(target, options, (current) => current.pageInfo(id), 'read the page');
      if (!locks.locked.includes(id) && !found) {
        throw new PublishError('rejected', `${base}: someone is editing a page named ${id} just now; the post will be tried again under another name.`, { code: 'pageExists', retryable: true });
      }
      // The session the reads ended with (a lost login is made again on the way).
      return { session: (await this.loggedIn(target, options)).session, existing: found };
    });
    if (existing) {
      const creation = await surelyNotPosted(() => this.creation(session, id));
      await this.unlock(session, id);
      if (creation && isOurs(creation, session, post.intent)) {
        return { url: pageUrl(base, existing.id), remoteId: existing.id, warnings: [...warnings, `The page ${existing.id} already existed from an earlier try of this post; it was kept.`] };
      }
      throw new PublishError('rejected', `${session.siteLabel} already has a page named ${id}, made by someone else: it was left alone, and the post will be tried again under another name.`, { code: 'pageExists', retryable: true });
    }

    let image = '';
    if (post.featuredImage) {
      const uploaded = await this.uploadImage(session, id, post.featuredImage, await imageDownloadContext(this.proxies, options), options);
      if ('warning' in uploaded) warnings.push(uploaded.warning);
      else image = uploaded.markup;
    }
    const text = [heading ? `====== ${heading} ======` : '', image, body].filter(Boolean).join('\n\n');

    let saver = session;
    for (let attempt = 0; ; attempt++) {
      try {
        // An answer lost after this request left may be a page saved: the error says so (httpExchange,
        // maybePosted), and the engine asks findPublished before trying again.
        await maybePosted(() => this.saving(() => saver.putPage(id, text, '', false, 'create the page')));
        break;
      } catch (error) {
        if (error instanceof PublishError && error.outcomeUnknown) throw error;
        if (error instanceof DokuWikiRefusal && error.notLoggedIn && attempt === 0) {
          // The login expired and the save was refused (HTTP 401): a fresh login may save it.
          this.forget(target, options);
          saver = (await surelyNotPosted(() => this.loggedIn(target, options))).session;
          continue;
        }
        await this.unlock(saver, id);
        throw error instanceof DokuWikiRefusal ? saveRefusal(saver, error, id) : error;
      }
    }
    // The id is the wiki's own: ids are made clean (page-id.ts), and the lock above answered it as the wiki keeps it.
    return { url: pageUrl(base, id), remoteId: id, warnings };
  }

  /**
   * The page id (page-id.ts): the first candidate with no page on the wiki that no other post of
   * ours claims. Reads only.
   */
  async chooseName(target: PublishTarget, post: NamedPost, claimed: ClaimedNames, options: PublishOptions): Promise<string> {
    const candidates = pageIdCandidates(post.title, post.html);
    if (candidates.length === 0) {
      throw new PublishError('rejected', `The post "${post.title}" has neither a title nor a text a wiki page could be named by; give it a title.`, { retryable: false });
    }
    return surelyNotPosted(async () => {
      const { session } = await this.loggedIn(target, options);
      const isFree = async (candidate: string) => (await this.asked(target, options, (current) => current.pageInfo(candidate), 'read the page')) === null;
      const name = await firstFreeName(candidates, isFree, claimed);
      if (name !== undefined) return name;
      throw new PublishError('rejected', `${session.siteLabel} already has pages under every name the post "${post.title}" could take; change its title.`, { retryable: false });
    });
  }

  /**
   * The page an earlier call with this intent made: the page of the intent's name created (its
   * latest creation in the page's history) by the account logged in, at or after the intent; null
   * when there is none.
   */
  async findPublished(target: PublishTarget, intent: PublishIntent, options: PublishOptions): Promise<PublishedPost | null> {
    return surelyNotPosted(async () => {
      const { session } = await this.loggedIn(target, options);
      const found = await this.asked(target, options, (current) => current.pageInfo(intent.name), 'read the page');
      if (!found) return null;
      const creation = await this.creation(session, intent.name);
      if (!creation || !isOurs(creation, session, intent)) return null;
      return { url: pageUrl(wikiBase(target.siteUrl), found.id), remoteId: found.id, status: 'publish' };
    });
  }

  /**
   * Re-points the page's links (Connector.updateLinks): locks the page, reads its text as saved now,
   * replaces the addresses of the links `[[from|…]]` / `[[from]]`, and saves it as a minor edit with
   * a short summary naming the new address's site, as a person would. Nothing to replace: nothing
   * is saved (the lock is released).
   */
  async updateLinks(target: PublishTarget, item: PublishedItem, changes: readonly LinkChange[], options: PublishOptions): Promise<{ changed: number }> {
    const { session } = await this.loggedIn(target, options);
    const id = item.remoteId;
    const locks = await this.asked(target, options, (current) => current.setLocks([id], []), 'lock the page');
    if (!locks.locked.includes(id)) {
      throw new PublishError('rejected', `${session.siteLabel}: someone is editing the page ${item.url} just now; it will be tried again.`, { retryable: true });
    }
    try {
      const page = await session.pageInfo(id);
      if (!page) throw new PublishError('notFound', `${session.siteLabel} has no page ${item.url} any more: it was deleted or moved.`);
      const edited = rewriteDokuWikiLinks(await session.rawPage(id), changes);
      if (edited.changed === 0) {
        await this.unlock(session, id);
        return { changed: 0 };
      }
      await this.saving(() => session.putPage(id, edited.text, changeSummary(changes), true, 'edit the page'));
      return { changed: edited.changed };
    } catch (error) {
      await this.unlock(session, id);
      throw error instanceof DokuWikiRefusal ? saveRefusal(session, error, id) : error;
    }
  }

  /**
   * The account's profile (Connector.updateProfile): its user page, `user:<login>` (the page the
   * wiki links a user's name to), written with the bio and its links. The page is locked for the
   * account first; the lock answers the id as the wiki writes it, which the profile's address is.
   * Setting the page again writes the same text: nothing is ever made twice.
   */
  async updateProfile(target: PublishTarget, profile: ProfileUpdate, options: PublishOptions): Promise<PublishResult> {
    const { text, notes } = await convert(`<p>${profile.html}</p>`, options.signal);
    const base = wikiBase(target.siteUrl);
    const { session, id } = await surelyNotPosted(async () => {
      const { session: current } = await this.loggedIn(target, options);
      const wanted = `user:${current.loggedInAs ?? target.username}`;
      const locks = await this.asked(target, options, (asking) => asking.setLocks([wanted], []), 'lock the user page');
      const [locked] = locks.locked;
      if (locked === undefined) {
        throw new PublishError('rejected', `${base} does not let ${target.username} edit its user page ${wanted} just now (someone is editing it, or the account may not edit pages in the "user" namespace); it will be tried again.`, { code: 'permissionDenied', retryable: true });
      }
      return { session: (await this.loggedIn(target, options)).session, id: locked };
    });
    try {
      await this.saving(() => session.putPage(id, text, '', false, 'save the user page'));
    } catch (error) {
      await this.unlock(session, id);
      throw error instanceof DokuWikiRefusal ? saveRefusal(session, error, id) : error;
    }
    return { url: pageUrl(base, id), remoteId: id, warnings: [...notes] };
  }

  /**
   * The document's media id (Connector.chooseDocumentName): a page id of the title (page-id.ts)
   * with `.pdf`, the first no file of the wiki has and no other post of ours claims. Reads only.
   */
  async chooseDocumentName(target: PublishTarget, doc: NamedPost, claimed: ClaimedNames, options: PublishOptions): Promise<string> {
    const candidates = pageIdCandidates(doc.title, doc.html).map((id) => `${id}.pdf`);
    if (candidates.length === 0) {
      throw new PublishError('rejected', `The document "${doc.title}" has neither a title nor a text a file could be named by; give it a title.`, { retryable: false });
    }
    return surelyNotPosted(async () => {
      const { session } = await this.loggedIn(target, options);
      const isFree = async (candidate: string) => (await this.asked(target, options, (current) => current.attachmentSize(candidate, 'look up the file'), 'look up the file')) === 0;
      const name = await firstFreeName(candidates, isFree, claimed);
      if (name !== undefined) return name;
      throw new PublishError('rejected', `${session.siteLabel} already has files under every name the document "${doc.title}" could take; change its title.`, { retryable: false });
    });
  }

  /**
   * Uploads the document to the wiki's media (`wiki.putAttachment`, never over a file): its
   * address is the wiki's own link to the file, `lib/exe/fetch.php?media=<id>`. A file of that
   * name uploaded by this account since the intent is an earlier try whose answer was lost: it is
   * kept. Needs the permission "upload" and PDF among the wiki's media types (the default).
   */
  async publishDocument(target: PublishTarget, doc: PublishDocument, options: PublishOptions): Promise<PublishResult> {
    const id = doc.intent.name;
    const base = wikiBase(target.siteUrl);
    const { session, size } = await surelyNotPosted(async () => {
      const permission = await this.createPermission(target, options, id);
      if (permission < AUTH_UPLOAD) {
        throw new PublishError('auth', `${base} does not let ${target.username} upload files: give the account (or its group) the permission "upload" in the wiki's access control.`, { code: 'permissionDenied', retryable: false });
      }
      const found = await this.asked(target, options, (current) => current.attachmentSize(id, 'look up the file'), 'look up the file');
      return { session: (await this.loggedIn(target, options)).session, size: found };
    });
    if (size > 0) {
      const earlier = await surelyNotPosted(() => this.findDocument(target, doc.intent, options));
      if (earlier) return { url: earlier.url, remoteId: earlier.remoteId, warnings: [`The file ${id} already existed from an earlier try of this post; it was kept.`] };
      throw new PublishError('rejected', `${session.siteLabel} already has a file named ${id}, uploaded by someone else: it was left alone, and the document will be tried again under another name.`, { code: 'pageExists', retryable: true });
    }
    let media = id;
    try {
      // An answer lost after the upload left may be a file saved: the engine asks findDocument before trying again.
      await maybePosted(() => this.saving(async () => {
        media = await session.putAttachment(id, doc.bytes, 'upload the file');
      }));
    } catch (error) {
      if (error instanceof PublishError && error.outcomeUnknown) throw error;
      throw error instanceof DokuWikiRefusal ? uploadRefusal(session, error, id) : error;
    }
    return { url: mediaUrl(base, media), remoteId: media, warnings: [] };
  }

  /** The file an earlier publishDocument with this intent uploaded: of the intent's name, last changed by this account at or after the intent; null when there is none. */
  async findDocument(target: PublishTarget, intent: PublishIntent, options: PublishOptions): Promise<PublishedPost | null> {
    return surelyNotPosted(async () => {
      const { session } = await this.loggedIn(target, options);
      const since = intent.at - CLOCK_SKEW_ALLOWANCE_MS;
      const changes = await this.asked(target, options, (current) => current.recentMediaChanges(since), 'read the recent media changes');
      const found = changes.find((change) => change.id === intent.name && change.size > 0 && sameWikiUser(change.author, session.loggedInAs) && madeAfterIntent(change.modifiedMs, intent));
      return found ? { url: mediaUrl(wikiBase(target.siteUrl), found.id), remoteId: found.id, status: 'publish' } : null;
    });
  }

  /** Whether the site runs DokuWiki, and whether its remote API is on (`apis`: `xmlrpc`, or none). */
  async detect(siteUrl: string, options: PublishOptions): Promise<DetectedPlatform | null> {
    const dispatcher = options.proxy ? await this.proxies.get(options.proxy) : undefined;
    const probe = await probeDokuWiki(siteUrl, { timeoutMs: options.timeoutMs, ...(options.signal ? { signal: options.signal } : {}), ...(dispatcher ? { dispatcher } : {}) });
    if (!probe.dokuwiki) return null;
    return { platform: PLATFORM_DOKUWIKI, apis: probe.remoteApi === 'on' ? ['xmlrpc'] : [] };
  }

  /** Forgets the logins made. */
  forgetSites(): void {
    this.sessions.clear();
    this.permissions.clear();
  }

  // -------------------------------------------------------------------------------------------

  /** The latest creation in the page's history (the oldest version when the history shows none), or null. */
  private async creation(session: DokuWikiSession, id: string): Promise<Creation | null> {
    let oldest: Creation | null = null;
    let offset = 0;
    for (let page = 0; page < MAX_VERSION_PAGES; page++) {
      const versions = await session.pageVersions(id, offset).catch((error: unknown) => {
        if (error instanceof DokuWikiRefusal) throw refusal(session, error, `read the history of the page ${id}`);
        throw error;
      });
      for (const version of versions) {
        if (version.type === 'C') return { user: version.user, createdMs: version.modifiedMs };
        oldest = { user: version.user, createdMs: version.modifiedMs };
      }
      if (versions.length === 0) break;
      offset += versions.length;
    }
    return oldest;
  }

  /** Featured image as a media file beside the page, and its markup; a warning instead when it cannot be had. */
  private async uploadImage(session: DokuWikiSession, pageId: string, image: NonNullable<PublishPost['featuredImage']>, http: HttpContext, options: PublishOptions): Promise<{ markup: string } | { warning: string }> {
    const loaded = await loadFeaturedImage(image, http);
    if ('warning' in loaded) return loaded;
    const extension = IMAGE_EXTENSIONS[loaded.contentType];
    if (!extension) return { warning: `The featured image is ${loaded.contentType || 'of an unknown type'}, which a wiki does not take by default (JPEG, PNG or GIF); the page was published without it.` };
    const name = pageIdOf(loaded.filename.replace(/\.[^.]*$/, '')) || pageId;
    const candidates = [...new Set([`${name}.${extension}`, `${pageId}_${name}.${extension}`])];
    try {
      if ((await session.permission(`${pageId}`)) < AUTH_UPLOAD) {
        return { warning: `${session.siteLabel} does not let this account upload files (the permission "upload"); the page was published without its featured image.` };
      }
      for (const candidate of candidates) {
        const size = await session.attachmentSize(candidate);
        // The same size under the same name: this post's image from an earlier try.
        if (size === loaded.bytes.byteLength) return { markup: imageMarkup(candidate, loaded.alt) };
        if (size > 0) continue;
        const media = await session.putAttachment(candidate, loaded.bytes);
        return { markup: imageMarkup(media, loaded.alt) };
      }
      return { warning: `${session.siteLabel} already has other files under the featured image's names; the page was published without it.` };
    } catch (error) {
      if (options.signal?.aborted) throw options.signal.reason;
      const why = error instanceof DokuWikiRefusal ? refusalCode(error) : error instanceof PublishError ? error.kind : 'no answer';
      return { warning: `${session.siteLabel} did not take the featured image (${why}); the page was published without it.` };
    }
  }

  private async unlock(session: DokuWikiSession, id: string): Promise<void> {
    await session.setLocks([], [id]).catch(() => undefined);
  }

  /** A save's own failures: an answer that is not the API's, or cannot be read, may come after the page was saved. */
  private async saving(save: () => Promise<void>): Promise<void> {
    try {
      await save();
    } catch (error) {
      if (error instanceof DokuWikiApiMissing) {
        throw new PublishError('network', "The wiki's remote API answered the save with something else than its answer (an error page); it will be checked whether the page was saved.", { outcomeUnknown: true, retryable: true, status: error.status, cause: error });
      }
      if (error instanceof PublishError && error.cause instanceof XmlRpcParseError) throw error.withOutcomeUnknown(true);
      throw error;
    }
  }

  /**
   * One read with the session, mapped to our errors; a lost login (HTTP 401) is made again once
   * and the read repeated.
   */
  private async asked<T>(target: PublishTarget, options: PublishOptions, read: (session: DokuWikiSession) => Promise<T>, action: string): Promise<T> {
    let { session } = await this.loggedIn(target, options);
    for (let attempt = 0; ; attempt++) {
      try {
        return await read(session);
      } catch (error) {
        if (error instanceof DokuWikiRefusal && error.notLoggedIn && attempt === 0) {
          this.forget(target, options);
          ({ session } = await this.loggedIn(target, options));
          continue;
        }
        if (error instanceof DokuWikiRefusal) throw refusal(session, error, action);
        if (error instanceof DokuWikiApiMissing) throw apiMissing(session);
        throw error;
      }
    }
  }

  private sessionKey(target: PublishTarget, options: PublishOptions): string {
    return `${wikiBase(target.siteUrl)} ${target.username} ${options.proxy ?? ''}`;
  }

  private forget(target: PublishTarget, options: PublishOptions): void {
    this.sessions.delete(this.sessionKey(target, options));
    this.permissions.delete(this.sessionKey(target, options));
  }

  /**
   * The account's permission to make the page: read once per login and kept (the posts' pages are
   * all top pages of the wiki, where one rule holds for all). Kept only when it lets the account
   * create pages; a page with a rule of its own is refused at the save, in our words.
   */
  private async createPermission(target: PublishTarget, options: PublishOptions, id: string): Promise<number> {
    const key = this.sessionKey(target, options);
    const known = this.permissions.get(key);
    if (known !== undefined) return known;
    const permission = await this.asked(target, options, (current) => current.permission(id), 'check the permissions');
    if (permission >= AUTH_CREATE) this.permissions.set(key, permission);
    return permission;
  }

  /** A logged-in session for this wiki and account, reused while fresh (one login for many posts). */
  private async loggedIn(target: PublishTarget, options: PublishOptions): Promise<LoggedIn> {
    const key = this.sessionKey(target, options);
    const cached = this.sessions.get(key);
    if (cached) {
      const ready = await cached.catch(() => undefined);
      if (ready && ready.until > Date.now() && ready.password === target.password) {
        // The cached session keeps the first caller's timeout and signal: give it this call's.
        return { ...ready, session: ready.session.withHttp(await this.httpContext(target, options)) };
      }
      if (this.sessions.get(key) === cached) this.sessions.delete(key);
    }
    const made = this.logIn(target, options);
    this.sessions.set(key, made);
    made.catch(() => {
      if (this.sessions.get(key) === made) this.sessions.delete(key);
    });
    return made;
  }

  private async logIn(target: PublishTarget, options: PublishOptions): Promise<LoggedIn> {
    const http = await this.httpContext(target, options);
    const session = new DokuWikiSession(wikiBase(target.siteUrl), http);
    try {
      await session.login(target.username, target.password);
      // The remote API may be open to some accounts only (`remoteuser`): a call that needs it tells.
      await session.version();
    } catch (error) {
      if (error instanceof DokuWikiRefusal) throw refusal(session, error, 'log in');
      if (error instanceof DokuWikiApiMissing) throw apiMissing(session);
      throw error;
    }
    return { session, password: target.password, until: Date.now() + this.cacheMs };
  }

  private async httpContext(target: PublishTarget, options: PublishOptions): Promise<HttpContext> {
    const base = wikiBase(target.siteUrl);
    const proxy = options.proxy ? await this.proxies.get(options.proxy) : undefined;
    return {
      timeoutMs: options.timeoutMs,
      siteLabel: base,
      ...(options.signal ? { signal: options.signal } : {}),
      // The login and the session's cookies go to the wiki's own origin only.
      dispatcher: siteOnlyDispatcher(new URL(base), proxy),
    };
  }
}

/** The article as DokuWiki syntax; an article the converter refuses is a PublishError. */
async function convert(html: string, signal: AbortSignal | undefined): Promise<{ text: string; notes: string[] }> {
  const converted = await dokuWikiWork(html, signal ? { signal } : {});
  if (converted.text === null) throw new PublishError('rejected', `${converted.refused ?? 'The article could not be converted'}.`, { retryable: false });
  return converted.text;
}

/**
 * The first candidate free on the wiki and claimed by no other post of ours: the first (the title,
 * free for almost every post) looked up alone, then the rest NAMES_PER_ROUND at once (the API has
 * no batch look-up). Undefined when every one is taken.
 */
async function firstFreeName(candidates: readonly string[], isFree: (candidate: string) => Promise<boolean>, claimed: ClaimedNames): Promise<string | undefined> {
  for (const round of nameRounds(candidates, NAMES_PER_ROUND)) {
    const free = await Promise.all(round.map(isFree));
    const available = round.filter((_, index) => free[index]);
    const ours = available.length > 0 ? await claimed(available) : new Set<string>();
    const name = available.find((candidate) => !ours.has(candidate));
    if (name !== undefined) return name;
  }
  return undefined;
}

function imageMarkup(mediaId: string, alt: string | undefined): string {
  const title = (alt ?? '').replace(/[{}|]+/g, ' ').replace(/\s+/g, ' ').trim();
  return `{{:${mediaId}${title ? `|${title}` : ''}}}`;
}

/** Whether the page's creation is the intent's: by the account logged in, at or after the intent. */
function isOurs(creation: Creation, session: DokuWikiSession, intent: PublishIntent): boolean {
  return sameWikiUser(creation.user, session.loggedInAs) && madeAfterIntent(creation.createdMs, intent);
}

/** A summary such as a person writes for the edit: the site the links go to now. */
function changeSummary(changes: readonly LinkChange[]): string {
  const hosts = [...new Set(changes.flatMap((change) => {
    try {
      return [new URL(change.to).hostname.replace(/^www\./, '')];
    } catch {
      return [];
    }
  }))];
  return hosts.length > 0 ? `link to ${hosts.slice(0, 3).join(', ')}` : 'link updated';
}

/** A refused upload in our words: not allowed, or a file the wiki does not take. */
function uploadRefusal(session: DokuWikiSession, error: DokuWikiRefusal, id: string): PublishError {
  if (error.remoteOff || error.notLoggedIn || error.forbidden) return refusal(session, error, `upload the file ${id}`);
  return new PublishError('rejected', `${session.siteLabel} refused the file ${id} (${refusalCode(error)}): PDF may not be among the wiki's media types (conf/mime.conf), or the file is larger than the wiki takes.`, { code: 'refusedContent', retryable: false, cause: error });
}

function apiMissing(session: DokuWikiSession): PublishError {
  return new PublishError('notFound', `${session.siteLabel} has no DokuWiki remote API at ${session.endpoint}: check the wiki's address (the folder of doku.php), and that it is a DokuWiki wiki.`);
}

/** A refused call in our words (the wiki's fault number at most, never its text). */
function refusal(session: DokuWikiSession, error: DokuWikiRefusal, action: string): PublishError {
  const site = session.siteLabel;
  if (error.remoteOff) {
    return new PublishError('rejected', `${site} has its remote API switched off: turn on the remote API (remote, remoteuser) in the wiki's configuration.`, { retryable: false, cause: error });
  }
  if (error.notLoggedIn) {
    return new PublishError('auth', `${site} did not keep the login of ${session.loggedInAs ?? 'the account'} (${refusalCode(error)}): check that the wiki accepts cookies from its remote API, and the user name and password.`, { code: 'badCredentials', cause: error });
  }
  if (error.forbidden && action === 'log in') {
    return new PublishError('rejected', `${site} does not open its remote API to ${session.loggedInAs ?? 'this account'}: turn on the remote API (remote, remoteuser) in the wiki's configuration, with this user or one of its groups in remoteuser.`, { code: 'permissionDenied', retryable: false, cause: error });
  }
  if (error.forbidden) {
    return new PublishError('auth', `${site} does not let ${session.loggedInAs ?? 'this account'} ${action} (${refusalCode(error)}): check the account's permissions in the wiki's access control.`, { code: 'permissionDenied', retryable: false, cause: error });
  }
  return new PublishError('rejected', `${site} refused to ${action} (${refusalCode(error)}).`, { retryable: false, cause: error });
}

/** A refused save in our words: locked, a blocked word, or a refusal the wiki did not explain. */
function saveRefusal(session: DokuWikiSession, error: DokuWikiRefusal, id: string): PublishError {
  const site = session.siteLabel;
  if (error.remoteOff || error.notLoggedIn || error.forbidden) return refusal(session, error, `save the page ${id}`);
  switch (error.faultCode) {
    case FAULT.pageLocked:
      return new PublishError('rejected', `${site}: someone is editing the page ${id} just now; it will be tried again.`, { retryable: true, cause: error });
    case FAULT.wordBlocked:
      return new PublishError('rejected', `${site} refused the page ${id}: a word or address of the post is on the wiki's blocklist (wordblock).`, { code: 'refusedContent', retryable: false, cause: error });
    case FAULT.emptyPage:
      return new PublishError('rejected', `${site} refused the page ${id}: the post has no text.`, { code: 'refusedContent', retryable: false, cause: error });
    default:
      // Igor answers every refused save alike (an empty answer): the page is locked by someone, or a word is blocked.
      return new PublishError('rejected', `${site} refused to save the page ${id} (${refusalCode(error)}): someone may be editing it, or a word or address of the post is on the wiki's blocklist.`, { code: 'refusedContent', retryable: true, cause: error });
  }
}
