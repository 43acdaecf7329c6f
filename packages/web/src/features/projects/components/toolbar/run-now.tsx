import { Button, Space, Typography } from 'antd';
import { ThunderboltOutlined } from '@ant-design/icons';
import { PROJECT_LIFECYCLE_MESSAGES, type ButtonState } from '@linkloom/shared';

/** Props of {@link RunNowButton}. */
export interface RunNowButtonProps {
  state: ButtonState & { reason: string | null };
  loading: boolean;
  busy: boolean;
  onRunNow: () => void;
}

/** Run now (issue 35): a scheduled project starts at once and keeps its schedule. Disabled with the reason as its title. */
export function RunNowButton({ state, loading, busy, onRunNow }: RunNowButtonProps) {
  return (
    <Button
      icon={<ThunderboltOutlined aria-hidden />} loading={loading} disabled={state.action === null || (busy && !loading)}
      title={state.reason ?? PROJECT_LIFECYCLE_MESSAGES.runNowInstead} onClick={onRunNow} data-testid="run-now"
    >
      {state.label}
    </Button>
  );
}

/** The Start popover of a scheduled project: the spec's refusal, then the way out. */
export function ScheduledStartHelp({ onRunNow, disabled }: { onRunNow: () => void; disabled: boolean }) {
  return (
    <Space direction="vertical" size={8} style={{ maxWidth: 320 }} data-testid="start-scheduled-help">
      <Typography.Text>{PROJECT_LIFECYCLE_MESSAGES.scheduled}</Typography.Text>
      <Typography.Text type="secondary">{PROJECT_LIFECYCLE_MESSAGES.runNowInstead}</Typography.Text>
      <Button size="small" type="primary" icon={<ThunderboltOutlined aria-hidden />} disabled={disabled} onClick={onRunNow} data-testid="start-popover-run-now">
        {PROJECT_LIFECYCLE_MESSAGES.runNowLabel}
      </Button>
    </Space>
  );
}
