import type { BacklinkReport, BacklinkResult } from './check-backlinks';

/** What one post's check stores on its output link (url_items.check_status / check_info). */
export interface BacklinkSummary {
  status: 'OK' | 'NOFOLLOW' | 'MISSING';
  /** One line per placed link: its URL, follow state and the anchor found. */
  info: string;
}

/** check_info is shown in a tooltip: long pages of links are cut here. */
export const CHECK_INFO_MAX_LENGTH = 2000;

function quote(text: string): string {
  return `"${text.length > 120 ? `${text.slice(0, 117)}…` : text}"`;
}

function describeResult(result: BacklinkResult, pageNofollow: boolean): string {
  if (result.state === 'MISSING') return `${result.url}: not found on the page`;
  const best = result.found.find((link) => link.dofollow) ?? result.found[0]!;
  const unfollowed = best.rel.filter((token) => token === 'nofollow' || token === 'ugc' || token === 'sponsored');
  const follow = best.dofollow ? 'dofollow' : unfollowed.length > 0 ? `rel="${unfollowed.join(' ')}"` : pageNofollow ? 'nofollow (robots)' : 'nofollow';
  const anchor = best.anchor === '' ? 'no anchor text' : `anchor ${quote(best.anchor)}`;
  const expected = result.anchorMatches || result.expectedAnchor.trim() === '' ? '' : ` (expected ${quote(result.expectedAnchor)})`;
  return `${result.url}: ${follow}, ${anchor}${expected}`;
}

/**
 * The state of a post from the check of its placed links: MISSING when one is not on the page,
 * else NOFOLLOW when one is not followed, else OK. A post without placed links is OK once its page
 * answers (there is nothing else to find).
 */
export function summariseBacklinks(report: BacklinkReport): BacklinkSummary {
  const { results } = report;
  if (results.length === 0) return { status: 'OK', info: 'The page is live (no links were placed in this post)' };
  const status = results.some((r) => r.state === 'MISSING') ? 'MISSING' : results.some((r) => r.state === 'NOFOLLOW') ? 'NOFOLLOW' : 'OK';
  const info = results.map((result) => describeResult(result, report.pageNofollow)).join('\n');
  return { status, info: info.length > CHECK_INFO_MAX_LENGTH ? `${info.slice(0, CHECK_INFO_MAX_LENGTH - 1)}…` : info };
}
