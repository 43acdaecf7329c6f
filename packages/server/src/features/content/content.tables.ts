import type { Generated } from 'kysely';

/** A content group (bucket of articles) with its spinner settings (spec 3 §3). */
export interface ContentGroupsTable {
  id: Generated<number>;
  owner_id: number;
  name: string;
  /** Comma-separated words the spinner must not change. */
  words_not_to_be_changed: Generated<string>;
  /** 0 means unlimited. */
  max_usage_per_article: Generated<number>;
  created_at: number;
}

export interface ArticlesTable {
  id: Generated<number>;
  owner_id: number;
  content_group_id: number;
  title: string;
  body: string;
  author_name: Generated<string>;
  author_bio: Generated<string>;
  usage_count: Generated<number>;
  created_at: number;
  updated_at: number;
  /** The upload that wrote the article (pending_imports.id; migration 0015), null when written by hand. */
  import_id: Generated<number | null>;
}

export interface ContentTables {
  content_groups: ContentGroupsTable;
  articles: ArticlesTable;
}
