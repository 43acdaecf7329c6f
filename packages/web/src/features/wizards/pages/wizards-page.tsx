import { useState, type Key } from 'react';
import { Alert, Button, Space, type TableColumnsType } from 'antd';
import { CopyOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { WIZARD_MESSAGES, WizardRenameSchema, wizardCopyName, type WizardSummary } from '@linkloom/shared';
import { DataTable } from '@/components/data-table';
import { NameDialog } from '@/components/name-dialog';
import { PageHeader } from '@/components/page-header';
import { useConfirm } from '@/components/confirm-delete';
import { useLiveInvalidate } from '@/lib/use-live-invalidate';
import { wizardKeys } from '../api/wizard-keys';
import { useDeleteWizards, useDuplicateWizard, useRenameWizard, useWizards } from '../api/wizards-api';
import { NewWizardDialog } from '../components/new-wizard-dialog';
import { DeleteSelectedButton } from '@/components/delete-selected-button';

/** The wizard list (/xwizards, spec 2 §2): ID (newest first), Name linking to the wizard, Rename and Duplicate. */
export function WizardsPage() {
  const wizards = useWizards();
  const renameWizard = useRenameWizard();
  const duplicateWizard = useDuplicateWizard();
  const deleteWizards = useDeleteWizards();
  const { confirmDelete } = useConfirm();
  const [selectedKeys, setSelectedKeys] = useState<Key[]>([]);
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<WizardSummary | null>(null);
  const [duplicating, setDuplicating] = useState<WizardSummary | null>(null);
  useLiveInvalidate('xwizards', [wizardKeys.list]);

  const handleDelete = async () => {
    if (!(await confirmDelete({ content: WIZARD_MESSAGES.confirmDelete }))) return;
    await deleteWizards.mutateAsync(selectedKeys.map(Number));
    setSelectedKeys([]);
  };

  const columns: TableColumnsType<WizardSummary> = [
    { title: 'ID', dataIndex: 'id', width: 90, defaultSortOrder: 'descend', sorter: (a, b) => a.id - b.id },
    {
      title: 'Name', dataIndex: 'name', sorter: (a, b) => a.name.localeCompare(b.name),
      render: (_, row) => <Link to={`/xwizard/${row.id}`} data-testid={`wizard-link-${row.id}`}>{row.name}</Link>,
    },
    {
      title: 'Action', key: 'action', width: 110,
      render: (_, row) => (
        <Space>
          <Button size="small" type="text" icon={<EditOutlined />} title="Rename" aria-label="Rename" onClick={() => setRenaming(row)} data-testid={`rename-${row.id}`} />
          <Button size="small" type="text" icon={<CopyOutlined />} title="Duplicate" aria-label="Duplicate" onClick={() => setDuplicating(row)} data-testid={`duplicate-${row.id}`} />
        </Space>
      ),
    },
  ];

  return (
    <div data-testid="wizards-page">
      <PageHeader title="Wizards" breadcrumbs={[{ title: 'Wizards' }]} />
      {wizards.isError && <Alert type="error" showIcon title={WIZARD_MESSAGES.loadFailed} style={{ marginBottom: 16 }} data-testid="load-failed" />}
      <DataTable<WizardSummary>
        testId="wizards-table" urlState
        columns={columns}
        rows={wizards.data?.wizards}
        rowKey="id"
        loading={wizards.isLoading}
        selection={{ selectedKeys, onChange: (keys) => setSelectedKeys(keys) }}
        emptyText="No wizards yet: add one from a strategy"
        toolbar={{
          left: (
            <>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="add-wizard">Add</Button>
              <DeleteSelectedButton selected={selectedKeys.length} loading={deleteWizards.isPending} onClick={() => void handleDelete()} testId="delete-wizards" />
            </>
          ),
        }}
      />
      <NewWizardDialog open={adding} onClose={() => setAdding(false)} strategies={wizards.data?.strategies ?? []} />
      <NameDialog
        open={renaming !== null}
        title="Rename Wizard"
        act="save"
        schema={WizardRenameSchema}
        initialValues={{ name: renaming?.name ?? '' }}
        onSubmit={async ({ name }) => void (await renameWizard.mutateAsync({ id: renaming?.id ?? 0, name }))}
        onClose={() => setRenaming(null)}
        testId="rename-wizard-dialog"
      />
      <NameDialog
        open={duplicating !== null}
        title="Duplicate Wizard"
        act="duplicate"
        schema={WizardRenameSchema}
        initialValues={{ name: duplicating ? wizardCopyName(duplicating.name) : '' }}
        onSubmit={async ({ name }) => void (await duplicateWizard.mutateAsync({ id: duplicating?.id ?? 0, name }))}
        onClose={() => setDuplicating(null)}
        testId="duplicate-wizard-dialog"
      />
    </div>
  );
}
