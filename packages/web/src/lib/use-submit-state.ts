import { useCallback, useState } from 'react';
import { HttpError } from './http-error';
import { appFeedback } from './app-feedback';
import { ERROR_TOAST_SECONDS } from '@linkloom/shared';

/** The outcome of one submit: the action's value, or `failed` when it threw. */
export type SubmitOutcome<R> = { failed: false; value: R } | { failed: true };

/**
 * Runs a dialog's submit action with a pending flag for the OK button. A failure never escapes:
 * HttpErrors were already shown by lib/http.ts; anything else is shown here. The dialog stays open
 * on failure so nothing typed is lost.
 */
export function useSubmitState(): { submitting: boolean; run: <R>(action: () => Promise<R>) => Promise<SubmitOutcome<R>> } {
  const [submitting, setSubmitting] = useState(false);
  const run = useCallback(async <R,>(action: () => Promise<R>): Promise<SubmitOutcome<R>> => {
    setSubmitting(true);
    try {
      return { failed: false, value: await action() };
    } catch (error) {
      if (!(error instanceof HttpError)) {
        appFeedback().message.error({ content: error instanceof Error ? error.message : String(error), duration: ERROR_TOAST_SECONDS });
      }
      return { failed: true };
    } finally {
      setSubmitting(false);
    }
  }, []);
  return { submitting, run };
}
