import type { Generated } from 'kysely';

/** A project of a campaign; the kind-specific form fields live in `settings` (JSON). */
export interface ProjectsTable {
  id: Generated<number>;
  owner_id: number;
  campaign_id: number;
  name: string;
  module: string;
  status: Generated<string>;
  /** JSON array of message strings. */
  last_error: Generated<string>;
  /** JSON schedule object, or null. */
  schedule: string | null;
  /** JSON object of the project form's fields. */
  settings: Generated<string>;
  created_at: number;
  /** When the schedule next starts the project (migration 0011, engine/scheduler); null: none. */
  next_run_at: number | null;
  /** The queue job that starts it at next_run_at (cancelled when the schedule changes). */
  schedule_job_id: string | null;
  /** When the schedule was saved or reset: AfterProject counts parent runs finished since. */
  schedule_armed_at: number | null;
  /** The status Verify mail started from and returns to (migration 0022, engine/verify-mail). */
  verify_return_status: string | null;
  /** Verifying mail: when the next pass looks for the mail still to come (migration 0040); null: none waits. */
  mail_wait_until: number | null;
  /** …and for how many accounts. */
  mail_waiting: Generated<number>;
}

/**
 * One site of a project's grid as the project sees it: ticked or not, and what the engine last
 * did there. Sites are named by `site_key` (the shared `siteKey` of their id); a site with no row
 * is unticked, status NONE.
 */
export interface ProjectSitesTable {
  id: Generated<number>;
  owner_id: number;
  project_id: number;
  site_key: string;
  /** 1 ticked, 0 not. */
  checked: Generated<number>;
  /** NONE, SUCCESS, FAILED or RUNNING. */
  status: Generated<string>;
  /** Progress / waiting note written by the engine. */
  wait_info: string | null;
  created_at: number;
  updated_at: number;
}

export interface ProjectTables {
  projects: ProjectsTable;
  project_sites: ProjectSitesTable;
}
