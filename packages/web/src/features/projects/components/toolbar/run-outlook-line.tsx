import { Typography } from 'antd';
import { describeRunOutlook, waitingParentsText, type ProjectRow, type ProjectSibling } from '@linkloom/shared';
import { useProjectOutlook } from '../../api/run-outlook-api';

/**
 * What happens next, in one line beside the status (issue 35 item 2): what the project waits for
 * (its date, its parents, a live proxy), its next post in local time, posts today and in all, and
 * the last planned post. Nothing when there is nothing to say.
 */
export function RunOutlookLine({ project, siblings }: { project: Pick<ProjectRow, 'id' | 'status' | 'schedule'>; siblings: readonly ProjectSibling[] }) {
  const outlook = useProjectOutlook(project.id, project.status);
  if (!outlook.data) return null;
  const parts = describeRunOutlook(outlook.data, outlook.dataUpdatedAt, waitingParentsText(project.schedule, project.id, siblings));
  if (parts.length === 0) return null;
  return <Typography.Text type="secondary" data-testid="run-outlook">{parts.join(' · ')}</Typography.Text>;
}
