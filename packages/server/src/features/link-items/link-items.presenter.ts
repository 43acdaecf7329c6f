import { LINK_CHECK_STATUSES, type LinkCheckStatus, type LinkSetDetail, type LinkSetRow, type UrlItem } from '@linkloom/shared';
import type { LinkSetKeywordRow, LinkTotals, UrlItemRow } from './link-items.repository';

/** A stored check state; anything unknown reads as never checked. */
function checkStatus(value: string): LinkCheckStatus {
  return (LINK_CHECK_STATUSES as readonly string[]).includes(value) ? (value as LinkCheckStatus) : 'NONE';
}

/** Row → the spec's link shape (dateAdded stays epoch ms; screens show DD/MM/YY). */
export function presentLink(row: UrlItemRow): UrlItem {
  return {
    id: row.id,
    url: row.url,
    anchor: row.anchor,
    linksOnPage: row.links_on_page,
    urlListId: row.url_list_id,
    site: row.site,
    username: row.username,
    password: row.password,
    pr: row.pr,
    dateAdded: Number(row.date_added),
    checkStatus: checkStatus(row.check_status),
    checkInfo: row.check_info,
    checkedAt: row.checked_at === null ? null : Number(row.checked_at),
  };
}

/** The link set row as the campaign screen's Backlinks tab shows it (urlListEdited carries it). */
export function presentLinkSetRow(row: LinkSetKeywordRow, totals: LinkTotals): LinkSetRow {
  return { id: row.id, name: row.name, campaignId: row.campaign_id, count: totals.count, verified: totals.verified };
}

/** The link set with its keyword settings, for the link set screen. */
export function presentLinkSetDetail(row: LinkSetKeywordRow, totals: LinkTotals): LinkSetDetail {
  return {
    ...presentLinkSetRow(row, totals),
    useKeyword: row.use_keyword !== 0,
    primaryKeyword: row.primary_keyword,
    secondaryKeyword: row.secondary_keyword,
    brandedKeyword: row.branded_keyword,
    genericKeyword: row.generic_keyword,
    primaryPercentage: row.primary_percentage,
    secondaryPercentage: row.secondary_percentage,
    brandedPercentage: row.branded_percentage,
    genericPercentage: row.generic_percentage,
    nakedUrlPercentage: row.naked_url_percentage,
    linkAnchorPercentage: row.link_anchor_percentage,
  };
}
