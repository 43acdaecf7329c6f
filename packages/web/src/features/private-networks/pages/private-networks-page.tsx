import { useState, type Key } from 'react';
import { Alert, Button, type TableColumnsType } from 'antd';
import { DownloadOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { CreatePrivateNetworkBodySchema, PRIVATE_NETWORK_MESSAGES, type PrivateNetwork } from '@linkloom/shared';
import { CellGroup } from '@/components/cell-group';
import { DataTable } from '@/components/data-table';
import { NameDialog } from '@/components/name-dialog';
import { PageHeader } from '@/components/page-header';
import { TruncatedLink } from '@/components/truncated-link';
import { useConfirm } from '@/components/confirm-delete';
import { DeleteSelectedButton } from '@/components/delete-selected-button';
import { useLiveInvalidate } from '@/lib/use-live-invalidate';
import { privateNetworkKeys } from '../api/private-network-keys';
import {
  exportPrivateNetwork, useCreatePrivateNetwork, useDeletePrivateNetworks, usePrivateNetworks, useRenamePrivateNetwork,
} from '../api/private-networks-api';

/** The private network list (/private-networks, spec 1 section 2). */
export function PrivateNetworksPage() {
  const networks = usePrivateNetworks();
  const createNetwork = useCreatePrivateNetwork();
  const renameNetwork = useRenamePrivateNetwork();
  const deleteNetworks = useDeletePrivateNetworks();
  const { confirmDelete } = useConfirm();
  const [selectedKeys, setSelectedKeys] = useState<Key[]>([]);
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<PrivateNetwork | null>(null);
  useLiveInvalidate('private_networks', [privateNetworkKeys.list]);

  const handleDelete = async () => {
    if (!(await confirmDelete({ content: 'Do you want to delete the selected private networks and their sites?' }))) return;
    await deleteNetworks.mutateAsync(selectedKeys.map(Number));
    setSelectedKeys([]);
  };

  const columns: TableColumnsType<PrivateNetwork> = [
    { title: 'ID', dataIndex: 'id', width: 90, sorter: (a, b) => a.id - b.id },
    {
      title: 'Action', key: 'action', width: 210,
      render: (_, row) => (
        <CellGroup>
          <Button size="small" icon={<EditOutlined />} onClick={() => setRenaming(row)} data-testid={`rename-${row.id}`}>Rename</Button>
          <Button size="small" icon={<DownloadOutlined />} onClick={() => void exportPrivateNetwork(row).catch(() => undefined)} data-testid={`export-${row.id}`}>
            Export
          </Button>
        </CellGroup>
      ),
    },
    {
      title: 'Name', dataIndex: 'name', sorter: (a, b) => a.name.localeCompare(b.name),
      render: (_, row) => <TruncatedLink to={`/private-network/${row.id}`} name={row.name} />,
    },
    { title: 'Account Count', dataIndex: 'count', width: 150, sorter: (a, b) => a.count - b.count },
  ];

  return (
    <div data-testid="private-networks-page">
      <PageHeader title="Private Networks" breadcrumbs={[{ title: 'Private Networks' }]} />
      {networks.isError && <Alert type="error" showIcon title={PRIVATE_NETWORK_MESSAGES.loadFailed} style={{ marginBottom: 16 }} data-testid="load-failed" />}
      <DataTable<PrivateNetwork>
        testId="private-networks-table" urlState
        columns={columns}
        rows={networks.data?.objects}
        rowKey="id"
        loading={networks.isLoading}
        selection={{ selectedKeys, onChange: (keys) => setSelectedKeys(keys) }}
        emptyText="No private networks yet: add one, then import its sites"
        toolbar={{
          left: (
            <>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="add-private-network">Add</Button>
              <DeleteSelectedButton selected={selectedKeys.length} loading={deleteNetworks.isPending} onClick={() => void handleDelete()} testId="delete-private-networks" />
            </>
          ),
        }}
      />
      <NameDialog
        open={adding}
        title="Add Private Network"
        schema={CreatePrivateNetworkBodySchema}
        onSubmit={async ({ name }) => void (await createNetwork.mutateAsync(name))}
        onClose={() => setAdding(false)}
        testId="add-network-dialog"
      />
      <NameDialog
        open={renaming !== null}
        title="Rename Private Network"
        act="save"
        schema={CreatePrivateNetworkBodySchema}
        initialValues={{ name: renaming?.name ?? '' }}
        onSubmit={async ({ name }) => void (await renameNetwork.mutateAsync({ id: renaming?.id ?? 0, name }))}
        onClose={() => setRenaming(null)}
        testId="rename-network-dialog"
      />
    </div>
  );
}
