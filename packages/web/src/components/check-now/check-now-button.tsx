import { Space, Typography } from 'antd';
import { SyncOutlined } from '@ant-design/icons';
import { DISABLED_REASONS, describeCheckProgress, type CheckNowRequest } from '@linkloom/shared';
import { ExplainedButton } from '../disabled-reason';
import { useCheckNow } from './use-check-now';

export interface CheckNowButtonProps {
  /** What to check: a link, a selection, a link set, a project or a campaign (null: nothing yet, the button is disabled). */
  scope: CheckNowRequest | null;
  /** data-testid of the button: check-now-link-{id}, check-now-selected, check-now-link-set, check-now-project, check-now-campaign. */
  testId: string;
  /** The button's text ("Check now", "Check selected (3)"); none for a row's icon button. */
  label?: string;
  /** Why the button is off besides a running check (editing the project); null or absent when on. */
  disabledReason?: string | null;
}

/**
 * The one Check now button (issue 36) of the link row, the selection, the link set, the project and
 * the campaign: it starts the check, shows "Checking 12 of 40…" beside itself while the checks
 * land (the statuses change in the grids as they do) and says the result in a toast when done.
 */
export function CheckNowButton({ scope, testId, label, disabledReason = null }: CheckNowButtonProps) {
  const { start, running, progress } = useCheckNow();
  const why = disabledReason ?? (scope === null ? DISABLED_REASONS.selectToCheck : null) ?? (running ? DISABLED_REASONS.checkRunning : null);
  const button = (
    <ExplainedButton
      type={label ? 'default' : 'text'}
      icon={<SyncOutlined spin={running} />}
      disabledReason={why}
      tooltip={label ? undefined : 'Check now'}
      aria-label={label ?? 'Check now'}
      onClick={() => { if (scope) void start(scope); }}
      data-testid={testId}
    >
      {label}
    </ExplainedButton>
  );
  return (
    <Space size={6}>
      {button}
      {running && (
        <Typography.Text type="secondary" style={{ fontSize: label ? undefined : 12, whiteSpace: 'nowrap' }} aria-live="polite" data-testid="check-now-progress">
          {describeCheckProgress(progress)}
        </Typography.Text>
      )}
    </Space>
  );
}
