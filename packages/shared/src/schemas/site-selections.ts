/**
 * Site selections (spec 2 §2 "Site selection list" / "Site selection editor", §3 "Site selection",
 * "Site row", "Platform row", §7 "Site selections", §8): reusable choices of sites (Manually) or of
 * platforms per module (Condition), with their filters. Spec messages are written once, here.
 */
import { z } from 'zod';
import { IdListSchema, IdSchema, PLAIN_TEXT_RULE } from './common';
import { isPlainText } from '../domain/plain-text';
import { SiteRowSchema } from './project-screen';

export const SITE_SELECTION_TYPES = ['Condition', 'Manually'] as const;
export type SiteSelectionType = (typeof SITE_SELECTION_TYPES)[number];
/** Labels of 'Select By'. */
export const SITE_SELECTION_TYPE_LABELS: Record<SiteSelectionType, string> = { Condition: 'Platforms', Manually: 'Sites' };
/** Names are shown cut at this many characters with an ellipsis (spec 2 §9). */
export const SITE_SELECTION_NAME_DISPLAY_MAX = 120;
/** A selected platform's probability is always 100 (spec 2 §9). */
export const SELECTED_PLATFORM_PROB = 100;

export const SITE_SELECTION_MESSAGES = {
  nameRequired: 'Please enter site selection name',
  nameTooLong: 'The name must be at most 1024 characters',
  typeRequired: 'Please select a profile',
  deleteConfirm: 'Do you want to delete the selected site selections?',
  createFailed: 'Failed to create new site selection. Unknown error',
  renameFailed: 'Failed to rename the site selection. Unknown error',
  deleteFailed: 'Failed to delete selected site selections. Unknown error',
  loadFailed: 'Failed to load site selections. Unexpected error',
  saveFailed: 'Failed to save site selection. Unknown error',
  getFailed: 'Failed to get site selection. Unknown error',
  created: 'Successfully created a new site selection',
  renamed: 'Successfully rename the site selection',
  deleted: 'Successfully deleted selected site selections',
  saved: 'Successfully save site selection',
  minPrRange: 'Min DA must be a whole number between 0 and 100',
} as const;

export const SiteSelectionNameSchema = z
  .string({ error: SITE_SELECTION_MESSAGES.nameRequired })
  .trim()
  .min(1, { error: SITE_SELECTION_MESSAGES.nameRequired })
  .max(1024, { error: SITE_SELECTION_MESSAGES.nameTooLong })
  .refine(isPlainText, PLAIN_TEXT_RULE);

export const SiteSelectionTypeSchema = z.enum(SITE_SELECTION_TYPES, { error: SITE_SELECTION_MESSAGES.typeRequired });

/** A site selection with its filters (spec 2 §3 "Site selection"). */
export const SiteSelectionRecordSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  siteSelectionType: z.enum(SITE_SELECTION_TYPES),
  img: z.boolean(),
  video: z.boolean(),
  dofollow: z.boolean(),
  /** Least DA a site must have (0: any). */
  minPR: z.number().int(),
});
export type SiteSelectionRecord = z.infer<typeof SiteSelectionRecordSchema>;

/** A row of the list (and the live addNew payload). */
export const SiteSelectionSummarySchema = SiteSelectionRecordSchema.pick({ id: true, name: true, siteSelectionType: true });
export type SiteSelectionSummary = z.infer<typeof SiteSelectionSummarySchema>;

/** GET /rest/site_selections */
export const SiteSelectionListResponseSchema = z.object({ site_selections: z.array(SiteSelectionSummarySchema) });
export type SiteSelectionListResponse = z.infer<typeof SiteSelectionListResponseSchema>;

/** PUT /rest/site_selections: create (the dialog sends the name; the type defaults to Condition). */
export const CreateSiteSelectionBodySchema = z.object({
  name: SiteSelectionNameSchema,
  siteSelectionType: SiteSelectionTypeSchema.optional(),
}).strict();
export type CreateSiteSelectionBody = z.input<typeof CreateSiteSelectionBodySchema>;
export const CreateSiteSelectionResponseSchema = z.object({ siteSelection: SiteSelectionSummarySchema });

/** POST /action/rename/site_selection */
export const RenameSiteSelectionBodySchema = z.object({ id: IdSchema, name: SiteSelectionNameSchema }).strict();
export type RenameSiteSelectionBody = z.input<typeof RenameSiteSelectionBodySchema>;

/** DELETE /rest/site_selections: a JSON array of ids; answers the ids that went. */
export const DeleteSiteSelectionsBodySchema = IdListSchema;
export const DeleteSiteSelectionsResponseSchema = z.object({ ids: z.array(z.number().int()) });

const ModuleNameSchema = z.string().min(1).max(32);

/** A ticked site: id.siteId and id.module, and the selection it belongs to. */
export const SelectedSiteSchema = z.object({
  id: z.object({ siteId: IdSchema, module: ModuleNameSchema }).strict(),
  siteSelectionId: z.number().int(),
}).strict();
export type SelectedSite = z.infer<typeof SelectedSiteSchema>;

/** A ticked platform of a module; prob is fixed at 100. */
export const SelectedPlatformSchema = z.object({
  id: z.object({ platform: z.string().min(1).max(32), module: ModuleNameSchema }).strict(),
  siteSelectionId: z.number().int(),
  prob: z.literal(SELECTED_PLATFORM_PROB),
}).strict();
export type SelectedPlatform = z.infer<typeof SelectedPlatformSchema>;

/** The selection's fields a save sends (its id comes from the path; the name may be sent unchanged). */
export const SiteSelectionFieldsSchema = z.object({
  id: z.number().int().optional(),
  name: SiteSelectionNameSchema.optional(),
  siteSelectionType: SiteSelectionTypeSchema,
  img: z.boolean().default(false),
  video: z.boolean().default(false),
  dofollow: z.boolean().default(false),
  minPR: z.number({ error: SITE_SELECTION_MESSAGES.minPrRange }).int({ error: SITE_SELECTION_MESSAGES.minPrRange })
    .min(0, { error: SITE_SELECTION_MESSAGES.minPrRange }).max(100, { error: SITE_SELECTION_MESSAGES.minPrRange }).default(0),
}).strict();

/** POST /rest/site_selections/{id}: save the selection, its ticked sites and its ticked platforms. */
export const SaveSiteSelectionBodySchema = z.object({
  siteSelection: SiteSelectionFieldsSchema,
  selectedSites: z.array(SelectedSiteSchema).max(200_000).default([]),
  selectedPlatforms: z.array(SelectedPlatformSchema).max(10_000).default([]),
}).strict();
export type SaveSiteSelectionBody = z.input<typeof SaveSiteSelectionBodySchema>;

/**
 * A platform of a module the Condition grid offers (spec 2 §3 "Platform row"). `sites`: how many of the user's sites have it
 * (the list holds the pairs the user's sites have and the ticked ones: domain/selection-platforms.ts).
 */
export const PlatformRowSchema = z.object({ module: z.string(), platform: z.string(), checked: z.boolean(), sites: z.number().int().optional() });
export type PlatformRow = z.infer<typeof PlatformRowSchema>;

/** GET /rest/site_selections/{id}: the selection, every site and platform to choose from, and what is ticked. */
export const SiteSelectionResponseSchema = z.object({
  siteSelection: SiteSelectionRecordSchema,
  sites: z.array(SiteRowSchema),
  selectedSites: z.array(SelectedSiteSchema),
  platforms: z.array(PlatformRowSchema),
  selectedPlatforms: z.array(SelectedPlatformSchema),
});
export type SiteSelectionResponse = z.infer<typeof SiteSelectionResponseSchema>;

/** The name as the list shows it: cut at 120 characters with an ellipsis. */
export function siteSelectionDisplayName(name: string): string {
  return name.length > SITE_SELECTION_NAME_DISPLAY_MAX ? `${name.slice(0, SITE_SELECTION_NAME_DISPLAY_MAX)}…` : name;
}
