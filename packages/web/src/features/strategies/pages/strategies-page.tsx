import { useState, type Key } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Button, Space, Tag, type TableColumnsType } from 'antd';
import { CopyOutlined, DownloadOutlined, EditOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { DISABLED_REASONS, STRATEGY_MESSAGES, StrategyCreateSchema, strategyCopyName, type StrategySummary } from '@linkloom/shared';
import { CellGroup } from '@/components/cell-group';
import { DataTable } from '@/components/data-table';
import { NameDialog } from '@/components/name-dialog';
import { PageHeader } from '@/components/page-header';
import { TruncatedLink } from '@/components/truncated-link';
import { useConfirm } from '@/components/confirm-delete';
import { useQueryClient } from '@tanstack/react-query';
import {
  downloadStrategy, useCloneStrategy, useCreateStrategy, useDeleteStrategies, useRenameStrategy, useStrategies,
} from '../api/strategies-api';
import { strategyKeys } from '../api/strategy-keys';
import { useStrategiesLive } from '../api/use-strategies-live';
import { ImportDiagramsDialog } from '../components/import-diagrams-dialog';
import { StrategyPreview } from '../components/strategy-preview';
import { DeleteSelectedButton } from '@/components/delete-selected-button';

const isCustom = (row: StrategySummary) => row.type === 'CUSTOM';

/**
 * The diagram list (/strategies, spec 2 §2): Name (ascending by default, a link to the designer)
 * with the preview, Type, Action. Built-in rows can only be cloned (and opened view-only);
 * custom rows are renamed, downloaded, cloned and selected for deletion.
 */
export function StrategiesPage() {
  const strategies = useStrategies();
  const createStrategy = useCreateStrategy();
  const renameStrategy = useRenameStrategy();
  const cloneStrategy = useCloneStrategy();
  const deleteStrategies = useDeleteStrategies();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { confirmDelete } = useConfirm();
  const [selectedKeys, setSelectedKeys] = useState<Key[]>([]);
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const [renaming, setRenaming] = useState<StrategySummary | null>(null);
  const [cloning, setCloning] = useState<StrategySummary | null>(null);
  useStrategiesLive();

  const handleDelete = async () => {
    if (!(await confirmDelete({ content: STRATEGY_MESSAGES.confirmDelete }))) return;
    await deleteStrategies.mutateAsync(selectedKeys.map(Number));
    setSelectedKeys([]);
  };

  const columns: TableColumnsType<StrategySummary> = [
    {
      title: 'Name', dataIndex: 'name', defaultSortOrder: 'ascend', sorter: (a, b) => a.name.localeCompare(b.name),
      render: (_, row) => (
        <Space>
          <StrategyPreview img={row.img} name={row.name} />
          <TruncatedLink to={`/strategy/${row.id}`} name={row.name} testId={`strategy-link-${row.id}`} />
        </Space>
      ),
    },
    {
      title: 'Type', dataIndex: 'type', width: 120, sorter: (a, b) => a.type.localeCompare(b.type),
      render: (_, row) => <Tag color={isCustom(row) ? 'blue' : 'gold'}>{row.type}</Tag>,
    },
    {
      title: 'Action', key: 'action', width: 300,
      render: (_, row) => (
        <CellGroup>
          {isCustom(row) && (
            <Button size="small" icon={<EditOutlined />} onClick={() => setRenaming(row)} data-testid={`rename-${row.id}`}>Rename</Button>
          )}
          <Button size="small" icon={<CopyOutlined />} onClick={() => setCloning(row)} data-testid={`clone-${row.id}`}>Clone</Button>
          {isCustom(row) && (
            <Button size="small" icon={<DownloadOutlined />} onClick={() => void downloadStrategy(row).catch(() => undefined)} data-testid={`download-${row.id}`}>
              Download
            </Button>
          )}
        </CellGroup>
      ),
    },
  ];

  return (
    <div data-testid="strategies-page">
      <PageHeader title="Diagrams" breadcrumbs={[{ title: 'Diagrams' }]} />
      {strategies.isError && <Alert type="error" showIcon title={STRATEGY_MESSAGES.loadFailed} style={{ marginBottom: 16 }} data-testid="load-failed" />}
      <DataTable<StrategySummary>
        testId="strategies-table" urlState
        columns={columns}
        rows={strategies.data}
        rowKey="id"
        loading={strategies.isLoading}
        selection={{ selectedKeys, onChange: (keys) => setSelectedKeys(keys) }}
        rowSelectable={isCustom} unselectableReason={DISABLED_REASONS.builtInDiagram}
        emptyText="No diagrams yet: add one, or clone a built-in diagram"
        toolbar={{
          left: (
            <>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="add-strategy">Add</Button>
              <Button icon={<UploadOutlined />} onClick={() => setImporting(true)} data-testid="upload-strategies">Upload Diagrams</Button>
              <DeleteSelectedButton selected={selectedKeys.length} loading={deleteStrategies.isPending} onClick={() => void handleDelete()} testId="delete-strategies" />
            </>
          ),
        }}
      />
      <NameDialog
        open={adding} title="New Diagram" schema={StrategyCreateSchema}
        onSubmit={async ({ name }) => {
          // Add opens what it made (issue 39 item 5): the new diagram's designer.
          const created = await createStrategy.mutateAsync(name);
          void navigate(`/strategy/${created.id}`);
        }}
        onClose={() => setAdding(false)} testId="new-diagram-dialog"
      />
      <NameDialog
        open={renaming !== null} title="Rename Diagram" act="save" schema={StrategyCreateSchema}
        initialValues={{ name: renaming?.name ?? '' }}
        onSubmit={async ({ name }) => void (await renameStrategy.mutateAsync({ id: renaming?.id ?? 0, name }))}
        onClose={() => setRenaming(null)} testId="rename-diagram-dialog"
      />
      <NameDialog
        open={cloning !== null} title="Clone Diagram" act="duplicate" schema={StrategyCreateSchema}
        initialValues={{ name: strategyCopyName(cloning?.name ?? '') }}
        onSubmit={async ({ name }) => void (await cloneStrategy.mutateAsync({ id: cloning?.id ?? 0, name }))}
        onClose={() => setCloning(null)} testId="clone-diagram-dialog"
      />
      <ImportDiagramsDialog
        open={importing} onClose={() => setImporting(false)}
        onImported={() => void queryClient.invalidateQueries({ queryKey: strategyKeys.all })}
      />
    </div>
  );
}
