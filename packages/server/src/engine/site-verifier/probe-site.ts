/**
 * The platform verifier's look at one site (issue 13.2): which platform it runs, whether the stored
 * login works there, and whether the engine may create accounts on it, with a reason a user can
 * read. Never throws for anything the site does (unreachable, TLS, redirects to another host, an
 * answer that is not a site): those are a FAILED result with the reason. Only an abort rejects.
 *
 * - WordPress: the home page's hints (generator, the `https://api.w.org/` link or header,
 *   wp-content), confirmed by the REST root listing `wp/v2`. Login: `users/me?context=edit` with the
 *   application password; accounts can be created with an administrator's login.
 * - MediaWiki: the generator or the EditURI link, confirmed by api.php siteinfo (root or /w/).
 *   Login: a bot password (`User@app`) or the account's password; accounts can be created when
 *   anonymous visitors have the `createaccount` right.
 * - DokuWiki (its XML-RPC remote API), Shaarli (its REST API, the password as the API secret) and
 *   Ghost (the Admin API's public site endpoint), and hosted services by the site's host
 *   (probe-more-platforms.ts).
 * - Anything else that answers with a web page: Unknown (FAILED: the engine cannot post there).
 */
import { PLATFORM_MEDIAWIKI, PLATFORM_UNKNOWN, PLATFORM_WORDPRESS, type SitePlatform } from '@linkloom/shared';
import { probeDokuWikiSite, probeGhostSite, probeHostedSite, probeShaarliSite } from './probe-more-platforms';
import { basicAuthorization } from '../connectors/wordpress/rest-api';
import { XmlRpcMissing, xmlRpcUsersBlogId } from '../connectors/wordpress/xmlrpc-api';
import { PublishError } from '../connectors/connector';
import type { HttpContext } from '../connectors/http';
import { MediaWikiApiMissing, MediaWikiSession, type SiteInfo } from '../connectors/mediawiki/mediawiki-api';
import { ProbeFailure, probeGet, type ProbeAnswer } from './probe-http';
import { linksFollowed } from './probe-dofollow';
import { remoteCode, sameSiteOrigin } from '../connectors/remote-summary';

export type ProbedPlatform = SitePlatform;

export interface SiteToProbe {
  url: string;
  /** The stored login (WordPress user, MediaWiki bot user `User@app` or account); null when none. */
  login: string | null;
  password: string | null;
}

export interface SiteProbe {
  platform: ProbedPlatform;
  status: 'OK' | 'FAILED';
  reason: string;
  /** Whether the engine may create accounts there (null: could not tell). */
  canRegister: boolean | null;
  /** Whether the stored login works (null: no login stored, or not checked). */
  credentialsOk: boolean | null;
  /** Whether most outbound links of the site's page are followed (null: could not tell; probe-dofollow.ts). */
  dofollow?: boolean | null;
}

export interface ProbeOptions {
  timeoutMs: number;
  /** A proxy's dispatcher (the user's proxies when "use proxy" is on). */
  dispatcher?: HttpContext['dispatcher'];
  /** The proxy as the reasons name it (`http://host:port`, no credentials). */
  proxyLabel?: string;
  signal?: AbortSignal;
}

const failed = (reason: string, platform: ProbedPlatform = PLATFORM_UNKNOWN, credentialsOk: boolean | null = null): SiteProbe => ({
  platform,
  status: 'FAILED',
  reason,
  canRegister: null,
  credentialsOk,
});

export async function probeSite(site: SiteToProbe, options: ProbeOptions): Promise<SiteProbe> {
  let base: URL;
  try {
    base = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(site.url) ? site.url : `http://${site.url}`);
    if (base.protocol !== 'http:' && base.protocol !== 'https:') return failed('The address is not an http or https URL');
  } catch {
    return failed('The address is not a URL');
  }
  const ctx: HttpContext & { proxyLabel?: string } = {
    timeoutMs: options.timeoutMs,
    ...(options.proxyLabel ? { proxyLabel: options.proxyLabel } : {}),
    siteLabel: base.origin,
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.dispatcher ? { dispatcher: options.dispatcher } : {}),
  };
  const root = `${base.origin}${base.pathname.replace(/\/+$/, '')}`;
  // A hosted service's blog is known by its address: its API is the service's, not the site's.
  const hosted = probeHostedSite(site);
  if (hosted) return hosted;
  try {
    const home = await probeGet(root || base.origin, ctx);
    if (home.status >= 400) return failed(`The site answers HTTP ${home.status}${home.status === 404 ? ' Not Found' : ''} at ${home.url}`);
    const type = home.headers.get('content-type') ?? '';
    const isHtml = /html/i.test(type) || /^\s*<(!doctype html|html|head|body)/i.test(home.body);
    const found = await probePlatform(root, home, isHtml, site, ctx, options);
    // What the page's own links say about following links (the grids' Dofollow column).
    return { ...found, dofollow: isHtml ? linksFollowed(home.body, home.url) : null };
  } catch (error) {
    if (options.signal?.aborted) throw options.signal.reason;
    if (error instanceof ProbeFailure || error instanceof PublishError) return failed(error.message.replace(/\.$/, ''));
    return failed(`The check failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Which platform answers at the site, and whether its login works (the home page already fetched). */
async function probePlatform(root: string, home: ProbeAnswer, isHtml: boolean, site: SiteToProbe, ctx: HttpContext, options: ProbeOptions): Promise<SiteProbe> {
  const hints = platformHints(home, isHtml);
  const order: Array<'wordpress' | 'mediawiki'> = hints.mediawiki && !hints.wordpress ? ['mediawiki', 'wordpress'] : ['wordpress', 'mediawiki'];
  for (const platform of order) {
    // Without any hint both APIs are still asked: a site's home page may be a static front.
    if (platform === 'wordpress') {
      const restRoot = await findWordPressRest(root, home, ctx);
      if (restRoot) return await checkWordPress(restRoot, site, ctx);
      if (hints.wordpress) return await checkWordPressXmlRpc(root, site, ctx);
    } else {
      const wiki = await findMediaWiki(root, home, ctx);
      if (wiki) return await checkMediaWiki(wiki, site, ctx);
      if (hints.mediawiki) return failed('MediaWiki, but its api.php does not answer: the engine cannot post there', PLATFORM_MEDIAWIKI);
    }
  }
  // The other self-hosted platforms, each asked at its own address.
  for (const other of [probeDokuWikiSite, probeShaarliSite] as const) {
    const found = await other(root, site, ctx, options);
    if (found) return found;
  }
  const ghost = await probeGhostSite(root, site, ctx);
  if (ghost) return ghost;
  if (!isHtml) return failed(`The address answers with ${(home.headers.get('content-type') ?? '').split(';')[0] || 'something that is not a web page'}, not a web site`);
  return failed('A web page, but none of the platforms LinkLoom publishes to was found (WordPress, MediaWiki, DokuWiki, Shaarli, Ghost): the engine cannot post there');
}

function platformHints(home: ProbeAnswer, isHtml: boolean): { wordpress: boolean; mediawiki: boolean } {
  const link = home.headers.get('link') ?? '';
  const body = isHtml ? home.body : '';
  const generator = /<meta[^>]+name=["']generator["'][^>]*content=["']([^"']*)/i.exec(body)?.[1] ?? '';
  return {
    wordpress: /wordpress/i.test(generator) || link.includes('api.w.org') || body.includes('api.w.org') || /\/wp-(content|includes)\//.test(body),
    mediawiki: /mediawiki/i.test(generator) || /<link[^>]+rel=["']EditURI["'][^>]*api\.php/i.test(body) || body.includes('/load.php?'),
  };
}

// ---------------------------------------------------------------------------------------------
// WordPress

/** The REST root (`…/wp-json/` or `…/?rest_route=/`) when it answers as WordPress's, else null. */
async function findWordPressRest(root: string, home: ProbeAnswer, ctx: HttpContext): Promise<string | null> {
  const advertised = /<([^>]+)>\s*;\s*rel="https:\/\/api\.w\.org\/"/.exec(home.headers.get('link') ?? '')?.[1];
  // The stored login goes to the REST root found here: one the home page advertises on another
  // origin (another host, port or a name that points inside a network) is ignored, never called.
  const own = advertised && sameSiteOrigin(new URL(advertised, home.url), new URL(root)) ? new URL(advertised, home.url).href : undefined;
  const candidates = [...new Set([own, `${root}/wp-json/`, `${root}/?rest_route=/`].filter((url): url is string => Boolean(url)))];
  for (const url of candidates) {
    let answer: ProbeAnswer;
    try {
      answer = await probeGet(url, ctx, { accept: 'application/json' });
    } catch (error) {
      // The home page answered: a failure here (another host, say) only means "not here".
      if (error instanceof ProbeFailure && !/did not answer|Could not reach/.test(error.message)) continue;
      throw error;
    }
    if (answer.status !== 200) continue;
    const data = jsonOf(answer.body) as { namespaces?: unknown } | undefined;
    if (Array.isArray(data?.namespaces) && data.namespaces.includes('wp/v2')) return url;
  }
  return null;
}

function restUrl(restRoot: string, route: string, query: Record<string, string>): string {
  const url = new URL(restRoot);
  if (url.searchParams.has('rest_route')) url.searchParams.set('rest_route', route);
  else url.pathname = `${url.pathname.replace(/\/+$/, '')}${route}`;
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return url.href;
}

async function checkWordPress(restRoot: string, site: SiteToProbe, ctx: HttpContext): Promise<SiteProbe> {
  const api = `WordPress (REST API at ${restRoot})`;
  if (!site.login || !site.password) {
    return { platform: PLATFORM_WORDPRESS, status: 'OK', reason: `${api}; no login stored: add an administrator's application password to create accounts and post`, canRegister: false, credentialsOk: null };
  }
  const me = await probeGet(restUrl(restRoot, '/wp/v2/users/me', { context: 'edit' }), ctx, {
    accept: 'application/json',
    authorization: basicAuthorization(site.login, site.password),
  });
  const data = jsonOf(me.body) as { roles?: unknown; capabilities?: Record<string, unknown>; code?: unknown } | undefined;
  // The site's own words are not repeated (remote answers are summarised): its error code at most.
  const code = remoteCode(data?.code);
  const why = code ? ` (${code})` : '';
  if (me.status === 401 || me.status === 403) {
    return failed(`${api}; the stored login ${site.login} is refused${why}: use the user name and one of its application passwords`, PLATFORM_WORDPRESS, false);
  }
  if (me.status !== 200 || !data) {
    return failed(`${api}; checking the login answered HTTP ${me.status}${why}`, PLATFORM_WORDPRESS);
  }
  const roles = Array.isArray(data.roles) ? data.roles.map(String) : [];
  const admin = roles.includes('administrator') || data.capabilities?.create_users === true;
  return {
    platform: PLATFORM_WORDPRESS,
    status: 'OK',
    reason: admin ? `${api}; the login ${site.login} works as an administrator: accounts can be created` : `${api}; the login ${site.login} works (${roles.join(', ') || 'no role'}): not an administrator, so no accounts can be created`,
    canRegister: admin,
    credentialsOk: true,
  };
}

/**
 * WordPress whose REST API is off: the connector posts through XML-RPC (/xmlrpc.php) then, so the
 * login is checked there (wp.getUsersBlogs). Accounts are created over REST only: can register is
 * false.
 */
async function checkWordPressXmlRpc(root: string, site: SiteToProbe, ctx: HttpContext): Promise<SiteProbe> {
  const api = `WordPress without its REST API (XML-RPC at ${root}/xmlrpc.php)`;
  // Without a login, a wrong one still tells whether XML-RPC answers (a fault 403, not a missing endpoint).
  const session = { endpoint: `${root}/xmlrpc.php`, base: root, username: site.login ?? 'linkloom-probe', password: site.password ?? '-', http: ctx, blogId: 1 };
  try {
    await xmlRpcUsersBlogId(session);
  } catch (error) {
    if (error instanceof XmlRpcMissing) return failed('WordPress, but neither its REST API (/wp-json/) nor XML-RPC (/xmlrpc.php) answers: the engine cannot post there', PLATFORM_WORDPRESS);
    if (!(error instanceof PublishError && error.kind === 'auth')) throw error;
    if (site.login && site.password) {
      return failed(`${api}; the stored login ${site.login} is refused: use the user name and one of its application passwords`, PLATFORM_WORDPRESS, false);
    }
    return { platform: PLATFORM_WORDPRESS, status: 'OK', reason: `${api}; no login stored; accounts are created over the REST API only`, canRegister: false, credentialsOk: null };
  }
  return { platform: PLATFORM_WORDPRESS, status: 'OK', reason: `${api}; the login ${site.login} works; accounts are created over the REST API only`, canRegister: false, credentialsOk: true };
}

// ---------------------------------------------------------------------------------------------
// MediaWiki

async function findMediaWiki(root: string, home: ProbeAnswer, ctx: HttpContext): Promise<{ session: MediaWikiSession; info: SiteInfo } | null> {
  const editUri = /<link[^>]+rel=["']EditURI["'][^>]*href=["']([^"'?]+api\.php)/i.exec(home.body)?.[1];
  const advertised = editUri ? new URL(editUri.replace(/&amp;/g, '&'), home.url).href : undefined;
  const candidates = [...new Set([advertised, `${root}/api.php`, `${root}/w/api.php`].filter((url): url is string => Boolean(url)))];
  for (const apiUrl of candidates) {
    if (new URL(apiUrl).hostname.replace(/^www\./, '') !== new URL(root).hostname.replace(/^www\./, '')) continue;
    const session = new MediaWikiSession(apiUrl, ctx);
    try {
      return { session, info: await session.siteInfo() };
    } catch (error) {
      if (error instanceof MediaWikiApiMissing) continue;
      throw error;
    }
  }
  return null;
}

async function checkMediaWiki({ session, info }: { session: MediaWikiSession; info: SiteInfo }, site: SiteToProbe, ctx: HttpContext): Promise<SiteProbe> {
  // The generator's version, not the wiki's own texts (its name, read-only or block reasons): remote answers are summarised.
  const generator = /^MediaWiki \d+(\.\d+){0,3}(-[a-z0-9.]{1,20})?$/i.test(info.generator) ? info.generator : 'MediaWiki';
  const api = `${generator} (api.php at ${session.apiUrl})${info.readonly ? ', read-only just now' : ''}`;
  // Anonymous rights, before any login: can a visitor create an account?
  const anonymous = await session.call({ action: 'query', meta: 'userinfo', uiprop: 'rights' });
  const rights = (anonymous.query as { userinfo?: { rights?: unknown } } | undefined)?.userinfo?.rights;
  const canRegister = Array.isArray(rights) ? rights.includes('createaccount') : null;
  const register = canRegister ? 'visitors can create accounts' : canRegister === false ? 'visitors cannot create accounts' : 'whether visitors can create accounts is not known';
  if (!site.login || !site.password) {
    return { platform: PLATFORM_MEDIAWIKI, status: info.readonly ? 'FAILED' : 'OK', reason: `${api}; ${register}; no login stored`, canRegister, credentialsOk: null };
  }
  try {
    await session.withHttp(ctx).login(site.login, site.password);
  } catch (error) {
    if (error instanceof PublishError && error.kind === 'auth') {
      return { platform: PLATFORM_MEDIAWIKI, status: 'FAILED', reason: `${api}; ${register}; the stored login ${site.login} is refused: use a bot password (User@app) or the account's password`, canRegister, credentialsOk: false };
    }
    throw error;
  }
  const kind = site.login.includes('@') ? 'bot password' : 'login';
  // Logged in: may this login create pages (a bot password's grants, a block)?
  const me = await session.withHttp(ctx).call({ action: 'query', meta: 'userinfo', uiprop: 'rights|blockinfo' });
  const userinfo = (me.query as { userinfo?: { rights?: unknown; blockid?: unknown; blockreason?: unknown } } | undefined)?.userinfo;
  const granted = Array.isArray(userinfo?.rights) ? userinfo.rights.map(String) : [];
  if (userinfo?.blockid !== undefined) {
    return { platform: PLATFORM_MEDIAWIKI, status: 'FAILED', reason: `${api}; ${register}; the ${kind} ${site.login} works, but the account is blocked from editing`, canRegister, credentialsOk: true };
  }
  if (!granted.includes('edit') || !granted.includes('createpage')) {
    return {
      platform: PLATFORM_MEDIAWIKI, status: 'FAILED', canRegister, credentialsOk: true,
      reason: `${api}; ${register}; the ${kind} ${site.login} works, but may not create pages: a bot password needs the grants "Edit existing pages" and "Create, edit, and move pages"`,
    };
  }
  return { platform: PLATFORM_MEDIAWIKI, status: info.readonly ? 'FAILED' : 'OK', reason: `${api}; ${register}; the ${kind} ${site.login} works and may create pages`, canRegister, credentialsOk: true };
}

// ---------------------------------------------------------------------------------------------

function jsonOf(text: string): unknown {
  const trimmed = text.trimStart();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return undefined;
  try {
    return JSON.parse(trimmed) as unknown;
  } catch {
    return undefined;
  }
}
