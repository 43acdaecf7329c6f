/**
 * Keeping a request that carries a site's credential (an API key, a token, a signed JWT) on the
 * site's own origin. httpExchange follows redirects, and fetch keeps custom headers (`api-key`)
 * and a 307/308's body (a token in a form) on a redirect to another origin. So the dispatcher of
 * such a call refuses to dispatch to any origin but the site's (http → https of the same host on
 * default ports is the same site, as remote-summary's sameSiteOrigin says): a redirect elsewhere
 * fails before a byte reaches the other host, and the connector tells the user which address the
 * site sent it to (siteOnlyExchange).
 */
import type { Dispatcher } from 'undici';
import { PublishError, type PublishOptions } from './connector';
import { httpContextFor, httpExchange, type HttpAnswer, type HttpContext, type HttpRequest } from './http';
import type { ProxyDispatchers } from './proxy-dispatcher';
import { sameSiteOrigin } from './remote-summary';
import { egressAgent } from '../../platform/egress/egress-dispatcher';

/** A call the site redirected to another origin: refused before it was sent there. */
export class ForeignOriginError extends Error {
  override readonly name = 'ForeignOriginError';
  readonly code = 'EFOREIGN_ORIGIN';
  constructor(readonly origin: string) {
    super(`refused to send the site's credential to ${origin}`);
  }
}

/** The ForeignOriginError along an error's `cause` chain (fetch wraps the dispatcher's error), if any. */
export function findForeignOrigin(error: unknown): ForeignOriginError | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current && typeof current === 'object'; depth++) {
    if (current instanceof ForeignOriginError) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

type FetchDispatcher = NonNullable<HttpContext['dispatcher']>;

/**
 * `base` (the call's proxy dispatcher, else the process's egress agent) that dispatches to `site`'s
 * origin only: any other origin (a redirect's) fails with ForeignOriginError, unsent.
 */
export function siteOnlyDispatcher(site: URL, base?: FetchDispatcher): FetchDispatcher {
  // fetch's dispatcher type (undici-types) and the undici package's are one class under two declarations.
  const inner = (base ?? egressAgent()) as unknown as Dispatcher;
  const guarded = inner.compose((dispatch) => (options, handler) => {
    const origin = new URL(String(options.origin ?? ''));
    if (sameSiteOrigin(origin, site)) return dispatch(options, handler);
    queueMicrotask(() => handler.onError?.(new ForeignOriginError(origin.origin)));
    return true;
  });
  return guarded as unknown as FetchDispatcher;
}

/**
 * The HTTP context of a connector's calls to `site` (httpContextFor: the options' time limit, abort
 * signal and proxy), dispatching to `site`'s origin only. `siteLabel` names the site in messages.
 */
export async function siteOnlyContext(
  site: string, siteLabel: string, options: Pick<PublishOptions, 'timeoutMs' | 'signal' | 'proxy'>, proxies: ProxyDispatchers,
): Promise<HttpContext> {
  const http = await httpContextFor(siteLabel, options, proxies);
  return { ...http, dispatcher: siteOnlyDispatcher(new URL(site), http.dispatcher) };
}

/** What a refused redirect's message names: `the site's API secret`, and who should live there: `Shaarli`. */
export interface SiteOnlyWords {
  credential: string;
  service: string;
}

/**
 * One exchange through httpExchange (its context's dispatcher a siteOnlyDispatcher); a redirect to
 * another origin becomes a `network` PublishError that is not tried again and says where the site
 * sent the request.
 */
export async function siteOnlyExchange(request: HttpRequest, http: HttpContext, words: SiteOnlyWords): Promise<HttpAnswer> {
  try {
    return await httpExchange(request, http);
  } catch (error) {
    const foreign = findForeignOrigin(error);
    if (!foreign || !(error instanceof PublishError)) throw error;
    throw new PublishError(
      'network',
      `${http.siteLabel} sent its API request on to ${foreign.origin}; LinkLoom sends ${words.credential} only to ${http.siteLabel}: if ${words.service} really lives at ${foreign.origin}, enter that address for the site.`,
      { retryable: false, outcomeUnknown: error.outcomeUnknown, cause: error },
    );
  }
}
