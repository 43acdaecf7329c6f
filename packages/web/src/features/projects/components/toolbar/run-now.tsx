import { Space, Typography } from 'antd';
import { ExplainedButton } from '@/components/disabled-reason';
import { ThunderboltOutlined } from '@ant-design/icons';
import { PROJECT_LIFECYCLE_MESSAGES, type ButtonState } from '@linkloom/shared';

/** Props of {@link RunNowButton}. */
export interface RunNowButtonProps {
  state: Exclude<ButtonState, { popover: object }>;
  loading: boolean;
  busy: boolean;
  onRunNow: () => void;
}

/** Run now (issue 35): a scheduled project starts at once and keeps its schedule. Disabled with the reason as its tooltip. */
export function RunNowButton({ state, loading, busy, onRunNow }: RunNowButtonProps) {
  return (
    <ExplainedButton
      icon={<ThunderboltOutlined aria-hidden />} loading={loading}
      disabledReason={state.action === null ? state.reason : busy && !loading ? PROJECT_LIFECYCLE_MESSAGES.actionPending : null}
      title={state.action === null ? undefined : PROJECT_LIFECYCLE_MESSAGES.runNowInstead} onClick={onRunNow} data-testid="run-now"
    >
      {state.label}
    </ExplainedButton>
  );
}

/** The Start popover of a scheduled project: the spec's refusal, then the way out. */
export function ScheduledStartHelp({ onRunNow, disabledReason, busy }: { onRunNow: () => void; disabledReason: string | null; busy: boolean }) {
  return (
    <Space direction="vertical" size={8} style={{ maxWidth: 320 }} data-testid="start-scheduled-help">
      <Typography.Text>{PROJECT_LIFECYCLE_MESSAGES.scheduled}</Typography.Text>
      <Typography.Text type="secondary">{PROJECT_LIFECYCLE_MESSAGES.runNowInstead}</Typography.Text>
      <ExplainedButton
        size="small" type="primary" icon={<ThunderboltOutlined aria-hidden />} disabledReason={disabledReason ?? (busy ? PROJECT_LIFECYCLE_MESSAGES.actionPending : null)}
        onClick={onRunNow} data-testid="start-popover-run-now"
      >
        {PROJECT_LIFECYCLE_MESSAGES.runNowLabel}
      </ExplainedButton>
    </Space>
  );
}
