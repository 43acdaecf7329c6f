import type { Generated } from 'kysely';

/** A user's own site of one module (migration 0021); its id is the spec's siteId. */
export interface CustomSitesTable {
  id: Generated<number>;
  owner_id: number;
  module: string;
  /** Normalised: lower-case scheme and host, no trailing slash unless there is a path. */
  url: string;
  host: string;
  login: string | null;
  /** Sealed with the platform's secret box (platform/crypto), never stored in clear. */
  password_sealed: string | null;
  /** The user's domain authority figure, 0–100. */
  da: number | null;
  premium: Generated<number>;
  platform: Generated<string>;
  status: Generated<string>;
  reason: Generated<string>;
  can_register: number | null;
  credentials_ok: number | null;
  checked_at: number | null;
  created_at: number;
  /** What the verifier found about following links there: 1, 0, or null (migration 0043). */
  dofollow_found: Generated<number | null>;
}

/** The platform verifier's progress, one row per user (absent = NEW). */
export interface SiteVerifierStateTable {
  owner_id: number;
  status: Generated<string>;
  checked: Generated<number>;
  total: Generated<number>;
  updated_at: number;
}

export interface CustomSiteTables {
  custom_sites: CustomSitesTable;
  site_verifier_state: SiteVerifierStateTable;
}
