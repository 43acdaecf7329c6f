/**
 * The campaign reports' count of published output links (migration 0035; kept by triggers, see
 * platform/db/output-link-summary.ts). Null keys are stored as sentinels: site and dead_reason ''
 * for null, days_lived -1 for a link alive.
 */
export interface OutputLinkSummaryTable {
  url_list_id: number;
  owner_id: number;
  site: string;
  check_status: string;
  dead_reason: string;
  /** floor(date_added / day): the UTC day the link was added. */
  day_added: number;
  /** ceil((dead_since − date_added) / day), at least 0; -1 while alive. */
  days_lived: number;
  n: number;
}

export interface LinkHealthTables {
  output_link_summary: OutputLinkSummaryTable;
}
