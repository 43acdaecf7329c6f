/**
 * The MediaWiki connector: publishes a post as a new page through the Action API (action=edit with
 * createonly), logged in with a bot password (`User@app`, action=login) or an account's password
 * (action=clientlogin). The page is named by the article's title, told apart by a word of its text
 * when taken ("Title (Gardening)", page-name.ts), chosen before the engine records its intent; as
 * createonly never overwrites, a retry can never make a second page, and an unknown outcome is
 * reconciled by looking the name up: a page whose first revision is ours, made at or after the
 * intent (`findPublished`). No edit summary is sent: the wiki writes its own ("Created page with
 * …"), as for a person. The article HTML becomes wikitext (html-to-wikitext.ts); the wiki marks
 * the external links rel="nofollow" by default, which verification then reports as NOFOLLOW.
 */
import { remoteCode } from '../remote-summary';
import { PLATFORM_MEDIAWIKI } from '@linkloom/shared';
import { PublishError, type AccountToRegister, type ClaimedNames, type RegisteredLookup, type Connector, type LinkChange, type NamedPost, type ProfileUpdate, type PublishDocument, type PublishedItem, type PublishedPost, type PublishIntent, type PublishOptions, type PublishPost, type PublishResult, type PublishTarget } from '../connector';
import { madeAfterIntent, utcMs } from '../intent-match';
import { normaliseSiteUrl, type HttpContext } from '../http';
import { maybePosted, surelyNotPosted } from '../outcome';
import { ProxyDispatchers, type DispatcherForProxy } from '../proxy-dispatcher';
import { escapeWikiText } from './html-to-wikitext';
import { rewriteWikitextLinks } from '../link-rewrite';
import { wikitextWork } from '../../content-work/content-work';
import { MediaWikiApiMissing, MediaWikiSession, apiError, articleUrl, isSessionError, type SiteInfo } from './mediawiki-api';
import { pageNameCandidates } from './page-name';
import { nameRounds } from '../name-rounds';

export interface MediaWikiConnectorOptions {
  dispatcherForProxy?: DispatcherForProxy;
  /** How long a site's API address and a login are reused before being found / made again. */
  sessionCacheMs?: number;
}

const DEFAULT_SESSION_CACHE_MS = 10 * 60 * 1000;
/** Where wikis put api.php: at the site's root (Debian, php -S) or under /w/ (Wikipedia's layout). */
const API_PATHS = ['/api.php', '/w/api.php'];
/** Titles asked about in one query after the first (the API's limit for a normal user): ../name-rounds.ts. */
const TITLES_PER_QUERY = 50;

interface LoggedIn {
  session: MediaWikiSession;
  info: SiteInfo;
  password: string;
  until: number;
}

interface PageFound {
  pageId: number;
  title: string;
  url: string;
  creator: string | undefined;
  /** When the first revision was saved (the wiki's clock, UTC ms). */
  createdMs: number | null;
}

export function createMediaWikiConnector(options: MediaWikiConnectorOptions = {}): MediaWikiConnector {
  return new MediaWikiConnector(options);
}

export class MediaWikiConnector implements Connector {
  readonly platform = PLATFORM_MEDIAWIKI;
  private readonly proxies: ProxyDispatchers;
  private readonly cacheMs: number;
  private readonly apiUrls = new Map<string, { apiUrl: string; until: number }>();
  private readonly sessions = new Map<string, Promise<LoggedIn>>();

  constructor(options: MediaWikiConnectorOptions = {}) {
    this.proxies = new ProxyDispatchers(options.dispatcherForProxy);
    this.cacheMs = options.sessionCacheMs ?? DEFAULT_SESSION_CACHE_MS;
  }

  async publish(target: PublishTarget, post: PublishPost, options: PublishOptions): Promise<PublishResult> {
    const title = post.intent.name;
    // A long article converts on the content pool, off the thread that answers every user (issue 33.4).
    const { wikitext, notes } = await wikitextWork(post.html, options.signal ? { signal: options.signal } : {});
    const warnings = [...notes];
    if (post.featuredImage) warnings.push('The featured image was left out: a wiki page has no featured image, and a wiki does not show images from other sites.');
    const text = [post.title ? `'''${escapeWikiText(post.title)}'''` : '', wikitext, categories([...(post.categories ?? []), ...post.tags])].filter(Boolean).join('\n\n');

    // Everything before the edit request cannot have made the page: never an unknown outcome.
    let loggedIn = await surelyNotPosted(() => this.loggedIn(target, options));
    for (let attempt = 0; ; attempt++) {
      const { session, info } = loggedIn;
      if (info.readonly) {
        throw new PublishError('rejected', `${session.http.siteLabel} is read-only just now; it will be tried again.`, { code: 'readOnly', retryable: true });
      }
      const token = await surelyNotPosted(() => session.csrf());
      const answer = await maybeEdited(() =>
        session.call(
          { action: 'edit', title, text, createonly: '1', assert: 'user', token },
          { post: true, action: 'create the page' },
        ),
      );
      const edit = answer.edit as { result?: string; pageid?: number; title?: string } | undefined;
      if (edit?.result === 'Success' && typeof edit.pageid === 'number') {
        return { url: articleUrl(info, edit.title ?? title), remoteId: String(edit.pageid), warnings };
      }
      if (answer.error && isSessionError(answer.error) && attempt === 0) {
        // The login or its token expired; the edit was refused, so a fresh login may try again.
        this.forget(target, options);
        loggedIn = await surelyNotPosted(() => this.loggedIn(target, options));
        continue;
      }
      if (answer.error?.code === 'articleexists') {
        // Our own page from an earlier try whose answer was lost: the same account made it since the intent.
        const found = await surelyNotPosted(() => this.lookUp(session, info, title));
        if (found && isOurs(found, session, post.intent)) {
          return { url: found.url, remoteId: String(found.pageId), warnings: [...warnings, `The page ${title} already existed from an earlier try of this post; it was kept.`] };
        }
        // Someone else took the name between our look and the edit: the next try chooses another.
        throw new PublishError('rejected', `${session.http.siteLabel} got a page "${title}" from someone else just before this post; it will be tried again under another name.`, { code: 'pageExists', retryable: true });
      }
      if (answer.error) throw apiError(session.http.siteLabel, answer.error, `the page "${title}"`);
      // Success without a page (a captcha or an extension's hook stopped the edit).
      throw new PublishError('rejected', `${session.http.siteLabel} did not save the page "${title}": an extension of the wiki (a captcha or a spam filter) stopped the edit.`, { code: 'refusedContent' });
    }
  }

  /**
   * The page name (see page-name.ts): the first candidate the wiki has no page of, in its main
   * namespace, that no other post of ours claims, as the wiki writes it (normalised: first letter
   * upper case). Reads only.
   */
  async chooseName(target: PublishTarget, post: NamedPost, claimed: ClaimedNames, options: PublishOptions): Promise<string> {
    const candidates = pageNameCandidates(post.title, post.html);
    return surelyNotPosted(async () => {
      const { session } = await this.loggedIn(target, options);
      for (const round of nameRounds(candidates, TITLES_PER_QUERY)) {
        const free = await this.missingTitles(session, round);
        const ours = await claimed(free);
        const name = free.find((title) => !ours.has(title));
        if (name !== undefined) return name;
      }
      throw new PublishError('rejected', `${session.http.siteLabel} already has pages under every name the post "${post.title}" could take; change its title.`, { retryable: false });
    });
  }

  /**
   * The page an earlier call with this intent made: the page of the intent's name whose first
   * revision is by the account logged in, at or after the intent; null when there is none.
   */
  async findPublished(target: PublishTarget, intent: PublishIntent, options: PublishOptions): Promise<PublishedPost | null> {
    try {
      const { session, info } = await this.loggedIn(target, options);
      const found = await this.lookUp(session, info, intent.name);
      return found && isOurs(found, session, intent) ? { url: found.url, remoteId: String(found.pageId), status: 'publish' } : null;
    } catch (error) {
      throw error instanceof PublishError ? error.withOutcomeUnknown(false) : error;
    }
  }

  /**
   * Re-points the page's links (Connector.updateLinks): reads its current wikitext, replaces the
   * addresses of the external links to each `from`, saves it as a minor edit of the account with
   * the revision read as the base (an edit made meanwhile is a conflict the wiki refuses, and the
   * job tries again) and `nocreate` (a deleted page is not made again). Nothing to replace: nothing
   * is saved. No summary is sent: the wiki's history shows an ordinary edit of the account.
   */
  async updateLinks(target: PublishTarget, item: PublishedItem, changes: readonly LinkChange[], options: PublishOptions): Promise<{ changed: number }> {
    const { session } = await this.loggedIn(target, options);
    const answer = await session.call({ action: 'query', prop: 'revisions', rvprop: 'content|ids', rvslots: 'main', pageids: item.remoteId });
    if (answer.error) throw apiError(session.http.siteLabel, answer.error, `the page ${item.url}`);
    const page = ((answer.query as { pages?: Array<Record<string, unknown>> } | undefined)?.pages ?? [])[0];
    const revision = (page?.revisions as Array<{ revid?: number; slots?: { main?: { content?: string } } }> | undefined)?.[0];
    if (!page || page.missing === true || !revision || typeof revision.slots?.main?.content !== 'string') {
      throw new PublishError('notFound', `${session.http.siteLabel} has no page ${item.url} any more: it was deleted or moved.`);
    }
    const edited = rewriteWikitextLinks(revision.slots.main.content, changes);
    if (edited.changed === 0) return { changed: 0 };
    const token = await session.csrf();
    const saved = await session.call(
      { action: 'edit', pageid: item.remoteId, text: edited.text, minor: '1', nocreate: '1', assert: 'user', baserevid: String(revision.revid ?? ''), token },
      { post: true, action: 'edit the page' },
    );
    if (saved.error) throw apiError(session.http.siteLabel, saved.error, `the page ${item.url}`);
    if ((saved.edit as { result?: string } | undefined)?.result !== 'Success') {
      throw new PublishError('rejected', `${session.http.siteLabel} did not save the edit of ${item.url}; it will be tried again.`, { retryable: true });
    }
    return { changed: edited.changed };
  }

  /**
   * Creates an account on the wiki the way a visitor does (action=createaccount; wikis let anonymous
   * visitors do it by default, which the verifier reports as "can register"). `realname` is always
   * sent: without it MediaWiki drops the email silently. No admin login is needed; `admin` only
   * names the site. Answers the new account as a publish target.
   */
  async register(admin: PublishTarget, account: AccountToRegister, options: PublishOptions): Promise<PublishTarget> {
    const http = await this.httpContext(admin, options);
    const base = normaliseSiteUrl(admin.siteUrl);
    const { session } = await this.openApi(base, http);
    const token = await session.token('createaccount');
    const answer = await session.call(
      {
        action: 'createaccount', username: account.username, password: account.password, retype: account.password, email: account.email,
        realname: [account.firstName, account.lastName].map((part) => part?.trim() ?? '').filter(Boolean).join(' '), createreturnurl: `${base}/`, createtoken: token,
      },
      { post: true, action: 'create the account' },
    );
    const created = answer.createaccount as { status?: string; message?: string; messagecode?: string; username?: string } | undefined;
    if (created?.status === 'PASS') return { siteUrl: admin.siteUrl, username: created.username ?? account.username, password: account.password };
    if (answer.error) throw apiError(session.http.siteLabel, answer.error, `the account ${account.username}`);
    // The wiki's message code, not its words: remote answers are summarised (remote-summary.ts).
    const why = remoteCode(created?.messagecode) || remoteCode(created?.status) || 'no answer';
    if (created?.messagecode === 'userexists') {
      throw new PublishError('rejected', `${session.http.siteLabel} already has an account named ${account.username}: choose another user name.`, { code: 'accountExists', retryable: false });
    }
    if (created?.messagecode && /throttl/i.test(created.messagecode)) {
      throw new PublishError('rateLimited', `${session.http.siteLabel} limits how many accounts may be created: ${why}`, { code: 'rateLimited', retryAfterMs: 3_600_000 });
    }
    throw new PublishError('rejected', `${session.http.siteLabel} did not create the account ${account.username}: ${why}`, { code: 'refusedContent', retryable: false });
  }

  /**
   * The account {@link register} would make: ours when our password logs it in (clientlogin),
   * someone else's when the name exists but refuses it, absent when the wiki has no such user.
   */
  async findRegistered(admin: PublishTarget, account: AccountToRegister, options: PublishOptions): Promise<RegisteredLookup> {
    const http = await this.httpContext(admin, options);
    const { session } = await this.openApi(normaliseSiteUrl(admin.siteUrl), http);
    const answer = await session.call({ action: 'query', list: 'users', ususers: account.username });
    if (answer.error) throw apiError(session.http.siteLabel, answer.error, `the account ${account.username}`);
    const users = (answer.query as { users?: Array<{ missing?: boolean; invalid?: boolean; name?: string }> } | undefined)?.users ?? [];
    const user = users[0];
    if (!user || user.missing === true || user.invalid === true) return { state: 'absent' };
    try {
      await session.login(user.name ?? account.username, account.password);
    } catch (error) {
      if (error instanceof PublishError && error.code === 'badCredentials') return { state: 'taken' };
      throw error;
    }
    return { state: 'ours', target: { siteUrl: admin.siteUrl, username: user.name ?? account.username, password: account.password } };
  }

  /**
   * The account's own profile (Connector.updateProfile): its user page `User:<name>` holds the bio
   * with the link, saved as the account (an ordinary edit: the wiki writes its own summary).
   * Saving the same text again changes nothing, so a retry is harmless. The public profile is the
   * user page; the wiki marks its external links nofollow, as on any page.
   */
  async updateProfile(target: PublishTarget, profile: ProfileUpdate, options: PublishOptions): Promise<PublishResult> {
    const { wikitext, notes } = await wikitextWork(`<p>${profile.html}</p>`, options.signal ? { signal: options.signal } : {});
    let loggedIn = await surelyNotPosted(() => this.loggedIn(target, options));
    for (let attempt = 0; ; attempt++) {
      const { session, info } = loggedIn;
      if (info.readonly) throw new PublishError('rejected', `${session.http.siteLabel} is read-only just now; it will be tried again.`, { code: 'readOnly', retryable: true });
      const title = `User:${session.loggedInAs ?? target.username.split('@')[0]}`;
      const token = await surelyNotPosted(() => session.csrf());
      const answer = await maybeEdited(() => session.call({ action: 'edit', title, text: wikitext, assert: 'user', token }, { post: true, action: 'edit the user page' }));
      const edit = answer.edit as { result?: string; pageid?: number; title?: string } | undefined;
      if (edit?.result === 'Success' && typeof edit.pageid === 'number') {
        return { url: articleUrl(info, edit.title ?? title), remoteId: String(edit.pageid), warnings: [...notes] };
      }
      if (answer.error && isSessionError(answer.error) && attempt === 0) {
        this.forget(target, options);
        loggedIn = await surelyNotPosted(() => this.loggedIn(target, options));
        continue;
      }
      if (answer.error) throw apiError(session.http.siteLabel, answer.error, `the user page "${title}"`);
      throw new PublishError('rejected', `${session.http.siteLabel} did not save the user page "${title}": an extension of the wiki (a captcha or a spam filter) stopped the edit.`, { code: 'refusedContent' });
    }
  }

  /**
   * The document's file page name (Connector.chooseDocumentName): `File:<title>.pdf` from the
   * title's page names (page-name.ts; the characters a file name cannot hold made hyphens), the
   * first the wiki has no file page of and no other post of ours claims, as the wiki writes it.
   */
  async chooseDocumentName(target: PublishTarget, doc: NamedPost, claimed: ClaimedNames, options: PublishOptions): Promise<string> {
    const candidates = [...new Set(pageNameCandidates(doc.title, doc.html).map((name) => `File:${fileNameOf(name)}.pdf`))];
    return surelyNotPosted(async () => {
      const { session } = await this.loggedIn(target, options);
      for (const round of nameRounds(candidates, TITLES_PER_QUERY)) {
        const free = await this.missingTitles(session, round, FILE_NAMESPACE);
        const ours = await claimed(free);
        const name = free.find((title) => !ours.has(title));
        if (name !== undefined) return name;
      }
      throw new PublishError('rejected', `${session.http.siteLabel} already has files under every name the document "${doc.title}" could take; change its title.`, { retryable: false });
    });
  }

  /**
   * Uploads the document (action=upload, the account's session) under its intent's file name,
   * never over an existing file (warnings are not ignored: a name taken meanwhile is tried again
   * under another, unless the file is ours from an earlier try). A warning that the same bytes are
   * on the wiki already is the only one passed over. Answers the file's address. Uploads must be on
   * ($wgEnableUploads) and PDF allowed ($wgFileExtensions); a bot password needs the grant "Upload
   * new files".
   */
  async publishDocument(target: PublishTarget, doc: PublishDocument, options: PublishOptions): Promise<PublishResult> {
    const title = doc.intent.name;
    const filename = title.slice(title.indexOf(':') + 1);
    let loggedIn = await surelyNotPosted(() => this.loggedIn(target, options));
    let filekey: string | undefined;
    for (let attempt = 0; attempt < 3; attempt++) {
      const { session, info } = loggedIn;
      const site = session.http.siteLabel;
      if (info.readonly) throw new PublishError('rejected', `${site} is read-only just now; it will be tried again.`, { code: 'readOnly', retryable: true });
      const token = await surelyNotPosted(() => session.csrf());
      const params = { action: 'upload', filename, comment: '', text: doc.title, assert: 'user', token };
      const answer = await maybeEdited(() => (filekey === undefined
        ? session.upload(params, { name: filename, bytes: doc.bytes, contentType: doc.contentType }, { action: 'upload the file' })
        : session.call({ ...params, filekey, ignorewarnings: '1' }, { post: true, action: 'upload the file' })));
      const upload = answer.upload as { result?: string; filename?: string; filekey?: string; warnings?: Record<string, unknown>; imageinfo?: { url?: string } } | undefined;
      if (upload?.result === 'Success') {
        const found = await this.lookUpFile(session, info, `File:${upload.filename ?? filename}`).catch(() => null);
        return { url: upload.imageinfo?.url ?? found?.fileUrl ?? articleUrl(info, title), remoteId: found ? String(found.pageId) : title, warnings: [] };
      }
      if (upload?.result === 'Warning') {
        const warnings = Object.keys(upload.warnings ?? {});
        if (warnings.some((warning) => warning === 'exists' || warning === 'page-exists' || warning === 'exists-normalized')) {
          // Our own file from an earlier try whose answer was lost, or someone else's name.
          const found = await surelyNotPosted(() => this.lookUpFile(session, info, title));
          if (found && isOurs(found, session, doc.intent)) return { url: found.fileUrl, remoteId: String(found.pageId), warnings: [] };
          throw new PublishError('rejected', `${site} got a file "${filename}" from someone else just before this post; it will be tried again under another name.`, { code: 'pageExists', retryable: true });
        }
        if (warnings.every((warning) => warning === 'duplicate' || warning === 'duplicate-archive' || warning === 'was-deleted') && upload.filekey && filekey === undefined) {
          // The same bytes are on the wiki already (or a file of the name was deleted once): the upload goes on from the wiki's stash.
          filekey = upload.filekey;
          continue;
        }
        throw new PublishError('rejected', `${site} refused the file "${filename}" (${warnings.map((warning) => remoteCode(warning)).join(', ') || 'a warning'}).`, { code: 'refusedContent', retryable: false });
      }
      if (answer.error && isSessionError(answer.error) && attempt === 0) {
        this.forget(target, options);
        loggedIn = await surelyNotPosted(() => this.loggedIn(target, options));
        continue;
      }
      if (answer.error) throw uploadError(site, answer.error, filename);
      throw new PublishError('rejected', `${site} did not take the file "${filename}": an extension of the wiki stopped the upload.`, { code: 'refusedContent' });
    }
    throw new PublishError('rejected', `${loggedIn.session.http.siteLabel} did not take the file "${filename}"; it will be tried again.`, { retryable: true });
  }

  /**
   * The document an earlier upload with this intent made (Connector.findDocument): the file page of
   * the intent's name whose first revision is by the account logged in, at or after the intent;
   * `url` its file's address.
   */
  async findDocument(target: PublishTarget, intent: PublishIntent, options: PublishOptions): Promise<PublishedPost | null> {
    try {
      const { session, info } = await this.loggedIn(target, options);
      const found = await this.lookUpFile(session, info, intent.name);
      return found && isOurs(found, session, intent) ? { url: found.fileUrl, remoteId: String(found.pageId), status: 'publish' } : null;
    } catch (error) {
      throw error instanceof PublishError ? error.withOutcomeUnknown(false) : error;
    }
  }

  /** Forgets what was learnt about sites (API addresses, logins). */
  forgetSites(): void {
    this.apiUrls.clear();
    this.sessions.clear();
  }

  // -------------------------------------------------------------------------------------------

  /** A file page with its creator and its file's address (see lookUp); null when there is none or no file. */
  private async lookUpFile(session: MediaWikiSession, info: SiteInfo, title: string): Promise<(PageFound & { fileUrl: string }) | null> {
    const answer = await session.call({
      action: 'query', prop: 'info|revisions|imageinfo', inprop: 'url', rvprop: 'user|ids|timestamp', rvdir: 'newer', rvlimit: '1', iiprop: 'url', titles: title,
    });
    if (answer.error) throw apiError(session.http.siteLabel, answer.error, `the file "${title}"`);
    const page = ((answer.query as { pages?: Array<Record<string, unknown>> } | undefined)?.pages ?? [])[0];
    if (!page || page.missing === true || page.invalid === true || typeof page.pageid !== 'number') return null;
    const fileUrl = (page.imageinfo as Array<{ url?: string }> | undefined)?.[0]?.url;
    if (typeof fileUrl !== 'string') return null;
    const revisions = page.revisions as Array<{ user?: string; timestamp?: string }> | undefined;
    const pageTitle = typeof page.title === 'string' ? page.title : title;
    return {
      pageId: page.pageid, title: pageTitle, url: typeof page.fullurl === 'string' ? page.fullurl : articleUrl(info, pageTitle),
      creator: revisions?.[0]?.user, createdMs: utcMs(revisions?.[0]?.timestamp), fileUrl,
    };
  }

  /** The titles (as the wiki normalises them) of the candidates that name no page yet, in the namespace (main by default); in order. */
  private async missingTitles(session: MediaWikiSession, candidates: readonly string[], namespace = 0): Promise<string[]> {
    if (candidates.length === 0) return [];
    // No `prop`: the bare query answers each title's namespace and whether it is missing, which is all
    // this needs (`prop=info` made the wiki load each page's details: 36 ms against 25 on the bench).
    const answer = await session.call({ action: 'query', titles: candidates.join('|') });
    if (answer.error) throw apiError(session.http.siteLabel, answer.error, 'the page names');
    const query = answer.query as { normalized?: Array<{ from?: string; to?: string }>; pages?: Array<{ title?: string; ns?: number; missing?: boolean; invalid?: boolean }> } | undefined;
    const normalised = new Map((query?.normalized ?? []).map((entry) => [entry.from ?? '', entry.to ?? '']));
    const pages = new Map((query?.pages ?? []).map((page) => [page.title ?? '', page]));
    return [...new Set(candidates.flatMap((candidate) => {
      const title = normalised.get(candidate) ?? candidate;
      const page = pages.get(title);
      return page && page.missing === true && page.invalid !== true && page.ns === namespace ? [title] : [];
    }))];
  }

  private async lookUp(session: MediaWikiSession, info: SiteInfo, title: string): Promise<PageFound | null> {
    const answer = await session.call({ action: 'query', prop: 'info|revisions', inprop: 'url', rvprop: 'user|ids|timestamp', rvdir: 'newer', rvlimit: '1', titles: title });
    if (answer.error) throw apiError(session.http.siteLabel, answer.error, `the page "${title}"`);
    const pages = (answer.query as { pages?: Array<Record<string, unknown>> } | undefined)?.pages ?? [];
    const page = pages[0];
    if (!page || page.missing === true || page.invalid === true || typeof page.pageid !== 'number') return null;
    const revisions = page.revisions as Array<{ user?: string; timestamp?: string }> | undefined;
    const pageTitle = typeof page.title === 'string' ? page.title : title;
    return {
      pageId: page.pageid,
      title: pageTitle,
      url: typeof page.fullurl === 'string' ? page.fullurl : articleUrl(info, pageTitle),
      creator: revisions?.[0]?.user,
      createdMs: utcMs(revisions?.[0]?.timestamp),
    };
  }

  private sessionKey(target: PublishTarget, options: PublishOptions): string {
    return `${normaliseSiteUrl(target.siteUrl)} ${target.username} ${options.proxy ?? ''}`;
  }

  private forget(target: PublishTarget, options: PublishOptions): void {
    this.sessions.delete(this.sessionKey(target, options));
  }

  /** A logged-in session for this site and account, reused while fresh (one login for many posts). */
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
    const base = normaliseSiteUrl(target.siteUrl);
    const { session, info } = await this.openApi(base, http);
    await session.login(target.username, target.password);
    return { session, info, password: target.password, until: Date.now() + this.cacheMs };
  }

  private async httpContext(target: PublishTarget, options: PublishOptions): Promise<HttpContext> {
    const base = normaliseSiteUrl(target.siteUrl);
    const dispatcher = options.proxy ? await this.proxies.get(options.proxy) : undefined;
    return {
      timeoutMs: options.timeoutMs,
      siteLabel: base,
      ...(options.signal ? { signal: options.signal } : {}),
      ...(dispatcher ? { dispatcher } : {}),
    };
  }

  /** The site's api.php (root or /w/), with its siteinfo; a site without one is `notFound`. */
  private async openApi(base: string, http: HttpContext): Promise<{ session: MediaWikiSession; info: SiteInfo }> {
    const cached = this.apiUrls.get(base);
    const candidates = cached && cached.until > Date.now() ? [cached.apiUrl] : API_PATHS.map((path) => `${base}${path}`);
    for (const apiUrl of candidates) {
      const session = new MediaWikiSession(apiUrl, http);
      try {
        const info = await session.siteInfo();
        this.apiUrls.set(base, { apiUrl, until: Date.now() + this.cacheMs });
        return { session, info };
      } catch (error) {
        if (!(error instanceof MediaWikiApiMissing)) throw error;
      }
    }
    this.apiUrls.delete(base);
    throw new PublishError('notFound', `${base} has no MediaWiki API at /api.php or /w/api.php: check the site's address, and that it is a MediaWiki wiki.`);
  }
}

/** Whether the page found is the one the intent made: first revision by the account logged in, at or after the intent. */
function isOurs(found: PageFound, session: MediaWikiSession, intent: PublishIntent): boolean {
  return found.creator !== undefined && found.creator === session.loggedInAs && madeAfterIntent(found.createdMs, intent);
}

/** The File namespace's number. */
const FILE_NAMESPACE = 6;

/** A page name as a file name: the characters MediaWiki turns into hyphens in file names (`: / \`) made hyphens. */
function fileNameOf(pageName: string): string {
  return pageName.replace(/[:/\\]/g, '-').replace(/\s+/g, ' ').trim();
}

/** An upload refused, in our words: uploads off, PDF not allowed, no right to upload; else as any API error. */
function uploadError(site: string, error: { code?: string; info?: string }, filename: string): PublishError {
  switch (error.code) {
    case 'uploaddisabled':
      return new PublishError('rejected', `${site} does not take uploads: its LocalSettings.php needs $wgEnableUploads = true (and 'pdf' in $wgFileExtensions) for PDF projects.`, { code: 'refusedContent', retryable: false });
    case 'filetype-banned':
    case 'filetype-unwanted-type':
    case 'verification-error':
    case 'filetype-missing':
      return new PublishError('rejected', `${site} does not take PDF files (${remoteCode(error.code)}): add 'pdf' to $wgFileExtensions in its LocalSettings.php.`, { code: 'refusedContent', retryable: false });
    case 'permissiondenied':
    case 'mustbeloggedin':
    case 'badaccess-groups':
      return new PublishError('auth', `${site} does not let this account upload files (${remoteCode(error.code)}): a bot password needs the grant "Upload new files".`, { code: 'permissionDenied', retryable: false });
    case 'fileexists-no-change':
      return new PublishError('rejected', `${site} has the file "${filename}" with these very bytes already; it will be tried again under another name.`, { code: 'pageExists', retryable: true });
    default:
      return apiError(site, error, `the file "${filename}"`);
  }
}

/** `[[Category:tag]]` lines for the post's tags (characters a title cannot hold dropped). */
function categories(tags: string[]): string {
  return tags
    .map((tag) => tag.replace(/[[\]{}|#<>\n\r\t_]+/g, ' ').replace(/\s+/g, ' ').trim())
    .filter((tag) => tag.length > 0 && tag.length <= 200)
    .map((tag) => `[[Category:${tag}]]`)
    .join('\n');
}

/** The edit request's own failures: an API that stopped answering as one may have saved the page. */
async function maybeEdited<T>(edit: () => Promise<T>): Promise<T> {
  try {
    return await maybePosted(edit);
  } catch (error) {
    if (error instanceof MediaWikiApiMissing) {
      throw new PublishError('network', "The wiki's API stopped answering as before while the page was being created; it will be checked again.", { outcomeUnknown: true, retryable: true, cause: error });
    }
    throw error;
  }
}
