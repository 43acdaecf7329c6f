import { DAY_MS } from '../spread-schedule';
import { awaitingDeadConfirmation } from './tier-health';

/**
 * The re-verification planner of link health (issue 18): when a published link's page is checked
 * next. Pure and deterministic (the caller passes every instant), so the server's verify job and
 * the scheduler's pass, the screens and the tests all agree on one due time.
 *
 * - The schedule is days after publishing (default 1, 7 and 30), then every `thenEveryDays` days,
 *   counted from the publish time, so a late check does not push every later one back. Days may be
 *   fractions in whole hours (0.25 = 6 hours; the options schema asks for whole hours, issue 36).
 * - Many links published together would all come due at one instant: each link is moved later by a
 *   deterministic jitter from its id, within a window of a quarter of the gap before the step
 *   (at most JITTER_MAX_MS). The same link always gets the same offset.
 * - A link whose last checks ended in ERROR (the page could not be read) backs off: 1 hour after
 *   the first error, doubling with each further error in a row, never longer than `thenEveryDays`.
 * - A milestone that passed while nothing checked (server off) comes due at once, once: the next
 *   due after that check is the first milestone after it.
 * - Dead fast (issue 36): a dead check (MISSING or GONE) that is not yet the second in a row is
 *   confirmed DEAD_CONFIRM_BACKOFF_MS later (10 minutes, plus up to DEAD_CONFIRM_JITTER_MAX_MS by
 *   the link id) instead of at the schedule's next step, so a deleted post is dead within minutes,
 *   not days. ERRORs meanwhile (the page could not be read) back off from that same short wait,
 *   doubling, never longer than the usual error back-off.
 */

/** Statuses a check appends to a link's history (link_check_history.status). */
export const LINK_HISTORY_STATUSES = ['OK', 'NOFOLLOW', 'MISSING', 'GONE', 'ERROR'] as const;
export type LinkHistoryStatus = (typeof LINK_HISTORY_STATUSES)[number];

/** The user's re-check schedule. */
export interface RecheckSchedule {
  /** Days after publishing of the first checks, ascending, each > 0. */
  afterPublishDays: readonly number[];
  /** After the last of them, a check every this many days (> 0). */
  thenEveryDays: number;
}

export const DEFAULT_RECHECK_SCHEDULE: RecheckSchedule = { afterPublishDays: [1, 7, 30], thenEveryDays: 30 };

const HOUR_MS = 3_600_000;
/** The widest spread of one step's due times over many links. */
export const JITTER_MAX_MS = 12 * HOUR_MS;
/** The first retry after an ERROR, doubled for each further ERROR in a row. */
export const ERROR_BACKOFF_BASE_MS = HOUR_MS;
/**
 * How long after a first dead check (MISSING / GONE) the link is checked again to confirm it
 * (issue 36): long enough for a blog's passing hiccup (a cache being rebuilt, a post being edited)
 * to pass, short enough for lower tiers to stop linking a deleted post the same hour.
 */
export const DEAD_CONFIRM_BACKOFF_MS = 10 * 60_000;
/** The confirming checks of links found dead together are spread over this much (by link id). */
export const DEAD_CONFIRM_JITTER_MAX_MS = 2 * 60_000;

/** A schedule's days in milliseconds (fractions of a day are whole hours in a saved schedule). */
export function scheduleDaysMs(days: number): number {
  return Math.round(days * DAY_MS);
}

export interface RecheckInput {
  /** The link (url_items.id): its jitter. */
  linkId: number;
  /** When the link was published (epoch ms). */
  publishedAt: number;
  /** Its past checks, in any order. */
  checks: readonly { checkedAt: number; status: LinkHistoryStatus }[];
  schedule?: RecheckSchedule;
}

/** A number in [0, 1) fixed by the link id (a 32-bit integer hash; well spread for consecutive ids). */
export function linkJitterFraction(linkId: number): number {
  let h = (linkId >>> 0) ^ 0x9e3779b9;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) / 2 ** 32;
}

function jitter(linkId: number, gapMs: number): number {
  return Math.floor(linkJitterFraction(linkId) * Math.min(JITTER_MAX_MS, gapMs / 4));
}

function confirmJitter(linkId: number): number {
  return Math.floor(linkJitterFraction(linkId) * DEAD_CONFIRM_JITTER_MAX_MS);
}

/** True when the schedule can be planned with (the options schema refuses the rest). */
export function isValidRecheckSchedule(schedule: RecheckSchedule): boolean {
  const { afterPublishDays: days, thenEveryDays } = schedule;
  return Number.isFinite(thenEveryDays) && thenEveryDays > 0
    && days.every((day, i) => Number.isFinite(day) && day > 0 && (i === 0 || day > days[i - 1]!));
}

/** The nominal offsets from publishing (ms) of step `index` (0-based) of the schedule. */
function stepOffset(schedule: RecheckSchedule, index: number): number {
  const { afterPublishDays: days, thenEveryDays } = schedule;
  if (index < days.length) return scheduleDaysMs(days[index]!);
  const last = days.length > 0 ? scheduleDaysMs(days[days.length - 1]!) : 0;
  return last + (index - days.length + 1) * scheduleDaysMs(thenEveryDays);
}

/** The first step whose nominal time is after `elapsedMs` from publishing. */
function firstStepAfter(schedule: RecheckSchedule, elapsedMs: number): number {
  const { afterPublishDays: days, thenEveryDays } = schedule;
  const fixed = days.findIndex((day) => scheduleDaysMs(day) > elapsedMs);
  if (fixed >= 0) return fixed;
  const last = days.length > 0 ? scheduleDaysMs(days[days.length - 1]!) : 0;
  return days.length + Math.floor((elapsedMs - last) / scheduleDaysMs(thenEveryDays));
}

/** When the link is due for its next check (epoch ms). */
export function nextRecheckAt(input: RecheckInput): number {
  const schedule = input.schedule ?? DEFAULT_RECHECK_SCHEDULE;
  if (!isValidRecheckSchedule(schedule)) throw new RangeError('Invalid re-check schedule');
  const checks = [...input.checks].sort((a, b) => a.checkedAt - b.checkedAt);
  const last = checks[checks.length - 1];

  let errors = 0;
  for (let i = checks.length - 1; i >= 0 && checks[i]!.status === 'ERROR'; i -= 1) errors += 1;
  const confirming = awaitingDeadConfirmation(checks);
  if (last && errors > 0) {
    const delay = Math.min(ERROR_BACKOFF_BASE_MS * 2 ** Math.min(errors - 1, 30), scheduleDaysMs(schedule.thenEveryDays));
    if (confirming) {
      // A dead check waits for its confirmation: the page's passing failures do not put it off for hours.
      const short = Math.min(DEAD_CONFIRM_BACKOFF_MS * 2 ** Math.min(errors, 30), delay);
      return last.checkedAt + short + confirmJitter(input.linkId);
    }
    return last.checkedAt + delay + jitter(input.linkId, delay);
  }
  if (last && confirming) return last.checkedAt + DEAD_CONFIRM_BACKOFF_MS + confirmJitter(input.linkId);

  // The first step not yet covered: the first whose nominal time is after the last check (the check at
  // publishing, or one made before it, counts as at the publish time).
  const elapsed = last ? Math.max(0, last.checkedAt - input.publishedAt) : 0;
  const step = firstStepAfter(schedule, elapsed);
  const nominal = stepOffset(schedule, step);
  const gap = nominal - (step === 0 ? 0 : stepOffset(schedule, step - 1));
  return input.publishedAt + nominal + jitter(input.linkId, gap);
}
