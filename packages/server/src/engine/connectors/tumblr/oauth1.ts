/**
 * OAuth 1.0a request signing with HMAC-SHA1 (RFC 5849, sections 3.1 and 3.4), as the Tumblr API
 * takes it: the protocol parameters in the `Authorization: OAuth …` header, the signature over the
 * method, the base string URI, and every query and form-body parameter.
 */
import { createHmac, randomBytes } from 'node:crypto';

export interface OAuth1Credentials {
  consumerKey: string;
  consumerSecret: string;
  token: string;
  tokenSecret: string;
}

/** RFC 5849 section 3.6: UTF-8, then every byte outside the unreserved set `A-Z a-z 0-9 - . _ ~` as %XX (upper case). */
export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** An `application/x-www-form-urlencoded` body, encoded as section 3.6 does (so what is signed is what is sent). */
export function formEncode(params: ReadonlyArray<readonly [string, string]>): string {
  return params.map(([name, value]) => `${percentEncode(name)}=${percentEncode(value)}`).join('&');
}

/** Name/value pairs of a form-encoded string (`+` is a space), as section 3.4.1.3.1 reads the query and the body. */
export function parseForm(text: string): Array<[string, string]> {
  if (text === '') return [];
  return text.split('&').map((pair) => {
    const at = pair.indexOf('=');
    const decode = (part: string) => decodeURIComponent(part.replace(/\+/g, ' '));
    return at < 0 ? [decode(pair), ''] : [decode(pair.slice(0, at)), decode(pair.slice(at + 1))];
  });
}

/** Section 3.4.1.2: scheme and host in lower case, the port only when not the scheme's default, the path; no query. */
export function baseStringUri(url: URL): string {
  const scheme = url.protocol.toLowerCase();
  const port = url.port && !((scheme === 'http:' && url.port === '80') || (scheme === 'https:' && url.port === '443')) ? `:${url.port}` : '';
  return `${scheme}//${url.hostname.toLowerCase()}${port}${url.pathname}`;
}

/**
 * Section 3.4.1: `METHOD&uri&params`, where params are the URL's query parameters and `extra`
 * (the protocol parameters and any form-body parameters), each name and value encoded, sorted by
 * name then value, joined with `=` and `&`.
 */
export function signatureBaseString(method: string, url: string, extra: ReadonlyArray<readonly [string, string]>): string {
  const parsed = new URL(url);
  const params = [...parseForm(parsed.search.replace(/^\?/, '')), ...extra]
    .map(([name, value]) => [percentEncode(name), percentEncode(value)] as const)
    .sort(([nameA, valueA], [nameB, valueB]) => (nameA < nameB ? -1 : nameA > nameB ? 1 : valueA < valueB ? -1 : valueA > valueB ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  return [method.toUpperCase(), percentEncode(baseStringUri(parsed)), percentEncode(params)].join('&');
}

/** Section 3.4.2: HMAC-SHA1 keyed by the encoded client secret `&` the encoded token secret, base64. */
export function hmacSha1Signature(baseString: string, consumerSecret: string, tokenSecret: string): string {
  return createHmac('sha1', `${percentEncode(consumerSecret)}&${percentEncode(tokenSecret)}`).update(baseString).digest('base64');
}

export interface SignedRequest {
  method: string;
  url: string;
  /** The form body's parameters (signed with the rest), when the body is form-encoded. */
  form?: ReadonlyArray<readonly [string, string]>;
}

/** What varies per request; fixed in tests against the RFC's examples. */
export interface SigningMoment {
  timestamp?: string;
  nonce?: string;
}

/** The protocol parameters of a request, with its signature (section 3.1). */
export function oauthParameters(credentials: OAuth1Credentials, request: SignedRequest, moment: SigningMoment = {}): Array<[string, string]> {
  const protocol: Array<[string, string]> = [
    ['oauth_consumer_key', credentials.consumerKey],
    ['oauth_nonce', moment.nonce ?? randomBytes(16).toString('hex')],
    ['oauth_signature_method', 'HMAC-SHA1'],
    ['oauth_timestamp', moment.timestamp ?? String(Math.floor(Date.now() / 1000))],
    ['oauth_token', credentials.token],
    ['oauth_version', '1.0'],
  ];
  const base = signatureBaseString(request.method, request.url, [...protocol, ...(request.form ?? [])]);
  return [...protocol, ['oauth_signature', hmacSha1Signature(base, credentials.consumerSecret, credentials.tokenSecret)]];
}

/** Section 3.5.1: `OAuth name="value", …`, names and values encoded. */
export function authorizationHeader(credentials: OAuth1Credentials, request: SignedRequest, moment: SigningMoment = {}): string {
  return `OAuth ${oauthParameters(credentials, request, moment).map(([name, value]) => `${percentEncode(name)}="${percentEncode(value)}"`).join(', ')}`;
}
