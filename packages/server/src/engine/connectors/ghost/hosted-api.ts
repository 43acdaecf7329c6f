/**
 * What the Ghost, Forem and Telegraph connectors share about calling a platform's API with the
 * user's credential (an Admin API key, an API key, an access token):
 *
 * - The credential goes to the API's own origin and nowhere else. httpExchange follows redirects,
 *   and fetch keeps custom headers (`api-key`) and a 307/308's body (Telegraph's token) on a
 *   redirect to another origin. So each call's dispatcher refuses to dispatch to any origin but the
 *   API's (http → https of the same host on default ports is the same API, as remote-summary's
 *   sameSiteOrigin says): such a redirect fails before a byte reaches the other host, and the
 *   connector tells the user which address the API sent it to.
 */
import { PublishError } from '../connector';
import { httpExchange, type HttpAnswer, type HttpContext, type HttpRequest } from '../http';
import { sameSiteOrigin } from '../remote-summary';
import { egressAgent } from '../../../platform/egress/egress-dispatcher';
import type { Dispatcher } from 'undici';

/** A request the API redirected to another origin, refused before it was sent there. */
export class ForeignRedirectError extends Error {
  override readonly name = 'ForeignRedirectError';
  readonly code = 'EFOREIGN_REDIRECT';
  constructor(readonly to: string) {
    super(`The API redirected to ${to}, another address than the one its credential is for`);
  }
}

/** The ForeignRedirectError along an error's `cause` chain (fetch wraps the dispatcher's error), if any. */
export function findForeignRedirect(error: unknown): ForeignRedirectError | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current && typeof current === 'object'; depth++) {
    if (current instanceof ForeignRedirectError) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

type FetchDispatcher = NonNullable<HttpContext['dispatcher']>;

/**
 * `base` (the call's proxy dispatcher, else the process's egress agent) that dispatches only to
 * `apiOrigin`: any other origin (a redirect's) fails with ForeignRedirectError, unsent.
 */
export function credentialDispatcher(apiOrigin: URL, base?: FetchDispatcher): FetchDispatcher {
  const inner = (base ?? egressAgent()) as unknown as Dispatcher;
  const guarded = inner.compose((dispatch) => (options, handler) => {
    const origin = new URL(String(options.origin ?? ''));
    if (sameSiteOrigin(origin, apiOrigin)) return dispatch(options, handler);
    queueMicrotask(() => handler.onError?.(new ForeignRedirectError(origin.origin)));
    return true;
  });
  return guarded as unknown as FetchDispatcher;
}

/** One exchange with the API through httpExchange; a foreign redirect in our words. */
export async function apiExchange(request: HttpRequest, http: HttpContext): Promise<HttpAnswer> {
  try {
    return await httpExchange(request, http);
  } catch (error) {
    const redirect = findForeignRedirect(error);
    if (!redirect || !(error instanceof PublishError)) throw error;
    throw new PublishError(
      'network',
      `${http.siteLabel} sent its API request on to ${redirect.to}; LinkLoom sends the site's credential only to ${http.siteLabel}: if the API really lives at ${redirect.to}, enter that address for the site.`,
      { retryable: false, outcomeUnknown: error.outcomeUnknown, cause: error },
    );
  }
}
