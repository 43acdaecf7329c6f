import { Suspense, lazy, useState } from 'react';
import { Dropdown, type MenuProps } from 'antd';
import { CalendarOutlined, DownOutlined } from '@ant-design/icons';
import { SCHEDULE_MESSAGES, isRunning, type ProjectKind, type ProjectRow, type ProjectSibling } from '@linkloom/shared';
import { useConfirm } from '@/components/confirm-delete';
import { ExplainedButton } from '@/components/disabled-reason';
import { useScheduleAction } from '../../api/schedule-api';

// The dialog brings the date and time pickers: loaded on first use, outside the app's main chunk.
const ScheduleDialog = lazy(() => import('../schedule/schedule-dialog').then((module) => ({ default: module.ScheduleDialog })));

/** Props of {@link ScheduleMenu}. */
export interface ScheduleMenuProps {
  project: ProjectRow;
  kind: ProjectKind;
  siblings: ProjectSibling[];
  /** Why the menu is off (editing: nothing to schedule now; a running project's schedule may be edited, issue 35); null when on. */
  disabledReason: string | null;
  /** Checks the screen first (valid tabs, a ticked site); false keeps the dialog closed. */
  beforeSchedule?: () => boolean | Promise<boolean>;
}

/**
 * The Schedule menu (spec 1 §2): Add Schedule, or Edit Schedule when one exists, and then also
 * Delete Schedule (after a confirmation) and Reset Schedule. While the project runs (issue 35) its
 * schedule can still be edited or deleted — the run's next posts follow the change — but not reset.
 */
export function ScheduleMenu({ project, kind, siblings, disabledReason, beforeSchedule }: ScheduleMenuProps) {
  const [dialogOpen, setDialogOpen] = useState(false);
  // Mounted from the first opening on, so closing keeps its animation.
  const [dialogUsed, setDialogUsed] = useState(false);
  const [checking, setChecking] = useState(false);
  const scheduleAction = useScheduleAction(project.id);
  const { confirmDelete } = useConfirm();
  const hasSchedule = Boolean(project.schedule?.scheduleType);
  const running = isRunning(project.status);

  const openDialog = async () => {
    setChecking(true);
    try {
      if (beforeSchedule && !(await beforeSchedule())) return;
      setDialogUsed(true);
      setDialogOpen(true);
    } finally {
      setChecking(false);
    }
  };

  const deleteSchedule = async () => {
    const confirmed = await confirmDelete({ title: 'Delete Schedule', content: 'Do you want to delete the schedule of this project?' });
    if (confirmed) scheduleAction.mutate('delete');
  };

  const items: MenuProps['items'] = [
    { key: 'edit', label: <span data-testid="schedule-edit">{hasSchedule ? 'Edit Schedule' : 'Add Schedule'}</span> },
    ...(hasSchedule
      ? [
        { key: 'delete', danger: true, label: <span data-testid="schedule-delete">Delete Schedule</span> },
        {
          key: 'reset', disabled: running,
          label: <span data-testid="schedule-reset" title={running ? SCHEDULE_MESSAGES.resetWhileRunning(project.status) : undefined}>Reset Schedule</span>,
        },
      ]
      : []),
  ];

  const handleClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'edit') void openDialog();
    if (key === 'delete') void deleteSchedule();
    if (key === 'reset') scheduleAction.mutate('reset');
  };

  return (
    <>
      <Dropdown menu={{ items, onClick: handleClick }} trigger={['click']} disabled={disabledReason !== null} placement="bottomRight">
        <ExplainedButton icon={<CalendarOutlined aria-hidden />} loading={checking || scheduleAction.isPending} disabledReason={disabledReason} data-testid="schedule-menu">
          Schedule <DownOutlined aria-hidden />
        </ExplainedButton>
      </Dropdown>
      {dialogUsed && (
        <Suspense fallback={null}>
          <ScheduleDialog open={dialogOpen} onClose={() => setDialogOpen(false)} project={project} kind={kind} siblings={siblings} />
        </Suspense>
      )}
    </>
  );
}
