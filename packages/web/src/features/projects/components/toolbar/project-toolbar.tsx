import { Flex, Space, Typography } from 'antd';
import { PROJECT_LIFECYCLE_MESSAGES, editBlockedReason, type ProjectKind, type ProjectRow, type ProjectSibling } from '@linkloom/shared';
import { ViewErrorButton } from '@/components/error-list-dialog';
import { EditButtons } from './edit-buttons';
import { LifecycleButtons } from './lifecycle-buttons';
import { ScheduleMenu } from './schedule-menu';
import { StatusLine } from './status-line';
import { RunOutlookLine } from './run-outlook-line';
import { RunLogButton } from './run-log-button';
import { CheckNowButton } from '@/components/check-now/check-now-button';

/** Props of {@link ProjectToolbar}. */
export interface ProjectToolbarProps {
  /** id, campaignId, name, module, status, lastError, schedule. */
  project: ProjectRow;
  kind: ProjectKind;
  editing: boolean;
  saving: boolean;
  dirty?: boolean;
  onEdit: () => void;
  onSave: () => void;
  onCancel: () => void;
  /** Runs the pre-checks before the schedule dialog opens; false = do not open (the page shows why). */
  beforeSchedule?: () => boolean | Promise<boolean>;
  /** Parent choices for AfterProject. */
  siblings: ProjectSibling[];
  /** Account creation: verificationInfo.status. */
  verificationStatus?: string | null;
}

/**
 * The bar every project screen shares (spec 1 §2): the status line, View Error, the run log (issue
 * 35), Edit / Save / Cancel, Start / Stop (and Verify mail for account creation) and the Schedule menu.
 */
export function ProjectToolbar(p: ProjectToolbarProps) {
  const { project, kind, editing } = p;
  const accountCreation = kind === 'acproject';
  return (
    <Flex justify="space-between" align="center" wrap gap={12} data-testid="project-toolbar">
      <Space size={12} wrap>
        <StatusLine project={project} />
        <RunOutlookLine project={project} siblings={p.siblings} />
        {accountCreation && p.verificationStatus && (
          <Typography.Text type="secondary" data-testid="verification-status">
            Verification: {p.verificationStatus}
          </Typography.Text>
        )}
      </Space>
      <Space size={8} wrap>
        <ViewErrorButton lines={project.lastError} />
        <RunLogButton projectId={project.id} />
        {/* Projects that publish posts: their links re-checked at once (issue 36). */}
        {(kind === 'postingproject' || kind === 'privateproject') && (
          <CheckNowButton scope={{ projectId: project.id }} label="Check links now" testId="check-now-project" disabledReason={editing ? PROJECT_LIFECYCLE_MESSAGES.whileEditing : null} />
        )}
        <EditButtons
          editing={editing}
          saving={p.saving}
          lockedReason={editBlockedReason(project.status, accountCreation)}
          dirty={p.dirty}
          onEdit={p.onEdit}
          onSave={p.onSave}
          onCancel={p.onCancel}
        />
        <LifecycleButtons
          projectId={project.id} status={project.status} editing={editing} accountCreation={accountCreation}
          schedule={project.schedule} siblings={p.siblings}
        />
        <ScheduleMenu
          project={project}
          kind={kind}
          siblings={p.siblings}
          disabledReason={editing ? PROJECT_LIFECYCLE_MESSAGES.whileEditing : null}
          beforeSchedule={p.beforeSchedule}
        />
      </Space>
    </Flex>
  );
}
