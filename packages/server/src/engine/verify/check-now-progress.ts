import type { CheckProgress } from '@linkloom/shared';
import type { AppContext } from '../../app-context';
import { countChecked } from './check-now.repository';

/** How often a check-now's links are counted while it runs (and the most often its progress is sent). */
export const PROGRESS_INTERVAL_MS = 500;
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
 * Follows a check-now until every link has a check stored since it started: counts the links'
 * checks from the database (so checks that ran in any worker process count) every
 * PROGRESS_INTERVAL_MS and sends `checkProgress` on the user's `link_checks` topic when the count
 * moved, then once more with `finished`. Nothing is stored: the checks themselves are the record.
 */
export function followCheck(ctx: AppContext, check: FollowedCheck, now: () => number = Date.now): void {
  const { checkId, ownerId, ids, startedAt } = check;
  let last = '';
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
    let progress: CheckProgress;
    try {
      const counts = await countChecked(ctx.database.db, ownerId, ids, startedAt);
      const done = counts.live + counts.missing + counts.errors;
      // Links deleted meanwhile can never be checked: the check is done when every remaining one is.
      const finished = done >= counts.existing;
      progress = { checkId, done, total: ids.length, live: counts.live, missing: counts.missing, errors: counts.errors, finished };
    } catch {
      // The database closed (the app stopped): nothing more to tell.
      return stop();
    }
    const key = `${progress.done}/${progress.live}/${progress.missing}/${progress.errors}`;
    if (key !== last) {
      last = key;
      lastMoved = now();
    } else if (!progress.finished && now() - lastMoved >= PROGRESS_STALL_MS) {
      progress = { ...progress, finished: true };
    } else if (!progress.finished) {
      return schedule();
    }
    publish(progress);
    if (progress.finished) return stop();
    schedule();
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => void tick(), PROGRESS_INTERVAL_MS);
    timer.unref();
  };
  void tick();
}
