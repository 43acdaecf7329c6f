import { ThunderboltOutlined } from '@ant-design/icons';
import { PROJECT_LIFECYCLE_MESSAGES, runNowButton, waitingParentsText, type ProjectRow, type ProjectSibling } from '@linkloom/shared';
import { useRunNowConfirm } from '@/components/run-now-confirm';
import { ExplainedButton } from '@/components/disabled-reason';
import { useProjectMutations } from '../api/campaign-rows-api';

/**
 * Run now from the campaign's Projects tab (issue 35): shown for a scheduled project only; a
 * project waiting for its parents asks first, as on its own screen. The row's new status comes
 * with the refreshed campaign and the live projectStatusChanged.
 */
export function RunNowRowButton({ campaignId, project, siblings }: {
  campaignId: number; project: Pick<ProjectRow, 'id' | 'name' | 'status' | 'module' | 'schedule'>; siblings: readonly ProjectSibling[];
}) {
  const { runNow } = useProjectMutations(campaignId);
  const confirmRunNow = useRunNowConfirm();
  if (project.status !== 'SCHEDULED') return null;
  const state = runNowButton(project.status, { editing: false, accountCreation: project.module === 'AccountCreation' });
  const handleRunNow = async () => {
    if (await confirmRunNow(waitingParentsText(project.schedule, project.id, siblings))) runNow.mutate(project);
  };
  return (
    <ExplainedButton
      size="small" icon={<ThunderboltOutlined aria-hidden />} loading={runNow.isPending && runNow.variables?.id === project.id}
      disabledReason={state.action === null ? state.reason : null}
      title={state.action === null ? undefined : PROJECT_LIFECYCLE_MESSAGES.runNowInstead} onClick={() => void handleRunNow()} data-testid={`run-now-project-${project.id}`}
    >
      {state.label}
    </ExplainedButton>
  );
}
