/**
 * Alerts (issue 36 item 4): a published link that became dead (two dead checks in a row) or came
 * back raises an alert in the app (the header's bell, live), gathered per campaign and day in a
 * digest, and optionally posted to the user's webhook and mailed to the user's own address through
 * the operator's SMTP server. Shapes of the calls and every message, written once for the server
 * and the screen.
 */
import { z } from 'zod';
import { IdSchema, PLAIN_TEXT_RULE } from './common';
import { isPlainText } from '../domain/plain-text';
import type { DeadReason } from '../domain/link-health/tier-health';

/** link_dead: a link became dead; link_back: a dead link was found again; digest: a campaign's day. */
export const ALERT_KINDS = ['link_dead', 'link_back', 'digest'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** What became of one delivery of an alert: waiting (or retrying), delivered, failed for good, refused by the outbound policy, or not attempted. */
export const ALERT_DELIVERY_STATES = ['pending', 'sent', 'failed', 'refused', 'skipped'] as const;
export type AlertDeliveryState = (typeof ALERT_DELIVERY_STATES)[number];

/** Alerts a page of GET /rest/alerts holds (the bell's list pages by `before`). */
export const ALERTS_PAGE = 30;
/** Ids one POST /action/alerts/read may name. */
export const ALERTS_READ_MAX = 500;
/** Longest webhook address. */
export const ALERT_WEBHOOK_URL_MAX = 2000;
/** Links a digest names one by one; the rest are counted. */
export const ALERT_DIGEST_LINES = 50;

/** What an alert says about the link: its address, the site, the link set and campaign it belongs to. */
export interface AlertLinkFacts {
  url: string;
  site: string;
  linkSet: string;
  campaign: string;
}

const utcTime = (ms: number) => `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;
const where = (facts: AlertLinkFacts) => `Link: ${facts.url} on ${facts.site} (link set "${facts.linkSet}" of campaign "${facts.campaign}").`;

export const ALERT_MESSAGES = {
  deadTitle: (site: string) => `Link lost on ${site}`,
  backTitle: (site: string) => `Link back on ${site}`,
  digestTitle: (campaign: string, day: string) => `Daily digest of "${campaign}" for ${day}`,
  /** What the checks saw, by the reason of the dead verdict. */
  seen: (reason: DeadReason, httpStatus: number | null) => (reason === 'GONE'
    ? `The post is gone: two checks in a row got HTTP ${httpStatus ?? '404/410'} from its address (deleted or moved).`
    : 'Our link is no longer on the post: two checks in a row read the page without it (Missing).'),
  /** What to do about it. */
  todo: (reason: DeadReason) => (reason === 'GONE'
    ? 'What to do: publish it again — turn on "Re-publish dead posts" in the project\'s General tab (own sites) or replace the post. Lower tiers stop linking to it until a check finds it again.'
    : 'What to do: open the post and put the link back (or ask the site\'s owner to). Lower tiers stop linking to it until a check finds it again.'),
  deadBody: (facts: AlertLinkFacts, reason: DeadReason, httpStatus: number | null, since: number) =>
    `${ALERT_MESSAGES.seen(reason, httpStatus)} ${where(facts)} Dead since ${utcTime(since)}. ${ALERT_MESSAGES.todo(reason)}`,
  backBody: (facts: AlertLinkFacts, httpStatus: number | null, at: number) =>
    `A check found the link on the post again${httpStatus === null ? '' : ` (HTTP ${httpStatus})`} at ${utcTime(at)}. ${where(facts)} Nothing to do: it counts as live again and lower tiers link to it again.`,
  /** The digest's first line: the day's counts. */
  digestSummary: (day: string, lost: number, back: number) => `${day} (UTC): ${plural(lost, 'link')} lost, ${plural(back, 'link')} back.`,
  digestLost: (url: string, site: string) => `Lost: ${url} on ${site}`,
  digestBack: (url: string, site: string) => `Back: ${url} on ${site}`,
  digestMore: (count: number) => `…and ${plural(count, 'more alert')} in the app.`,
  digestTodo: 'Open each lost link\'s alert in LinkLoom for what to do.',
  /** The test button's sample (never stored). */
  sampleTitle: 'Test alert from LinkLoom',
  sampleBody: 'This is a test of your alert webhook. Real alerts name the link, the site, what the checks saw and what to do.',
  webhookUrl: 'The webhook address must be an http:// or https:// address (at most 2000 characters)',
  noWebhook: 'Enter a webhook address first',
  /** The account's user name is not an email address: email alerts have nowhere to go. */
  noAddress: 'Your account has no email address (your user name is not one): email alerts cannot be sent. Ask the operator to create your account with your address as the user name.',
  /** The operator configured no SMTP server. */
  noSmtp: 'This server has no SMTP server configured (SMTP_HOST), so email alerts cannot be sent: ask the operator.',
  loadFailed: 'Could not load the alerts',
  settingsSaved: 'Alert settings saved',
  empty: 'No alerts: you hear here when a published link is lost or comes back',
  markedRead: (count: number) => `${plural(count, 'alert')} marked read`,
  readBody: 'Name the alerts by id ({"ids":[1,2]}) or send {"all":true}',
} as const;

/** Webhook, email: the outcome of the latest try, in our words (a remote answer is summarised, never echoed). */
export const AlertDeliverySchema = z.object({
  state: z.enum(ALERT_DELIVERY_STATES),
  info: z.string(),
});
export type AlertDelivery = z.infer<typeof AlertDeliverySchema>;

/** One alert as the bell lists it. */
export const AlertSchema = z.object({
  id: z.number().int().positive(),
  kind: z.enum(ALERT_KINDS),
  campaignId: z.number().int().nullable(),
  linkSetId: z.number().int().nullable(),
  urlItemId: z.number().int().nullable(),
  title: z.string(),
  /** What was seen and what to do (several lines for a digest). */
  body: z.string(),
  /** The link (the post's address); null for a digest. */
  url: z.string().nullable(),
  site: z.string().nullable(),
  /** Epoch milliseconds. */
  createdAt: z.number().int(),
  readAt: z.number().int().nullable(),
  /** The webhook and email deliveries of this alert; null when none was asked for. */
  webhook: AlertDeliverySchema.nullable(),
  email: AlertDeliverySchema.nullable(),
});
export type Alert = z.infer<typeof AlertSchema>;

const idText = z.string().regex(/^[1-9]\d{0,15}$/, 'An id is written with digits only, like 12').transform(Number);

/** GET /rest/alerts: `before` an id for older alerts (the next page). */
export const AlertListQuerySchema = z.object({ before: idText.optional() });
export type AlertListQuery = z.infer<typeof AlertListQuerySchema>;

/** GET /rest/alerts: newest first, with how many of the user's alerts are unread. */
export const AlertPageSchema = z.object({
  alerts: z.array(AlertSchema),
  unread: z.number().int().min(0),
  /** Older alerts are left: ask again with `before` = the last alert's id. */
  more: z.boolean(),
});
export type AlertPage = z.infer<typeof AlertPageSchema>;

/** GET /rest/alerts/unread: the bell's badge. */
export const AlertUnreadSchema = z.object({ unread: z.number().int().min(0) });
export type AlertUnread = z.infer<typeof AlertUnreadSchema>;

/** POST /action/alerts/read: some alerts by id (another user's are ignored), or all of the user's — one or the other. */
export const MarkAlertsReadBodySchema = z.strictObject({
  ids: z.array(IdSchema).min(1, { error: ALERT_MESSAGES.readBody }).max(ALERTS_READ_MAX).optional(),
  all: z.literal(true, { error: ALERT_MESSAGES.readBody }).optional(),
}).refine((body) => (body.ids === undefined) !== (body.all === undefined), { error: ALERT_MESSAGES.readBody })
  .meta({ example: { ids: [1, 2] } });
export type MarkAlertsReadBody = z.infer<typeof MarkAlertsReadBodySchema>;

/** How many alerts the call marked read and how many are left unread. */
export const MarkAlertsReadResponseSchema = z.object({ read: z.number().int().min(0), unread: z.number().int().min(0) });
export type MarkAlertsReadResponse = z.infer<typeof MarkAlertsReadResponseSchema>;

/** A webhook address: empty (none) or http(s). */
export const AlertWebhookUrlSchema = z.union([
  z.literal(''),
  z.url({ protocol: /^https?$/, error: ALERT_MESSAGES.webhookUrl }).max(ALERT_WEBHOOK_URL_MAX, { error: ALERT_MESSAGES.webhookUrl }).refine(isPlainText, PLAIN_TEXT_RULE),
], { error: ALERT_MESSAGES.webhookUrl });

/** POST /rest/alert_settings: what the user chooses. */
export const AlertSettingsBodySchema = z.strictObject({
  /** Where alerts are POSTed as JSON; '' for none. Stored encrypted (it may carry a token). */
  webhookUrl: AlertWebhookUrlSchema,
  /** Mail each alert (and the digest) to the account's own address. */
  emailEnabled: z.boolean(),
  /** Gather each day's alerts per campaign into one digest (in the app, and by email when email is on). */
  digestEnabled: z.boolean(),
});
export type AlertSettingsBody = z.infer<typeof AlertSettingsBodySchema>;

/** GET /rest/alert_settings: the choices, where email would go and why it cannot, and the webhook's latest outcome. */
export const AlertSettingsSchema = z.object({
  ...AlertSettingsBodySchema.shape,
  /** The account's own address (its user name when that is an address); null: none. */
  emailAddress: z.string().nullable(),
  /** Why email alerts cannot be sent (no address, no SMTP server); null when they can. */
  emailProblem: z.string().nullable(),
  /** The latest webhook delivery (an alert or a test). */
  lastWebhook: z.object({ at: z.number().int(), ok: z.boolean(), info: z.string() }).nullable(),
});
export type AlertSettings = z.infer<typeof AlertSettingsSchema>;

/** POST /action/alerts/test_webhook: the address to try (the form's, before saving), else the saved one. */
export const TestAlertWebhookBodySchema = z.strictObject({ webhookUrl: AlertWebhookUrlSchema.optional() });
export type TestAlertWebhookBody = z.infer<typeof TestAlertWebhookBodySchema>;

/** The test's outcome in our words (the remote answer summarised by its status, never echoed). */
export const TestAlertWebhookResultSchema = z.object({ ok: z.boolean(), message: z.string() });
export type TestAlertWebhookResult = z.infer<typeof TestAlertWebhookResultSchema>;

/** The body POSTed to a webhook: the alert, its campaign's name, and whether it is the test button's sample. */
export interface AlertWebhookPayload {
  event: 'linkloom.alert';
  test: boolean;
  alert: Alert & { campaign: string | null };
}

const ADDRESS = /^[^\s@<>()",;:\\[\]]{1,64}@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/i;

/**
 * The account's own email address: its user name when that is an address (users sign in with
 * it), else null. Alerts are mailed nowhere else.
 */
export function accountEmailAddress(username: string): string | null {
  const trimmed = username.trim();
  return trimmed.length <= 254 && ADDRESS.test(trimmed) ? trimmed : null;
}
