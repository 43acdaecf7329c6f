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
}

export interface ProjectTables {
  projects: ProjectsTable;
}
