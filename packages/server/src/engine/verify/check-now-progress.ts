import type { CheckProgress } from '@linkloom/shared';
import type { AppContext } from '../../app-context';
import { readChecked } from './check-now.repository';

/** How often a check-now's links are looked at while it runs (and the most often its progress is sent). */
export const PROGRESS_INTERVAL_MS = 500;
/** A check of more links than this is looked at half as often (each look reads the links still waiting). */
const LARGE_CHECK = 1000;
/**
 * A check-now stops waiting when no link has been checked for this long (a link whose post was
 * deleted meanwhile, a worker that stopped): its last message says `finished` with `done` < `total`.
 * Longer than post.verify's own retries of a page that does not answer (options: 3 retries from
 * 20 s, doubling) and its proxy waits.
 */
export const PROGRESS_STALL_MS = 15 * 60_000;

export interface FollowedCheck {
  checkId: string;
  ownerId: number;
  /** The links checked (their ids). */
  ids: readonly number[];
  /** When the check started: a link is done once a finished check is stored at or after it. */
  startedAt: number;
}

/** Check-nows followed by this process, by id (tests read it). */
const followed = new Map<string, { stop(): void }>();

/** How many check-nows this process follows now. */
export function followedChecks(): number {
  return followed.size;
}

/**
 * Follows a check-now until every link has a check stored since it started: every
 * PROGRESS_INTERVAL_MS (twice that for more than LARGE_CHECK links) it reads the links still
 * waiting from the database (so checks that ran in any worker process count; a deleted link is no
 * longer waited for) and sends `checkProgress` on the user's `link_checks` topic when the count
 * moved, then once more with `finished`. Nothing is stored: the checks themselves are the record.
 */
export function followCheck(ctx: AppContext, check: FollowedCheck, now: () => number = Date.now): void {
  const { checkId, ownerId, ids, startedAt } = check;
  const waiting = new Set(ids);
  const counts = { done: 0, live: 0, missing: 0, errors: 0 };
  const interval = ids.length > LARGE_CHECK ? 2 * PROGRESS_INTERVAL_MS : PROGRESS_INTERVAL_MS;
  let sent = '';
  let lastMoved = now();
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const publish = (progress: CheckProgress) => ctx.live?.publish(ownerId, 'link_checks', 'checkProgress', progress);
  const stop = () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    followed.delete(checkId);
  };
  followed.set(checkId, { stop });

  const tick = async () => {
    if (stopped) return;
    try {
      const found = await readChecked(ctx.database.db, ownerId, [...waiting], startedAt);
      // Links deleted meanwhile can never be checked: the check is done when every remaining one is.
      for (const id of found.gone) waiting.delete(id);
      for (const { id, status } of found.checked) {
        waiting.delete(id);
        counts.done += 1;
        if (status === 'OK' || status === 'NOFOLLOW') counts.live += 1;
        else if (status === 'MISSING') counts.missing += 1;
        else counts.errors += 1;
      }
    } catch {
      // The database closed (the app stopped): nothing more to tell.
      return stop();
    }
    const progress: CheckProgress = { checkId, ...counts, total: ids.length, finished: waiting.size === 0 };
    const key = `${progress.done}/${waiting.size}`;
    if (key !== sent) {
      sent = key;
      lastMoved = now();
    } else if (now() - lastMoved >= PROGRESS_STALL_MS) {
      progress.finished = true;
    } else {
      return schedule();
    }
    publish(progress);
    if (progress.finished) return stop();
    schedule();
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => void tick(), interval);
    timer.unref();
  };
  void tick();
}
