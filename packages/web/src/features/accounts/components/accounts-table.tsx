import { useState, type Key } from 'react';
import { Button, type TableColumnsType } from 'antd';
import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { type Account, type AccountListResponse, type AccountSortField } from '@linkloom/shared';
import { DataTable } from '@/components/data-table';
import { SecretCell } from '@/components/secret-cell';
import { useConfirm } from '@/components/confirm-delete';
import { UploadButton } from '@/components/upload-button';
import { downloadFile } from '@/lib/download';
import { useWindowFraction } from '@/lib/use-window-fraction';
import type { TableQuery } from '@/lib/table-query';
import { useDeleteAccounts, useSaveAccount } from '../api/accounts-api';
import { accountImportOutcome } from '../api/account-import-outcome';
import { AccountDialog } from './account-dialog';
import { VerifiedTag } from './verified-tag';
import { textColumnFilter } from '@/components/text-column-filter';
import { columnSortOrder } from '@/lib/grid-state';
import type { GridState } from './grid-state';
import { toastDone } from '@/lib/action-feedback';
import { DeleteSelectedButton } from '@/components/delete-selected-button';

/** An account's row key: its identity (site + email), which survives paging and refetches. */
const rowKeyOf = (account: Account) => JSON.stringify([account.siteName, account.email]);

export interface AccountsTableProps {
  profileId: number;
  data: AccountListResponse | undefined;
  loading: boolean;
  grid: GridState;
  onGridChange: (query: TableQuery) => void;
  onImported: () => void;
}

/** The accounts grid (server-side paging, sorting, filtering) with add, delete, upload and download. */
export function AccountsTable({ profileId, data, loading, grid, onGridChange, onImported }: AccountsTableProps) {
  const { confirmDelete } = useConfirm();
  const saveAccount = useSaveAccount(profileId);
  const deleteAccounts = useDeleteAccounts(profileId);
  const [selectedKeys, setSelectedKeys] = useState<Key[]>([]);
  const [adding, setAdding] = useState(false);
  const scrollY = useWindowFraction(0.75);

  const sortOrderOf = (field: AccountSortField) => columnSortOrder(grid, field);
  const columns: TableColumnsType<Account> = [
    { title: 'Site', key: 'site', dataIndex: 'siteName', sorter: true, sortOrder: sortOrderOf('site'), ellipsis: true, ...textColumnFilter<Account>('Site', grid.filters.site) },
    { title: 'Email', key: 'email', dataIndex: 'email', sorter: true, sortOrder: sortOrderOf('email'), ellipsis: true, ...textColumnFilter<Account>('Email', grid.filters.email) },
    { title: 'Username', key: 'username', dataIndex: 'username', sorter: true, sortOrder: sortOrderOf('username'), ellipsis: true, ...textColumnFilter<Account>('Username', grid.filters.username) },
    { title: 'Password', key: 'password', render: (_value: unknown, account: Account) => <SecretCell value={account.password} label={`${account.username} on ${account.siteName}`} /> },
    { title: 'Verified', key: 'verified', dataIndex: 'verifiedAt', width: 130, render: (_value: unknown, account: Account) => <VerifiedTag verifiedAt={account.verifiedAt} /> },
  ];

  const handleDelete = async () => {
    if (!(await confirmDelete())) return;
    const keys = selectedKeys.map((key) => {
      const [siteName, email] = JSON.parse(String(key)) as [string, string];
      return { accountListId: profileId, siteName, email };
    });
    await deleteAccounts.mutateAsync(keys);
    setSelectedKeys([]);
  };


  const profileName = data?.profile.name ?? 'accounts';
  return (
    <>
      <DataTable<Account>
        testId="accounts-table"
        columns={columns}
        rows={data?.accounts}
        rowKey={rowKeyOf}
        loading={loading}
        scrollY={scrollY}
        selection={{ selectedKeys, onChange: (keys) => setSelectedKeys(keys) }}
        server={{ total: data?.total ?? 0, page: grid.page, pageSize: grid.pageSize, onChange: onGridChange }}
        emptyText="No accounts: add one or upload a CSV file"
        toolbar={{
          left: (
            <>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="add-account">Add</Button>
              <DeleteSelectedButton selected={selectedKeys.length} loading={deleteAccounts.isPending} onClick={() => void handleDelete()} testId="delete-accounts">Delete selected</DeleteSelectedButton>
              <UploadButton action={`/action/import/profile/${profileId}`} accept=".csv,.txt,text/csv,text/plain" label="Upload file" outcome={accountImportOutcome} onDone={onImported} testId="upload-accounts" />
              <Button
                icon={<DownloadOutlined />} data-testid="download-accounts"
                onClick={() => void downloadFile({ url: `/action/export/profile/${profileId}`, fallbackName: `${profileName}_accounts.csv` }).catch(() => undefined)}
              >
                Download
              </Button>
            </>
          ),
        }}
      />
      <AccountDialog
        open={adding}
        onClose={() => setAdding(false)}
        onSubmit={async (values) => {
          const { created } = await saveAccount.mutateAsync({ accountListId: profileId, ...values });
          toastDone(created ? 'Account added' : 'Account updated (same site and email)');
        }}
      />
    </>
  );
}
