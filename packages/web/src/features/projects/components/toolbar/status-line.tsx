import { Space, Typography } from 'antd';
import { describeSchedule, wireDateToLocal, type ProjectRow } from '@linkloom/shared';
import { StatusTag } from '@/components/status-tag';

/**
 * "Status:" with the coloured status (spec 1 §4) and, when the project has a schedule, what it
 * says; a fixed start is shown in local time (the wire holds UTC).
 */
export function StatusLine({ project }: { project: Pick<ProjectRow, 'status' | 'schedule'> }) {
  const { schedule } = project;
  const description = describeSchedule(schedule);
  const start = schedule?.scheduleType === 'FixedDate' ? wireDateToLocal(schedule.startDate) : '';
  return (
    <Space size={8} wrap data-testid="project-status-line">
      <Typography.Text strong>Status:</Typography.Text>
      <StatusTag status={project.status} />
      {description && (
        <Typography.Text type="secondary" data-testid="schedule-description">
          {description}
          {start && <>, starts <span data-testid="schedule-start">{start}</span></>}
        </Typography.Text>
      )}
    </Space>
  );
}
