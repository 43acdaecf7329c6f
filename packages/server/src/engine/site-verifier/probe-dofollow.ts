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
 * reads false, a WordPress page true.
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

/** The outbound text links of a page and how many of them are followed. */
export function outboundLinks(html: string, pageUrl: string): { outbound: number; followed: number } {
  const page = html.slice(0, MAX_SCANNED_CHARS);
  const own = new URL(pageUrl).hostname;
  let outbound = 0;
  let followed = 0;
  for (const match of page.matchAll(/<a\b([^>]*)>([\s\S]*?)<\/a\s*>/gi)) {
    const tag = ` ${match[1] ?? ''}`;
    const text = (match[2] ?? '').replace(/<[^>]*>/g, '').replace(/&nbsp;|\s/g, '');
    const href = attribute(tag, 'href');
    if (!href || text === '') continue;
    let target: URL;
    try {
      target = new URL(href, pageUrl);
    } catch {
      continue;
    }
    if ((target.protocol !== 'http:' && target.protocol !== 'https:') || isOwnHost(target.hostname, own)) continue;
    outbound += 1;
    if (!NOT_FOLLOWED.test(attribute(tag, 'rel') ?? '')) followed += 1;
  }
  return { outbound, followed };
}

/** Whether most of the page's outbound links are followed; null when it has none to judge by. */
export function linksFollowed(html: string, pageUrl: string): boolean | null {
  const { outbound, followed } = outboundLinks(html, pageUrl);
  if (saysNoFollow(html.slice(0, MAX_SCANNED_CHARS))) return false;
  if (outbound === 0) return null;
  return followed * 2 > outbound;
}
