/**
 * Whether a site runs DokuWiki and whether its remote API is on, for the site verifier and the
 * connector's `detect`:
 * - `wiki.getRPCVersionSupported` at `<wiki>/lib/exe/xmlrpc.php` (a method anyone may call) answers
 *   a number when the remote API is on, and the fault -32605 for every call when the owner left it
 *   off (DokuWiki's default);
 * - when that address does not answer as XML-RPC, the wiki's page says `generator: DokuWiki`, or
 *   the site is not DokuWiki;
 * - with a login: `dokuwiki.login`, then `dokuwiki.getVersion` (which needs the remote API to be
 *   open to that account: `remoteuser`) tells whether the engine can post there.
 * The login goes to the site's own origin only. Transport failures (no answer, refused by the
 * outbound policy) are thrown as PublishError; everything the site answers is a result.
 */
import { PublishError } from '../connector';
import { httpExchange, type HttpContext } from '../http';
import { DokuWikiApiMissing, DokuWikiRefusal, DokuWikiSession } from './dokuwiki-api';
import { siteOnlyDispatcher } from '../site-only-dispatcher';
import { wikiBase } from './wiki-address';

export interface DokuWikiProbeOptions {
  timeoutMs: number;
  signal?: AbortSignal;
  /** A proxy's dispatcher (the user's proxies when "use proxy" is on). */
  dispatcher?: HttpContext['dispatcher'];
  /** The stored login, checked when given. */
  login?: { username: string; password: string } | null;
}

export interface DokuWikiProbe {
  /** The site runs DokuWiki. */
  dokuwiki: boolean;
  /** Its remote API: on, switched off by the owner, or not answering at its address; null when not DokuWiki. */
  remoteApi: 'on' | 'off' | 'missing' | null;
  /** The XML-RPC address asked. */
  endpoint: string;
  /** The release (`Release 2022-07-31b "Igor"`) when a login could read it. */
  version: string | null;
  /** Whether the stored login works (null: none given, or it could not be checked). */
  credentialsOk: boolean | null;
  /** Whether the engine can post there with that login (null: no login given, or not checked). */
  canPost: boolean | null;
  /** What was found, in words a user can act on. */
  reason: string;
}

const TURN_ON = "turn on the remote API (remote, remoteuser) in the wiki's configuration";

export async function probeDokuWiki(siteUrl: string, options: DokuWikiProbeOptions): Promise<DokuWikiProbe> {
  const base = wikiBase(siteUrl);
  const http: HttpContext = {
    timeoutMs: options.timeoutMs,
    siteLabel: base,
    ...(options.signal ? { signal: options.signal } : {}),
    dispatcher: siteOnlyDispatcher(new URL(base), options.dispatcher),
  };
  const session = new DokuWikiSession(base, http);
  const result = (fields: Omit<DokuWikiProbe, 'endpoint' | 'version' | 'credentialsOk' | 'canPost'> & Partial<DokuWikiProbe>): DokuWikiProbe => ({
    endpoint: session.endpoint, version: null, credentialsOk: null, canPost: null, ...fields,
  });

  let rpcVersion: number;
  try {
    rpcVersion = await session.rpcVersion();
  } catch (error) {
    if (error instanceof DokuWikiRefusal && error.remoteOff) {
      return result({ dokuwiki: true, remoteApi: 'off', canPost: false, reason: `DokuWiki with its remote API switched off: ${TURN_ON}` });
    }
    if (!(error instanceof DokuWikiApiMissing || error instanceof DokuWikiRefusal)) throw error;
    if (await saysDokuWiki(base, http)) {
      return result({ dokuwiki: true, remoteApi: 'missing', canPost: false, reason: `DokuWiki, but its remote API does not answer at ${session.endpoint}: check the wiki's address (the folder of doku.php), then ${TURN_ON}` });
    }
    return result({ dokuwiki: false, remoteApi: null, reason: 'Not a DokuWiki wiki (no remote API at /lib/exe/xmlrpc.php, no DokuWiki page)' });
  }
  const api = `DokuWiki (remote API version ${Number.isFinite(rpcVersion) ? rpcVersion : '?'} at ${session.endpoint})`;
  if (!options.login?.username || !options.login.password) {
    return result({ dokuwiki: true, remoteApi: 'on', reason: `${api}; no login stored: add the account's user name and password to post` });
  }
  const { username, password } = options.login;
  try {
    await session.login(username, password);
  } catch (error) {
    if (error instanceof PublishError && error.code === 'badCredentials') {
      return result({ dokuwiki: true, remoteApi: 'on', credentialsOk: false, canPost: false, reason: `${api}; the stored login ${username} is refused: check the user name and the password` });
    }
    if (error instanceof PublishError && error.kind === 'rejected') {
      return result({ dokuwiki: true, remoteApi: 'on', credentialsOk: null, canPost: false, reason: `${api}; ${error.message.replace(/^\S+ /, '').replace(/\.$/, '')}` });
    }
    throw error;
  }
  try {
    const version = await session.version();
    return result({ dokuwiki: true, remoteApi: 'on', version: version || null, credentialsOk: true, canPost: true, reason: `${api}; the login ${username} works` });
  } catch (error) {
    if (error instanceof DokuWikiRefusal && error.forbidden) {
      return result({ dokuwiki: true, remoteApi: 'on', credentialsOk: true, canPost: false, reason: `${api}; the login ${username} works, but the remote API is not open to it: add the user or one of its groups to remoteuser in the wiki's configuration` });
    }
    if (error instanceof DokuWikiRefusal && error.notLoggedIn) {
      return result({ dokuwiki: true, remoteApi: 'on', credentialsOk: null, canPost: false, reason: `${api}; the wiki did not keep the login of ${username}: check that it accepts cookies from its remote API` });
    }
    throw error;
  }
}

/** Whether the wiki's start page names DokuWiki as its generator (every DokuWiki template writes it). */
async function saysDokuWiki(base: string, http: HttpContext): Promise<boolean> {
  const answer = await httpExchange({ method: 'GET', url: `${base}/doku.php`, headers: { accept: 'text/html' } }, http).catch((error: unknown) => {
    if (http.signal?.aborted) throw error;
    return null;
  });
  return answer !== null && /<meta[^>]+name=["']generator["'][^>]*content=["']DokuWiki/i.test(answer.body.slice(0, 20_000));
}
