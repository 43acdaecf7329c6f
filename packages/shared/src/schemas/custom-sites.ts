/**
 * Custom sites (spec 2 §2 "Custom sites", §3 "Custom sites response", §7 "Custom sites"): the
 * user's own sites per module, what the platform verifier found on each, and the shapes of every
 * call. Spec messages are written once, here.
 */
import { z } from 'zod';
import { IdListSchema } from './common';
import { MODULES, type ModuleId } from '../constants/modules';
import type { SiteStatus } from '../constants/project-options';
import { PUBLISHING_PLATFORMS, type PublishingPlatformName } from '../domain/publishing-platforms';

/** Modules a custom site can belong to: the posting modules of a strategy's project node. */
export const CUSTOM_SITE_MODULES = [
  'SocialNetwork', 'WebProfile', 'Bookmarking', 'Wiki', 'ArticleDirectory', 'PDF', 'ForumProfile', 'PressRelease',
] as const satisfies readonly ModuleId[];
export type CustomSiteModule = (typeof CUSTOM_SITE_MODULES)[number];

/** Platforms the verifier tells apart (domain/publishing-platforms.ts); Unknown until it has looked (or when it found none). */
export const SITE_PLATFORMS = [
  ...PUBLISHING_PLATFORMS.map((platform): PublishingPlatformName => platform.name), 'Unknown',
] as const as unknown as readonly [PublishingPlatformName | 'Unknown', ...Array<PublishingPlatformName | 'Unknown'>];
export type SitePlatform = (typeof SITE_PLATFORMS)[number];

/** A custom site's verification: NEW (never looked at), CHECKING, OK or FAILED (with a reason). */
export const CUSTOM_SITE_STATUSES = ['NEW', 'CHECKING', 'OK', 'FAILED'] as const;
export type CustomSiteStatus = (typeof CUSTOM_SITE_STATUSES)[number];

/** The platform verifier of one user: NEW (never run) → CHECKING → DONE or STOPPED. */
export const SITE_VERIFIER_STATUSES = ['NEW', 'CHECKING', 'DONE', 'STOPPED'] as const;
export type SiteVerifierStatus = (typeof SITE_VERIFIER_STATUSES)[number];

/** Most sites one import may carry (as for private networks). */
export const CUSTOM_SITE_IMPORT_MAX = 20_000;
export const CUSTOM_SITE_LIMITS = { url: 1000, login: 512, password: 1000 } as const;

export const CUSTOM_SITE_MESSAGES = {
  urlRequired: 'Please enter the site URL',
  urlInvalid: 'The site must be an http or https URL or a host name such as www.example.com',
  urlTooLong: 'The site URL must be at most 1000 characters',
  moduleRequired: 'Please select a module',
  moduleUnknown: `The module must be one of: ${CUSTOM_SITE_MODULES.join(', ')}`,
  daRange: 'DA must be a whole number between 0 and 100',
  credentialsPair: 'Enter both the login and the password, or neither',
  loginTooLong: 'The login must be at most 512 characters',
  passwordTooLong: 'The password must be at most 1000 characters',
  lineBreak: 'Fields cannot contain line breaks',
  notText: 'The file is not a text file of sites (one site per line)',
  siteListRequired: 'Please enter the list of sites',
  siteListTooLong: 'The list is too long: import at most 20,000 sites at a time',
  loadFailed: 'Failed to load custom sites. Unknown error',
  addFailed: 'Failed to add the site. Unknown error',
  importFailed: 'Failed to import the sites. Unknown error',
  deleteFailed: 'Failed to delete the selected sites. Unknown error',
  deleteConfirm: 'Do you want to delete the selected sites?',
  startFailed: 'Failed to start the verifier. Unknown error',
  stopFailed: 'Failed to stop the verifier. Unknown error',
  added: 'Successfully added the site',
  deleted: 'Successfully deleted the selected sites',
} as const;

export const CustomSiteModuleSchema = z.enum(CUSTOM_SITE_MODULES, { error: CUSTOM_SITE_MESSAGES.moduleRequired });

/** One custom site as every call and live message shows it; the password never leaves the server. */
export const CustomSiteRowSchema = z.object({
  id: z.number().int(),
  module: z.string(),
  url: z.string(),
  host: z.string(),
  login: z.string().nullable(),
  /** Whether a password is stored (sealed). */
  hasPassword: z.boolean(),
  /** The user's domain authority figure (shown as DA). */
  da: z.number().int().nullable(),
  premium: z.boolean(),
  platform: z.enum(SITE_PLATFORMS),
  status: z.enum(CUSTOM_SITE_STATUSES),
  /** Why the verifier says what it says (empty until it has looked). */
  reason: z.string(),
  /** Whether the engine may create accounts there; null until verified. */
  canRegister: z.boolean().nullable(),
  /** Whether the stored login works; null until verified or without credentials. */
  credentialsOk: z.boolean().nullable(),
  /** When the verifier last looked (epoch ms). */
  checkedAt: z.number().nullable(),
  /**
   * Measured: the share (0–1) of the user's verified links on the site's host that were dofollow;
   * null while none was verified. Sent by GET /rest/custom_sites; absent from live messages.
   */
  dofollow: z.number().min(0).max(1).nullable().optional(),
  /**
   * What the verifier found on the site's page (issue 39 item 5): most outbound links followed
   * (true) or not (false); null until verified or when the page had no outbound link to judge by.
   * The grids show the measured share when there is one, else this.
   */
  dofollowFound: z.boolean().nullable().optional(),
});
export type CustomSiteRow = z.infer<typeof CustomSiteRowSchema>;

export const SiteVerifierProgressSchema = z.object({ checked: z.number().int(), total: z.number().int() });
export type SiteVerifierProgress = z.infer<typeof SiteVerifierProgressSchema>;

/** GET /rest/custom_sites: the sites, the modules to choose from and the verifier's status. */
export const CustomSitesResponseSchema = z.object({
  sites: z.array(CustomSiteRowSchema),
  modules: z.array(z.object({ id: z.string(), name: z.string() })),
  verifierStatus: z.enum(SITE_VERIFIER_STATUSES),
  verifierProgress: SiteVerifierProgressSchema,
  /** Why a CHECKING run probes nothing now (Use Proxy on, no live proxy), else null. */
  verifierWaitInfo: z.string().nullable(),
});
export type CustomSitesResponse = z.infer<typeof CustomSitesResponseSchema>;

/** POST /action/start/site_verifier and POST /action/stop/site_verifier (no body). */
export const SiteVerifierActionResponseSchema = z.object({ verifierStatus: z.enum(SITE_VERIFIER_STATUSES) });
export type SiteVerifierActionResponse = z.infer<typeof SiteVerifierActionResponseSchema>;

const optionalText = (max: number, tooLong: string) => z
  .string()
  .trim()
  .max(max, { error: tooLong })
  .refine((value) => !/[\r\n]/.test(value), { error: CUSTOM_SITE_MESSAGES.lineBreak })
  .optional()
  .transform((value) => (value ? value : undefined));

/** The DA field: a whole number 0–100, or absent. */
export const DaSchema = z
  .number({ error: CUSTOM_SITE_MESSAGES.daRange })
  .int({ error: CUSTOM_SITE_MESSAGES.daRange })
  .min(0, { error: CUSTOM_SITE_MESSAGES.daRange })
  .max(100, { error: CUSTOM_SITE_MESSAGES.daRange });

/** PUT /rest/custom_sites: add one site (or update the one with this module and URL). */
export const AddCustomSiteBodySchema = z.object({
  url: z
    .string({ error: CUSTOM_SITE_MESSAGES.urlRequired })
    .trim()
    .min(1, { error: CUSTOM_SITE_MESSAGES.urlRequired })
    .max(CUSTOM_SITE_LIMITS.url, { error: CUSTOM_SITE_MESSAGES.urlTooLong }),
  module: CustomSiteModuleSchema,
  login: optionalText(CUSTOM_SITE_LIMITS.login, CUSTOM_SITE_MESSAGES.loginTooLong),
  password: optionalText(CUSTOM_SITE_LIMITS.password, CUSTOM_SITE_MESSAGES.passwordTooLong),
  da: DaSchema.nullable().optional(),
  premium: z.boolean().optional(),
}).strict().superRefine((body, ctx) => {
  if (Boolean(body.login) !== Boolean(body.password)) {
    ctx.addIssue({ code: 'custom', path: [body.login ? 'password' : 'login'], message: CUSTOM_SITE_MESSAGES.credentialsPair });
  }
});
export type AddCustomSiteBody = z.input<typeof AddCustomSiteBodySchema>;

export const AddCustomSiteResponseSchema = z.object({ site: CustomSiteRowSchema });

const SiteListTextSchema = z
  .string({ error: CUSTOM_SITE_MESSAGES.siteListRequired })
  .refine((text) => text.trim().length > 0, { error: CUSTOM_SITE_MESSAGES.siteListRequired })
  .refine((text) => text.length <= CUSTOM_SITE_IMPORT_MAX * 2200, { error: CUSTOM_SITE_MESSAGES.siteListTooLong });

/** POST /action/import/custom_sites: pasted lines of one module (`url|da|premium|login|password`). */
export const ImportCustomSitesBodySchema = z.object({ module: CustomSiteModuleSchema, siteList: SiteListTextSchema }).strict();
export type ImportCustomSitesBody = z.infer<typeof ImportCustomSitesBodySchema>;

/** POST /action/import/all_custom_sites: pasted lines carrying their module (`module|url|da|premium|login|password`). */
export const ImportAllCustomSitesBodySchema = z.object({ siteList: SiteListTextSchema }).strict();
export type ImportAllCustomSitesBody = z.infer<typeof ImportAllCustomSitesBodySchema>;

/** Query of the file uploads of either import: the module for a one-module file, absent for Import All files. */
export const UploadCustomSitesQuerySchema = z.object({ module: CustomSiteModuleSchema.optional() }).strict();

/** Every import's answer: valid lines are written (added or updated), each refused one listed ('Line 3: …'). */
export const CustomSiteImportResultSchema = z.object({ errorList: z.array(z.string()), imported: z.number().int() });
export type CustomSiteImportResult = z.infer<typeof CustomSiteImportResultSchema>;

/** DELETE /rest/custom_sites: a JSON array of site ids; answers the ids that went. */
export const DeleteCustomSitesBodySchema = IdListSchema;
export const DeleteCustomSitesResponseSchema = z.object({ ids: z.array(z.number().int()) });

/** POST /action/premium/custom_sites: flag these sites premium (or not); all or nothing, like Delete. */
export const PremiumCustomSitesBodySchema = z.object({ ids: IdListSchema, premium: z.boolean() }).strict();
export type PremiumCustomSitesBody = z.infer<typeof PremiumCustomSitesBodySchema>;
export const PremiumCustomSitesResponseSchema = z.object({ ids: z.array(z.number().int()) });

/** The modules a custom site may belong to, with the names the screens show. */
export function customSiteModules(): { id: CustomSiteModule; name: string }[] {
  return CUSTOM_SITE_MODULES.map((id) => ({ id, name: MODULES[id] }));
}

/** A custom site's verification as the site grids show it: OK is a success, FAILED a failure, CHECKING running. */
export const CUSTOM_SITE_GRID_STATUS: Readonly<Record<CustomSiteStatus, SiteStatus>> = {
  NEW: 'NONE', CHECKING: 'RUNNING', OK: 'SUCCESS', FAILED: 'FAILED',
};
