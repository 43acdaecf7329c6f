import { z } from 'zod';

/**
 * A project's run log (issue 35 item 2): per site, what the engine sent, what the site answered
 * (summarised in our words, never the site's own text), retries, waits, and the post's address once
 * it is up. GET /rest/project/{id}/run_log answers it, newest first; `runLogged` on project/{id}
 * brings new lines live.
 */
export const RUN_LOG_KINDS = ['sent', 'published', 'found', 'retry', 'wait', 'failed', 'account', 'edited'] as const;
export type RunLogKind = (typeof RUN_LOG_KINDS)[number];

export const RunLogEntrySchema = z.object({
  id: z.number().int(),
  runId: z.number().int(),
  /** The site row it concerns (`SiteRow.key`) and the site's address. */
  siteKey: z.string(),
  site: z.string(),
  /** When it happened (epoch ms). */
  at: z.number(),
  kind: z.enum(RUN_LOG_KINDS),
  /** What happened, in the user's words. */
  message: z.string(),
  /** The post (or account page) it is about, once known. */
  url: z.string().nullable(),
});
export type RunLogEntry = z.infer<typeof RunLogEntrySchema>;

export const RUN_LOG_PAGE = 100;

const idText = z.string().regex(/^\d{1,15}$/, 'Must be a whole number').transform(Number);

/** `siteKey`: one site's lines only; `before`: lines older than this id (the next page). */
export const RunLogQuerySchema = z.object({
  siteKey: z.string().min(1).max(300).optional(),
  before: idText.optional(),
});
export type RunLogQuery = z.infer<typeof RunLogQuerySchema>;

export const RunLogPageSchema = z.object({
  entries: z.array(RunLogEntrySchema),
  /** Older lines are left: ask again with `before` = the last entry's id. */
  more: z.boolean(),
});
export type RunLogPage = z.infer<typeof RunLogPageSchema>;

/** The lines the engine writes. */
export const RUN_LOG_MESSAGES = {
  sent: (title: string, attempt: number, of: number) => `Sent "${title}" (attempt ${attempt} of ${of})`,
  registerSent: (username: string, attempt: number, of: number) => `Asked to register the account ${username} (attempt ${attempt} of ${of})`,
  published: 'Published',
  registered: (username: string) => `Account ${username} registered`,
  found: 'Found on the site after an answer that never came: recorded, not sent again',
  retry: (reason: string, retry: number, of: number) => `${reason} — retry ${retry} of ${of} planned`,
  failed: (reason: string) => `Gave up: ${reason}`,
  nextAccount: (reason: string, account: string) => `${reason} — trying the next account, ${account}`,
  waitProxy: 'Waits for a working proxy (Use Proxy is on and none is alive)',
  waitCampaign: 'Waits: the campaign is paused',
  waitSpread: 'Waits for its planned time',
} as const;
