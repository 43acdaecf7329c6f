import { Button, Popover, Space } from 'antd';
import { startStopButton, verifyButton, type ButtonState, type ProjectAction } from '@linkloom/shared';
import { useProjectAction } from '../../api/project-actions-api';

/** Props of {@link LifecycleButtons}. */
export interface LifecycleButtonsProps {
  projectId: number;
  status: string;
  editing: boolean;
  /** Account creation projects also verify email (spec 1 §2). */
  accountCreation: boolean;
}

/**
 * Start / Stop, and for account creation Verify mail / Stop verifying (spec 1 §4). What each
 * button reads and allows comes from the shared lifecycle rules; a click waits the spec's
 * second and then calls the server, loading all along. One action at a time.
 */
export function LifecycleButtons({ projectId, status, editing, accountCreation }: LifecycleButtonsProps) {
  const action = useProjectAction(projectId);
  const running = action.isPending ? action.variables : null;
  const startStop = startStopButton(status, { editing, accountCreation });
  return (
    <Space size={8}>
      <ActionButton state={startStop} pending={running} busy={running !== null} onAction={action.mutate} testId="start-stop" primary />
      {accountCreation && (
        <ActionButton state={verifyButton(status, editing)} pending={running} busy={running !== null} onAction={action.mutate} testId="verify-mail" />
      )}
    </Space>
  );
}

interface ActionButtonProps {
  state: ButtonState;
  /** The action under way, if any. */
  pending: ProjectAction | null | undefined;
  busy: boolean;
  onAction: (action: ProjectAction) => void;
  testId: string;
  /** The screen's main action (Start); Stop buttons are always shown as danger. */
  primary?: boolean;
}

function ActionButton({ state, pending, busy, onAction, testId, primary = false }: ActionButtonProps) {
  const { label, action, popover } = state;
  const stopping = label.startsWith('Stop');
  const type = primary && !stopping ? 'primary' : 'default';
  if (popover) {
    // A scheduled project: the click explains why it cannot start instead of acting.
    return (
      <Popover trigger="click" title={popover.title} content={popover.content}>
        <Button type={type} data-testid={testId}>{label}</Button>
      </Popover>
    );
  }
  const loading = action !== null && pending === action;
  return (
    <Button
      type={type}
      danger={stopping}
      disabled={action === null || (busy && !loading)}
      loading={loading}
      onClick={() => action && onAction(action)}
      data-testid={testId}
    >
      {label}
    </Button>
  );
}
