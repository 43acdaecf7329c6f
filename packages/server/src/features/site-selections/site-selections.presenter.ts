import {
  CUSTOM_SITE_GRID_STATUS, SELECTED_PLATFORM_PROB, type CustomSiteStatus, isDofollowShare, siteKey, type SelectedPlatform, type SelectedSite, type SiteListEntry, type SiteRow,
  type SiteSelectionRecord, type SiteSelectionSummary, type SiteSelectionType,
} from '@linkloom/shared';
import type { SiteSelectionRow } from './site-selections.repository';

export function presentSiteSelection(row: SiteSelectionRow): SiteSelectionRecord {
  return {
    id: row.id,
    name: row.name,
    siteSelectionType: row.selection_type as SiteSelectionType,
    img: row.img !== 0,
    video: row.video !== 0,
    dofollow: row.dofollow !== 0,
    minPR: row.min_pr,
  };
}

export function presentSiteSelectionSummary(row: SiteSelectionRow): SiteSelectionSummary {
  return { id: row.id, name: row.name, siteSelectionType: row.selection_type as SiteSelectionType };
}

/** A site-list entry as a row of the editor's site grid (spec 2 §3 "Site row"). */
export function presentSiteRow(entry: SiteListEntry, checked: boolean): SiteRow {
  const id = { module: entry.id.module, siteId: entry.id.siteId };
  return {
    key: siteKey(id), id, module: entry.module, platform: entry.platform, siteUrl: entry.siteUrl, email: entry.email,
    status: CUSTOM_SITE_GRID_STATUS[entry.status as CustomSiteStatus] ?? 'NONE', pr: entry.pr, dofollow: isDofollowShare(entry.dofollow), waitInfo: null, checked,
  };
}

export function presentSelectedSite(selectionId: number, row: { module: string; site_id: number }): SelectedSite {
  return { id: { siteId: row.site_id, module: row.module }, siteSelectionId: selectionId };
}

export function presentSelectedPlatform(selectionId: number, row: { module: string; platform: string }): SelectedPlatform {
  return { id: { platform: row.platform, module: row.module }, siteSelectionId: selectionId, prob: SELECTED_PLATFORM_PROB };
}
