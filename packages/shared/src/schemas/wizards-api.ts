import { z } from 'zod';
import { IdListSchema, IdSchema, PLAIN_TEXT_RULE } from './common';
import { isPlainText } from '../domain/plain-text';
import { StrategySummarySchema } from './strategy-summary';
import { WIZARD_MESSAGES, WizardSchema } from './wizard';

/** The wizard list's calls (spec 2 §7 "Wizards"): list, add, rename, duplicate, delete, load and save. */

const name = (required: string) => z
  .string({ error: required })
  .trim()
  .min(1, { error: required })
  .max(512, { error: WIZARD_MESSAGES.wizardNameTooLong })
  .refine(isPlainText, PLAIN_TEXT_RULE);

/** A row of the wizard list. */
export const WizardSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  strategyId: z.number().int().nullable(),
  /** Epoch milliseconds. */
  updatedAt: z.number(),
});
export type WizardSummary = z.infer<typeof WizardSummarySchema>;

/** GET /rest/xwizards: the user's wizards (newest first) and the strategies the New XWizard dialog offers. */
export const WizardListResponseSchema = z.object({
  wizards: z.array(WizardSummarySchema),
  strategies: z.array(StrategySummarySchema),
});
export type WizardListResponse = z.infer<typeof WizardListResponseSchema>;

/** PUT /rest/xwizards ('New XWizard'): a name and a strategy; the wizard starts with the strategy's tiers. */
export const WizardAddSchema = z.object({
  name: name(WIZARD_MESSAGES.newWizardNameRequired),
  strategyId: z.number({ error: WIZARD_MESSAGES.strategyRequired }).int({ error: WIZARD_MESSAGES.strategyRequired }).positive({ error: WIZARD_MESSAGES.strategyRequired }),
});
export type WizardAdd = z.infer<typeof WizardAddSchema>;

const strategyIdOf = (required: string) => z.number({ error: required }).int({ error: required }).positive({ error: required });

/**
 * The body PUT /rest/xwizards takes: LinkLoom's `{name, strategyId}` (WizardAddSchema, what the
 * dialog sends), or the spec's `{id, strategy, name}` (spec 2 §7, issue 38): the fields of the wizard
 * it adds (§3 "Wizard"), so `id` is the new wizard's, none yet (absent, null or 0), and `strategy`
 * the chosen strategy: its object (`{id, name, description, strategy}`, as GET /rest/strategies/{id}
 * answers it; only its id is read, the diagram is the stored one) or its id. Both forms give
 * `{name, strategyId}`; when both name a strategy they must agree.
 */
export const WizardAddBodySchema = z.object({
  id: z.union([z.null(), z.literal(0)], { error: WIZARD_MESSAGES.addWithId }).optional(),
  name: name(WIZARD_MESSAGES.newWizardNameRequired),
  strategyId: strategyIdOf(WIZARD_MESSAGES.strategyRequired).optional(),
  strategy: z.union([
    strategyIdOf(WIZARD_MESSAGES.strategyRequired),
    z.object({ id: strategyIdOf(WIZARD_MESSAGES.strategyRequired) }).transform((strategy) => strategy.id),
  ], { error: WIZARD_MESSAGES.strategyRequired }).nullish(),
  // Both keys are optional, one of them required: /docs shows LinkLoom's own form.
}).meta({ example: { name: 'Pyramid wizard', strategyId: 1 } }).transform((body, ctx) => {
  const strategyId = body.strategyId ?? body.strategy ?? null;
  if (strategyId === null) {
    ctx.addIssue({ code: 'custom', path: ['strategy'], message: WIZARD_MESSAGES.strategyRequired, input: body });
    return z.NEVER;
  }
  if (body.strategyId !== undefined && body.strategy !== null && body.strategy !== undefined && body.strategy !== body.strategyId) {
    ctx.addIssue({ code: 'custom', path: ['strategy'], message: WIZARD_MESSAGES.strategyMismatch, input: body });
    return z.NEVER;
  }
  return { name: body.name, strategyId };
});

/** POST /rest/xwizard/rename ('Rename Wizard'). */
export const WizardRenameSchema = z.object({ id: IdSchema, name: name(WIZARD_MESSAGES.wizardNameRequired) });
export type WizardRename = z.infer<typeof WizardRenameSchema>;

/** POST /action/duplicate/xwizard/{id} ('Duplicate Wizard'): without a name, the original's plus ' Copy'. */
export const WizardDuplicateSchema = z.object({ id: IdSchema.optional(), name: name(WIZARD_MESSAGES.wizardNameRequired).optional() });
export type WizardDuplicate = z.infer<typeof WizardDuplicateSchema>;

/** DELETE /rest/xwizards: the ids, as a JSON array or `{ ids }`. */
export const WizardDeleteSchema = z.union([IdListSchema, z.object({ ids: IdListSchema }).transform((body) => body.ids)]);

/** GET /rest/xwizards/{id}. */
export const WizardResponseSchema = z.object({ wizard: WizardSchema });
export type WizardResponse = z.infer<typeof WizardResponseSchema>;

/** POST /rest/xwizards and POST /rest/xwizards/{id}: the saved wizard's id. */
export const WizardSaveResponseSchema = z.object({ id: z.number().int() });
export const WizardDeleteResponseSchema = z.object({ ids: z.array(z.number().int()) });

const count = z.number().int().nonnegative();
/** A query list of ids: `1,2,3` (empty or absent: none). */
const QueryIdsSchema = z.string().max(20_000).regex(/^(\d{1,12}(,\d{1,12})*)?$/)
  .transform((text) => [...new Set(text === '' ? [] : text.split(',').map(Number))].filter((id) => id > 0));

/**
 * GET /rest/xwizard/counts?siteSelectionIds=&contentGroupIds=&privateNetworkIds= (issue 35): what
 * the wizard's Confirm tab weighs its plan against, the user's own only (ids of others are left
 * out, as missing ones are). Create Campaign counts the same way before it builds.
 */
export const WizardCountsQuerySchema = z.object({
  siteSelectionIds: QueryIdsSchema.optional(),
  contentGroupIds: QueryIdsSchema.optional(),
  privateNetworkIds: QueryIdsSchema.optional(),
});
export type WizardCountsQuery = z.infer<typeof WizardCountsQuerySchema>;

export const WizardCountsSchema = z.object({
  /** All Sites: the user's sites a project of each module ticks. */
  sites: z.record(z.string(), count),
  /** Each asked site selection: the sites it gives a project of each module. */
  siteSelections: z.array(z.object({ id: z.number().int(), name: z.string(), sites: z.record(z.string(), count) })),
  privateNetworks: z.array(z.object({ id: z.number().int(), name: z.string(), sites: count })),
  /** Articles of each asked content group: all, never used, and the uses left under its max usage per article (null: unlimited). */
  contentGroups: z.array(z.object({ id: z.number().int(), name: z.string(), articles: count, unused: count, usesLeft: count.nullable() })),
  /** The email manager: mailboxes not used yet (what Auto Download From Email List takes), and whether a catch-all exists (LinkLoom's own source). */
  mailboxes: z.object({ unused: count, catchAll: z.boolean() }),
});
export type WizardCounts = z.infer<typeof WizardCountsSchema>;
