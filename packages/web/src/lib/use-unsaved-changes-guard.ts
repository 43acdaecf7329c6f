import { useEffect, useRef } from 'react';
import { App } from 'antd';
import { useBlocker } from 'react-router';

export const UNSAVED_CHANGES_TEXT = 'You have unsaved changes. Leave this page and lose them?';

/**
 * Asks before leaving a screen with unsaved changes: in-app navigation through a confirmation,
 * closing or reloading the tab through the browser's own prompt. Returns a function that marks
 * the changes as saved at once (before a navigation the save itself triggers).
 */
export function useUnsavedChangesGuard(changed: boolean): { markSaved: () => void } {
  const { modal } = App.useApp();
  const changedRef = useRef(changed);
  useEffect(() => {
    changedRef.current = changed;
  }, [changed]);

  const blocker = useBlocker(({ currentLocation, nextLocation }) =>
    changedRef.current && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    modal.confirm({
      title: 'Unsaved changes',
      content: UNSAVED_CHANGES_TEXT,
      okText: 'Leave',
      cancelText: 'Stay',
      okButtonProps: { danger: true, 'data-testid': 'leave-unsaved' },
      cancelButtonProps: { 'data-testid': 'stay-unsaved' },
      focusable: { autoFocusButton: 'cancel' },
      onOk: () => blocker.proceed(),
      onCancel: () => blocker.reset(),
    });
  }, [blocker, modal]);

  useEffect(() => {
    const handleBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!changedRef.current) return;
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', handleBeforeUnload);
    return () => window.removeEventListener('beforeunload', handleBeforeUnload);
  }, []);

  return {
    markSaved: () => {
      changedRef.current = false;
    },
  };
}
