/**
 * The registrable domain of a site ("example.co.uk" for "blog.shop.example.co.uk"): what a search
 * engine treats as one owner, so a tier's post never links to a target on it (issue 34 item 4).
 *
 * No public suffix list is shipped: the rule is "the last two labels", or the last three when the
 * last two form one of the common multi-part suffixes below (second-level labels such as `co`,
 * `com`, `org` under a country code, and a few well-known shared hosts). Limits, on purpose: a
 * suffix missing here (e.g. `pvt.k12.ma.us`, or a private suffix such as `*.netlify.app` not listed)
 * makes two owners' sites look like one domain — then a link between them is left out, never
 * wrongly placed; for our use (never link to yourself) erring that way is the safe side.
 * An IP address (v4 or v6) is its own domain; so is a single-label host (`localhost`).
 */

/** Second-level labels that sit under a two-letter country code as part of the suffix (`co.uk`, `com.au`). */
const COUNTRY_SECOND_LEVELS = new Set([
  'ac', 'co', 'com', 'edu', 'gov', 'net', 'org', 'ltd', 'plc', 'me', 'nic', 'sch', 'nhs', 'police', 'mod',
  'gen', 'biz', 'info', 'firm', 'ind', 'nom', 'res', 'web', 'or', 'ne', 'go', 'gob', 'mil', 'id', 'asn',
]);

/** Multi-part suffixes outside that pattern: shared hosts where every subdomain is another owner's. */
const SHARED_SUFFIXES = new Set([
  'blogspot.com', 'wordpress.com', 'github.io', 'gitlab.io', 'netlify.app', 'vercel.app', 'pages.dev',
  'herokuapp.com', 'appspot.com', 'web.app', 'firebaseapp.com', 'tumblr.com', 'weebly.com', 'wixsite.com',
  'substack.com', 'medium.com', 'fandom.com', 'neocities.org', 'azurewebsites.net', 'cloudfront.net',
]);

const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;

const SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;

/**
 * The host of a URL or bare host (`www.Example.com:8080/x` → `www.example.com`), without port or
 * brackets; null when none. Read by hand (userinfo, port, path cut off): a run plans thousands of
 * links, and the URL parser costs more than the whole spread.
 */
export function hostOf(site: string): string | null {
  let text = site.trim();
  const scheme = SCHEME.exec(text);
  if (scheme) text = text.slice(scheme[0].length);
  const end = text.search(/[/?#\\]/);
  let authority = end === -1 ? text : text.slice(0, end);
  const at = authority.lastIndexOf('@');
  if (at !== -1) authority = authority.slice(at + 1);
  let host: string;
  if (authority.startsWith('[')) {
    const close = authority.indexOf(']');
    host = close === -1 ? '' : authority.slice(1, close);
  } else {
    const colon = authority.indexOf(':');
    host = colon === -1 ? authority : authority.slice(0, colon);
  }
  host = host.toLowerCase().replace(/\.+$/, '');
  return host === '' || /\s/.test(host) ? null : host;
}

/** True for an IPv4 or IPv6 literal host. */
export function isIpHost(host: string): boolean {
  return IPV4.test(host) || host.includes(':');
}

/**
 * The registrable domain of a URL or host (lower case, `www.` and port dropped); an IP address is
 * itself. Null when the text names no host.
 */
export function registrableDomain(site: string): string | null {
  const host = hostOf(site);
  if (host === null) return null;
  if (isIpHost(host)) return host;
  const labels = host.split('.').filter((label) => label !== '');
  if (labels.length <= 2) return labels.join('.');
  const lastTwo = labels.slice(-2).join('.');
  const [second, top] = labels.slice(-2) as [string, string];
  const multiPart = SHARED_SUFFIXES.has(lastTwo) || (top.length === 2 && COUNTRY_SECOND_LEVELS.has(second));
  return labels.slice(multiPart ? -3 : -2).join('.');
}

/** True when both name the same registrable domain (unknown hosts never match). */
export function sameRegistrableDomain(a: string, b: string): boolean {
  const left = registrableDomain(a);
  return left !== null && left === registrableDomain(b);
}
