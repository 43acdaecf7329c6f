import { useState, type Key } from 'react';
import { Alert, Button, Dropdown, type TableColumnsType } from 'antd';
import { CopyOutlined, DownloadOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { CAMPAIGN_MESSAGES, CampaignCreateSchema, type Campaign } from '@linkloom/shared';
import { CellGroup } from '@/components/cell-group';
import { DataTable } from '@/components/data-table';
import { HashLink } from '@/components/hash-link';
import { NameDialog } from '@/components/name-dialog';
import { PageHeader } from '@/components/page-header';
import { useConfirm } from '@/components/confirm-delete';
import { useBacklinksExport } from '@/components/backlinks-export/use-backlinks-export';
import { useLiveInvalidate } from '@/lib/use-live-invalidate';
import { toastFailure } from '@/lib/action-feedback';
import { campaignKeys } from '../api/campaign-keys';
import { downloadBacklinks, useCampaigns, useDeleteCampaigns, useRenameCampaign } from '../api/campaigns-api';
import { NewCampaignDialog } from '../components/new-campaign-dialog';
import { DuplicateCampaignDialog } from '../components/duplicate-campaign-dialog';
import { ProjectCountTags, SchedulerStatusTag } from '../components/project-count-tags';
import { DeleteSelectedButton } from '@/components/delete-selected-button';

/** The campaign list (/campaigns, spec 1 §2). */
export function CampaignsPage() {
  const campaigns = useCampaigns();
  const renameCampaign = useRenameCampaign();
  const deleteCampaigns = useDeleteCampaigns();
  const { confirmDelete } = useConfirm();
  const [selectedKeys, setSelectedKeys] = useState<Key[]>([]);
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<Campaign | null>(null);
  const [duplicating, setDuplicating] = useState<Campaign | null>(null);
  const [downloading, setDownloading] = useState(false);
  const backlinksExport = useBacklinksExport();
  useLiveInvalidate('campaigns', [campaignKeys.all]);

  const handleDelete = async () => {
    if (!(await confirmDelete({ content: 'Do you want to delete the selected campaigns with their projects, accounts and link sets?' }))) return;
    await deleteCampaigns.mutateAsync(selectedKeys.map(Number));
    setSelectedKeys([]);
  };

  // Backlinks of the selected campaigns, or of every campaign when none is selected.
  const handleBacklinks = async () => {
    const ids = selectedKeys.length > 0 ? selectedKeys.map(Number) : (campaigns.data?.campaigns ?? []).map((c) => c.id);
    if (ids.length === 0) return;
    setDownloading(true);
    try {
      await downloadBacklinks(ids);
    } catch (error) {
      toastFailure(CAMPAIGN_MESSAGES.backlinksFailed, error);
    } finally {
      setDownloading(false);
    }
  };

  // Backlinks (CSV) / (Excel): the export a client reads, of the one selected campaign.
  const selectedCampaign = selectedKeys.length === 1 ? campaigns.data?.campaigns.find((c) => c.id === Number(selectedKeys[0])) : undefined;
  const downloadItems = [
    { key: 'backlinks', label: <span data-testid="download-backlinks">Backlinks</span> },
    ...backlinksExport.items('download', { disabled: !selectedCampaign, title: selectedCampaign ? undefined : 'Select one campaign' }),
  ];
  const handleDownloadMenu = (key: string) => {
    if (key === 'backlinks') void handleBacklinks();
    else if (selectedCampaign) backlinksExport.handleMenuKey(key, { scope: 'campaign', id: selectedCampaign.id, name: selectedCampaign.name });
  };

  const columns: TableColumnsType<Campaign> = [
    { title: 'ID', dataIndex: 'id', width: 90, sorter: (a, b) => a.id - b.id, defaultSortOrder: 'descend' },
    { title: 'Name', dataIndex: 'name', render: (_, row) => <HashLink to={`/campaign/${row.id}`} data-testid={`campaign-link-${row.id}`}>{row.name}</HashLink> },
    { title: 'Scheduler Status', dataIndex: 'campaignStatus', width: 150, render: (_, row) => <SchedulerStatusTag status={row.campaignStatus} /> },
    {
      title: 'Action', key: 'action', width: 220,
      render: (_, row) => (
        <CellGroup>
          <Button size="small" icon={<EditOutlined />} onClick={() => setRenaming(row)} data-testid={`rename-${row.id}`}>Rename</Button>
          {/* Only a wizard-made campaign can be duplicated: the wizard (/duplicatecampaign) does the copying. */}
          {row.creatingType === 'XWizard' && (
            <Button size="small" icon={<CopyOutlined />} onClick={() => setDuplicating(row)} data-testid={`duplicate-${row.id}`}>Duplicate</Button>
          )}
        </CellGroup>
      ),
    },
    { title: 'Project Count', key: 'projectCount', render: (_, row) => <ProjectCountTags count={row.projectCount} campaignId={row.id} /> },
  ];

  return (
    <div data-testid="campaigns-page">
      <PageHeader title="Campaigns" breadcrumbs={[{ title: 'Campaigns' }]} />
      {campaigns.isError && <Alert type="error" showIcon title={CAMPAIGN_MESSAGES.loadFailed} style={{ marginBottom: 16 }} data-testid="load-failed" />}
      <DataTable<Campaign>
        testId="campaigns-table" urlState columns={columns} rows={campaigns.data?.campaigns} rowKey="id" loading={campaigns.isLoading}
        selection={{ selectedKeys, onChange: (keys) => setSelectedKeys(keys) }}
        emptyText="No campaigns yet: add one to start"
        toolbar={{
          left: (
            <>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="add-campaign">Add</Button>
              <DeleteSelectedButton selected={selectedKeys.length} loading={deleteCampaigns.isPending} onClick={() => void handleDelete()} testId="delete-campaigns" />
            </>
          ),
          right: (
            <Dropdown menu={{ items: downloadItems, onClick: ({ key }) => handleDownloadMenu(key) }}>
              <Button icon={<DownloadOutlined />} loading={downloading} data-testid="download-menu">Download</Button>
            </Dropdown>
          ),
        }}
      />
      <NewCampaignDialog open={adding} onClose={() => setAdding(false)} strategies={campaigns.data?.strategies ?? []} />
      <NameDialog
        open={renaming !== null} title="Rename campaign" act="save" testId="rename-campaign-dialog"
        schema={CampaignCreateSchema} initialValues={{ name: renaming?.name ?? '' }}
        onSubmit={async ({ name }) => {
          if (renaming) await renameCampaign.mutateAsync({ id: renaming.id, name: name.trim() });
        }}
        onClose={() => setRenaming(null)}
      />
      <DuplicateCampaignDialog campaign={duplicating} onClose={() => setDuplicating(null)} />
      {backlinksExport.dialog}
    </div>
  );
}
