import type { AppContext } from '../../app-context';

/** How a run ended: the project's status it left behind. */
export type FinishedRunStatus = 'COMPLETED' | 'FAILED' | 'STOPPED';

export interface RunFinished {
  ownerId: number;
  projectId: number;
  runId: number;
  status: FinishedRunStatus;
}

export type RunFinishedListener = (ctx: AppContext, event: RunFinished) => Promise<void>;

const listeners: RunFinishedListener[] = [];

/**
 * Called after a run has ended and its project's status is committed (the scheduler starts
 * AfterProject children from here). Returns a function that removes the listener.
 */
export function onRunFinished(listener: RunFinishedListener): () => void {
  listeners.push(listener);
  return () => {
    const index = listeners.indexOf(listener);
    if (index >= 0) listeners.splice(index, 1);
  };
}

/** Runs every listener; one failing listener does not keep the others from running. */
export async function emitRunFinished(ctx: AppContext, event: RunFinished, log: (error: unknown) => void = () => undefined): Promise<void> {
  for (const listener of [...listeners]) {
    try {
      await listener(ctx, event);
    } catch (error) {
      log(error);
    }
  }
}
