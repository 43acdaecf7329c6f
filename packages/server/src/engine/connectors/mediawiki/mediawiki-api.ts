/**
 * The MediaWiki Action API (https://www.mediawiki.org/wiki/API:Main_page) as the connector and the
 * site verifier use it: siteinfo, login (a bot password through action=login, an account password
 * through action=clientlogin), tokens, action=edit, and a page lookup by title. Sessions are cookies
 * kept per session object; every write asserts the login (`assert=user`), so an expired session
 * fails instead of editing anonymously.
 */
import { randomBytes } from 'node:crypto';
import { PublishError, type PublishErrorCode, type PublishErrorKind } from '../connector';
import { remoteCode } from '../remote-summary';
import { httpExchange, parseJsonBody, parseRetryAfter, type HttpAnswer, type HttpContext } from '../http';

/** The site answered, but not as a MediaWiki API (404, an HTML page, another application's JSON). */
export class MediaWikiApiMissing extends Error {
  override readonly name = 'MediaWikiApiMissing';
}

export interface SiteInfo {
  apiUrl: string;
  sitename: string;
  generator: string;
  /** `http://host:port` as the wiki knows itself. */
  server: string;
  /** `/index.php/$1` or `/wiki/$1`. */
  articlepath: string;
  readonly: boolean;
  readonlyreason?: string;
}

interface ApiErrorBody {
  code?: string;
  info?: string;
}

type ApiAnswer = Record<string, unknown> & { error?: ApiErrorBody; warnings?: unknown };

/** Cookies of one session, by name (the wiki's session cookie carries its database name). */
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
}

/** What a login leaves behind: its cookies, its edit token and the name it logged in as. */
interface SessionState {
  jar: CookieJar;
  csrfToken: string | undefined;
  loggedInAs: string | undefined;
}

export class MediaWikiSession {
  private readonly state: SessionState;

  constructor(
    readonly apiUrl: string,
    readonly http: HttpContext,
    state?: SessionState,
  ) {
    this.state = state ?? { jar: new CookieJar(), csrfToken: undefined, loggedInAs: undefined };
  }

  /** The same login, with another call's time limit, abort signal and proxy. */
  withHttp(http: HttpContext): MediaWikiSession {
    return new MediaWikiSession(this.apiUrl, http, this.state);
  }

  /** The user name the wiki logged us in as (a bot password's `Admin@app` logs in as `Admin`). */
  get loggedInAs(): string | undefined {
    return this.state.loggedInAs;
  }

  private get jar(): CookieJar {
    return this.state.jar;
  }

  /** One API call; `post` for writes and logins. Throws PublishError for transport and HTTP failures, MediaWikiApiMissing when the answer is not the API's. */
  async call(params: Record<string, string>, options: { post?: boolean; action?: string } = {}): Promise<ApiAnswer> {
    const query = new URLSearchParams({ ...params, format: 'json', formatversion: '2' });
    const cookie = this.jar.header();
    const headers: Record<string, string> = { accept: 'application/json', ...(cookie ? { cookie } : {}) };
    const answer = options.post
      ? await httpExchange({ method: 'POST', url: this.apiUrl, headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' }, body: query.toString() }, this.http)
      : await httpExchange({ method: 'GET', url: `${this.apiUrl}?${query.toString()}`, headers }, this.http);
    return this.read(answer, options.action);
  }

  /**
   * One write with a file (action=upload): the parameters and the file as multipart/form-data, as
   * the API wants uploads; the answer read as {@link call} reads one.
   */
  async upload(params: Record<string, string>, file: { name: string; bytes: Uint8Array; contentType: string }, options: { action?: string } = {}): Promise<ApiAnswer> {
    const boundary = `----form${randomBytes(12).toString('hex')}`;
    const parts: Buffer[] = [];
    const field = (name: string, value: string) => parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`, 'utf8'));
    for (const [name, value] of Object.entries({ ...params, format: 'json', formatversion: '2' })) field(name, value);
    const fileName = file.name.replace(/["\r\n]/g, '');
    parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${fileName}"\r\ncontent-type: ${file.contentType}\r\n\r\n`, 'utf8'));
    parts.push(Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength), Buffer.from(`\r\n--${boundary}--\r\n`, 'utf8'));
    const cookie = this.jar.header();
    const answer = await httpExchange({
      method: 'POST', url: this.apiUrl, body: Buffer.concat(parts),
      headers: { accept: 'application/json', 'content-type': `multipart/form-data; boundary=${boundary}`, ...(cookie ? { cookie } : {}) },
    }, this.http);
    return this.read(answer, options.action);
  }

  /** An API answer's body, or the PublishError / MediaWikiApiMissing it amounts to. */
  private read(answer: HttpAnswer, action: string | undefined): ApiAnswer {
    this.jar.take(answer);
    const data = parseJsonBody(answer);
    if (answer.status === 429 || answer.status === 503) {
      const retryAfterMs = parseRetryAfter(answer.headers.get('retry-after'));
      throw new PublishError('rateLimited', `${this.http.siteLabel} is busy (HTTP ${answer.status}) and asks to wait; it will be tried again.`, {
        status: answer.status,
        code: 'rateLimited',
        ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
      });
    }
    if (answer.status >= 500) {
      throw new PublishError('network', `${this.http.siteLabel} failed with HTTP ${answer.status} while trying to ${action ?? 'answer'}; it will be tried again.`, { status: answer.status, retryable: true });
    }
    if (answer.status !== 200 || data === undefined || typeof data !== 'object' || data === null || Array.isArray(data)) {
      throw new MediaWikiApiMissing(`${this.apiUrl} answered HTTP ${answer.status} without the API's JSON`);
    }
    const body = data as ApiAnswer;
    if (body.error?.code === 'maxlag') {
      const retryAfterMs = parseRetryAfter(answer.headers.get('retry-after')) ?? 5000;
      throw new PublishError('rateLimited', `${this.http.siteLabel} is lagging and asks to wait; it will be tried again.`, { code: 'rateLimited', retryAfterMs });
    }
    return body;
  }

  async siteInfo(): Promise<SiteInfo> {
    const answer = await this.call({ action: 'query', meta: 'siteinfo', siprop: 'general' });
    const general = (answer.query as { general?: Record<string, unknown> } | undefined)?.general;
    if (!general || typeof general.generator !== 'string' || !general.generator.startsWith('MediaWiki')) {
      throw new MediaWikiApiMissing(`${this.apiUrl} answered without MediaWiki's siteinfo`);
    }
    return {
      apiUrl: this.apiUrl,
      sitename: String(general.sitename ?? ''),
      generator: general.generator,
      server: String(general.server ?? ''),
      articlepath: String(general.articlepath ?? '/index.php/$1'),
      readonly: general.readonly === true || general.readonly === '',
      ...(typeof general.readonlyreason === 'string' ? { readonlyreason: general.readonlyreason } : {}),
    };
  }

  async token(type: 'login' | 'csrf' | 'createaccount'): Promise<string> {
    const answer = await this.call({ action: 'query', meta: 'tokens', type });
    const token = (answer.query as { tokens?: Record<string, unknown> } | undefined)?.tokens?.[`${type}token`];
    if (typeof token !== 'string') throw new MediaWikiApiMissing(`${this.apiUrl} gave no ${type} token`);
    return token;
  }

  /**
   * Logs in: a bot password (`User@app`) through action=login, an account's own password through
   * action=clientlogin (action=login refuses main passwords on current wikis). Bad credentials are
   * a PublishError `auth` with code `badCredentials`.
   */
  async login(username: string, password: string): Promise<void> {
    const token = await this.token('login');
    this.state.csrfToken = undefined;
    if (username.includes('@')) {
      const answer = await this.call({ action: 'login', lgname: username, lgpassword: password, lgtoken: token }, { post: true, action: 'log in' });
      const login = answer.login as { result?: string; reason?: string; lgusername?: string } | undefined;
      if (login?.result === 'Success') {
        this.state.loggedInAs = login.lgusername ?? username.split('@')[0];
        return;
      }
      throw loginFailure(this.http.siteLabel, username, login?.result ?? answer.error?.code);
    }
    const answer = await this.call(
      { action: 'clientlogin', username, password, logintoken: token, loginreturnurl: this.apiUrl.replace(/\/api\.php$/, '/') },
      { post: true, action: 'log in' },
    );
    const login = answer.clientlogin as { status?: string; message?: string; messagecode?: string; username?: string } | undefined;
    if (login?.status === 'PASS') {
      this.state.loggedInAs = login.username ?? username;
      return;
    }
    throw loginFailure(this.http.siteLabel, username, login?.messagecode ?? login?.status ?? answer.error?.code);
  }

  async csrf(): Promise<string> {
    this.state.csrfToken ??= await this.token('csrf');
    return this.state.csrfToken;
  }
}

/** A refused login in our words; the wiki's result code rides along, its free text does not (remote answers are summarised). */
function loginFailure(site: string, username: string, result: string | undefined): PublishError {
  const code = remoteCode(result);
  const why = code && code !== 'Failed' && code !== 'FAIL' ? ` (${code})` : '';
  if (result && /throttle/i.test(result)) {
    return new PublishError('rateLimited', `${site} refused the login of ${username} for now: too many recent login attempts${why}.`, { code: 'rateLimited', retryAfterMs: 300_000 });
  }
  return new PublishError('auth', `${site} refused the login of ${username}${why}: check the user name and the (bot) password.`, { code: 'badCredentials' });
}

/** A MediaWiki API error code → the PublishError a user can act on. */
export function apiError(site: string, error: ApiErrorBody, what: string): PublishError {
  const code = error.code ?? 'unknown';
  // The error code, never the wiki's `info` text: remote answers are summarised (remote-summary.ts).
  const info = remoteCode(code) || 'unknown';
  const make = (kind: PublishErrorKind, message: string, reason: PublishErrorCode | undefined, retryable?: boolean) =>
    new PublishError(kind, message, { ...(reason ? { code: reason } : {}), ...(retryable === undefined ? {} : { retryable }) });
  switch (code) {
    case 'articleexists':
      return make('rejected', `${site} already has the page ${what}, made by someone else: it was left alone.`, 'pageExists', false);
    case 'blocked':
    case 'autoblocked':
    case 'globalblocking-blocked':
    case 'systemblocked':
      return make('auth', `${site} has blocked this account from editing (${info}).`, 'blocked', false);
    case 'editconflict':
      return make('rejected', `${site} had ${what} edited by someone else meanwhile (${info}); it will be read again and tried again.`, undefined, true);
    case 'missingtitle':
    case 'nosuchpageid':
      return make('notFound', `${site} has no page ${what} any more (${info}): it was deleted or moved.`, undefined, false);
    case 'ratelimited':
      return new PublishError('rateLimited', `${site} limits how fast this account may edit (${info}); it will be tried again.`, { code: 'rateLimited', retryAfterMs: 60_000 });
    case 'readonly':
      return make('rejected', `${site} is read-only just now (${info}); it will be tried again.`, 'readOnly', true);
    case 'permissiondenied':
    case 'cantcreate':
    case 'cantcreate-anon':
    case 'noedit':
    case 'noedit-anon':
    case 'protectedpage':
    case 'protectedtitle':
    case 'protectednamespace':
    case 'cascadeprotected':
    case 'mwoauth-invalid-authorization':
      return make('auth', `${site} does not let this account create ${what} (${info}): a bot password needs the grant "Create, edit, and move pages".`, 'permissionDenied', false);
    case 'spamblacklist':
    case 'spamdetected':
    case 'abusefilter-disallowed':
    case 'abusefilter-warning':
    case 'contenttoobig':
    case 'invalidtitle':
      return make('rejected', `${site} refused ${what}: ${info}.`, 'refusedContent', false);
    default:
      return make('rejected', `${site} refused ${what} (${info}).`, undefined, false);
  }
}

/** Is this API error a lost or missing login, which a fresh login fixes? */
export function isSessionError(error: ApiErrorBody | undefined): boolean {
  return error?.code === 'badtoken' || error?.code === 'notloggedin' || error?.code === 'assertuserfailed' || error?.code === 'assertnameduserfailed';
}

/** The article URL of a title: the wiki's server + articlepath, encoded as MediaWiki does (wfUrlencode). */
export function articleUrl(info: Pick<SiteInfo, 'server' | 'articlepath'>, title: string): string {
  const encoded = encodeURIComponent(title.replace(/ /g, '_')).replace(/%(3B|40|24|21|2A|28|29|2C|2F|7E|3A)/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  const server = info.server.startsWith('//') ? `https:${info.server}` : info.server;
  return `${server}${info.articlepath.replace('$1', encoded)}`;
}
