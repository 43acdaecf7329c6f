import { Flex, Typography } from 'antd';
import { CheckCircleFilled, ExclamationCircleFilled, LoadingOutlined } from '@ant-design/icons';

/** Where an autosaving form stands: nothing to say, on its way, saved, or not saved (a field is wrong). */
export type AutosaveState = 'idle' | 'saving' | 'saved' | 'invalid';

/** Props of {@link AutosaveStatus}. */
export interface AutosaveStatusProps {
  state: AutosaveState;
  /** When the last save ended (epoch ms): shown as the local time. */
  savedAt?: number | null;
  testId?: string;
}

/**
 * The line under a form that saves by itself (issue 11.3): "Saving…", a green "Saved at 14:05",
 * or "Not saved: correct the fields above". Announced politely to screen readers. The line keeps
 * its height so the form does not jump.
 */
export function AutosaveStatus({ state, savedAt, testId = 'autosave-status' }: AutosaveStatusProps) {
  const time = savedAt ? new Date(savedAt).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit' }) : null;
  return (
    <Flex align="center" gap={6} style={{ minHeight: 22 }} role="status" aria-live="polite" data-testid={testId} data-state={state}>
      {state === 'saving' && (
        <Typography.Text type="secondary"><LoadingOutlined /> Saving…</Typography.Text>
      )}
      {state === 'saved' && (
        <Typography.Text type="success"><CheckCircleFilled /> {time ? `Saved at ${time}` : 'Saved'}</Typography.Text>
      )}
      {state === 'invalid' && (
        <Typography.Text type="danger"><ExclamationCircleFilled /> Not saved: correct the fields above</Typography.Text>
      )}
    </Flex>
  );
}
