import type { Generated } from 'kysely';

/** A link set (URL list) of a campaign with its keyword settings (spec 1 §3). */
export interface UrlListsTable {
  id: Generated<number>;
  owner_id: number;
  campaign_id: number;
  name: string;
  use_keyword: Generated<number>;
  primary_keyword: Generated<string>;
  secondary_keyword: Generated<string>;
  branded_keyword: Generated<string>;
  generic_keyword: Generated<string>;
  primary_percentage: Generated<number>;
  secondary_percentage: Generated<number>;
  branded_percentage: Generated<number>;
  generic_percentage: Generated<number>;
  naked_url_percentage: Generated<number>;
  /** The link's own anchor's share (migration 0039; a tier's output set: the target post's title). */
  link_anchor_percentage: Generated<number>;
  /** Links in the set, kept by triggers on url_items (migration 0018). */
  link_count: Generated<number>;
  /** Moves with every write that can change the order of the set's links, kept by triggers (migration 0044). */
  order_stamp: Generated<number | string>;
  created_at: number;
}

/** One link of a link set. */
export interface UrlItemsTable {
  id: Generated<number>;
  owner_id: number;
  url_list_id: number;
  url: string;
  anchor: Generated<string>;
  links_on_page: number | null;
  site: string | null;
  username: string | null;
  password: string | null;
  /** Domain authority (shown as DA) when known. */
  pr: number | null;
  date_added: number;
  /** Set by ownedTable() like every owned row; the spec's field is date_added. */
  created_at: number;
  /** Verification of a published post's link (migration 0009): NONE, PENDING, OK, NOFOLLOW, MISSING or ERROR. */
  check_status: Generated<string>;
  /** Anchors found, or the error. */
  check_info: Generated<string | null>;
  checked_at: Generated<number | null>;
  /** The engine post this output link came from (engine_posts.id). */
  post_id: Generated<number | null>;
  /** The import that wrote the link (pending_imports.id; migration 0015), null when added by hand. */
  import_id: Generated<number | null>;
  /** When the link is due for its next re-check (migration 0029, issue 18); null: not scheduled. */
  next_check_at: Generated<number | null>;
  /** Tier health (migration 0032): when the post became dead (two dead checks in a row); null while alive. */
  dead_since: Generated<number | null>;
  /** Why it is dead: MISSING or GONE; null while alive. */
  dead_reason: Generated<string | null>;
}

/** One check of a published link (migration 0029, issue 18): appended by each verification. */
export interface LinkCheckHistoryTable {
  id: Generated<number>;
  owner_id: number;
  url_item_id: number;
  created_at: number;
  checked_at: number;
  /** OK, NOFOLLOW, MISSING, GONE (the page answered 404 or 410) or ERROR. */
  status: string;
  /** The page's HTTP status; null when no answer came. */
  http_status: number | null;
  /** 1 when the placed links were found with their anchors, 0 when not; null when the page was not read. */
  anchor_found: number | null;
  reason: Generated<string>;
  /** The output link's URL the check read (migration 0037; a re-published post's link moves to a new one). */
  url: string | null;
}

export interface LinkSetTables {
  url_lists: UrlListsTable;
  url_items: UrlItemsTable;
  link_check_history: LinkCheckHistoryTable;
}
