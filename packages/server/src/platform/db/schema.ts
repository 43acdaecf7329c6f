import type { Generated } from 'kysely';
import type { ProjectTables } from '../../features/projects/projects.tables';
import type { ProfileTables } from '../../features/profiles/profiles.tables';
import type { LinkSetTables } from '../../features/link-sets/link-sets.tables';
import type { PrivateNetworkTables } from '../../features/private-networks/private-networks.tables';
import type { ContentTables } from '../../features/content/content.tables';
import type { JobTables } from '../../engine/queue/jobs.tables';
import type { OptionTables } from '../../features/options/options.tables';
import type { EngineTables } from '../../engine/runner/engine.tables';
import type { PendingImportTables } from '../imports/pending-imports.tables';
import type { ApiTokenTables } from '../../features/api-tokens/api-tokens.tables';
import type { StrategyTables } from '../../features/strategies/strategies.tables';
import type { CustomSiteTables } from '../../features/custom-sites/custom-sites.tables';
import type { SiteSelectionTables } from '../../features/site-selections/site-selections.tables';
import type { UserEmailTables } from '../../features/emails/user-emails.tables';
import type { WizardTables } from '../../features/wizards/wizards.tables';
import type { LinkHealthTables } from '../../features/link-health/link-health.tables';
import type { AlertTables } from '../../features/alerts/alerts.tables';

/** Table types of the database; times are epoch milliseconds in both dialects. */
export interface UsersTable {
  id: Generated<number>;
  username: string;
  name: string;
  password_hash: string;
  created_at: number;
}

export interface SessionsTable {
  /** SHA-256 of the cookie's token: a copy of the database does not hand out live sessions. */
  id: string;
  user_id: number;
  created_at: number;
  expires_at: number;
}

/** Sign-in attempts of one bucket (`address:…` or `username:…`) since its window opened. */
export interface LoginAttemptsTable {
  bucket: string;
  window_start: number;
  attempts: number;
}

/** The installation's one row: its random id (migration 0020, platform/db/installation.ts). */
export interface InstallationTable {
  id: string;
  created_at: number;
}

export interface CampaignsTable {
  id: Generated<number>;
  owner_id: number;
  name: string;
  campaign_status: string;
  creating_type: string;
  wizard_string: string | null;
  created_at: number;
}

/** Every table: the platform's own here, each feature's in its `<area>.tables.ts`. */
export interface DB extends ProjectTables, ProfileTables, LinkSetTables, PrivateNetworkTables, ContentTables, JobTables, EngineTables, OptionTables, PendingImportTables, ApiTokenTables, StrategyTables, CustomSiteTables, SiteSelectionTables, UserEmailTables, WizardTables, LinkHealthTables, AlertTables {
  users: UsersTable;
  sessions: SessionsTable;
  login_attempts: LoginAttemptsTable;
  campaigns: CampaignsTable;
  installation: InstallationTable;
}

/** Tables that hold one user's data: every query of them is scoped by `owner_id`. */
export type OwnedTable = {
  [K in keyof DB]: DB[K] extends { owner_id: number } ? K : never;
}[keyof DB];
