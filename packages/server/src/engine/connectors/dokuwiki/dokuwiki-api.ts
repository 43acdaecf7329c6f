/**
 * DokuWiki's remote API over XML-RPC (https://www.dokuwiki.org/devel:xmlrpc) at
 * `<wiki>/lib/exe/xmlrpc.php`, as the connector and the probe use it: `dokuwiki.login` (a cookie
 * session), `wiki.getPageInfo`, `wiki.getPageVersions`, `wiki.getPage`, `wiki.putPage`,
 * `dokuwiki.setLocks`, `wiki.aclCheck`, `wiki.getAttachmentInfo`, `wiki.putAttachment`,
 * `wiki.getRecentMediaChanges`, and the public `wiki.getRPCVersionSupported`.
 *
 * What the wiki really answers (Debian's 2022-07-31 "Igor", measured; see the shared notes):
 * - the remote API switched off (`remote` = 0): the fault -32605 for every call;
 * - a call the session may not make: HTTP 401 (not logged in) or 403 (logged in, but not in
 *   `remoteuser`, or the page's ACL refuses) with an empty `<struct>` instead of a fault;
 * - any other refusal of a method (a missing page, a locked page, a blocked word): HTTP 200 with an
 *   empty `<struct>` (later releases send a fault with a code instead; both are read here);
 * - a wrong password: `dokuwiki.login` answers false.
 * The wiki's own words (fault strings) are never repeated to the user: a fault's number at most.
 *
 * The session's cookies, and the password of the login, go to the wiki's own origin only: every
 * call's dispatcher (site-only-dispatcher.ts) refuses to connect anywhere else, so a redirect to
 * another host fails unsent.
 */
import { PublishError } from '../connector';
import { httpExchange, parseRetryAfter, type HttpAnswer, type HttpContext } from '../http';
import { findForeignOrigin } from '../site-only-dispatcher';
import { decodeMethodResponse, encodeMethodCall, XmlRpcFault, XmlRpcParseError, type XmlRpcParam, type XmlRpcValue } from '../wordpress/xmlrpc';

export const XMLRPC_PATH = '/lib/exe/xmlrpc.php';

/** Fault codes of DokuWiki's remote API (inc/Remote/ApiCore.php, XmlRpcServer.php). */
export const FAULT = {
  remoteOff: -32605,
  notAuthorized: -32604,
  notAllowedOrNoMethod: -32603,
  noReadAccess: 111,
  noEditAccess: 112,
  pageMissing: 121,
  emptyId: 131,
  emptyPage: 132,
  pageLocked: 133,
  wordBlocked: 134,
  noRecentChanges: 321,
} as const;

/** The site answered, but not as DokuWiki's XML-RPC endpoint (404, an HTML page, an error page). */
export class DokuWikiApiMissing extends Error {
  override readonly name = 'DokuWikiApiMissing';
  constructor(
    message: string,
    /** HTTP status of the answer. */
    readonly status: number,
  ) {
    super(message);
  }
}

/** The wiki refused a call: a fault with its number, or (Igor) an empty struct and the HTTP status. */
export class DokuWikiRefusal extends Error {
  override readonly name = 'DokuWikiRefusal';
  constructor(
    /** The fault's number; null when the wiki sent an empty struct instead of a fault. */
    readonly faultCode: number | null,
    readonly status: number,
  ) {
    super(`DokuWiki refused the call (${faultCode === null ? `HTTP ${status}` : `fault ${faultCode}`})`);
  }

  /** Not logged in (again): a fresh login may fix it. */
  get notLoggedIn(): boolean {
    return this.status === 401 || (this.faultCode === FAULT.notAllowedOrNoMethod && this.status !== 200);
  }

  get forbidden(): boolean {
    return this.status === 403 || this.faultCode === FAULT.notAuthorized || this.faultCode === FAULT.noEditAccess || this.faultCode === FAULT.noReadAccess;
  }

  get remoteOff(): boolean {
    return this.faultCode === FAULT.remoteOff;
  }
}

/** The number a user may read of a refusal (`fault 133`), never the wiki's text. */
export function refusalCode(refusal: DokuWikiRefusal): string {
  return refusal.faultCode === null ? `HTTP ${refusal.status}` : `fault ${refusal.faultCode}`;
}

/** Cookies of one session, by name (DokuWiki's `DokuWiki` session and its `DW…` login cookie). */
class CookieJar {
  private readonly cookies = new Map<string, string>();

  take(answer: HttpAnswer): void {
    for (const line of answer.headers.getSetCookie()) {
      const pair = line.split(';', 1)[0] ?? '';
      const at = pair.indexOf('=');
      if (at <= 0) continue;
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (value === '' || value === 'deleted' || /max-age=0\b/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string | undefined {
    if (this.cookies.size === 0) return undefined;
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  clear(): void {
    this.cookies.clear();
  }
}

export type XmlRpcStruct = { [key: string]: XmlRpcValue };

export function isStruct(value: XmlRpcValue | undefined): value is XmlRpcStruct {
  return !!value && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date) && !(value instanceof Uint8Array);
}

const isEmptyStruct = (value: XmlRpcValue) => isStruct(value) && Object.keys(value).length === 0;

export interface PageInfo {
  /** The page's id as the wiki cleaned it. */
  id: string;
  /** Who saved the current version (a user name, or an address for an anonymous edit). */
  author: string;
  /** When the current version was saved (ms). */
  modifiedMs: number | null;
}

export interface PageVersion {
  user: string;
  /** `C` created, `E` edited, `e` minor edit, `D` deleted, `R` reverted. */
  type: string;
  modifiedMs: number | null;
}

export interface MediaChange {
  /** The media file's id as the wiki cleaned it. */
  id: string;
  /** Who made the change. */
  author: string;
  modifiedMs: number | null;
  size: number;
}

export interface LockResult {
  locked: string[];
  lockfail: string[];
}

/** How a call went wrong, for messages: `create the page`. */
export interface CallOptions {
  action: string;
}

function timeOf(value: XmlRpcValue | undefined, version: XmlRpcValue | undefined): number | null {
  if (typeof version === 'number' && version > 0) return version * 1000;
  if (value instanceof Date && !Number.isNaN(value.getTime())) return value.getTime();
  return null;
}

const asStrings = (value: XmlRpcValue | undefined): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);

/** One wiki's XML-RPC endpoint and a session on it (its cookies), shared by the copies made with {@link withHttp}. */
export class DokuWikiSession {
  private readonly state: { jar: CookieJar; loggedInAs: string | undefined };

  constructor(
    /** The wiki's address (`http://host/wiki`): the endpoint is under it. */
    readonly base: string,
    readonly http: HttpContext,
    state?: { jar: CookieJar; loggedInAs: string | undefined },
  ) {
    this.state = state ?? { jar: new CookieJar(), loggedInAs: undefined };
  }

  get endpoint(): string {
    return `${this.base}${XMLRPC_PATH}`;
  }

  get siteLabel(): string {
    return this.http.siteLabel;
  }

  /** The user name the session logged in with (as given; the wiki compares names in lower case). */
  get loggedInAs(): string | undefined {
    return this.state.loggedInAs;
  }

  /** The same session, with another call's time limit, abort signal and dispatcher. */
  withHttp(http: HttpContext): DokuWikiSession {
    return new DokuWikiSession(this.base, http, this.state);
  }

  /**
   * One method call. Answers its value; throws DokuWikiRefusal for a fault or Igor's empty struct
   * where a value was due (`emptyIsRefusal`), DokuWikiApiMissing when the answer is not XML-RPC,
   * PublishError for transport failures, rate limits and server errors.
   */
  async call(method: string, params: XmlRpcParam[], options: CallOptions & { emptyIsRefusal?: boolean }): Promise<XmlRpcValue> {
    const cookie = this.state.jar.header();
    let answer: HttpAnswer;
    try {
      answer = await httpExchange(
        {
          method: 'POST',
          url: this.endpoint,
          headers: { 'content-type': 'text/xml; charset=utf-8', accept: 'text/xml', ...(cookie ? { cookie } : {}) },
          body: encodeMethodCall(method, params),
        },
        this.http,
      );
    } catch (error) {
      const foreign = findForeignOrigin(error);
      if (foreign) {
        throw new PublishError('rejected', `${this.siteLabel} redirects its remote API to ${foreign.origin}: the wiki's login was not sent there. Use the wiki's own address.`, { retryable: false, cause: error });
      }
      throw error;
    }
    this.state.jar.take(answer);
    const site = this.siteLabel;
    if (answer.status === 429 || (answer.status === 503 && !answer.body.includes('<methodResponse'))) {
      const retryAfterMs = parseRetryAfter(answer.headers.get('retry-after'));
      throw new PublishError('rateLimited', `${site} is busy (HTTP ${answer.status}) and asks to wait; it will be tried again.`, {
        status: answer.status,
        code: 'rateLimited',
        ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
      });
    }
    if (!answer.body.includes('<methodResponse')) {
      if (answer.status >= 500) {
        throw new PublishError('network', `${site} failed with HTTP ${answer.status} while trying to ${options.action}; it will be tried again.`, { status: answer.status, retryable: true });
      }
      throw new DokuWikiApiMissing(`${this.endpoint} answered HTTP ${answer.status} without XML-RPC`, answer.status);
    }
    let value: XmlRpcValue;
    try {
      value = decodeMethodResponse(answer.body);
    } catch (error) {
      if (error instanceof XmlRpcFault) throw new DokuWikiRefusal(error.faultCode, answer.status);
      if (error instanceof XmlRpcParseError) {
        throw new PublishError('rejected', `${site} sent a remote API answer that cannot be read while trying to ${options.action}; it will be tried again.`, { retryable: true, status: answer.status, cause: error });
      }
      throw error;
    }
    if (answer.status === 401 || answer.status === 403) throw new DokuWikiRefusal(null, answer.status);
    if (options.emptyIsRefusal && isEmptyStruct(value)) throw new DokuWikiRefusal(null, answer.status);
    return value;
  }

  /** The remote API's version (public: no login needed); a refusal (the API off) is thrown. */
  async rpcVersion(): Promise<number> {
    const value = await this.call('wiki.getRPCVersionSupported', [], { action: 'answer', emptyIsRefusal: true });
    return typeof value === 'number' ? value : Number(value);
  }

  /**
   * Logs in (a cookie session). Throws PublishError `auth` `badCredentials` for a refused login;
   * other refusals (the API off) as DokuWikiRefusal.
   */
  async login(username: string, password: string): Promise<void> {
    this.state.jar.clear();
    this.state.loggedInAs = undefined;
    const value = await this.call('dokuwiki.login', [username, password], { action: 'log in', emptyIsRefusal: true });
    if (value === true || value === 1) {
      this.state.loggedInAs = username;
      return;
    }
    if (value === 0 && typeof value === 'number') {
      throw new PublishError('rejected', `${this.siteLabel} has no user accounts (its access control is off), so a post could not be told apart as yours: turn on access control (useacl) in the wiki's configuration.`, { retryable: false });
    }
    throw new PublishError('auth', `${this.siteLabel} refused the login of ${username}: check the user name and the password.`, { code: 'badCredentials' });
  }

  /** The wiki's release (`Release 2022-07-31b "Igor"`): needs a login allowed to use the remote API. */
  async version(): Promise<string> {
    const value = await this.call('dokuwiki.getVersion', [], { action: 'answer', emptyIsRefusal: true });
    return typeof value === 'string' ? value : '';
  }

  /** The page's current version, or null when there is no such page. */
  async pageInfo(id: string): Promise<PageInfo | null> {
    let value: XmlRpcValue;
    try {
      value = await this.call('wiki.getPageInfo', [id], { action: 'read the page', emptyIsRefusal: true });
    } catch (error) {
      // A missing page is a refusal too: a fault 121, or (Igor) an empty struct with HTTP 200.
      if (error instanceof DokuWikiRefusal && error.status === 200 && (error.faultCode === null || error.faultCode === FAULT.pageMissing)) return null;
      throw error;
    }
    if (!isStruct(value) || typeof value.name !== 'string') return null;
    return { id: value.name, author: typeof value.author === 'string' ? value.author : '', modifiedMs: timeOf(value.lastModified, value.version) };
  }

  /** Versions of the page, newest first, from `offset` (0: the current one first); at most the wiki's `recent` setting. */
  async pageVersions(id: string, offset: number): Promise<PageVersion[]> {
    const value = await this.call('wiki.getPageVersions', [id, offset], { action: 'read the page history' });
    if (!Array.isArray(value)) return [];
    return value.flatMap((item) => (isStruct(item) ? [{ user: typeof item.user === 'string' ? item.user : '', type: typeof item.type === 'string' ? item.type : '', modifiedMs: timeOf(item.modified, item.version) }] : []));
  }

  /** The page's text as saved. */
  async rawPage(id: string): Promise<string> {
    const value = await this.call('wiki.getPage', [id], { action: 'read the page', emptyIsRefusal: true });
    return typeof value === 'string' ? value : '';
  }

  /** The session's permission on the page (0 none, 1 read, 2 edit, 4 create, 8 upload, 16 delete, 255 admin). */
  async permission(id: string): Promise<number> {
    const value = await this.call('wiki.aclCheck', [id], { action: 'check the permissions', emptyIsRefusal: true });
    return typeof value === 'number' ? value : Number(value) || 0;
  }

  /** Saves the page (creating it when missing). An empty summary lets the wiki write its own ("created"). */
  async putPage(id: string, text: string, summary: string, minor: boolean, action: string): Promise<void> {
    const value = await this.call('wiki.putPage', [id, text, { sum: summary, minor }], { action, emptyIsRefusal: true });
    if (value !== true && value !== 1) throw new DokuWikiRefusal(null, 200);
  }

  async setLocks(lock: string[], unlock: string[]): Promise<LockResult> {
    const value = await this.call('dokuwiki.setLocks', [{ lock, unlock }], { action: 'lock the page', emptyIsRefusal: true });
    return isStruct(value) ? { locked: asStrings(value.locked), lockfail: asStrings(value.lockfail) } : { locked: [], lockfail: [] };
  }

  /** Size of a media file (0: none). */
  async attachmentSize(id: string, action = 'look up the image'): Promise<number> {
    const value = await this.call('wiki.getAttachmentInfo', [id], { action, emptyIsRefusal: true });
    return isStruct(value) && typeof value.size === 'number' ? value.size : 0;
  }

  /** Uploads a media file under `id` (never over an existing one); answers the id the wiki gave it. */
  async putAttachment(id: string, bytes: Uint8Array, action = 'upload the image'): Promise<string> {
    const value = await this.call('wiki.putAttachment', [id, bytes, { ow: false }], { action, emptyIsRefusal: true });
    return typeof value === 'string' && value !== '' ? value : id;
  }

  /**
   * The media files changed since `sinceMs` (the latest change of each: id, who, when); empty when
   * there is none (the wiki answers that as a refusal).
   */
  async recentMediaChanges(sinceMs: number): Promise<MediaChange[]> {
    let value: XmlRpcValue;
    try {
      value = await this.call('wiki.getRecentMediaChanges', [Math.max(1_000_000_000, Math.floor(sinceMs / 1000))], { action: 'read the recent media changes', emptyIsRefusal: true });
    } catch (error) {
      // None since then: a fault 321, or (Igor) an empty struct with HTTP 200.
      if (error instanceof DokuWikiRefusal && error.status === 200 && (error.faultCode === null || error.faultCode === FAULT.noRecentChanges)) return [];
      throw error;
    }
    if (!Array.isArray(value)) return [];
    return value.flatMap((item) => (isStruct(item) && typeof item.name === 'string'
      ? [{ id: item.name, author: typeof item.author === 'string' ? item.author : '', modifiedMs: timeOf(item.lastModified, item.version), size: typeof item.size === 'number' ? item.size : 0 }]
      : []));
  }
}
