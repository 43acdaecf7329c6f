import { Suspense, lazy, useCallback, useState, type ReactNode } from 'react';
import type { RunLogTarget } from './run-log-drawer';

// Loaded on first use, outside the project screen's chunk.
const RunLogDrawer = lazy(() => import('./run-log-drawer').then((module) => ({ default: module.RunLogDrawer })));

/**
 * Opens the run log drawer of a project, for all its sites (null) or one: `show` opens it, `drawer`
 * goes anywhere in the caller's tree. The drawer's code loads at the first opening and stays
 * mounted from then on, so closing keeps its animation.
 */
export function useRunLogDrawer(projectId: number): { show: (target: RunLogTarget) => void; drawer: ReactNode } {
  const [target, setTarget] = useState<RunLogTarget>(null);
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const show = useCallback((next: RunLogTarget) => {
    setTarget(next);
    setUsed(true);
    setOpen(true);
  }, []);
  const close = useCallback(() => setOpen(false), []);
  const drawer = used && (
    <Suspense fallback={null}>
      <RunLogDrawer projectId={projectId} target={target} open={open} onClose={close} />
    </Suspense>
  );
  return { show, drawer };
}
