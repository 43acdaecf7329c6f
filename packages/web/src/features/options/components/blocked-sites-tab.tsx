import { useState, type Key } from 'react';
import { Button, Space } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { BLOCKED_SITE_MESSAGES, type BlockedSiteRow } from '@linkloom/shared';
import { DataTable } from '@/components/data-table';
import { TextImportDialog } from '@/components/text-import-dialog';
import { useConfirm } from '@/components/confirm-delete';
import { reportImport } from '@/lib/import-outcome';
import { blockedSitesAddedOutcome, useAddBlockedSites, useDeleteBlockedSites } from '../api/options-api';
import { DeleteSelectedButton } from '@/components/delete-selected-button';
import type { OptionsTabProps } from './options-tabs';

/**
 * Blocked Sites: one sortable column Site with checkbox selection; Add (one site per line, kept as
 * its domain; a domain blocks its subdomains too) and Delete with the spec's confirmation. The
 * screen refetches on the live `blocked_sites` topic (options page).
 */
export function BlockedSitesTab({ data }: OptionsTabProps) {
  const addSites = useAddBlockedSites();
  const deleteSites = useDeleteBlockedSites();
  const { confirmDelete } = useConfirm();
  const [adding, setAdding] = useState(false);
  const [selected, setSelected] = useState<Key[]>([]);

  // The good lines are added; the refused ones stay in the box, numbered, to be fixed (a list
  // without one good line is refused whole: the failure notice names its lines).
  const handleAdd = async (text: string) => {
    const outcome = blockedSitesAddedOutcome(await addSites.mutateAsync(text));
    reportImport(outcome);
    return outcome.refused;
  };

  const handleDelete = async () => {
    if (!(await confirmDelete({ content: BLOCKED_SITE_MESSAGES.deleteConfirm }))) return;
    await deleteSites.mutateAsync(selected.map(String));
    setSelected([]);
  };

  return (
    <div data-testid="blocked-sites-tab">
      <DataTable<BlockedSiteRow>
        testId="blocked-sites-table" urlState={{ prefix: 'blocked' }}
        rows={data.blockedSites}
        rowKey="id"
        loading={addSites.isPending || deleteSites.isPending}
        selection={{ selectedKeys: selected, onChange: (keys) => setSelected(keys) }}
        keyColumns={['id']}
        toolbar={{
          left: (
            <Space>
              <Button icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="add-blocked-sites">Add</Button>
              <DeleteSelectedButton selected={selected.length} onClick={() => void handleDelete()} testId="delete-blocked-sites" />
            </Space>
          ),
        }}
        columns={[{ key: 'id', dataIndex: 'id', title: 'Site', sorter: (a, b) => a.id.localeCompare(b.id), defaultSortOrder: 'ascend' }]}
      />
      <TextImportDialog
        open={adding}
        title="Add Blocked Sites"
        label="One site per line (its subdomains are blocked too)"
        placeholder={'example.com\nblog.example.org'}
        requiredMessage={BLOCKED_SITE_MESSAGES.required}
        onSubmit={handleAdd}
        onClose={() => setAdding(false)}
        testId="add-blocked-sites-dialog"
      />
    </div>
  );
}
