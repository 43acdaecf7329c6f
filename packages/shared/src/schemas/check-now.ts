import { z } from 'zod';

/**
 * Check now (issue 36): re-check published links at once — one link, a selection, a link set, a
 * project or a campaign. POST /action/check_now takes exactly one scope; the checks run through the
 * same post.verify as the scheduled ones (results land in the same history) and their progress goes
 * live as `checkProgress` on the user's `link_checks` topic.
 */

/** Most links one selection may name (a link set, project or campaign has no such limit). */
export const CHECK_NOW_MAX_LINKS = 10_000;

export const CHECK_NOW_MESSAGES = {
  oneScope: 'Send exactly one of urlItemIds (a list of link ids), linkSetId, projectId or campaignId',
  urlItemIds: `urlItemIds is a list of 1 to ${CHECK_NOW_MAX_LINKS.toLocaleString('en-US')} link ids (whole numbers)`,
  id: 'Ids are whole numbers from 1',
} as const;

const id = z.number({ error: CHECK_NOW_MESSAGES.id }).int({ error: CHECK_NOW_MESSAGES.id })
  .min(1, { error: CHECK_NOW_MESSAGES.id }).max(Number.MAX_SAFE_INTEGER, { error: CHECK_NOW_MESSAGES.id });

const SCOPE_KEYS = ['urlItemIds', 'linkSetId', 'projectId', 'campaignId'] as const;

/**
 * POST /action/check_now: exactly one of `urlItemIds` (1 to 10,000 ids), `linkSetId`, `projectId`,
 * `campaignId`. Ids are integers (no coercion); anything else is refused with its message.
 */
export const CheckNowRequestSchema = z.strictObject({
  urlItemIds: z.array(id, { error: CHECK_NOW_MESSAGES.urlItemIds })
    .min(1, { error: CHECK_NOW_MESSAGES.urlItemIds }).max(CHECK_NOW_MAX_LINKS, { error: CHECK_NOW_MESSAGES.urlItemIds })
    .optional(),
  linkSetId: id.optional(),
  projectId: id.optional(),
  campaignId: id.optional(),
}, { error: CHECK_NOW_MESSAGES.oneScope })
  .refine((body) => SCOPE_KEYS.filter((key) => body[key] !== undefined).length === 1, { error: CHECK_NOW_MESSAGES.oneScope })
  // "Exactly one of" is a rule the API description cannot express: its example is written here.
  .meta({ example: { campaignId: 1 } });
export type CheckNowRequest = z.infer<typeof CheckNowRequestSchema>;

/** What a check-now covers, as the server reads the request. */
export type CheckNowScope =
  | { kind: 'links'; ids: readonly number[] }
  | { kind: 'linkSet'; id: number }
  | { kind: 'project'; id: number }
  | { kind: 'campaign'; id: number };

/** The scope of a request the schema accepted. */
export function checkNowScopeOf(body: CheckNowRequest): CheckNowScope {
  if (body.urlItemIds !== undefined) return { kind: 'links', ids: body.urlItemIds };
  if (body.linkSetId !== undefined) return { kind: 'linkSet', id: body.linkSetId };
  if (body.projectId !== undefined) return { kind: 'project', id: body.projectId };
  return { kind: 'campaign', id: body.campaignId! };
}

/** 200 of POST /action/check_now: the check's id (its progress messages carry it) and how many published links it checks. */
export const CheckNowResponseSchema = z.object({
  checkId: z.string(),
  /** The published links (with a post) of the scope that are the user's: what `done` counts up to. */
  total: z.number().int(),
});
export type CheckNowResponse = z.infer<typeof CheckNowResponseSchema>;

/**
 * `checkProgress` on the user's `link_checks` topic: how far a check-now has come. Sent as checks
 * land (a few times a second at most) and once more with `finished` when every link is checked (or
 * the check gave up waiting: `done` < `total`).
 */
export interface CheckProgress {
  checkId: string;
  done: number;
  total: number;
  /** Of `done`: found (OK or NOFOLLOW), missing (MISSING / GONE), could not be read (ERROR). */
  live: number;
  missing: number;
  errors: number;
  finished: boolean;
}
