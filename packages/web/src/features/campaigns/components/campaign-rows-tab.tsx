import { useState, type Key, type ReactNode } from 'react';
import { Button, Dropdown, Space, type TableColumnsType } from 'antd';
import { DISABLED_REASONS } from '@linkloom/shared';
import { DownOutlined, DownloadOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { UseMutationResult } from '@tanstack/react-query';
import type { z } from 'zod';
import { CellGroup } from '@/components/cell-group';
import { DataTable } from '@/components/data-table';
import { NameDialog } from '@/components/name-dialog';
import { useConfirm } from '@/components/confirm-delete';
import type { BacklinksTarget } from '@/components/backlinks-export/backlinks-export';
import { useBacklinksExport } from '@/components/backlinks-export/use-backlinks-export';
import { DeleteSelectedButton } from '@/components/delete-selected-button';
import { ExplainedButton } from '@/components/disabled-reason';

interface NamedRow {
  id: number;
  name: string;
}

/** What differs between the Accounts and Backlinks tabs. */
export interface CampaignRowsTabProps<T extends NamedRow> {
  /** 'profile' or 'link-set': prefixes the test ids. */
  kind: string;
  /** Lower-case noun for dialogs and confirmations ('account profile', 'link set'). */
  noun: string;
  rows: readonly T[] | undefined;
  loading: boolean;
  /** The Name cell (a link to the row's own screen). */
  nameColumn: (row: T) => ReactNode;
  /** Columns shown between Name and Action. */
  middleColumns: TableColumnsType<T>;
  /** The shared create schema: the name field shows the spec's message. */
  schema: z.ZodType;
  mutations: {
    add: UseMutationResult<unknown, Error, string>;
    rename: UseMutationResult<unknown, Error, { id: number; name: string }>;
    remove: UseMutationResult<unknown, Error, number[]>;
  };
  download: (row: T) => Promise<string>;
  /** Downloads of the selected rows in one file; each choice is one button (or menu item). */
  downloadSelected: readonly { key: string; label: string; run: (ids: number[]) => Promise<string> }[];
  /** The Backlinks export (Backlinks tab): each row's link set, and the whole campaign's from the toolbar. */
  backlinks?: { row: (row: T) => BacklinksTarget; campaign: BacklinksTarget };
}

/** A tab of named rows of a campaign with add, rename, download and delete (Accounts, Backlinks). */
export function CampaignRowsTab<T extends NamedRow>(props: CampaignRowsTabProps<T>) {
  const { kind, noun, mutations } = props;
  const { confirmDelete } = useConfirm();
  const [selectedKeys, setSelectedKeys] = useState<Key[]>([]);
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<T | null>(null);
  const backlinksExport = useBacklinksExport();
  const { backlinks } = props;

  const selectedIds = selectedKeys.map(Number);
  const handleDownloadSelected = (choice: string) => {
    const option = props.downloadSelected.find((o) => o.key === choice);
    void option?.run(selectedIds).catch(() => undefined);
  };
  const [firstChoice] = props.downloadSelected;
  const downloadWhy = selectedIds.length === 0 ? DISABLED_REASONS.selectToDownload : null;
  const downloadSelectedButton = props.downloadSelected.length > 1 ? (
    <Dropdown
      disabled={selectedIds.length === 0}
      menu={{ items: props.downloadSelected.map((o) => ({ key: o.key, label: o.label, 'data-testid': `download-selected-${kind}s-${o.key}` })), onClick: ({ key }) => handleDownloadSelected(key) }}
    >
      <ExplainedButton icon={<DownloadOutlined />} disabledReason={downloadWhy} data-testid={`download-selected-${kind}s`}>Download selected</ExplainedButton>
    </Dropdown>
  ) : firstChoice ? (
    <ExplainedButton icon={<DownloadOutlined />} disabledReason={downloadWhy} onClick={() => handleDownloadSelected(firstChoice.key)} data-testid={`download-selected-${kind}s`}>
      Download selected
    </ExplainedButton>
  ) : null;

  const handleDelete = async () => {
    if (!(await confirmDelete({ content: `Do you want to delete the selected ${noun}s with everything they hold?` }))) return;
    await mutations.remove.mutateAsync(selectedKeys.map(Number));
    setSelectedKeys([]);
  };

  const columns: TableColumnsType<T> = [
    { title: 'ID', dataIndex: 'id', width: 80, sorter: (a, b) => a.id - b.id },
    { title: 'Name', dataIndex: 'name', render: (_, row) => props.nameColumn(row) },
    ...props.middleColumns,
    {
      title: 'Action', key: 'action', width: backlinks ? 240 : 210,
      render: (_, row) => (
        <CellGroup>
          <Button size="small" icon={<EditOutlined />} onClick={() => setRenaming(row)} data-testid={`rename-${kind}-${row.id}`}>Rename</Button>
          <Space.Compact size="small">
            <Button size="small" icon={<DownloadOutlined />} onClick={() => void props.download(row).catch(() => undefined)} data-testid={`download-${kind}-${row.id}`}>
              Download
            </Button>
            {backlinks && (
              <Dropdown trigger={['click']} menu={{ items: backlinksExport.items(`download-${kind}-${row.id}`), onClick: ({ key }) => backlinksExport.handleMenuKey(key, backlinks.row(row)) }}>
                <Button size="small" icon={<DownOutlined />} aria-label="Backlinks downloads" data-testid={`download-${kind}-${row.id}-backlinks`} />
              </Dropdown>
            )}
          </Space.Compact>
        </CellGroup>
      ),
    },
  ];

  return (
    <>
      <DataTable<T>
        testId={`${kind}s-table`} urlState={{ prefix: `${kind}s` }} columns={columns} rows={props.rows} rowKey="id" loading={props.loading}
        selection={{ selectedKeys, onChange: (keys) => setSelectedKeys(keys) }}
        emptyText={`No ${noun}s yet: add one`}
        toolbar={{
          left: (
            <>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid={`add-${kind}`}>Add</Button>
              <DeleteSelectedButton selected={selectedKeys.length} loading={mutations.remove.isPending} onClick={() => void handleDelete()} testId={`delete-${kind}s`} />
              {downloadSelectedButton}
            </>
          ),
          right: backlinks && (
            <Dropdown trigger={['click']} menu={{ items: backlinksExport.items('campaign-backlinks'), onClick: ({ key }) => backlinksExport.handleMenuKey(key, backlinks.campaign) }}>
              <Button icon={<DownloadOutlined />} data-testid="campaign-backlinks">Campaign backlinks <DownOutlined /></Button>
            </Dropdown>
          ),
        }}
      />
      <NameDialog
        open={adding} title={`Add ${noun}`} testId={`add-${kind}-dialog`} schema={props.schema}
        onSubmit={async ({ name }) => {
          await mutations.add.mutateAsync(name.trim());
        }}
        onClose={() => setAdding(false)}
      />
      <NameDialog
        open={renaming !== null} title={`Rename ${noun}`} act="save" testId={`rename-${kind}-dialog`} schema={props.schema}
        initialValues={{ name: renaming?.name ?? '' }}
        onSubmit={async ({ name }) => {
          if (renaming) await mutations.rename.mutateAsync({ id: renaming.id, name: name.trim() });
        }}
        onClose={() => setRenaming(null)}
      />
      {backlinks && backlinksExport.dialog}
    </>
  );
}
