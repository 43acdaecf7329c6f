import { useState, type Key } from 'react';
import { Button, type TableColumnsType } from 'antd';
import { CopyOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { MODULES, describeRunOutlook, describeSchedule, projectScreenPath, waitingParentsText, wireDateToLocal, type ProjectRow } from '@linkloom/shared';
import { CellGroup } from '@/components/cell-group';
import { DataTable } from '@/components/data-table';
import { StatusTag } from '@/components/status-tag';
import { useConfirm } from '@/components/confirm-delete';
import { useProjectMutations } from '../api/campaign-rows-api';
import { useCampaignOutlook } from '../api/campaign-outlook-api';
import { CampaignOutlookLine } from './campaign-outlook';
import { RunNowRowButton } from './run-now-row-button';
import { ProjectDialog, type ProjectDialogMode } from './project-dialog';
import { DeleteSelectedButton } from '@/components/delete-selected-button';

const moduleName = (module: string) => (MODULES as Record<string, string>)[module] ?? module;

/** The campaign screen's Projects tab: the project rows with what each does next (issue 35), their dialog and delete. */
export function ProjectsTab({ campaignId, projects, loading }: { campaignId: number; projects: readonly ProjectRow[] | undefined; loading: boolean }) {
  const { remove } = useProjectMutations(campaignId);
  const { confirmDelete } = useConfirm();
  const [selectedKeys, setSelectedKeys] = useState<Key[]>([]);
  const [dialog, setDialog] = useState<ProjectDialogMode | null>(null);
  const outlook = useCampaignOutlook(campaignId, projects);
  const outlookOf = new Map((outlook.data?.projects ?? []).map((item) => [item.projectId, item]));

  const handleDelete = async () => {
    if (!(await confirmDelete({ content: 'Do you want to delete the selected projects?' }))) return;
    await remove.mutateAsync(selectedKeys.map(Number));
    setSelectedKeys([]);
  };

  const columns: TableColumnsType<ProjectRow> = [
    { title: 'ID', dataIndex: 'id', width: 80, sorter: (a, b) => a.id - b.id },
    { title: 'Name', dataIndex: 'name', render: (_, row) => <Link to={projectScreenPath(row.module, row.id)} data-testid={`project-link-${row.id}`}>{row.name}</Link> },
    {
      title: 'Action', key: 'action', width: 300,
      render: (_, row) => (
        <CellGroup>
          <Button size="small" icon={<EditOutlined />} onClick={() => setDialog({ mode: 'rename', project: row })} data-testid={`rename-project-${row.id}`}>Rename</Button>
          <Button size="small" icon={<CopyOutlined />} onClick={() => setDialog({ mode: 'duplicate', project: row })} data-testid={`duplicate-project-${row.id}`}>Duplicate</Button>
          <RunNowRowButton campaignId={campaignId} project={row} siblings={projects ?? []} />
        </CellGroup>
      ),
    },
    { title: 'Module', dataIndex: 'module', width: 160, render: (_, row) => moduleName(row.module) },
    { title: 'Status', dataIndex: 'status', width: 140, render: (_, row) => <StatusTag status={row.status} /> },
    { title: 'Schedule', key: 'schedule', width: 150, render: (_, row) => wireDateToLocal(row.schedule?.startDate) },
    { title: 'Schedule Description', key: 'scheduleDescription', render: (_, row) => describeSchedule(row.schedule) },
    {
      title: 'Next', key: 'next',
      render: (_, row) => {
        const item = outlookOf.get(row.id);
        const parts = item ? describeRunOutlook(item, outlook.dataUpdatedAt, waitingParentsText(row.schedule, row.id, projects ?? [])) : [];
        return <span data-testid={`project-outlook-${row.id}`}>{parts.join(' · ')}</span>;
      },
    },
  ];

  return (
    <>
      <CampaignOutlookLine outlook={outlook.data} now={outlook.dataUpdatedAt} />
      <DataTable<ProjectRow>
        testId="projects-table" urlState={{ prefix: 'projects' }} columns={columns} rows={projects} rowKey="id" loading={loading}
        selection={{ selectedKeys, onChange: (keys) => setSelectedKeys(keys) }}
        emptyText="No projects yet: add one"
        toolbar={{
          left: (
            <>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ mode: 'add' })} data-testid="add-project">Add</Button>
              <DeleteSelectedButton selected={selectedKeys.length} loading={remove.isPending} onClick={() => void handleDelete()} testId="delete-projects" />
            </>
          ),
        }}
      />
      <ProjectDialog campaignId={campaignId} state={dialog} onClose={() => setDialog(null)} />
    </>
  );
}
