import { useEffect, useRef } from 'react';
import { App } from 'antd';
import { useBlocker, useLocation, useNavigate } from 'react-router';
import { setAddressBarGuard } from './address-bar-guard';

export const UNSAVED_CHANGES_TEXT = 'You have unsaved changes. Leave this page and lose them?';

/** The app path of a hash URL's fragment (`#/campaign/3?x=1` → `/campaign/3`). */
function hashPathname(hash: string): string {
  const path = hash.replace(/^#/, '') || '/';
  return path.split(/[?#]/, 1)[0] ?? '/';
}

/**
 * Asks before leaving a screen with unsaved changes: in-app navigation (links, Back) through a
 * confirmation, an edit of the address bar's hash through the same confirmation, and closing,
 * reloading or a full navigation of the tab through the browser's own prompt (beforeunload).
 * Returns a function that marks the changes as saved at once (before a navigation the save itself
 * triggers).
 */
export function useUnsavedChangesGuard(changed: boolean): { markSaved: () => void } {
  const { modal } = App.useApp();
  const changedRef = useRef(changed);
  useEffect(() => {
    changedRef.current = changed;
  }, [changed]);

  const blocker = useBlocker(({ currentLocation, nextLocation }) =>
    changedRef.current && currentLocation.pathname !== nextLocation.pathname);

  // One question per blocked step: the screen may render again while it is asked (its data
  // refreshed, a live update), handing a new blocker object for the same step, and a second
  // dialog then stayed open under the first after Stay (seen on a busy machine).
  const blockerRef = useRef(blocker);
  const askingRef = useRef(false);
  useEffect(() => {
    blockerRef.current = blocker;
    if (blocker.state !== 'blocked' || askingRef.current) return;
    askingRef.current = true;
    modal.confirm({
      title: 'Unsaved changes',
      content: UNSAVED_CHANGES_TEXT,
      okText: 'Leave',
      cancelText: 'Stay',
      okButtonProps: { danger: true, 'data-testid': 'leave-unsaved' },
      cancelButtonProps: { 'data-testid': 'stay-unsaved' },
      focusable: { autoFocusButton: 'cancel' },
      onOk: () => {
        askingRef.current = false;
        blockerRef.current.proceed?.();
      },
      onCancel: () => {
        askingRef.current = false;
        blockerRef.current.reset?.();
      },
    });
  }, [blocker, modal]);

  // A hash typed into the address bar is a history entry the router did not make (no `idx` in its
  // state): the router's blocker cannot undo such a step and lets it through. This handler runs
  // before the router's own listener (lib/address-bar-guard.ts), keeps the router from seeing the
  // step while there are changes, and asks: Leave goes there through the router, Stay steps back.
  const location = useLocation();
  const navigate = useNavigate();
  const pathnameRef = useRef(location.pathname);
  useEffect(() => {
    pathnameRef.current = location.pathname;
  }, [location.pathname]);
  useEffect(() => {
    const handlePopState = (event: PopStateEvent) => {
      const state: unknown = event.state;
      const fromRouter = typeof state === 'object' && state !== null && 'idx' in state;
      const target = hashPathname(window.location.hash);
      if (!changedRef.current || fromRouter || target === pathnameRef.current) return;
      event.stopImmediatePropagation();
      const destination = window.location.hash.replace(/^#/, '') || '/';
      modal.confirm({
        title: 'Unsaved changes',
        content: UNSAVED_CHANGES_TEXT,
        okText: 'Leave',
        cancelText: 'Stay',
        okButtonProps: { danger: true, 'data-testid': 'leave-unsaved' },
        cancelButtonProps: { 'data-testid': 'stay-unsaved' },
        focusable: { autoFocusButton: 'cancel' },
        onOk: () => {
          changedRef.current = false;
          void navigate(destination, { replace: true });
        },
        // Back to the entry this screen was shown from: the typed address leaves the bar.
        onCancel: () => window.history.back(),
      });
    };
    return setAddressBarGuard(handlePopState);
  }, [modal, navigate]);

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
