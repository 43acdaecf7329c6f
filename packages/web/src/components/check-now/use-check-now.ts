import { useEffect, useRef, useState } from 'react';
import {
  CheckNowResponseSchema, checkFoundProblems, describeCheckResult, type CheckNowRequest, type CheckProgress,
} from '@linkloom/shared';
import { post } from '@/lib/http';
import { toastDone, toastFailure, toastProblems } from '@/lib/action-feedback';
import { useLiveTopic } from '@/lib/use-live-topic';

/** What a failed start says (the server's reason follows). */
export const CHECK_NOW_FAILED = 'Failed to start the check';
/** With no word of the check for this long (a dropped live connection), the button lets go: the checks go on and the grid still updates as they land. */
const QUIET_LIMIT_MS = 120_000;

export interface CheckNowState {
  /** Starts a check of the scope (ignored while one of this button runs). */
  start: (scope: CheckNowRequest) => Promise<void>;
  /** True from the click until the check finished. */
  running: boolean;
  /** The latest progress of the running check (undefined until the first word). */
  progress: CheckProgress | undefined;
}

/**
 * Check now (issue 36) for one button: POST /action/check_now, then the check's `checkProgress`
 * messages on the user's `link_checks` topic until it says finished, and one toast with the result
 * ("40 links checked: 37 live, 3 missing"). The topic is listened to while the button is mounted,
 * and messages that come before the POST answers (a check of one link can be that quick) are kept
 * until the answer names the check.
 */
export function useCheckNow(): CheckNowState {
  const [running, setRunning] = useState(false);
  const [progress, setProgress] = useState<CheckProgress | undefined>(undefined);
  const checkId = useRef<string | null>(null);
  const starting = useRef(false);
  const early = useRef(new Map<string, CheckProgress>());
  const quiet = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const letGo = () => {
    checkId.current = null;
    clearTimeout(quiet.current);
    setRunning(false);
    setProgress(undefined);
  };
  const apply = (next: CheckProgress) => {
    clearTimeout(quiet.current);
    if (next.finished) {
      letGo();
      const text = describeCheckResult(next);
      if (checkFoundProblems(next)) toastProblems([text]);
      else toastDone(text);
      return;
    }
    setProgress(next);
    quiet.current = setTimeout(letGo, QUIET_LIMIT_MS);
  };

  useLiveTopic('link_checks', (message) => {
    if (message.name !== 'checkProgress') return;
    const next = message.payload;
    if (next.checkId === checkId.current) apply(next);
    else if (starting.current) early.current.set(next.checkId, next);
  });
  useEffect(() => () => clearTimeout(quiet.current), []);

  const start = async (scope: CheckNowRequest) => {
    if (starting.current || checkId.current !== null) return;
    starting.current = true;
    early.current.clear();
    setRunning(true);
    setProgress(undefined);
    try {
      const started = await post('/action/check_now', { body: scope, schema: CheckNowResponseSchema, failure: CHECK_NOW_FAILED });
      checkId.current = started.checkId;
      apply(early.current.get(started.checkId) ?? { checkId: started.checkId, done: 0, total: started.total, live: 0, missing: 0, errors: 0, finished: false });
    } catch (error) {
      letGo();
      toastFailure(CHECK_NOW_FAILED, error);
    } finally {
      starting.current = false;
      early.current.clear();
    }
  };

  return { start, running, progress };
}
