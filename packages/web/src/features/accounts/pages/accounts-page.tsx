import { useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { PathIdSchema } from '@linkloom/shared';
import { PageHeader } from '@/components/page-header';
import { useLiveInvalidate } from '@/lib/use-live-invalidate';
import { usePageInRange, useUrlGrid } from '@/lib/use-url-state';
import { accountKeys } from '../api/account-keys';
import { useAccountPage } from '../api/accounts-api';
import { AccountsTable } from '../components/accounts-table';
import { ACCOUNT_GRID_PARAMS, accountListQuery } from '../components/grid-state';
import { NotFoundResult } from '@/components/not-found-result';

/** The accounts of one profile (/accounts/:id, the id is the profile's). */
export function AccountsPage() {
  const parsed = PathIdSchema.safeParse(useParams().id);
  if (!parsed.success) return <NotFoundResult />;
  return <AccountsScreen key={parsed.data} profileId={parsed.data} />;
}

function AccountsScreen({ profileId }: { profileId: number }) {
  // Page, sort and filters live in the address: reload, Back and a shared link show the same rows.
  const urlGrid = useUrlGrid(ACCOUNT_GRID_PARAMS);
  const { grid, handleTableChange } = urlGrid;
  const page = useAccountPage(profileId, accountListQuery(grid));
  usePageInRange(urlGrid, page.isPlaceholderData ? undefined : page.data?.total);
  const queryClient = useQueryClient();
  // Any change of the profile's accounts (another tab, an import) refreshes the page shown.
  useLiveInvalidate(`profile/${profileId}`, [accountKeys.profile(profileId)]);

  if (page.isError && !page.data) return <NotFoundResult />;
  const data = page.data;
  const campaign = data?.campaign;
  return (
    <div data-testid="accounts-page">
      <PageHeader
        title={`Account Profile: ${data?.profile.name ?? ''}`}
        loading={page.isLoading}
        breadcrumbs={[
          { title: 'Campaigns', to: '/campaigns' },
          { title: `Campaign: ${campaign?.name ?? ''}`, ...(campaign ? { to: `/campaign/${campaign.id}` } : {}) },
          { title: 'Accounts' },
        ]}
      />
      <AccountsTable
        profileId={profileId}
        data={data}
        loading={page.isFetching}
        grid={grid}
        onGridChange={handleTableChange}
        onImported={() => void queryClient.invalidateQueries({ queryKey: accountKeys.profile(profileId) })}
      />
    </div>
  );
}
