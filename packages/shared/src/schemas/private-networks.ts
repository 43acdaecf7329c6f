/**
 * Private networks and their sites (spec 1: sections 2, 3, 5, 7, 8): request and response shapes
 * of every call, with the spec's messages written once.
 */
import { z } from 'zod';
import { IdListSchema, IdSchema, PLAIN_TEXT_RULE } from './common';
import { isPlainText } from '../domain/plain-text';

export const PRIVATE_NETWORK_MESSAGES = {
  nameRequired: 'Please enter private network name',
  nameTooLong: 'The name must be at most 1024 characters',
  siteListRequired: 'Please enter the list of sites',
  siteListTooLong: 'The list is too long: import at most 20,000 sites at a time',
  profileRequired: 'Please select an account profile',
  selectSites: 'Select at least one site',
  loadFailed: 'Failed to load private networks.',
  getFailed: 'Failed to get the private network',
} as const;

/** Modules a private site posts as (the spec's `group`); imports use Private unless told otherwise. */
export const PRIVATE_MODULES = ['Private', 'PrivateBookmark'] as const;
export type PrivateModule = (typeof PRIVATE_MODULES)[number];
export const DEFAULT_PRIVATE_MODULE: PrivateModule = 'Private';
/** Most sites one import or bulk upload may carry. */
export const PRIVATE_SITE_IMPORT_MAX = 20_000;

export const PrivateNetworkNameSchema = z
  .string({ error: PRIVATE_NETWORK_MESSAGES.nameRequired })
  .trim()
  .min(1, { error: PRIVATE_NETWORK_MESSAGES.nameRequired })
  .max(1024, { error: PRIVATE_NETWORK_MESSAGES.nameTooLong })
  .refine(isPlainText, PLAIN_TEXT_RULE);

/** PUT /rest/private_networks: create. */
export const CreatePrivateNetworkBodySchema = z.object({ name: PrivateNetworkNameSchema });
export type CreatePrivateNetworkBody = z.infer<typeof CreatePrivateNetworkBodySchema>;

/** POST /rest/private_networks: rename. */
export const RenamePrivateNetworkBodySchema = z.object({ id: IdSchema, name: PrivateNetworkNameSchema });
export type RenamePrivateNetworkBody = z.infer<typeof RenamePrivateNetworkBodySchema>;

/** DELETE /rest/private_networks: a JSON array of network ids. */
export const DeletePrivateNetworksBodySchema = IdListSchema;
export const DeletePrivateNetworksResponseSchema = z.object({ ids: z.array(z.number().int()) });

export const PrivateNetworkSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Number of sites (the list's Account Count). */
  count: z.number().int(),
});
export type PrivateNetwork = z.infer<typeof PrivateNetworkSchema>;

/** GET /rest/private_networks */
export const PrivateNetworkListResponseSchema = z.object({ objects: z.array(PrivateNetworkSchema) });
export type PrivateNetworkListResponse = z.infer<typeof PrivateNetworkListResponseSchema>;

/** A private site as the spec names its fields (section 3). */
export const PrivateSiteSchema = z.object({
  privateGroupId: z.number().int(),
  siteId: z.number().int(),
  email: z.string(),
  /** The module the site posts as. */
  group: z.string(),
  /** As detected: WordPress when imported as self-hosted, otherwise Unknown until verified. */
  platform: z.string(),
  siteUrl: z.string(),
  username: z.string(),
  password: z.string(),
});
export type PrivateSite = z.infer<typeof PrivateSiteSchema>;

/** GET /rest/private_network/{id} */
export const PrivateNetworkResponseSchema = z.object({
  privateNetwork: PrivateNetworkSchema,
  privateSites: z.array(PrivateSiteSchema),
});
export type PrivateNetworkResponse = z.infer<typeof PrivateNetworkResponseSchema>;

/** DELETE /rest/private_network/{id}: the sites to delete, each as {group, siteId, email}. */
export const DeletePrivateSitesBodySchema = z
  .array(z.object({ group: z.string().max(64), siteId: IdSchema, email: z.string().max(1024) }))
  .min(1, { error: PRIVATE_NETWORK_MESSAGES.selectSites })
  .max(PRIVATE_SITE_IMPORT_MAX);
export type DeletePrivateSitesBody = z.infer<typeof DeletePrivateSitesBodySchema>;
/** How many of the listed sites were deleted (a key that no longer matches a row is skipped). */
export const DeletePrivateSitesResponseSchema = z.object({ deleted: z.number().int() });

const siteList = z
  .string({ error: PRIVATE_NETWORK_MESSAGES.siteListRequired })
  // Not .trim(): leading blank lines must keep the line numbers of the error list right.
  .refine((text) => text.trim().length > 0, { error: PRIVATE_NETWORK_MESSAGES.siteListRequired })
  .refine(isPlainText, PLAIN_TEXT_RULE);

/** POST /action/import/private_network/{id}: pasted lines site|email|username|password. */
export const ImportPrivateSitesBodySchema = z.object({
  selfHosted: z.boolean().default(false),
  siteList,
  /** New sites get this module (default Private); an update changes it only when given. */
  module: z.enum(PRIVATE_MODULES).optional(),
});
export type ImportPrivateSitesBody = z.input<typeof ImportPrivateSitesBodySchema>;

// A bound against abuse only: each row's real limits are checked per row (checkPrivateSite) so
// one bad row is reported with its number instead of refusing the whole upload.
const field = z.string().max(10_000);

/** PUT /rest/private_network_bulk_upload/{id}: the same sites as structured rows (for scripts). */
export const BulkUploadPrivateSitesBodySchema = z.object({
  selfHosted: z.boolean().default(false),
  /** New sites get this module (default Private); an update changes it only when given. */
  module: z.enum(PRIVATE_MODULES).optional(),
  sites: z
    .array(z.object({
      siteUrl: field,
      email: field,
      username: field,
      password: field,
    }), { error: PRIVATE_NETWORK_MESSAGES.siteListRequired })
    .min(1, { error: PRIVATE_NETWORK_MESSAGES.siteListRequired })
    .max(PRIVATE_SITE_IMPORT_MAX, { error: PRIVATE_NETWORK_MESSAGES.siteListTooLong }),
});
export type BulkUploadPrivateSitesBody = z.input<typeof BulkUploadPrivateSitesBodySchema>;

/** POST /action/import/private_network/{id}/profile: the account profile whose accounts become sites. */
export const ImportFromProfileBodySchema = z.object({
  profileId: z
    .number({ error: PRIVATE_NETWORK_MESSAGES.profileRequired })
    .int({ error: PRIVATE_NETWORK_MESSAGES.profileRequired })
    .positive({ error: PRIVATE_NETWORK_MESSAGES.profileRequired }),
});
export type ImportFromProfileBody = z.infer<typeof ImportFromProfileBodySchema>;

/** Every import's answer: valid lines are written, each refused one is listed ('Line 3: …'). */
export const PrivateSiteImportResultSchema = z.object({
  errorList: z.array(z.string()),
  /** Sites written (added or updated). */
  imported: z.number().int(),
});
export type PrivateSiteImportResult = z.infer<typeof PrivateSiteImportResultSchema>;

/** GET /rest/private_network_profiles: the profiles an import may read, with their campaign. */
export const PrivateNetworkProfilesResponseSchema = z.object({
  profiles: z.array(z.object({
    id: z.number().int(),
    name: z.string(),
    campaignId: z.number().int(),
    campaignName: z.string(),
    count: z.number().int(),
  })),
});
export type PrivateNetworkProfilesResponse = z.infer<typeof PrivateNetworkProfilesResponseSchema>;

/** GET /action/export/private_group/{id}?format=txt|csv (txt re-imports; csv opens in spreadsheets). */
export const PrivateNetworkExportQuerySchema = z.object({ format: z.enum(['txt', 'csv']).default('txt') });

/** One entry of the user's site list (GET /sites.json, GET /rest/sites): a custom site or a private network's site. */
export const SiteListEntrySchema = z.object({
  id: z.object({ module: z.string(), siteId: z.number().int() }),
  /** The module the site posts as (the same as id.module). */
  module: z.string(),
  platform: z.string(),
  siteUrl: z.string(),
  email: z.string(),
  /** Domain authority (shown as DA): the user's figure for a custom site; null when not given. */
  pr: z.number().nullable(),
  /**
   * Measured, not claimed: the share (0–1) of the verified links on the site's host that were
   * dofollow; null while none of the user's links there has been verified.
   */
  dofollow: z.number().min(0).max(1).nullable(),
  /** The platform verifier's verdict on the site (NEW until probed, CHECKING, OK, FAILED), for custom and private sites alike. */
  status: z.string(),
  premium: z.boolean(),
  /** Where the site comes from: the user's custom sites or a private network. */
  source: z.enum(['private_network', 'custom']),
  privateNetworkId: z.number().int().nullable(),
});
export type SiteListEntry = z.infer<typeof SiteListEntrySchema>;

export const SiteListQuerySchema = z.object({ module: z.string().max(64).optional() });

export const SiteListResponseSchema = z.object({ sites: z.array(SiteListEntrySchema) });
export type SiteListResponse = z.infer<typeof SiteListResponseSchema>;

/**
 * A site's dofollow as the grids show it (yes / no): most of its verified links were followed.
 * Null while nothing there has been verified.
 */
export function isDofollowShare(share: number | null): boolean | null {
  return share === null ? null : share >= 0.5;
}
