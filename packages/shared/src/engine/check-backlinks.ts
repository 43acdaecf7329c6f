/**
 * Backlink verification, pure: given a fetched page and the links the engine placed in it, says
 * for each link whether it is on the page, with which anchor text and whether search engines follow
 * it. A forgiving scanner, not a validating parser: it reads `<a href>` tags outside comments and
 * raw-text or inert elements (script, style, textarea, title, template), honours `<base href>` and
 * a robots meta tag, and never throws on malformed markup.
 */
import { decodeEntities } from './html-text';

export interface ExpectedBacklink {
  url: string;
  anchor: string;
}

/** One `<a href>` of the page pointing at an expected URL. */
export interface FoundBacklink {
  /** The href as written (entities decoded). */
  href: string;
  /** Its text content (nested tags dropped, entities decoded, white space collapsed), or an image's alt. */
  anchor: string;
  /** Lower-case tokens of its rel attribute. */
  rel: string[];
  /** Followed: no nofollow / ugc / sponsored in rel and no robots nofollow for the page. */
  dofollow: boolean;
}

export type BacklinkState = 'OK' | 'NOFOLLOW' | 'MISSING';

export interface BacklinkResult {
  url: string;
  expectedAnchor: string;
  /** OK: a followed link is there; NOFOLLOW: only unfollowed ones; MISSING: none. */
  state: BacklinkState;
  /** Every link to this URL on the page, in page order. */
  found: FoundBacklink[];
  /** One of the found links carries the expected anchor (compared loosely, see {@link sameAnchorText}). */
  anchorMatches: boolean;
}

export interface BacklinkReport {
  results: BacklinkResult[];
  /** A robots meta tag (or the X-Robots-Tag header passed in) says nofollow for the whole page. */
  pageNofollow: boolean;
}

export interface CheckBacklinksOptions {
  /** The answer's X-Robots-Tag header, if any. */
  robotsHeader?: string | null;
}

/** rel tokens that tell search engines not to follow a link. */
const UNFOLLOWED_REL = new Set(['nofollow', 'ugc', 'sponsored']);
/** Elements whose content is never links: raw text (script, style, textarea, title) or inert (template). */
const IGNORED_CONTENT = new Set(['script', 'style', 'textarea', 'title', 'template', 'xmp', 'noembed', 'noframes']);
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/y;
/** The attributes of a tag written without any (`<p>`, `</a>`: most tags of a page), shared and never written to. */
const NO_ATTRIBUTES: ReadonlyMap<string, string> = new Map();

const isAsciiLetter = (code: number) => (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
/** [a-zA-Z0-9:-] */
const isTagNameChar = (code: number) => isAsciiLetter(code) || (code >= 48 && code <= 58) || code === 45;

/**
 * The tag opened by the `<` at `lt`: `<name` or `</name`, the name an ASCII letter then letters,
 * digits, `:` or `-` (as written; null when none follows, so the `<` is text) and where the name ends.
 * Read by character codes: a page has hundreds of tags, most of them plain `<p>` and `</p>`.
 */
function readTagName(html: string, lt: number): { closing: boolean; name: string; end: number } | null {
  let i = lt + 1;
  const closing = html.charCodeAt(i) === 47; // '/'
  if (closing) i += 1;
  if (!isAsciiLetter(html.charCodeAt(i))) return null;
  const start = i;
  i += 1;
  while (i < html.length && isTagNameChar(html.charCodeAt(i))) i += 1;
  return { closing, name: html.slice(start, i), end: i };
}

/** The tag's end (just after `>`, honouring quoted values) and its attributes (names lower-case, values decoded). */
function readTag(html: string, from: number): { end: number; attributes: ReadonlyMap<string, string> } | null {
  if (html.charCodeAt(from) === 62) return { end: from + 1, attributes: NO_ATTRIBUTES }; // '>' right after the name
  const attributes = new Map<string, string>();
  let i = from;
  while (i < html.length) {
    const char = html[i]!;
    if (char === '>') return { end: i + 1, attributes };
    if (/\s|\//.test(char)) {
      i += 1;
      continue;
    }
    ATTRIBUTE.lastIndex = i;
    const match = ATTRIBUTE.exec(html);
    if (!match || match[0] === '') {
      i += 1;
      continue;
    }
    const name = match[1]!.toLowerCase();
    if (!attributes.has(name)) attributes.set(name, decodeEntities(match[2] ?? match[3] ?? match[4] ?? ''));
    i = ATTRIBUTE.lastIndex;
  }
  return null;
}

/** Common named entities of typography that WordPress and editors write (decodeEntities knows only the basics). */
const TYPOGRAPHY_ENTITIES: Record<string, string> = {
  rsquo: '’', lsquo: '‘', rdquo: '”', ldquo: '“', ndash: '–', mdash: '—', hellip: '…', times: '×', laquo: '«', raquo: '»',
  copy: '©', reg: '®', trade: '™', euro: '€', eacute: 'é', egrave: 'è', agrave: 'à', uuml: 'ü', ouml: 'ö', auml: 'ä', szlig: 'ß',
};

function decodeText(text: string): string {
  return decodeEntities(text).replace(/&([a-z]+);/gi, (entity, name: string) => TYPOGRAPHY_ENTITIES[name.toLowerCase()] ?? entity);
}

/** Collapses white space (including no-break spaces) and trims. */
function collapseSpace(text: string): string {
  return text.replace(/[\s\u00a0]+/g, ' ').trim();
}

/**
 * Anchor texts compared as a reader would: case, white space and the typographic replacements
 * WordPress makes on output (curly quotes, dashes for `--`, an ellipsis for `...`, × between
 * digits) do not count.
 */
export function sameAnchorText(a: string, b: string): boolean {
  return anchorKey(a) === anchorKey(b);
}

function anchorKey(text: string): string {
  return collapseSpace(decodeText(text))
    .normalize('NFKC')
    // ‘ ’ ‚ ‛ ′ → ', “ ” „ ‟ ″ → ", the dashes → -, … → ..., × → x (as \u escapes: the server bundle is ASCII only)
    .replace(/[\u2018\u2019\u201a\u201b\u2032]/g, "'")
    .replace(/[\u201c\u201d\u201e\u201f\u2033]/g, '"')
    .replace(/[\u2010\u2011\u2012\u2013\u2014\u2015]+|-{2,}/g, '-')
    .replace(/\u2026/g, '...')
    .replace(/\u00d7/g, 'x')
    .toLowerCase();
}

/**
 * A URL as links are compared: scheme (http/https), host case, a trailing dot of the host, the
 * default port, a trailing slash of the path, the fragment and percent-encoding of unreserved
 * characters do not count; path case and the query do. null for anything that is not an http(s) URL.
 */
export function backlinkUrlKey(url: string, base?: string): string | null {
  let parsed: URL;
  try {
    parsed = base === undefined ? new URL(url.trim()) : new URL(url.trim(), base);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  const host = parsed.host.replace(/\.(?=:|$)/, '');
  const path = parsed.pathname
    .replace(/%[0-9a-f]{2}/gi, (escape) => {
      const char = String.fromCharCode(Number.parseInt(escape.slice(1), 16));
      return /[A-Za-z0-9\-._~]/.test(char) ? char : escape.toUpperCase();
    })
    .replace(/\/+$/, '');
  return `${host}${path}${parsed.search}`;
}

/**
 * A link set's URL as an absolute URL: links may be stored as `www.example.com/…` (the spec's URL
 * pattern allows it), which means the web address, not a relative path. Scheme-less `www.` links
 * get `scheme` (default http); anything else is returned as it is.
 */
export function linkUrlWithScheme(url: string, scheme: 'http' | 'https' = 'http'): string {
  const trimmed = url.trim();
  return /^www\./i.test(trimmed) ? `${scheme}://${trimmed}` : trimmed;
}

interface PageLink {
  href: string;
  key: string;
  /** The key without the `ref=<this site>` the page's platform added to the link, when it did. */
  untagged: string | null;
  anchor: string;
  rel: string[];
}

/** The names a page's own site goes by in a `ref` tag: its host name, with and without `www.`. */
function ownHostNames(pageUrl: string): Set<string> {
  try {
    const bare = new URL(pageUrl).hostname.toLowerCase().replace(/\.$/, '').replace(/^www\./, '');
    return new Set([bare, `www.${bare}`]);
  } catch {
    return new Set();
  }
}

/**
 * The link's key as it was placed, when the page's platform tagged it on output: Ghost's outbound
 * link tagging (on by default in Ghost 5) adds `ref=<the site's host>` to every outside link of a
 * page as it is shown, so `https://tea.example/?x=1` reads `https://tea.example/?x=1&ref=blog.example`.
 * That is still the link the post carries. Only a single `ref` naming the page's own site is
 * dropped, from the raw query (the rest keeps its spelling); null when there is none.
 */
function untaggedKey(href: string, base: string, ownHosts: ReadonlySet<string>): string | null {
  if (!/[?&]ref=/i.test(href)) return null;
  let parsed: URL;
  try {
    parsed = new URL(href.trim(), base);
  } catch {
    return null;
  }
  const parts = parsed.search.replace(/^\?/, '').split('&');
  const tags = parts.filter((part) => /^ref=/i.test(part));
  if (tags.length !== 1 || !ownHosts.has(decodeURIComponentSafe(tags[0]!.slice(4)).toLowerCase())) return null;
  const rest = parts.filter((part) => !/^ref=/i.test(part));
  return backlinkUrlKey(`${parsed.origin}${parsed.pathname}${rest.length > 0 ? `?${rest.join('&')}` : ''}`);
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

interface ScannedPage {
  links: PageLink[];
  robotsNofollow: boolean;
}

/** Says whether a robots directive list (meta content or X-Robots-Tag) holds nofollow or none. */
function robotsSayNofollow(directives: string): boolean {
  return directives.split(',').some((part) => {
    // X-Robots-Tag may name a user agent first: `googlebot: nofollow`.
    const directive = part.trim().toLowerCase().replace(/^[a-z0-9_-]+\s*:\s*(?=[a-z])/, '');
    return directive === 'nofollow' || directive === 'none';
  });
}

/** Reads every link of the page (href resolved against `<base href>` then the page URL) and the robots meta tag. */
function scanPage(html: string, pageUrl: string): ScannedPage {
  const links: PageLink[] = [];
  let robotsNofollow = false;
  let base: string | undefined;
  let open: { href: string; rel: string[]; text: string; alt: string } | null = null;
  const ownHosts = ownHostNames(pageUrl);
  const finish = () => {
    if (!open) return;
    const resolveBase = base ?? pageUrl;
    const key = backlinkUrlKey(open.href, resolveBase);
    const text = collapseSpace(decodeText(open.text));
    if (key !== null) links.push({ href: open.href, key, untagged: untaggedKey(open.href, resolveBase, ownHosts), anchor: text !== '' ? text : open.alt, rel: open.rel });
    open = null;
  };

  let position = 0;
  while (position < html.length) {
    const lt = html.indexOf('<', position);
    if (lt < 0) break;
    if (open) open.text += html.slice(position, lt);
    const next = html.charCodeAt(lt + 1);
    if (next === 33 || next === 63) {
      // `<!--` opens a comment; another `<!` (doctype, CDATA) or `<?` runs to the next `>`.
      const comment = html.startsWith('<!--', lt);
      const close = comment ? html.indexOf('-->', lt + 4) : html.indexOf('>', lt);
      position = close < 0 ? html.length : close + (comment ? 3 : 1);
      continue;
    }
    const name = readTagName(html, lt);
    const tag = name ? readTag(html, name.end) : null;
    if (!name || !tag) {
      // A `<` that opens no tag is text.
      if (open) open.text += '<';
      position = lt + 1;
      continue;
    }
    const { closing } = name;
    const tagName = name.name.toLowerCase();
    position = tag.end;
    if (closing) {
      if (tagName === 'a') finish();
      continue;
    }
    if (tagName === 'a') {
      // An `<a>` inside an open one closes it (HTML's adoption rule for nested anchors).
      finish();
      const href = tag.attributes.get('href');
      if (href !== undefined) {
        const rel = (tag.attributes.get('rel') ?? '').toLowerCase().split(/\s+/).filter((token) => token !== '');
        open = { href, rel, text: '', alt: '' };
      }
    } else if (tagName === 'img' && open && open.alt === '') {
      open.alt = collapseSpace(tag.attributes.get('alt') ?? '');
    } else if (tagName === 'base' && base === undefined) {
      const href = tag.attributes.get('href');
      if (href !== undefined) {
        try {
          base = new URL(href.trim(), pageUrl).href;
        } catch {
          // An unusable base is ignored, as browsers do.
        }
      }
    } else if (tagName === 'meta') {
      const metaName = (tag.attributes.get('name') ?? '').toLowerCase();
      if ((metaName === 'robots' || metaName === 'googlebot') && robotsSayNofollow(tag.attributes.get('content') ?? '')) robotsNofollow = true;
    }
    if (IGNORED_CONTENT.has(tagName) && html[tag.end - 2] !== '/') {
      const close = new RegExp(`</${tagName}[\\s/>]`, 'ig');
      close.lastIndex = tag.end;
      const found = close.exec(html);
      position = found ? found.index : html.length;
    }
  }
  if (open) {
    open.text += html.slice(position);
    finish();
  }
  return { links, robotsNofollow };
}

/**
 * Checks each expected link against the page: present or not, its anchors and whether it is
 * followed. Links are matched by {@link backlinkUrlKey}; relative hrefs resolve against the page's
 * `<base href>` or `pageUrl`.
 */
export function checkBacklinks(html: string, pageUrl: string, expected: readonly ExpectedBacklink[], options: CheckBacklinksOptions = {}): BacklinkReport {
  const page = scanPage(html, pageUrl);
  const pageNofollow = page.robotsNofollow || (options.robotsHeader ? robotsSayNofollow(options.robotsHeader) : false);
  const results = expected.map((link): BacklinkResult => {
    const key = backlinkUrlKey(linkUrlWithScheme(link.url), pageUrl);
    const found = page.links
      .filter((candidate) => key !== null && (candidate.key === key || candidate.untagged === key))
      .map((candidate): FoundBacklink => ({
        href: candidate.href,
        anchor: candidate.anchor,
        rel: candidate.rel,
        dofollow: !pageNofollow && !candidate.rel.some((token) => UNFOLLOWED_REL.has(token)),
      }));
    const state: BacklinkState = found.length === 0 ? 'MISSING' : found.some((item) => item.dofollow) ? 'OK' : 'NOFOLLOW';
    return { url: link.url, expectedAnchor: link.anchor, state, found, anchorMatches: found.some((item) => sameAnchorText(item.anchor, link.anchor)) };
  });
  return { results, pageNofollow };
}
