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

/** Most checks GET /rest/url_item/{id}/checks answers (the newest). */
export const LINK_CHECKS_MAX = 500;

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
  notObject: 'The re-check schedule is { afterPublishDays: [days…], thenEveryDays: days }',
  afterPublishDays: 'Days after publishing are whole numbers from 1 to 3650',
  tooManyDays: 'At most 10 checks after publishing',
  ascending: 'Days after publishing must go up, each later than the one before',
  thenEveryDays: 'Check every 1 to 365 days after the last of them',
} as const;

/**
 * The user's re-check schedule (options `recheckSchedule`, issue 18): checks this many days after
 * publishing, then one every `thenEveryDays` days. The planner (domain/link-health) plans with it.
 */
export const RecheckScheduleSchema = z.strictObject({
  afterPublishDays: z.array(
    z.number({ error: RECHECK_SCHEDULE_MESSAGES.afterPublishDays }).int({ error: RECHECK_SCHEDULE_MESSAGES.afterPublishDays })
      .min(1, { error: RECHECK_SCHEDULE_MESSAGES.afterPublishDays }).max(3650, { error: RECHECK_SCHEDULE_MESSAGES.afterPublishDays }),
    { error: RECHECK_SCHEDULE_MESSAGES.notObject },
  ).max(10, { error: RECHECK_SCHEDULE_MESSAGES.tooManyDays })
    .refine((days) => days.every((day, i) => i === 0 || day > days[i - 1]!), { error: RECHECK_SCHEDULE_MESSAGES.ascending }),
  thenEveryDays: z.number({ error: RECHECK_SCHEDULE_MESSAGES.thenEveryDays }).int({ error: RECHECK_SCHEDULE_MESSAGES.thenEveryDays })
    .min(1, { error: RECHECK_SCHEDULE_MESSAGES.thenEveryDays }).max(365, { error: RECHECK_SCHEDULE_MESSAGES.thenEveryDays }),
}, { error: RECHECK_SCHEDULE_MESSAGES.notObject });
