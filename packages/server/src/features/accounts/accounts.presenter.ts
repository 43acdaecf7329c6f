import type { Account, AccountListResponse, ProfileRow } from '@linkloom/shared';
import type { AccountRow, ProfileWithCampaignRow } from './accounts.repository';

/** Row → the spec's account shape (accountListId is the profile's id; verifiedAt when the row carries it). */
export function presentAccount(row: Pick<AccountRow, 'profile_id' | 'site_name' | 'email' | 'username' | 'password'> & { verified_at?: number | null }): Account {
  return {
    accountListId: row.profile_id, siteName: row.site_name, email: row.email, username: row.username, password: row.password,
    ...(row.verified_at !== undefined ? { verifiedAt: row.verified_at } : {}),
  };
}

/** Profile row + its number of accounts → the spec's profile shape. */
export function presentProfile(row: ProfileWithCampaignRow, count: number): ProfileRow {
  return { id: row.id, name: row.name, group: row.group_name, campaignId: row.campaign_id, count };
}

/** The accounts screen's answer: breadcrumb campaign, profile, one page and the filtered total. */
export function presentAccountList(profile: ProfileWithCampaignRow, count: number, rows: AccountRow[], total: number): AccountListResponse {
  return {
    campaign: { id: profile.campaign_id, name: profile.campaign_name },
    profile: presentProfile(profile, count),
    accounts: rows.map(presentAccount),
    total,
  };
}
