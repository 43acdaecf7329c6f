import { useState, type Key } from 'react';
import { Button, type TableColumnsType } from 'antd';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import {
  CONTENT_GROUP_NAME_TRUNCATE_LENGTH, CreateContentGroupBodySchema, type ContentGroupSummary,
} from '@linkloom/shared';
import { DataTable } from '@/components/data-table';
import { NameDialog } from '@/components/name-dialog';
import { PageHeader } from '@/components/page-header';
import { TruncatedLink } from '@/components/truncated-link';
import { useConfirm } from '@/components/confirm-delete';
import { DeleteSelectedButton } from '@/components/delete-selected-button';
import { useLiveInvalidate } from '@/lib/use-live-invalidate';
import { contentKeys } from '../api/content-keys';
import {
  useContentGroups, useCreateContentGroup, useDeleteContentGroups, useRenameContentGroup,
} from '../api/content-groups-api';

/** The content group list (/content-groups, spec 3 section 2). */
export function ContentGroupsPage() {
  const groups = useContentGroups();
  const createGroup = useCreateContentGroup();
  const renameGroup = useRenameContentGroup();
  const deleteGroups = useDeleteContentGroups();
  const { confirmDelete } = useConfirm();
  const [selectedKeys, setSelectedKeys] = useState<Key[]>([]);
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<ContentGroupSummary | null>(null);
  useLiveInvalidate('content_groups', [contentKeys.groups]);

  const handleDelete = async () => {
    if (!(await confirmDelete({ content: 'Do you really want to delete the selected content groups and their articles?' }))) return;
    await deleteGroups.mutateAsync(selectedKeys.map(Number));
    setSelectedKeys([]);
  };

  const columns: TableColumnsType<ContentGroupSummary> = [
    { title: 'ID', dataIndex: 'id', width: 90, sorter: (a, b) => a.id - b.id },
    {
      title: 'Action', key: 'action', width: 110,
      render: (_, row) => (
        <Button size="small" icon={<EditOutlined />} onClick={() => setRenaming(row)} data-testid={`rename-${row.id}`}>
          Rename
        </Button>
      ),
    },
    {
      title: 'Name', dataIndex: 'name', sorter: (a, b) => a.name.localeCompare(b.name),
      render: (_, row) => <TruncatedLink to={`/content-group/${row.id}`} name={row.name} max={CONTENT_GROUP_NAME_TRUNCATE_LENGTH} />,
    },
    { title: 'Article Count', dataIndex: 'count', width: 140, sorter: (a, b) => a.count - b.count },
  ];

  return (
    <div data-testid="content-groups-page">
      <PageHeader title="Content Groups" breadcrumbs={[{ title: 'Content Groups' }]} />
      <DataTable<ContentGroupSummary>
        testId="content-groups-table" urlState
        columns={columns}
        rows={groups.data?.content_groups}
        rowKey="id"
        loading={groups.isLoading}
        selection={{ selectedKeys, onChange: (keys) => setSelectedKeys(keys) }}
        emptyText="No content groups yet: add one to hold your articles"
        toolbar={{
          left: (
            <>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="add-content-group">
                Add
              </Button>
              <DeleteSelectedButton selected={selectedKeys.length} loading={deleteGroups.isPending} onClick={() => void handleDelete()} testId="delete-content-groups">Delete selected</DeleteSelectedButton>
            </>
          ),
        }}
      />
      <NameDialog
        open={adding}
        title="Add Content Group"
        schema={CreateContentGroupBodySchema}
        onSubmit={async ({ name }) => void (await createGroup.mutateAsync(name))}
        onClose={() => setAdding(false)}
        testId="add-group-dialog"
      />
      <NameDialog
        open={renaming !== null}
        title="Rename Content Group"
        act="save"
        schema={CreateContentGroupBodySchema}
        initialValues={{ name: renaming?.name ?? '' }}
        onSubmit={async ({ name }) => void (await renameGroup.mutateAsync({ id: renaming?.id ?? 0, name }))}
        onClose={() => setRenaming(null)}
        testId="rename-group-dialog"
      />
    </div>
  );
}
