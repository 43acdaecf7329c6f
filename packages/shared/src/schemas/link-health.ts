import { z } from 'zod';
import { LINK_HISTORY_STATUSES } from '../domain/link-health/recheck-plan';

/** One check of a published link (issue 18): what the page showed at `checkedAt`. */
export const LinkCheckEntrySchema = z.object({
  id: z.number().int(),
  /** Epoch milliseconds. */
  checkedAt: z.number(),
  /** OK, NOFOLLOW, MISSING (the page answers without the link), GONE (404 or 410) or ERROR. */
  status: z.enum(LINK_HISTORY_STATUSES),
  /** The page's HTTP status; null when it did not answer. */
  httpStatus: z.number().int().nullable(),
  /** Whether the placed links were found with their anchors; null when the page was not read. */
  anchorFound: z.boolean().nullable(),
  /** What the check found, or why it failed. */
  reason: z.string(),
});
export type LinkCheckEntry = z.infer<typeof LinkCheckEntrySchema>;

/** GET /rest/url_item/{id}/checks: a link's check history, newest first, and its next scheduled check. */
export const LinkCheckHistoryResponseSchema = z.object({
  urlItemId: z.number().int(),
  /** Epoch milliseconds of the next re-check; null when none is scheduled. */
  nextCheckAt: z.number().nullable(),
  checks: z.array(LinkCheckEntrySchema),
});
export type LinkCheckHistoryResponse = z.infer<typeof LinkCheckHistoryResponseSchema>;

/** How a history status is shown (the link set screen's check history). */
export const LINK_HISTORY_LABELS: Readonly<Record<(typeof LINK_HISTORY_STATUSES)[number], string>> = {
  OK: 'Dofollow ✓',
  NOFOLLOW: 'Nofollow',
  MISSING: 'Missing',
  GONE: 'Gone',
  ERROR: 'Error',
};

/** Messages of the re-check schedule option (options `recheckSchedule`). */
export const RECHECK_SCHEDULE_MESSAGES = {
  notObject: 'The re-check schedule is { afterPublishDays: [days…], thenEveryDays: days } (a day may be split in whole hours: 0.25 is 6 hours)',
  afterPublishDays: 'Checks after publishing are 1 hour to 3650 days after it, in whole hours or days',
  tooManyDays: 'At most 10 checks after publishing',
  ascending: 'Days after publishing must go up, each later than the one before',
  thenEveryDays: 'Check every 1 hour to 365 days after the last of them, in whole hours or days',
} as const;

/** Units the re-check schedule is typed in (the options screen; stored as days either way). */
export const RECHECK_UNITS = ['hours', 'days'] as const;
export type RecheckUnit = (typeof RECHECK_UNITS)[number];
const HOURS_PER_DAY = 24;

/** True when `days` is a whole number of hours (0.25, 1.5, 7 — not 0.3): what a saved schedule holds. */
export function isWholeHoursOfDays(days: number): boolean {
  const hours = days * HOURS_PER_DAY;
  return Number.isFinite(hours) && Math.abs(hours - Math.round(hours)) < 1e-6;
}

/** A stored number of days in the unit the screen shows (hours: days × 24, rounded off float noise). */
export function daysToUnit(days: number, unit: RecheckUnit): number {
  return unit === 'days' ? days : Math.round(days * HOURS_PER_DAY * 1e6) / 1e6;
}

/** A number typed in a unit as the days the schedule stores (hours: ÷ 24). */
export function unitToDays(value: number, unit: RecheckUnit): number {
  return unit === 'days' ? value : value / HOURS_PER_DAY;
}

/** The unit a saved schedule part reads best in: days when every value is a whole day, else hours. */
export function recheckUnitOf(days: readonly number[]): RecheckUnit {
  return days.every((day) => Number.isInteger(day)) ? 'days' : 'hours';
}

/** Days in whole hours from 1 hour to `maxDays` days, each refusal with `message`. */
function wholeHoursOfDays(maxDays: number, message: string) {
  return z.number({ error: message })
    .refine((days) => isWholeHoursOfDays(days) && Math.round(days * HOURS_PER_DAY) >= 1 && days <= maxDays, { error: message });
}

/**
 * The user's re-check schedule (options `recheckSchedule`, issue 18): checks this many days after
 * publishing, then one every `thenEveryDays` days. Days may be fractions in whole hours (issue 36:
 * 0.25 is 6 hours) — a schedule saved before, in whole days, reads the same. The planner
 * (domain/link-health) plans with it.
 */
export const RecheckScheduleSchema = z.strictObject({
  afterPublishDays: z.array(wholeHoursOfDays(3650, RECHECK_SCHEDULE_MESSAGES.afterPublishDays), { error: RECHECK_SCHEDULE_MESSAGES.notObject })
    .max(10, { error: RECHECK_SCHEDULE_MESSAGES.tooManyDays })
    .refine((days) => days.every((day, i) => i === 0 || day > days[i - 1]!), { error: RECHECK_SCHEDULE_MESSAGES.ascending }),
  thenEveryDays: wholeHoursOfDays(365, RECHECK_SCHEDULE_MESSAGES.thenEveryDays),
}, { error: RECHECK_SCHEDULE_MESSAGES.notObject });
