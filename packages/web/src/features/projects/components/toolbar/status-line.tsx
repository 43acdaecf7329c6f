import { Space, Typography } from 'antd';
import { describeSchedule, wireDateToLocal, type ProjectRow } from '@linkloom/shared';
import { StatusTag } from '@/components/status-tag';
import { useRunProgress } from '../../api/use-run-progress';

/**
 * "Status:" with the coloured status (spec 1 §4) and, when the project has a schedule, what it
 * says; a fixed start is shown in local time (the wire holds UTC). While the project runs, what
 * its run is doing right now (an attempt, a retry, a wait) follows the status.
 */
export function StatusLine({ project }: { project: Pick<ProjectRow, 'id' | 'status' | 'schedule'> }) {
  const { schedule } = project;
  const progress = useRunProgress(project.id, project.status);
  const description = describeSchedule(schedule);
  const start = schedule?.scheduleType === 'FixedDate' ? wireDateToLocal(schedule.startDate) : '';
  return (
    <Space size={8} wrap data-testid="project-status-line">
      <Typography.Text strong>Status:</Typography.Text>
      <StatusTag status={project.status} />
      {progress && (
        <Typography.Text type="secondary" data-testid="run-progress" aria-live="polite">
          {progress}
        </Typography.Text>
      )}
      {description && (
        <Typography.Text type="secondary" data-testid="schedule-description">
          {description}
          {start && <>, starts <span data-testid="schedule-start">{start}</span></>}
        </Typography.Text>
      )}
    </Space>
  );
}
