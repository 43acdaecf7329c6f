/**
 * What the Ghost, Forem and Telegraph connectors share about calling a platform's API with the
 * user's credential (an Admin API key, an API key, an access token): the credential goes to the
 * API's own origin and nowhere else. Each call's HTTP context is a siteOnlyContext of the API's
 * address (site-only-dispatcher.ts), so a redirect to another origin fails before a byte reaches
 * the other host, and apiExchange tells the user which address the API sent it to.
 */
import type { HttpAnswer, HttpContext, HttpRequest } from './http';
import { siteOnlyExchange } from './site-only-dispatcher';

/** One exchange with the API through httpExchange; a redirect to another origin in our words. */
export function apiExchange(request: HttpRequest, http: HttpContext): Promise<HttpAnswer> {
  return siteOnlyExchange(request, http, { credential: "the site's credential", service: 'the API' });
}
