import type { Generated } from 'kysely';

/** An account profile (account store) of a campaign. */
export interface ProfilesTable {
  id: Generated<number>;
  owner_id: number;
  campaign_id: number;
  name: string;
  /** The "Group" column of the campaign screen's Accounts tab. */
  group_name: Generated<string>;
  /** Accounts in the profile, kept by triggers on accounts (migration 0045). */
  account_count: Generated<number | string>;
  /** Moves with every write that can change the order of its accounts, kept by triggers (migration 0045). */
  order_stamp: Generated<number | string>;
  created_at: number;
}

/** An account on an external site; identity is (profile, site_name, email). */
export interface AccountsTable {
  id: Generated<number>;
  owner_id: number;
  profile_id: number;
  site_name: string;
  email: string;
  username: string;
  password: string;
  created_at: number;
  /** When Verify mail followed the account's confirmation link (migration 0030); null: not verified. */
  verified_at: Generated<number | null>;
  /** POP3: the UIDL of the handled confirmation mail, until it is deleted (daysToDeleteMails). */
  verify_mail_uid: Generated<string | null>;
}

export interface ProfileTables {
  profiles: ProfilesTable;
  accounts: AccountsTable;
}
