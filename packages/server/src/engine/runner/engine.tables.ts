import type { Generated } from 'kysely';

export type RunState = 'running' | 'stopping' | 'stopped' | 'completed' | 'failed';
export type EnginePostState = 'planned' | 'publishing' | 'published' | 'failed' | 'cancelled';

/** One Start of a project (migration 0009); a project's current run is its newest row. */
export interface ProjectRunsTable {
  id: Generated<number>;
  owner_id: number;
  project_id: number;
  state: Generated<RunState>;
  started_at: number;
  finished_at: number | null;
  posts_planned: Generated<number>;
  posts_done: Generated<number>;
  posts_failed: Generated<number>;
  /** JSON array of message lines. */
  last_error: Generated<string>;
  created_at: number;
}

/** One post (or indexer submission) of a run. */
export interface EnginePostsTable {
  id: Generated<number>;
  owner_id: number;
  project_id: number;
  run_id: number;
  /** = project_sites.site_key */
  site_key: string;
  /** The n-th post for that site in the run (1-based). */
  seq: number;
  /**
   * `i{installation}-p{projectId}-r{runId}-s{siteId}-n{seq}`: the unique key and the content seed
   * (a rebuild gives the same post). Internal: it never reaches a site (migration 0038).
   */
  idempotency_key: string;
  state: Generated<EnginePostState>;
  /** The instant the plan gave the post (Spread); null: at once. Kept by retries: the posts-per-day report's plan. */
  start_after: number | null;
  /** Not tried again before this instant (a retry's wait, a paused campaign's look again; migration 0036); null: none. */
  not_before: number | null;
  /** Publishing attempts with the current account. */
  attempts: Generated<number>;
  /** Accounts of the profile tried after the first one (posting projects). */
  accounts_tried: Generated<number>;
  account_email: string | null;
  /** The article the post was built from (counted in articles.usage_count when publishing began). */
  article_id: number | null;
  /**
   * The run's plan (migration 0039, runner/post-plan.ts): the article it gave the post, and how many
   * earlier posts of the project carried its title (> 0: a reuse, spun and retitled).
   */
  planned_article_id: Generated<number | null>;
  article_variant: Generated<number>;
  /** 1: the plan chose the post's links (engine_post_targets, none when it has no row); 0: drawn when built. */
  targets_planned: Generated<number>;
  /** The queue job that marked the post publishing: another job leaves it alone while that one is alive. */
  job_id: string | null;
  remote_url: string | null;
  remote_id: string | null;
  last_error: string | null;
  url_item_id: number | null;
  /**
   * Re-publishing a dead own-site post once (issue 18.2, migration 0036): null = never;
   * `publishing` committed before the site is called; `published` or `failed` for good.
   */
  republish_state: RepublishState | null;
  /** When the re-published copy appeared (remote_url / remote_id then name it). */
  republished_at: number | null;
  /** The dead URL the re-published copy replaced. */
  replaced_url: string | null;
  /**
   * The intent recorded before the site is called (migration 0038; a re-published copy's replaces
   * the original's): the title, the name on the site (WordPress slug, MediaWiki page name), the
   * site's normalised address, and when the name was first recorded (wall clock ms). Null before.
   */
  intent_title: string | null;
  intent_name: string | null;
  intent_site: string | null;
  intent_at: number | null;
  /** A re-published copy's original's name (its intent_name before the copy's), which the copy never takes. */
  replaced_name: string | null;
  created_at: number;
  updated_at: number;
}

export type RepublishState = 'publishing' | 'published' | 'failed';

/** The links placed in a post: what verification looks for. */
export interface EnginePostLinksTable {
  id: Generated<number>;
  owner_id: number;
  post_id: number;
  url: string;
  anchor: string;
  /** The input link set the link came from (migration 0033; null before it). */
  link_set_id: number | null;
  /** The kind of anchor chosen (shared AnchorType; null before migration 0033): the quota draw's counts. */
  anchor_type: string | null;
  created_at: number;
  /** The live page chosen to replace a dead target, committed before the site is asked (migration 0042). */
  repoint_to: string | null;
  /** The dead address the link had before it was re-pointed, and when (migration 0042). */
  repointed_from: string | null;
  repointed_at: number | null;
}

/**
 * One registration of an account creation run (migration 0030), keyed by its engine_posts row: the
 * identity chosen before the site is called (password sealed), so a retry looks that account up.
 */
export interface AccountRegistrationsTable {
  id: Generated<number>;
  owner_id: number;
  post_id: number;
  /** The user name of the current attempt (the form's, spun, plus the suffix). */
  username: string;
  /** How many "user name taken" answers were met: the suffix the user name carries. */
  suffix: Generated<number>;
  email: string;
  /** The login password, sealed (platform/crypto). */
  password: string;
  first_name: Generated<string>;
  last_name: Generated<string>;
  blog_title: Generated<string>;
  blog_name: Generated<string>;
  /** The author's bio (migration 0040; WordPress: the profile's description). */
  bio: Generated<string>;
  /** The profile's account once recorded. */
  account_id: number | null;
  created_at: number;
  updated_at: number;
}

/** The links the run's plan gave a post from one input link set (migration 0039): spread evenly, never on the post's own domain. */
export interface EnginePostTargetsTable {
  id: Generated<number>;
  owner_id: number;
  post_id: number;
  link_set_id: number;
  url: string;
  /** The target's own anchor as the link set holds it (a tier's output link: the target post's title). */
  anchor: Generated<string>;
  /** The anchor kind the plan drew for this link (shared AnchorType, planAnchorKinds); null: drawn when built. */
  anchor_type: string | null;
  created_at: number;
}

/** A line of a project's run log (migration 0040, run-log.ts). */
export interface RunLogTable {
  id: Generated<number>;
  owner_id: number;
  project_id: number;
  run_id: number;
  post_id: number | null;
  site_key: string;
  /** The site's address as a user knows it. */
  site: string;
  at: number;
  kind: string;
  message: string;
  url: string | null;
  created_at: number;
}

export interface EngineTables {
  run_log: RunLogTable;
  engine_post_targets: EnginePostTargetsTable;
  account_registrations: AccountRegistrationsTable;
  project_runs: ProjectRunsTable;
  engine_posts: EnginePostsTable;
  engine_post_links: EnginePostLinksTable;
}
