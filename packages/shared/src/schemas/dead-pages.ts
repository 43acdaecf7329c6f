import { z } from 'zod';

/**
 * Dead pages of a campaign and what to do about them (issue 36 item 3). A dead page is an
 * upper-tier post tier health found dead; lower-tier posts that still link to it are "at risk".
 * From the campaign's dead pages (and a post's "points to a dead page" tag in its link set) the user
 * re-points those posts to another live page of the same link set — the engine edits each post on
 * its site — or re-publishes the dead page once on its own site.
 */

/** Most dead pages GET /rest/campaign/{id}/dead-pages lists (the most posts at risk first). */
export const DEAD_PAGES_MAX = 500;
/** Most ids one re-point or re-publish request may name. */
export const DEAD_PAGE_ACTION_MAX_IDS = 500;

export const DEAD_PAGE_MESSAGES = {
  id: 'Ids are whole numbers from 1',
  oneScope: 'Send exactly one of deadUrlItemIds (the dead pages whose linking posts to re-point) or urlItemIds (the posts to re-point)',
  ids: `Send a list of 1 to ${DEAD_PAGE_ACTION_MAX_IDS} link ids (whole numbers)`,
  repointQueued: (posts: number) => (posts === 1 ? '1 post will be edited on its site to link to a live page instead' : `${posts} posts will be edited on their sites to link to live pages instead`),
  repointNothing: 'No published post links to these dead pages any more: nothing to re-point',
  republishQueued: (pages: number) => (pages === 1 ? '1 dead page will be re-published on its site' : `${pages} dead pages will be re-published on their sites`),
  republishNothing: 'None of these pages can be re-published',
  /** `tier`: the dead page's tier when known (the campaign's dead pages), null from the linking post's row. */
  repointConfirm: (posts: number, tier: number | null) =>
    `Edit ${posts === 1 ? 'the post' : `the ${posts} posts`} that link${posts === 1 ? 's' : ''} to ${tier === null ? 'a dead page' : 'this dead page'} so ${posts === 1 ? 'it links' : 'they link'} to another live ${tier === null ? 'page of the tier above' : `tier-${tier} page`} instead? Each post is changed on its own site; its anchor text stays.`,
  republishConfirm: 'Publish this page again on its site, as the same account, with the same article and links? A page is re-published once.',
} as const;

/** Why a dead page cannot be re-published (shown beside its disabled button). */
export const REPUBLISH_REFUSALS = {
  notFound: 'This page is not one of your published posts',
  notOwnSite: "Only posts on your own sites (posting and private projects) can be re-published",
  notPublished: 'The post is not published',
  alreadyRepublished: 'Re-published once already (a page is re-published once)',
  alive: 'The page is alive again',
  notAnArticle: 'A profile or a PDF is not re-published: its project writes the account\'s profile or uploads a document, not a post',
} as const;
export type RepublishRefusalReason = keyof typeof REPUBLISH_REFUSALS;

const id = z.number({ error: DEAD_PAGE_MESSAGES.id }).int({ error: DEAD_PAGE_MESSAGES.id })
  .min(1, { error: DEAD_PAGE_MESSAGES.id }).max(Number.MAX_SAFE_INTEGER, { error: DEAD_PAGE_MESSAGES.id });
const ids = z.array(id, { error: DEAD_PAGE_MESSAGES.ids }).min(1, { error: DEAD_PAGE_MESSAGES.ids }).max(DEAD_PAGE_ACTION_MAX_IDS, { error: DEAD_PAGE_MESSAGES.ids });

/** The state of a dead page's re-publish: never asked, under way, done, failed, or not possible. */
export const DEAD_PAGE_REPUBLISH_STATES = ['possible', 'publishing', 'published', 'failed', 'notOwnSite'] as const;

export const DeadPageSchema = z.object({
  /** The dead page's link in its link set. */
  urlItemId: z.number().int(),
  url: z.string(),
  linkSetId: z.number().int(),
  linkSetName: z.string(),
  /** The project that published it, and its tier. */
  projectId: z.number().int().nullable(),
  projectName: z.string(),
  tier: z.number().int(),
  /** When it was found dead (epoch ms), and why: gone (404/410) or missing (the page no longer carries its link). */
  deadSince: z.number(),
  reason: z.enum(['gone', 'missing']),
  /** Lower-tier posts, alive, that still link to it. */
  atRisk: z.number().int(),
  /** Live pages of the same link set a post could link to instead. */
  livePages: z.number().int(),
  republish: z.enum(DEAD_PAGE_REPUBLISH_STATES),
});
export type DeadPage = z.infer<typeof DeadPageSchema>;

/** GET /rest/campaign/{id}/dead-pages?offset=N: the pages after the first N, in the same order. */
export const DeadPagesQuerySchema = z.object({
  offset: z.string().regex(/^\d{1,9}$/, 'Must be a whole number').transform(Number).optional(),
});
export type DeadPagesQuery = z.infer<typeof DeadPagesQuerySchema>;

/** 200 of GET /rest/campaign/{id}/dead-pages. */
export const DeadPagesResponseSchema = z.object({
  pages: z.array(DeadPageSchema),
  /** Dead pages in all (an answer holds at most DEAD_PAGES_MAX of them). */
  total: z.number().int(),
  /** More pages follow: ask again with offset = the pages read so far (issue 38: no list is cut silently). */
  more: z.boolean(),
});
export type DeadPagesResponse = z.infer<typeof DeadPagesResponseSchema>;

const REPOINT_KEYS = ['deadUrlItemIds', 'urlItemIds'] as const;

/** POST /action/repoint: exactly one of `deadUrlItemIds` (the posts linking these dead pages) or `urlItemIds` (these posts). */
export const RepointRequestSchema = z.strictObject({
  deadUrlItemIds: ids.optional(),
  urlItemIds: ids.optional(),
}, { error: DEAD_PAGE_MESSAGES.oneScope })
  .refine((body) => REPOINT_KEYS.filter((key) => body[key] !== undefined).length === 1, { error: DEAD_PAGE_MESSAGES.oneScope })
  .meta({ example: { deadUrlItemIds: [1] } });
export type RepointRequest = z.infer<typeof RepointRequestSchema>;

export const RepointResponseSchema = z.object({
  /** Published posts queued to be edited. */
  posts: z.number().int(),
  message: z.string(),
});
export type RepointResponse = z.infer<typeof RepointResponseSchema>;

/** POST /action/republish: the dead pages (their link ids) to re-publish once. */
export const RepublishRequestSchema = z.strictObject({ urlItemIds: ids }, { error: DEAD_PAGE_MESSAGES.ids });
export type RepublishRequest = z.infer<typeof RepublishRequestSchema>;

export const RepublishResponseSchema = z.object({
  queued: z.number().int(),
  refused: z.array(z.object({ urlItemId: z.number().int(), why: z.enum(Object.keys(REPUBLISH_REFUSALS) as [RepublishRefusalReason, ...RepublishRefusalReason[]]) })),
  message: z.string(),
});
export type RepublishResponse = z.infer<typeof RepublishResponseSchema>;
