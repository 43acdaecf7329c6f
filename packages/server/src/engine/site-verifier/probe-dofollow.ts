/**
 * Whether a site's links are followed, as the verifier sees it on the page it fetched (issue 39
 * item 5: Custom Sites' Dofollow column stayed empty after a verification because nothing the
 * verifier did looked at it). Counted are the page's outbound text links (another host than the
 * site's, `www.` aside): a link whose rel says nofollow, ugc or sponsored is not followed. Links
 * that only wrap an image (the "powered by" badges of wikis and themes, not the site's content)
 * are left out. A page that says `<meta name="robots" content="nofollow">` follows none.
 *
 * Most outbound links followed → true; most not → false; no outbound text link → null (the
 * verifier cannot tell). A default MediaWiki (`$wgNoFollowLinks`) or DokuWiki (`relnofollow`)
 * reads false where its page links out; a fresh WordPress blog's home page has no outbound link
 * outside its chrome and reads null (its posts' links are followed: the checks of posted links
 * then tell).
 */

const NOT_FOLLOWED = /(?:^|\s)(?:nofollow|ugc|sponsored)(?:\s|$)/i;
/** A page this large is read no further (links past it are not counted). */
const MAX_SCANNED_CHARS = 2_000_000;

function attribute(tag: string, name: string): string | null {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+))`, 'i').exec(tag);
  if (!match) return null;
  return (match[1] ?? match[2] ?? match[3] ?? '').replace(/&amp;/g, '&');
}

function bareHost(host: string): string {
  return host.toLowerCase().replace(/^www\./, '');
}

/** The site's own host, its subdomains and its parent domain count as the site. */
function isOwnHost(host: string, own: string): boolean {
  const a = bareHost(host);
  const b = bareHost(own);
  return a === b || a.endsWith(`.${b}`) || b.endsWith(`.${a}`);
}

function saysNoFollow(html: string): boolean {
  for (const match of html.matchAll(/<meta\b[^>]*>/gi)) {
    const tag = match[0];
    if ((attribute(tag, 'name') ?? '').toLowerCase() === 'robots' && /\bnofollow\b|\bnone\b/i.test(attribute(tag, 'content') ?? '')) return true;
  }
  return false;
}

/** Page chrome: its links are the theme's and the platform's (a footer's "Proudly powered by"), not what the site publishes. */
const CHROME = new Set(['header', 'footer', 'nav', 'aside']);
/** Elements whose text is not markup: skipped to their end tag. */
const RAW_TEXT = /<\/(?:script|style|textarea)\b/gi;
const TAG_NAME = /^<(\/?)([a-zA-Z][a-zA-Z0-9-]*)/;

/**
 * The outbound text links of a page and how many of them are followed. Links in the page's chrome
 * (header, footer, nav, aside) are not counted: a default WordPress theme's only outbound link is
 * its footer credit with rel="nofollow", which says nothing about the links a post carries. One pass
 * over the page (each character read a bounded number of times): a remote page cannot make it slow.
 */
export function outboundLinks(html: string, pageUrl: string): { outbound: number; followed: number } {
  const page = html.slice(0, MAX_SCANNED_CHARS);
  const own = new URL(pageUrl).hostname;
  let outbound = 0;
  let followed = 0;
  let chromeDepth = 0;
  /** The <a> being read: its tag, whether it has text yet, and whether it sits in the chrome. */
  let open: { tag: string; hasText: boolean; inChrome: boolean } | null = null;
  const finish = () => {
    if (!open) return;
    const { tag, hasText, inChrome } = open;
    open = null;
    const href = attribute(tag, 'href');
    if (!href || !hasText || inChrome) return;
    let target: URL;
    try {
      target = new URL(href, pageUrl);
    } catch {
      return;
    }
    if ((target.protocol !== 'http:' && target.protocol !== 'https:') || isOwnHost(target.hostname, own)) return;
    outbound += 1;
    if (!NOT_FOLLOWED.test(attribute(tag, 'rel') ?? '')) followed += 1;
  };
  let position = 0;
  while (position < page.length) {
    const lt = page.indexOf('<', position);
    const textEnd = lt === -1 ? page.length : lt;
    if (open && !open.hasText && textEnd > position) open.hasText = page.slice(position, textEnd).replace(/&nbsp;/g, '').trim() !== '';
    if (lt === -1) break;
    if (page.startsWith('<!--', lt)) {
      const close = page.indexOf('-->', lt + 4);
      position = close === -1 ? page.length : close + 3;
      continue;
    }
    const gt = page.indexOf('>', lt + 1);
    if (gt === -1) break;
    position = gt + 1;
    const tag = page.slice(lt, gt + 1);
    const name = TAG_NAME.exec(tag);
    if (!name) continue;
    const closing = name[1] === '/';
    const element = name[2]!.toLowerCase();
    if (CHROME.has(element)) chromeDepth = Math.max(0, chromeDepth + (closing ? -1 : 1));
    else if (element === 'a') {
      finish();
      if (!closing) open = { tag: ` ${tag.slice(2, -1)}`, hasText: false, inChrome: chromeDepth > 0 };
    } else if (!closing && (element === 'script' || element === 'style' || element === 'textarea')) {
      RAW_TEXT.lastIndex = position;
      const end = RAW_TEXT.exec(page);
      position = end ? end.index : page.length;
    }
  }
  finish();
  return { outbound, followed };
}

/** Whether most of the page's outbound links are followed; null when it has none to judge by. */
export function linksFollowed(html: string, pageUrl: string): boolean | null {
  const { outbound, followed } = outboundLinks(html, pageUrl);
  if (saysNoFollow(html.slice(0, MAX_SCANNED_CHARS))) return false;
  if (outbound === 0) return null;
  return followed * 2 > outbound;
}
