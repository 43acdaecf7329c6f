import type { ReactNode } from 'react';
import { Button, Popover, Space } from 'antd';
import { ExplainedButton } from '@/components/disabled-reason';
import {
  PROJECT_LIFECYCLE_MESSAGES, runNowButton, startStopButton, verifyButton, waitingParentsText, type ButtonState, type ProjectAction, type ProjectSchedule, type ProjectSibling,
} from '@linkloom/shared';
import { useProjectAction } from '../../api/project-actions-api';
import { useRunNowConfirm } from '@/components/run-now-confirm';
import { RunNowButton, ScheduledStartHelp } from './run-now';

/** Props of {@link LifecycleButtons}. */
export interface LifecycleButtonsProps {
  projectId: number;
  status: string;
  editing: boolean;
  /** Account creation projects also verify email (spec 1 §2). */
  accountCreation: boolean;
  /** What Run now's confirmation names: the parents an AfterProject schedule waits for. */
  schedule?: ProjectSchedule | null;
  siblings?: readonly ProjectSibling[];
}

/**
 * Start / Stop, and for account creation Verify mail / Stop verifying (spec 1 §4). What each
 * button reads and allows comes from the shared lifecycle rules; a click waits the spec's
 * second and then calls the server, loading all along. One action at a time. A scheduled project
 * also has Run now (issue 35), which its Start popover offers too; a project waiting for its
 * parents asks first.
 */
export function LifecycleButtons({ projectId, status, editing, accountCreation, schedule, siblings = [] }: LifecycleButtonsProps) {
  const action = useProjectAction(projectId);
  const confirmRunNow = useRunNowConfirm();
  const running = action.isPending ? action.variables : null;
  const startStop = startStopButton(status, { editing, accountCreation });
  const runNow = runNowButton(status, { editing, accountCreation });
  const handleRunNow = async () => {
    if (await confirmRunNow(waitingParentsText(schedule, projectId, siblings))) action.mutate('runNow');
  };
  const help = startStop.popover
    ? <ScheduledStartHelp disabledReason={runNow.action === null ? runNow.reason : null} busy={running !== null} onRunNow={() => void handleRunNow()} />
    : undefined;
  return (
    <Space size={8}>
      <ActionButton state={startStop} pending={running} busy={running !== null} onAction={action.mutate} testId="start-stop" primary popoverContent={help} />
      {status === 'SCHEDULED' && (
        <RunNowButton state={runNow} loading={running === 'runNow'} busy={running !== null} onRunNow={() => void handleRunNow()} />
      )}
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
  /** What the popover shows instead of the state's text (the way out, with its button). */
  popoverContent?: ReactNode;
}

function ActionButton({ state, pending, busy, onAction, testId, primary = false, popoverContent }: ActionButtonProps) {
  const { label, action } = state;
  const stopping = label.startsWith('Stop');
  const type = primary && !stopping ? 'primary' : 'default';
  if (state.popover) {
    // A scheduled project: the click explains why it cannot start instead of acting. Below the
    // button: above it, the popover opened under the page's top edge when the toolbar was near it,
    // and antd flipped it below at the next render — the press on its Run now began on the button
    // and ended on the page, so nothing ran.
    return (
      <Popover trigger="click" placement="bottom" title={state.popover.title} content={popoverContent ?? state.popover.content}>
        <Button type={type} data-testid={testId}>{label}</Button>
      </Popover>
    );
  }
  const loading = action !== null && pending === action;
  return (
    <ExplainedButton
      type={type}
      danger={stopping}
      disabledReason={state.action === null ? state.reason : busy && !loading ? PROJECT_LIFECYCLE_MESSAGES.actionPending : null}
      loading={loading}
      onClick={() => action && onAction(action)}
      data-testid={testId}
    >
      {label}
    </ExplainedButton>
  );
}
