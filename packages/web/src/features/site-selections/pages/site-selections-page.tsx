import { useState, type Key } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Button, type TableColumnsType } from 'antd';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import {
  CreateSiteSelectionBodySchema, SITE_SELECTION_MESSAGES, SITE_SELECTION_NAME_DISPLAY_MAX, SITE_SELECTION_TYPE_LABELS, type SiteSelectionSummary,
} from '@linkloom/shared';
import { DataTable } from '@/components/data-table';
import { NameDialog } from '@/components/name-dialog';
import { PageHeader } from '@/components/page-header';
import { TruncatedLink } from '@/components/truncated-link';
import { useConfirm } from '@/components/confirm-delete';
import { useLiveInvalidate } from '@/lib/use-live-invalidate';
import { siteSelectionKeys } from '../api/site-selection-keys';
import { useCreateSiteSelection, useDeleteSiteSelections, useRenameSiteSelection, useSiteSelections } from '../api/site-selections-api';
import { DeleteSelectedButton } from '@/components/delete-selected-button';

/** The site selection list (/site-selections, spec 2 §2): ID (newest first), rename, name linking to the editor. */
export function SiteSelectionsPage() {
  const selections = useSiteSelections();
  const createSelection = useCreateSiteSelection();
  const renameSelection = useRenameSiteSelection();
  const deleteSelections = useDeleteSiteSelections();
  const navigate = useNavigate();
  const { confirmDelete } = useConfirm();
  const [selectedKeys, setSelectedKeys] = useState<Key[]>([]);
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<SiteSelectionSummary | null>(null);
  useLiveInvalidate('site_selections', [siteSelectionKeys.list]);

  const handleDelete = async () => {
    if (!(await confirmDelete({ content: SITE_SELECTION_MESSAGES.deleteConfirm }))) return;
    await deleteSelections.mutateAsync(selectedKeys.map(Number));
    setSelectedKeys([]);
  };

  const columns: TableColumnsType<SiteSelectionSummary> = [
    { title: 'ID', dataIndex: 'id', width: 90, defaultSortOrder: 'descend', sorter: (a, b) => a.id - b.id },
    {
      title: 'Action', key: 'action', width: 120,
      render: (_, row) => <Button size="small" icon={<EditOutlined />} onClick={() => setRenaming(row)} data-testid={`rename-${row.id}`}>Rename</Button>,
    },
    {
      title: 'Name', dataIndex: 'name', sorter: (a, b) => a.name.localeCompare(b.name),
      render: (_, row) => <TruncatedLink to={`/site-selection/${row.id}`} name={row.name} max={SITE_SELECTION_NAME_DISPLAY_MAX} />,
    },
    { title: 'Select By', dataIndex: 'siteSelectionType', width: 140, render: (_, row) => SITE_SELECTION_TYPE_LABELS[row.siteSelectionType] },
  ];

  return (
    <div data-testid="site-selections-page">
      <PageHeader title="Site Selections" breadcrumbs={[{ title: 'Site Selections' }]} />
      {selections.isError && <Alert type="error" showIcon title={SITE_SELECTION_MESSAGES.loadFailed} style={{ marginBottom: 16 }} data-testid="load-failed" />}
      <DataTable<SiteSelectionSummary>
        testId="site-selections-table" urlState
        columns={columns}
        rows={selections.data?.site_selections}
        rowKey="id"
        loading={selections.isLoading}
        selection={{ selectedKeys, onChange: (keys) => setSelectedKeys(keys) }}
        emptyText="No site selections yet: add one, then choose its platforms or sites"
        toolbar={{
          left: (
            <>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="add-site-selection">Add</Button>
              <DeleteSelectedButton selected={selectedKeys.length} loading={deleteSelections.isPending} onClick={() => void handleDelete()} testId="delete-site-selections" />
            </>
          ),
        }}
      />
      <NameDialog
        open={adding}
        title="New Site Selection"
        schema={CreateSiteSelectionBodySchema}
        onSubmit={async ({ name }) => {
          // Add opens what it made (issue 39 item 5): the new selection's editor.
          const created = await createSelection.mutateAsync(name);
          void navigate(`/site-selection/${created.siteSelection.id}`);
        }}
        onClose={() => setAdding(false)}
        testId="add-selection-dialog"
      />
      <NameDialog
        open={renaming !== null}
        title="Rename Site Selection"
        act="save"
        schema={CreateSiteSelectionBodySchema}
        initialValues={{ name: renaming?.name ?? '' }}
        onSubmit={async ({ name }) => void (await renameSelection.mutateAsync({ id: renaming?.id ?? 0, name }))}
        onClose={() => setRenaming(null)}
        testId="rename-selection-dialog"
      />
    </div>
  );
}
