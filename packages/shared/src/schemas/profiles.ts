import { z } from 'zod';
import { IdSchema, PLAIN_TEXT_RULE, PathIdSchema, queryNumber } from './common';
import { isPlainText } from '../domain/plain-text';

// ── Account profile rows (campaign screen, Accounts tab) ──────────────────────────────────────

export const PROFILE_MESSAGES = {
  nameRequired: 'Please enter account store name',
  nameTooLong: 'Account store name must be at most 512 characters',
} as const;

export const ProfileNameSchema = z
  .string({ error: PROFILE_MESSAGES.nameRequired })
  .trim()
  .min(1, { error: PROFILE_MESSAGES.nameRequired })
  .max(512, { error: PROFILE_MESSAGES.nameTooLong })
  .refine(isPlainText, PLAIN_TEXT_RULE);

/** PUT /rest/profile. */
export const ProfileCreateSchema = z.object({
  name: ProfileNameSchema,
  campaignId: IdSchema,
  group: z.string().trim().max(128).refine(isPlainText, PLAIN_TEXT_RULE).optional(),
});
export type ProfileCreate = z.infer<typeof ProfileCreateSchema>;

/** POST /rest/profile/{id}. */
export const ProfileRenameSchema = z.object({ name: ProfileNameSchema });
export type ProfileRename = z.infer<typeof ProfileRenameSchema>;

/** One profile row; `count` is its number of accounts. */
export const ProfileRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  group: z.string(),
  campaignId: z.number().int(),
  count: z.number().int(),
});
export type ProfileRow = z.infer<typeof ProfileRowSchema>;

/** GET /rest/profiles/{campaignId}. */
export const ProfileListResponseSchema = z.array(ProfileRowSchema);

// ---- Accounts of a profile (spec 1: sections 3 "Account", 5, 7 "Profiles and accounts") ----
// Owned by the accounts feature; the profile list-level shapes stay above this line.
import { PAGE_SIZE } from '../constants/limits';

/** The account dialog's and the import's messages (spec 1, section 5 "Account"). */
export const ACCOUNT_MESSAGES = {
  siteRequired: 'Please enter website',
  emailRequired: 'Please enter email address',
  usernameRequired: 'Please enter username',
  passwordRequired: 'Please enter password',
  siteTooLong: 'Website must be at most 2048 characters',
  emailTooLong: 'Email address must be at most 512 characters',
  usernameTooLong: 'Username must be at most 512 characters',
  passwordTooLong: 'Password must be at most 4096 characters',
  otherProfile: 'Every account to delete must belong to this profile',
  notText: 'The file is not a text file: upload a CSV file (site,email,username,password) or site|email|username|password lines',
  emptyFile: 'The file holds no accounts',
} as const;

const accountText = (required: string, max: number, tooLong: string) =>
  z.string({ error: required }).trim().min(1, { error: required }).max(max, { error: tooLong }).refine(isPlainText, PLAIN_TEXT_RULE);

/** The four fields of an account, trimmed, with the spec's messages: the dialog, PUT and import share them. */
export const AccountFieldsSchema = z.object({
  siteName: accountText(ACCOUNT_MESSAGES.siteRequired, 2048, ACCOUNT_MESSAGES.siteTooLong),
  email: accountText(ACCOUNT_MESSAGES.emailRequired, 512, ACCOUNT_MESSAGES.emailTooLong),
  username: accountText(ACCOUNT_MESSAGES.usernameRequired, 512, ACCOUNT_MESSAGES.usernameTooLong),
  // Passwords are kept exactly as typed: leading or trailing spaces may be part of them.
  password: z.string({ error: ACCOUNT_MESSAGES.passwordRequired })
    .min(1, { error: ACCOUNT_MESSAGES.passwordRequired })
    .max(4096, { error: ACCOUNT_MESSAGES.passwordTooLong })
    .refine((value) => value.trim().length > 0, { error: ACCOUNT_MESSAGES.passwordRequired })
    .refine(isPlainText, PLAIN_TEXT_RULE),
});
export type AccountFields = z.infer<typeof AccountFieldsSchema>;

/**
 * An account as the API answers it; identity is accountListId (the profile) + siteName + email.
 * Its texts are presented as stored, without the input rules: an account also comes from the
 * engine (a registration, whose password the site chose) or an older version, and one text the
 * dialog's rules would refuse must not make the whole list unreadable (issue 33).
 */
export const AccountSchema = z.object({
  siteName: z.string(),
  email: z.string(),
  username: z.string(),
  password: z.string(),
  accountListId: z.number().int(),
  /** When Verify mail followed the account's confirmation link (epoch ms); null: not verified. Absent in answers that do not read it. */
  verifiedAt: z.number().int().nullable().optional(),
});
export type Account = z.infer<typeof AccountSchema>;

/** PUT /rest/account: adds an account, or updates the one with the same siteName + email. */
export const AccountUpsertRequestSchema = AccountFieldsSchema.extend({ accountListId: IdSchema });
export type AccountUpsertRequest = z.input<typeof AccountUpsertRequestSchema>;
export const AccountUpsertResponseSchema = z.object({ account: AccountSchema, created: z.boolean() });
export type AccountUpsertResponse = z.infer<typeof AccountUpsertResponseSchema>;

export const ACCOUNT_SORT_FIELDS = ['site', 'email', 'username'] as const;
export type AccountSortField = (typeof ACCOUNT_SORT_FIELDS)[number];
export const ACCOUNT_MAX_PAGE_SIZE = 1000;

const filterText = z.string().trim().max(256, { error: 'A filter must be at most 256 characters' }).optional();

/**
 * GET /rest/accounts/{profileId} query: the profile's accounts, sorted and filtered on the server.
 * With page or pageSize in the query string, one page (the defaults fill the other); without
 * either, every account (the server streams them: issue 38).
 */
export const AccountListQuerySchema = z.object({
  page: queryNumber(1, 10_000_000, 1, { notNumber: 'page must be a number', tooSmall: 'page must be at least 1', tooLarge: 'page must be at most 10000000' }),
  pageSize: queryNumber(1, ACCOUNT_MAX_PAGE_SIZE, PAGE_SIZE, {
    notNumber: 'pageSize must be a number', tooSmall: 'pageSize must be at least 1', tooLarge: `pageSize must be at most ${ACCOUNT_MAX_PAGE_SIZE}`,
  }),
  sortField: z.enum(ACCOUNT_SORT_FIELDS, { error: 'sortField must be site, email or username' }).default('site'),
  sortOrder: z.enum(['asc', 'desc'], { error: 'sortOrder must be asc or desc' }).default('asc'),
  /** Substring filters (case-insensitive) on the three filterable columns. */
  site: filterText,
  email: filterText,
  username: filterText,
});
/** The query as the client builds it (numbers; the URL carries them as digits). */
export type AccountListQuery = Omit<z.input<typeof AccountListQuerySchema>, 'page' | 'pageSize'> & { page?: number; pageSize?: number };

export const ProfileIdParamsSchema = z.object({ profileId: PathIdSchema });

/** GET /rest/accounts/{profileId}: the breadcrumb's campaign, the profile, one page of accounts (or all of them when no page was asked for) and the filtered total. */
export const AccountListResponseSchema = z.object({
  campaign: z.object({ id: z.number().int(), name: z.string() }),
  profile: ProfileRowSchema,
  accounts: z.array(AccountSchema),
  total: z.number().int(),
});
export type AccountListResponse = z.infer<typeof AccountListResponseSchema>;

/** One account to delete, named by its identity. */
export const AccountKeySchema = z.object({
  accountListId: IdSchema,
  siteName: z.string().max(2048),
  email: z.string().max(512),
});
export type AccountKey = z.infer<typeof AccountKeySchema>;

/** DELETE /rest/accounts/{profileId}: the accounts to delete. */
export const AccountDeleteRequestSchema = z.array(AccountKeySchema).min(1, { error: 'Select at least one item' }).max(10_000, { error: 'Delete at most 10000 accounts at once' });
export const AccountDeleteResponseSchema = z.object({ deleted: z.number().int() });

/** POST /action/import/profile/{id}: what was imported and each refused line with its number and reason. */
export const AccountImportResponseSchema = z.object({
  imported: z.number().int(),
  updated: z.number().int(),
  errors: z.array(z.object({ line: z.number().int(), message: z.string() })),
  /** Refused lines past the first ACCOUNT_IMPORT_MAX_ERRORS that are not listed. */
  errorsOmitted: z.number().int(),
});
export type AccountImportResponse = z.infer<typeof AccountImportResponseSchema>;
export const ACCOUNT_IMPORT_MAX_ERRORS = 1000;
