import type { LinkSetDetail, LinkSetRow, UrlItem } from '@linkloom/shared';
import type { LinkSetKeywordRow, UrlItemRow } from './link-items.repository';

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
  };
}

/** The link set row as the campaign screen's Backlinks tab shows it (urlListEdited carries it). */
export function presentLinkSetRow(row: LinkSetKeywordRow, count: number): LinkSetRow {
  return { id: row.id, name: row.name, campaignId: row.campaign_id, count };
}

/** The link set with its keyword settings, for the link set screen. */
export function presentLinkSetDetail(row: LinkSetKeywordRow, count: number): LinkSetDetail {
  return {
    ...presentLinkSetRow(row, count),
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
  };
}
