import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  ACTION_DELAY_MS, COMMON_MESSAGES, ERROR_TOAST_SECONDS, ProjectRowSchema,
  type ProjectAction, type ProjectRow, type ProjectScreen,
} from '@linkloom/shared';
import { appFeedback } from '@/lib/app-feedback';
import { get, post, reportHttpFailure } from '@/lib/http';
import { HttpError } from '@/lib/http-error';
import { projectKeys } from './project-keys';

/** The notification title of each failed action (spec 1 §8; the verifying ones follow their buttons). */
export const PROJECT_ACTION_FAILURES: Record<ProjectAction, string> = {
  start: 'Failed to start project.',
  stop: 'Failed to stop project.',
  startVerifying: 'Failed to start verifying.',
  stopVerifying: 'Failed to stop verifying.',
  runNow: 'Failed to run the project now.',
};

/** The spec's GET calls, and Run now's POST (issue 35: it starts work, so it is not a GET). */
const ACTION_CALLS: Record<ProjectAction, { method: 'GET' | 'POST'; path: (id: number) => string }> = {
  start: { method: 'GET', path: (id) => `/action/start/project/${id}` },
  stop: { method: 'GET', path: (id) => `/action/stop/project/${id}` },
  startVerifying: { method: 'GET', path: (id) => `/action/start/verifying/${id}` },
  stopVerifying: { method: 'GET', path: (id) => `/action/stop/verifying/${id}` },
  runNow: { method: 'POST', path: (id) => `/action/run_now/project/${id}` },
};

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Writes a fresh project row (status, lastError, schedule) into the cached project screen, so the
 * toolbar changes at once; the live projectStatusChanged message brings the same values.
 */
export function mergeProjectRow(queryClient: QueryClient, row: ProjectRow, statusBefore?: string): void {
  queryClient.setQueryData<ProjectScreen>(projectKeys.screen(row.id), (screen) => {
    if (!screen) return screen;
    // The engine may already have moved on (STARTING → RUNNING → FAILED) and the live channel may
    // have said so before this answer arrived: an answer older than the screen is not applied.
    if (statusBefore !== undefined && screen.project.status !== statusBefore) return screen;
    return withProjectRow(screen, row);
  });
}

/** The status the cached screen shows now (captured when a call starts, for mergeProjectRow). */
export function cachedStatus(queryClient: QueryClient, projectId: number): string | undefined {
  return queryClient.getQueryData<ProjectScreen>(projectKeys.screen(projectId))?.project.status;
}

/** The screen (of whichever kind) with the row's status, lastError and schedule. */
function withProjectRow<S extends { project: ProjectRow }>(screen: S, row: ProjectRow): S {
  return { ...screen, project: { ...screen.project, status: row.status, lastError: row.lastError, schedule: row.schedule } };
}

/**
 * One toast for a failed project call: the spec's title for the action ('Failed to start
 * project.') with the server's reason and details, and what to do when the server said nothing
 * (lib/http-error.ts); never the status code and URL (issue 35). A 401 still sends the user to
 * login. Calls made with `silent: true` end here.
 */
export function notifyProjectFailure(title: string, error: unknown): void {
  if (error instanceof HttpError) {
    reportHttpFailure(error.failure(title));
    return;
  }
  appFeedback().notification.error({
    key: title,
    title,
    description: error instanceof Error && error.message ? error.message : COMMON_MESSAGES.unknownError,
    duration: ERROR_TOAST_SECONDS,
  });
}

/**
 * Start / Stop and Verify mail / Stop verifying (spec 1 §4): waits the spec's 1 second, then
 * GET /action/{start|stop}/{project|verifying}/{id}; Run now: POST /action/run_now/project/{id}. `isPending` covers the wait and the call, so
 * the button shows its loading state throughout.
 */
export function useProjectAction(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (action: ProjectAction) => {
      await wait(ACTION_DELAY_MS);
      const call = ACTION_CALLS[action];
      const send = call.method === 'POST' ? post : get;
      return send(call.path(projectId), { schema: ProjectRowSchema, silent: true });
    },
    onMutate: () => ({ statusBefore: cachedStatus(queryClient, projectId), updatedAt: screenUpdatedAt(queryClient, projectId) }),
    onSuccess: (row, _action, context) => {
      // The screen heard news meanwhile (the live channel pushes every status change, this one
      // included): the answer is older than the screen. Comparing statuses alone is not enough:
      // Verify mail goes NEW → STARTING_VERIFYING → VERIFYING → NEW before its answer may arrive.
      if (screenUpdatedAt(queryClient, projectId) !== context.updatedAt) return;
      mergeProjectRow(queryClient, row, context.statusBefore);
    },
    onError: (error, action) => notifyProjectFailure(PROJECT_ACTION_FAILURES[action], error),
  });
}

/** When the cached project screen last changed (a live message, a refetch or a merge). */
function screenUpdatedAt(queryClient: QueryClient, projectId: number): number | undefined {
  return queryClient.getQueryState(projectKeys.screen(projectId))?.dataUpdatedAt;
}
