import { useCallback } from 'react';
import { App } from 'antd';
import { PROJECT_LIFECYCLE_MESSAGES } from '@linkloom/shared';
import { DIALOG_LABELS } from './dialog-labels';

/**
 * Asks before a project that waits for its parents starts early (issue 35); a project waiting for
 * a date (or for nothing) runs at once. True when it may run.
 */
export function useRunNowConfirm(): (waitingFor: string | null) => Promise<boolean> {
  const { modal } = App.useApp();
  return useCallback((waitingFor: string | null) => {
    if (waitingFor === null) return Promise.resolve(true);
    return new Promise<boolean>((resolve) => {
      modal.confirm({
        title: PROJECT_LIFECYCLE_MESSAGES.runEarlyTitle,
        content: <span data-testid="run-now-confirm-text">{PROJECT_LIFECYCLE_MESSAGES.runEarly(waitingFor)}</span>,
        okText: PROJECT_LIFECYCLE_MESSAGES.runNowLabel,
        cancelText: DIALOG_LABELS.cancel,
        okButtonProps: { 'data-testid': 'run-now-confirm-ok' },
        cancelButtonProps: { 'data-testid': 'run-now-confirm-cancel' },
        focusable: { autoFocusButton: 'cancel' },
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      });
    });
  }, [modal]);
}
