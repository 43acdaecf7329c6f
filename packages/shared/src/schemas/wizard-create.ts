import { z } from 'zod';
import { WIZARD_TABS } from './wizard-steps';
import { WizardSchema } from './wizard';
import { emailSourceInLinkLoomTerms } from '../constants/project-options';
import { formatWireDate, parseScheduleDate, parseWireDate } from '../domain/schedule-dates';

/**
 * Create Campaign (spec 2 §7 "Wizards": PUT /action/create/xcampaign) and the call the editor
 * starts from when duplicating a campaign (/duplicatecampaign/:cid).
 *
 * PUT /action/create/xcampaign: the body is `{saveWizard, wizard}` as JSON, or the same JSON
 * compressed with lz-string's compressToEncodedURIComponent (SCOPE.md).
 * - 200 `{campaignId, wizardId}`: the user lands on /campaign/{campaignId}; `wizardId` is the saved
 *   wizard's id when `saveWizard` was on (or the wizard has an id: it is saved under that id), else null.
 * - 422 `{error: [{tab, tier, field, message}, …], tab, tier, toast}` when a tab's rules fail
 *   (checkWizard: the first failing tab, its first failing tier, the spec's toast): the editor maps
 *   each problem to its field by `field` (a dotted path from the wizard, `linksAndKeywords.0.maxLinks`).
 * - any other failure is the usual `{error: {message}}` (404 for another user's or a missing id
 *   anywhere in the wizard: strategy, wizard, site selection, content group, account profile,
 *   private network; nothing is created).
 */
/** Create Campaign's own refusals (beyond the tabs' rules of WIZARD_MESSAGES). */
export const WIZARD_CREATE_MESSAGES = {
  noSameAccounts: (name: string) => `The campaign being duplicated has no account profile named '${name}': untick 'Use same accounts' to create new accounts`,
  startDateForm: 'Start date must be DD/MM/YYYY HH:mm (UTC), an ISO 8601 date or epoch milliseconds',
} as const;

export const WizardCreateCampaignSchema = z.object({
  /** 'Also create wizard' (or Create Campaign on a saved wizard): the wizard is saved too. */
  saveWizard: z.boolean().default(false),
  wizard: WizardSchema,
  /**
   * Duplicating a campaign (/duplicatecampaign/:cid): the campaign it copies. With the wizard's
   * `useSameAccounts` its account profiles (by account store name) are reused instead of new ones
   * (422 `noSameAccounts` when it has no profile of a name); without a source campaign
   * `useSameAccounts` has nothing to reuse and new accounts are made.
   */
  sourceCampaignId: z.number().int().positive().nullable().default(null),
});
export type WizardCreateCampaign = z.infer<typeof WizardCreateCampaignSchema>;
export type WizardCreateCampaignInput = z.input<typeof WizardCreateCampaignSchema>;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The wizard as clients of the original send it to Create Campaign (issue 38), in LinkLoom's terms:
 * `startDate` as the spec's `DD/MM/YYYY HH:mm` (UTC), ISO 8601 (no zone: UTC) or epoch milliseconds
 * becomes the wire text; `emailSource` RANKERX (the original's own mail source) is LINKLOOM. A
 * start date text that is none of them is left as it is for the Schedule tab's rule ('Start date
 * is required', naming startDate); any other value (a number that is no instant) is left for the
 * schema, which refuses it with `startDateForm`.
 */
export function wizardInLinkLoomTerms(value: unknown): unknown {
  if (!isRecord(value)) return value;
  const wizard = { ...value };
  const { startDate, emailSource } = wizard;
  if (typeof startDate === 'number' || (typeof startDate === 'string' && parseWireDate(startDate) === null)) {
    const instant = parseScheduleDate(startDate);
    if (instant !== null) wizard.startDate = formatWireDate(instant);
  }
  if (emailSource !== undefined) wizard.emailSource = emailSourceInLinkLoomTerms(emailSource);
  return wizard;
}

/**
 * PUT /action/create/xcampaign's body once decoded: WizardCreateCampaignSchema, with the wizard
 * read as the original's clients send it (`wizardInLinkLoomTerms`) and a start date that is not
 * text refused in words that say which forms it takes. What it gives is the same.
 */
export const WizardCreateCampaignBodySchema = WizardCreateCampaignSchema.extend({
  wizard: z.preprocess(wizardInLinkLoomTerms, WizardSchema.extend({
    startDate: z.string({ error: WIZARD_CREATE_MESSAGES.startDateForm }).max(32, { error: WIZARD_CREATE_MESSAGES.startDateForm }).nullable().default(null),
  })),
});

export const WizardCreateCampaignResponseSchema = z.object({
  campaignId: z.number().int(),
  wizardId: z.number().int().nullable(),
});
export type WizardCreateCampaignResponse = z.infer<typeof WizardCreateCampaignResponseSchema>;

/** One broken rule of a tab (the shape of shared WizardProblem). */
export const WizardFieldErrorSchema = z.object({
  tab: z.enum(WIZARD_TABS),
  tier: z.number().int().nullable(),
  field: z.string(),
  message: z.string(),
});
export type WizardFieldError = z.infer<typeof WizardFieldErrorSchema>;

/** 422 of PUT /action/create/xcampaign when the tabs' rules fail: `error` is the array of field errors. */
export const WizardFieldErrorsResponseSchema = z.object({
  error: z.array(WizardFieldErrorSchema),
  tab: z.enum(WIZARD_TABS),
  tier: z.number().int().nullable(),
  toast: z.string(),
});
export type WizardFieldErrorsResponse = z.infer<typeof WizardFieldErrorsResponseSchema>;

/** True when a failed create answer is the field-error form (spec 2 §8: an array goes to the field display). */
export function isWizardFieldErrors(body: unknown): body is WizardFieldErrorsResponse {
  return WizardFieldErrorsResponseSchema.safeParse(body).success;
}

/**
 * GET /rest/campaign/{id}/xwizard?campaignName=&useSameAccounts=true|false: the wizard a campaign
 * was made with, ready for /duplicatecampaign/:cid (start date cleared, no wizard id, the campaign
 * name and 'Use same accounts' as asked). A campaign not made by the wizard answers 422 "This
 * campaign wasn't created using XWizard"; another user's 404.
 */
export const DuplicateCampaignQuerySchema = z.object({
  campaignName: z.string().max(512).optional(),
  useSameAccounts: z.enum(['true', 'false']).optional(),
});
export type DuplicateCampaignQuery = z.infer<typeof DuplicateCampaignQuerySchema>;

export const DuplicateCampaignResponseSchema = z.object({
  campaign: z.object({ id: z.number().int(), name: z.string() }),
  wizard: WizardSchema,
});
export type DuplicateCampaignResponse = z.infer<typeof DuplicateCampaignResponseSchema>;
