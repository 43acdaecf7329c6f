/**
 * What of a remote answer may reach a user: remote answers are summarised, never echoed (a site, or
 * a service pretending to be one, must not be able to put its own text in front of the user or read
 * an internal service's body back through LinkLoom). A platform's machine error code is kept — a
 * short identifier such as `rest_cannot_create` or `badtoken` tells the user what happened.
 */

const CODE = /^[A-Za-z][A-Za-z0-9_.:-]{0,63}$/;

/** The platform's error code when it is one (a short identifier), else ''. */
export function remoteCode(value: unknown): string {
  return typeof value === 'string' && CODE.test(value) ? value : '';
}

const DEFAULT_PORTS: Record<string, string> = { 'http:': '80', 'https:': '443' };

/**
 * Whether `url` is on the site's own origin, where its stored login may go: the same host name and
 * the same port — or the site's default port on both sides, so that http://site → https://site is
 * the same site upgraded to TLS.
 */
export function sameSiteOrigin(url: URL, site: URL): boolean {
  if (url.hostname.toLowerCase() !== site.hostname.toLowerCase()) return false;
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (url.protocol === site.protocol) return url.port === site.port;
  return (url.port || DEFAULT_PORTS[url.protocol]) === DEFAULT_PORTS[url.protocol] && (site.port || DEFAULT_PORTS[site.protocol]) === DEFAULT_PORTS[site.protocol];
}
