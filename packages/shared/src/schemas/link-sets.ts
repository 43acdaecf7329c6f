import { z } from 'zod';
import { IdSchema, PLAIN_TEXT_RULE, queryNumber } from './common';
import { isPlainText } from '../domain/plain-text';
import { LINK_CHECK_STATUSES } from '../constants/link-checks';

// ── Link set rows (campaign screen, Backlinks tab) ────────────────────────────────────────────

export const LINK_SET_MESSAGES = {
  nameRequired: 'Please enter your link set name',
  nameTooLong: 'Link set name must be at most 512 characters',
} as const;

export const LinkSetNameSchema = z
  .string({ error: LINK_SET_MESSAGES.nameRequired })
  .trim()
  .min(1, { error: LINK_SET_MESSAGES.nameRequired })
  .max(512, { error: LINK_SET_MESSAGES.nameTooLong })
  .refine(isPlainText, PLAIN_TEXT_RULE);

/** PUT /rest/url_list. */
export const LinkSetCreateSchema = z.object({ name: LinkSetNameSchema, campaignId: IdSchema });
export type LinkSetCreate = z.infer<typeof LinkSetCreateSchema>;

/** POST /rest/url_list/{id}. */
export const LinkSetRenameSchema = z.object({ name: LinkSetNameSchema });
export type LinkSetRename = z.infer<typeof LinkSetRenameSchema>;

/**
 * One link set row; `count` is its number of links, `verified` how many of them a backlink check
 * found on their page (check status OK or NOFOLLOW).
 */
export const LinkSetRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  campaignId: z.number().int(),
  count: z.number().int(),
  verified: z.number().int(),
});
export type LinkSetRow = z.infer<typeof LinkSetRowSchema>;

// ── Links of a link set, their keywords, imports and exports (link set screen) ─────────────────
// (link-items feature; the rows above belong to the campaign screen)

import { IdListSchema } from './common';
import { PAGE_SIZE } from '../constants/limits';
import { LINK_ANCHOR_MAX_LENGTH, LINK_MESSAGES, LINK_URL_MAX_LENGTH, LINK_URL_PATTERN, LINKS_ON_PAGE_MAX, NO_LINKS_IN_FILE_MESSAGE } from '../domain/batch-links';
import { PERCENTAGE_TOTAL } from '../domain/keyword-percentages';

/** Spec 1 §8: what the link set screen shows after each action. */
export const LINK_ITEM_MESSAGES = {
  deleteFailed: 'Failed to delete the links',
  addFailed: 'Failed to add new link',
  batchFailed: 'Failed to add links. Unknown error',
  saveFailed: 'Failed to save the link',
  keywordsFailed: 'Failed to save the keywords',
  loadFailed: 'Failed to get the links. Unknown error',
  deleted: 'Successfully deleted the links',
  added: 'added new link',
  batchAdded: 'added links',
  saved: 'saved new link',
  keywordsSaved: 'save the keywords',
  loaded: 'load the links',
  tooMuchText: 'Too many links for one batch: upload them as a file instead',
  notText: 'The file is not a text file of links (one URL|x|anchor|x|links on page per line)',
  noLinksInFile: NO_LINKS_IN_FILE_MESSAGE,
} as const;

/** Largest batch text sent as JSON (bigger lists go through the file import). */
export const BATCH_LINKS_MAX_CHARS = 8 * 1024 * 1024;

export const UrlItemSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  anchor: z.string(),
  linksOnPage: z.number().int().nullable(),
  urlListId: z.number().int(),
  site: z.string().nullable(),
  username: z.string().nullable(),
  password: z.string().nullable(),
  /** Domain authority, shown as DA. */
  pr: z.number().nullable(),
  /** Epoch milliseconds; shown DD/MM/YY. */
  dateAdded: z.number(),
  /** Backlink verification of a published post's URL (engine/verify): NONE until a check is due. */
  checkStatus: z.enum(LINK_CHECK_STATUSES),
  /** What the check found (one line per placed link), or why it failed. */
  checkInfo: z.string().nullable(),
  /** Epoch milliseconds of the last check. */
  checkedAt: z.number().nullable(),
  /**
   * A published post that links to an upper-tier post found dead (issue 36 item 3): it "points to a
   * dead page" and is at risk. Set by the link set's paged listing; absent elsewhere.
   */
  pointsToDeadPage: z.boolean().optional(),
});
export type UrlItem = z.infer<typeof UrlItemSchema>;

const LinkUrlSchema = z
  .string({ error: LINK_MESSAGES.urlRequired })
  .trim()
  .min(1, { error: LINK_MESSAGES.urlRequired, abort: true })
  .max(LINK_URL_MAX_LENGTH, { error: LINK_MESSAGES.urlTooLong })
  .regex(LINK_URL_PATTERN, { error: LINK_MESSAGES.urlInvalid })
  .refine(isPlainText, PLAIN_TEXT_RULE);

/** POST /rest/url_item/{linkSetId}: without `id` adds one link, with `id` saves that link. */
export const UrlItemInputSchema = z.object({
  id: IdSchema.optional(),
  url: LinkUrlSchema,
  anchor: z
    .string({ error: LINK_MESSAGES.anchorRequired })
    .trim()
    .min(1, { error: LINK_MESSAGES.anchorRequired })
    .max(LINK_ANCHOR_MAX_LENGTH, { error: LINK_MESSAGES.anchorTooLong })
    .refine(isPlainText, PLAIN_TEXT_RULE),
  linksOnPage: z
    .number({ error: LINK_MESSAGES.linksOnPageInvalid })
    .int({ error: LINK_MESSAGES.linksOnPageInvalid })
    .min(0, { error: LINK_MESSAGES.linksOnPageInvalid })
    .max(LINKS_ON_PAGE_MAX, { error: LINK_MESSAGES.linksOnPageInvalid })
    .nullable()
    .optional(),
});
export type UrlItemInput = z.infer<typeof UrlItemInputSchema>;
export const UrlItemResponseSchema = z.object({ url: UrlItemSchema });

/** PUT /rest/url_items/{linkSetId}: the batch text, one URL|x|anchor|x|links on page per line. */
export const UrlItemBatchSchema = z.object({
  links: z
    .string({ error: LINK_MESSAGES.linksRequired })
    .max(BATCH_LINKS_MAX_CHARS, { error: LINK_ITEM_MESSAGES.tooMuchText })
    .refine((text) => text.trim() !== '', { error: LINK_MESSAGES.linksRequired }),
});
export type UrlItemBatch = z.infer<typeof UrlItemBatchSchema>;

/** Answer of a batch add and of a file import: valid lines are added, refused ones listed by number. */
export const LinkImportResultSchema = z.object({
  added: z.number().int(),
  /** Every refused line; only the first MAX_REPORTED_LINE_ERRORS are listed in `errors`. */
  skipped: z.number().int(),
  errors: z.array(z.object({ line: z.number().int(), message: z.string() })),
  /**
   * Lines refused because the same URL and anchor are already in the set or earlier in the batch
   * (counted in `skipped` too). Batch add reports it; a file import does not look for duplicates.
   */
  duplicates: z.number().int().optional(),
});
export type LinkImportResult = z.infer<typeof LinkImportResultSchema>;

/** DELETE /rest/url_items/{linkSetId}. */
export const UrlItemDeleteSchema = z.object({ ids: IdListSchema });
export const UrlItemDeleteResponseSchema = z.object({ deleted: z.number().int() });

export const URL_ITEM_SORT_FIELDS = ['id', 'url', 'anchor', 'dateAdded'] as const;
export type UrlItemSortField = (typeof URL_ITEM_SORT_FIELDS)[number];

/** GET /rest/url_items/{linkSetId}: one page, sorted and filtered on the server. */
export const UrlItemListQuerySchema = z.object({
  page: queryNumber(1, 1_000_000_000, 1, { notNumber: 'page must be a number', tooSmall: 'page must be at least 1', tooLarge: 'page must be at most 1000000000' }),
  pageSize: queryNumber(1, 1000, PAGE_SIZE, { notNumber: 'pageSize must be a number', tooSmall: 'pageSize must be at least 1', tooLarge: 'pageSize must be at most 1000' }),
  sort: z.enum(URL_ITEM_SORT_FIELDS).default('id'),
  order: z.enum(['asc', 'desc']).default('asc'),
  /** Substrings (case-insensitive) the url / anchor must contain. */
  url: z.string().max(LINK_URL_MAX_LENGTH).optional(),
  anchor: z.string().max(LINK_ANCHOR_MAX_LENGTH).optional(),
});
export type UrlItemListQuery = z.infer<typeof UrlItemListQuerySchema>;

const PERCENTAGE_RANGE = 'Must be a number between 0 and 100';
const KEYWORD_MESSAGES = {
  primaryRequired: 'Primary keyword is required',
  primaryPercentage: 'Primary percentage must be greater than zero',
  /** '{Type} keyword is required' (spec 1 §5). */
  required: (type: string) => `${type} keyword is required`,
  total: 'The percentages must total 100',
  tooLong: 'A keyword must be at most 512 characters',
} as const;
export { KEYWORD_MESSAGES };

const percentage = z.number({ error: PERCENTAGE_RANGE }).int({ error: PERCENTAGE_RANGE }).min(0, { error: PERCENTAGE_RANGE }).max(100, { error: PERCENTAGE_RANGE });
const keyword = z.string().trim().max(512, { error: KEYWORD_MESSAGES.tooLong }).refine(isPlainText, PLAIN_TEXT_RULE);
type KeywordForm = Record<string, unknown>;
/** Run the cross-field rules even when another field already failed, so the form shows them all. */
const always = { when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null };
const blank = (value: unknown) => typeof value !== 'string' || value.trim() === '';

/**
 * The Keywords tab and POST /rest/url_list_keyword/{id}. Keyword texts matter only when
 * useKeyword is on (then the primary keyword is required, and each other keyword when its
 * percentage is not zero); the percentages are always checked and must total 100.
 * linkAnchorPercentage (issue 34 item 5): the share of anchors that are the link's own anchor —
 * for a tier's output link set, the target post's title; left out it is 0 (the spec's five). While
 * it holds a share, primary may be 0 (a lower tier's mix may be titles, naked URLs and generic words).
 */
export const LinkSetKeywordsSchema = z
  .object({
    useKeyword: z.boolean(),
    primaryKeyword: keyword,
    secondaryKeyword: keyword,
    brandedKeyword: keyword,
    genericKeyword: keyword,
    primaryPercentage: z
      .number({ error: KEYWORD_MESSAGES.primaryPercentage })
      .int({ error: KEYWORD_MESSAGES.primaryPercentage })
      .min(0, { error: KEYWORD_MESSAGES.primaryPercentage })
      .max(100, { error: PERCENTAGE_RANGE }),
    secondaryPercentage: percentage,
    brandedPercentage: percentage,
    genericPercentage: percentage,
    nakedUrlPercentage: percentage,
    linkAnchorPercentage: percentage.default(0),
  })
  .refine((v: KeywordForm) => v.primaryPercentage !== 0 || (typeof v.linkAnchorPercentage === 'number' && v.linkAnchorPercentage > 0), { ...always, path: ['primaryPercentage'], error: KEYWORD_MESSAGES.primaryPercentage })
  .refine((v: KeywordForm) => v.useKeyword !== true || !blank(v.primaryKeyword) || (v.primaryPercentage === 0 && typeof v.linkAnchorPercentage === 'number' && v.linkAnchorPercentage > 0),
    { ...always, path: ['primaryKeyword'], error: KEYWORD_MESSAGES.primaryRequired })
  .refine((v: KeywordForm) => v.useKeyword !== true || v.secondaryPercentage === 0 || !blank(v.secondaryKeyword), { ...always, path: ['secondaryKeyword'], error: KEYWORD_MESSAGES.required('Secondary') })
  .refine((v: KeywordForm) => v.useKeyword !== true || v.brandedPercentage === 0 || !blank(v.brandedKeyword), { ...always, path: ['brandedKeyword'], error: KEYWORD_MESSAGES.required('Branded') })
  .refine((v: KeywordForm) => v.useKeyword !== true || v.genericPercentage === 0 || !blank(v.genericKeyword), { ...always, path: ['genericKeyword'], error: KEYWORD_MESSAGES.required('Generic') })
  .refine(
    (v: KeywordForm) => [v.primaryPercentage, v.secondaryPercentage, v.brandedPercentage, v.genericPercentage, v.nakedUrlPercentage, v.linkAnchorPercentage]
      .reduce<number>((sum, p) => sum + (typeof p === 'number' ? p : 0), 0) === PERCENTAGE_TOTAL,
    { path: ['primaryPercentage'], error: KEYWORD_MESSAGES.total },
  )
  // The percentages' total is a rule the API description cannot express: its example is written here.
  .meta({
    example: {
      useKeyword: true, primaryKeyword: 'running shoes', secondaryKeyword: 'trail shoes', brandedKeyword: 'Acme', genericKeyword: 'this shop',
      primaryPercentage: 40, secondaryPercentage: 20, brandedPercentage: 20, genericPercentage: 10, nakedUrlPercentage: 10, linkAnchorPercentage: 0,
    },
  });
export type LinkSetKeywords = z.infer<typeof LinkSetKeywordsSchema>;

/** The link set as its screen needs it: the row plus its keyword settings. */
export const LinkSetDetailSchema = LinkSetRowSchema.extend({
  useKeyword: z.boolean(),
  primaryKeyword: z.string(),
  secondaryKeyword: z.string(),
  brandedKeyword: z.string(),
  genericKeyword: z.string(),
  primaryPercentage: z.number().int(),
  secondaryPercentage: z.number().int(),
  brandedPercentage: z.number().int(),
  genericPercentage: z.number().int(),
  nakedUrlPercentage: z.number().int(),
  linkAnchorPercentage: z.number().int(),
});
export type LinkSetDetail = z.infer<typeof LinkSetDetailSchema>;

/** GET /rest/url_items/{linkSetId}: the spec's {campaign, urlList, urls} plus the filtered total. */
export const UrlItemListResponseSchema = z.object({
  campaign: z.object({ id: z.number().int(), name: z.string() }),
  urlList: LinkSetDetailSchema,
  urls: z.array(UrlItemSchema),
  /** Links matching the filters (urlList.count is all of them). */
  total: z.number().int(),
});
export type UrlItemListResponse = z.infer<typeof UrlItemListResponseSchema>;

/** POST /action/export/url_lists/{campaignId}: several link sets in one file. */
export const UrlListsExportSchema = z.object({ ids: IdListSchema, fullInfo: z.boolean().default(false) });
export type UrlListsExport = z.infer<typeof UrlListsExportSchema>;
