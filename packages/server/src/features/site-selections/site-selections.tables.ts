import type { Generated } from 'kysely';

/** A site selection (spec 2 §3): how it selects and its filters (booleans are 0/1). */
export interface SiteSelectionsTable {
  id: Generated<number>;
  owner_id: number;
  name: string;
  selection_type: Generated<string>;
  img: Generated<number>;
  video: Generated<number>;
  dofollow: Generated<number>;
  min_pr: Generated<number>;
  created_at: number;
}

/** A ticked site of a selection (Manually): a custom site's or a private site's (module, id). */
export interface SiteSelectionSitesTable {
  site_selection_id: number;
  module: string;
  site_id: number;
}

/** A ticked platform of a selection (Condition); `prob` is always 100. */
export interface SiteSelectionPlatformsTable {
  site_selection_id: number;
  module: string;
  platform: string;
  prob: Generated<number>;
}

export interface SiteSelectionTables {
  site_selections: SiteSelectionsTable;
  site_selection_sites: SiteSelectionSitesTable;
  site_selection_platforms: SiteSelectionPlatformsTable;
}
