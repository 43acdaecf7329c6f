import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ProjectRowSchema, SCHEDULE_MESSAGES, isRunning, type ScheduleWire } from '@linkloom/shared';
import { appFeedback } from '@/lib/app-feedback';
import { get, post } from '@/lib/http';
import { cachedStatus, mergeProjectRow, notifyProjectFailure } from './project-actions-api';

/** Texts of the schedule calls: failures are the spec's (spec 1 §8), successes short toasts. */
export const SCHEDULE_CALL_MESSAGES = {
  saveFailed: 'Failed to save schedule.',
  deleteFailed: 'Failed to delete schedule.',
  resetFailed: 'Failed to reset schedule.',
  saved: 'Schedule saved',
  deleted: 'Schedule deleted',
  reset: 'Schedule reset',
} as const;

/**
 * POST /rest/schedule/{projectId} with status SCHEDULED (spec 1 §4): the answer is the project
 * row, whose status and schedule replace the cached ones. A refusal (422 with the schedule rules'
 * messages, 409 while running) is one toast titled 'Failed to save schedule.'.
 */
export function useSaveSchedule(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (schedule: ScheduleWire) =>
      post(`/rest/schedule/${projectId}`, { body: { status: 'SCHEDULED', schedule }, schema: ProjectRowSchema, silent: true }),
    onMutate: () => ({ statusBefore: cachedStatus(queryClient, projectId) }),
    onSuccess: (row, _schedule, context) => {
      mergeProjectRow(queryClient, row, context.statusBefore);
      // Saved while the project runs (issue 35): say what the change does to the run under way.
      appFeedback().message.success(isRunning(row.status) ? SCHEDULE_MESSAGES.savedWhileRunning : SCHEDULE_CALL_MESSAGES.saved);
    },
    onError: (error) => notifyProjectFailure(SCHEDULE_CALL_MESSAGES.saveFailed, error),
  });
}

/** GET /action/delete/schedule/{id} or /action/reset/schedule/{id}; the answer is the project row. */
export function useScheduleAction(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: 'delete' | 'reset') => get(`/action/${action}/schedule/${projectId}`, { schema: ProjectRowSchema, silent: true }),
    onMutate: () => ({ statusBefore: cachedStatus(queryClient, projectId) }),
    onSuccess: (row, action, context) => {
      mergeProjectRow(queryClient, row, context.statusBefore);
      appFeedback().message.success(action === 'delete' ? SCHEDULE_CALL_MESSAGES.deleted : SCHEDULE_CALL_MESSAGES.reset);
    },
    onError: (error, action) =>
      notifyProjectFailure(action === 'delete' ? SCHEDULE_CALL_MESSAGES.deleteFailed : SCHEDULE_CALL_MESSAGES.resetFailed, error),
  });
}
