import { LINK_HISTORY_STATUSES, type LinkCheckEntry, type LinkCheckHistoryResponse, type LinkHistoryStatus } from '@linkloom/shared';
import type { LinkCheckRow } from './link-health.repository';

/** A stored status; anything unknown reads as ERROR (the check did not give a usable answer). */
function historyStatus(value: string): LinkHistoryStatus {
  return (LINK_HISTORY_STATUSES as readonly string[]).includes(value) ? (value as LinkHistoryStatus) : 'ERROR';
}

export function presentLinkCheck(row: LinkCheckRow): LinkCheckEntry {
  return {
    id: row.id,
    checkedAt: Number(row.checked_at),
    status: historyStatus(row.status),
    httpStatus: row.http_status,
    anchorFound: row.anchor_found === null ? null : row.anchor_found !== 0,
    reason: row.reason,
  };
}

export function presentLinkCheckHistory(link: { id: number; next_check_at: number | null }, rows: readonly LinkCheckRow[]): LinkCheckHistoryResponse {
  return {
    urlItemId: link.id,
    nextCheckAt: link.next_check_at === null ? null : Number(link.next_check_at),
    checks: rows.map(presentLinkCheck),
  };
}
