import { Link } from 'react-router';
import { LinkSetCreateSchema, ProfileCreateSchema, type LinkSetRow, type ProfileRow } from '@linkloom/shared';
import { downloadLinkSet, downloadLinkSets, downloadProfile, downloadProfiles, useLinkSetMutations, useProfileMutations } from '../api/campaign-rows-api';
import { CampaignRowsTab } from './campaign-rows-tab';

interface TabProps<T> {
  campaignId: number;
  rows: readonly T[] | undefined;
  loading: boolean;
}

/** Accounts tab: the campaign's account profiles (spec 1 §2). */
export function ProfilesTab({ campaignId, rows, loading }: TabProps<ProfileRow>) {
  return (
    <CampaignRowsTab<ProfileRow>
      kind="profile" noun="account profile" rows={rows} loading={loading} schema={ProfileCreateSchema}
      mutations={useProfileMutations(campaignId)} download={downloadProfile}
      downloadSelected={[{ key: 'csv', label: 'Accounts (CSV)', run: (ids) => downloadProfiles(campaignId, ids) }]}
      nameColumn={(row) => <Link to={`/accounts/${row.id}`} data-testid={`profile-link-${row.id}`}>{row.name}</Link>}
      middleColumns={[
        { title: 'Group', dataIndex: 'group', width: 160 },
        { title: 'Count', dataIndex: 'count', width: 110, sorter: (a, b) => a.count - b.count },
      ]}
    />
  );
}

/** Backlinks tab: the campaign's link sets (spec 1 §2). */
export function LinkSetsTab({ campaignId, rows, loading }: TabProps<LinkSetRow>) {
  return (
    <CampaignRowsTab<LinkSetRow>
      kind="link-set" noun="link set" rows={rows} loading={loading} schema={LinkSetCreateSchema}
      mutations={useLinkSetMutations(campaignId)} download={downloadLinkSet}
      backlinks={{ campaign: { scope: 'campaign', id: campaignId, name: `campaign-${campaignId}` }, row: (row) => ({ scope: 'link_set', id: row.id, name: row.name }) }}
      downloadSelected={[
        { key: 'urls', label: 'URLs only (.txt)', run: (ids) => downloadLinkSets(campaignId, ids, false) },
        { key: 'full', label: 'Full information (.csv)', run: (ids) => downloadLinkSets(campaignId, ids, true) },
      ]}
      nameColumn={(row) => <Link to={`/url_list/${row.id}`} data-testid={`link-set-link-${row.id}`}>{row.name}</Link>}
      middleColumns={[
        { title: 'Count', dataIndex: 'count', width: 110, sorter: (a, b) => a.count - b.count },
        {
          title: 'Verified', dataIndex: 'verified', width: 110, sorter: (a, b) => a.verified - b.verified,
          render: (verified: number, row) => <span title="Links found on their page by the backlink check" data-testid={`link-set-verified-${row.id}`}>{verified}</span>,
        },
      ]}
    />
  );
}
