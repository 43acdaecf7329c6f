import { z } from 'zod';
import { IdSchema } from './common';
import { ProjectRowSchema } from './projects';
import { emailSourceInLinkLoomTerms, SITE_STATUSES } from '../constants/project-options';
import { AccountCreationFormSchema, ContentProjectFormSchema, IndexerProjectFormSchema } from './project-forms';

/**
 * The project screens' calls (spec 1 §7): GET /rest/project/{id}, the four saves, the private
 * network's sites for a project. Shapes follow spec 1 §3.
 */

/** Which screen (and which save call) a project belongs to; see `projectKind`. */
export const PROJECT_KINDS = ['acproject', 'postingproject', 'privateproject', 'indexerproject'] as const;
export type ProjectKind = (typeof PROJECT_KINDS)[number];

/** The kind of a project by its module: the same split as `projectScreenPath`. */
export function projectKind(module: string): ProjectKind {
  if (module === 'AccountCreation') return 'acproject';
  if (module.startsWith('Private')) return 'privateproject';
  if (module === 'Indexer') return 'indexerproject';
  return 'postingproject';
}

/** Display name of each kind (used in messages). */
export const PROJECT_KIND_NAMES: Record<ProjectKind, string> = {
  acproject: 'account creation', postingproject: 'posting', privateproject: 'private blog', indexerproject: 'indexer',
};

/** A site of a project: posting, account creation and indexer sites by module + site id; private sites by site id + email. */
export const SiteIdSchema = z.union([
  z.object({ module: z.string().min(1).max(64), siteId: IdSchema }).strict(),
  z.object({ siteId: IdSchema, email: z.string().max(320) }).strict(),
]);
export type SiteId = z.infer<typeof SiteIdSchema>;

/** One stable text key per site id (`module:siteId` or `siteId:email`): the database and the grid use it. */
export function siteKey(siteId: SiteId): string {
  return 'module' in siteId ? `${siteId.module}:${siteId.siteId}` : `${siteId.siteId}:${siteId.email}`;
}

/** One row of a project's site grid (spec 1 §3 "Site row"). */
export const SiteRowSchema = z.object({
  key: z.string(),
  id: SiteIdSchema,
  /** The module the site posts as (grid groups by module, then platform). */
  module: z.string(),
  platform: z.string(),
  siteUrl: z.string(),
  /** The account's email on the site (private sites); empty when the row has none. */
  email: z.string(),
  status: z.enum(SITE_STATUSES),
  /** Domain authority, shown as DA; null until measured. */
  pr: z.number().nullable(),
  dofollow: z.boolean().nullable(),
  /** Progress / waiting note written by the engine (e.g. "2 of 5 posts", "next post at 14:30"). */
  waitInfo: z.string().nullable(),
  checked: z.boolean(),
  /** A premium custom site (custom_sites.premium): the grid shows these as their own group, first. */
  premium: z.boolean().optional(),
});
export type SiteRow = z.infer<typeof SiteRowSchema>;

const NamedCountSchema = z.object({ id: z.number().int(), name: z.string(), count: z.number().int() });
export type NamedCount = z.infer<typeof NamedCountSchema>;
const SiblingSchema = z.object({ id: z.number().int(), name: z.string(), module: z.string(), status: z.string() });
export type ProjectSibling = z.infer<typeof SiblingSchema>;
const CampaignRefSchema = z.object({ id: z.number().int(), name: z.string() });

const common = {
  campaign: CampaignRefSchema,
  /** The campaign's other projects (schedule parents). */
  siblings: z.array(SiblingSchema),
  sites: z.array(SiteRowSchema),
};

/** GET /rest/project/{id} of an account creation project: profiles are the campaign's account profiles. */
export const AccountCreationScreenSchema = z.object({
  kind: z.literal('acproject'),
  project: ProjectRowSchema.extend(AccountCreationFormSchema.shape),
  ...common,
  profiles: z.array(NamedCountSchema),
});

/**
 * Posting project: `campaigns` to choose from, `selectedCampaignId` (default: the project's own),
 * `profiles` of the selected campaign, `urlLists` and `contentGroups` to choose from.
 */
export const PostingScreenSchema = z.object({
  kind: z.literal('postingproject'),
  project: ProjectRowSchema.extend(ContentProjectFormSchema.shape),
  ...common,
  campaigns: z.array(CampaignRefSchema),
  selectedCampaignId: z.number().int(),
  profiles: z.array(NamedCountSchema),
  urlLists: z.array(NamedCountSchema),
  contentGroups: z.array(NamedCountSchema),
});

/** Private blog project: `profiles` are the user's private networks; `sites` those of the chosen one. */
export const PrivateScreenSchema = PostingScreenSchema.omit({ kind: true, campaigns: true, selectedCampaignId: true }).extend({
  kind: z.literal('privateproject'),
});

/** Indexer project: `urlLists` to submit from; `sites` the IndexNow engines. */
export const IndexerScreenSchema = z.object({
  kind: z.literal('indexerproject'),
  project: ProjectRowSchema.extend(IndexerProjectFormSchema.shape),
  ...common,
  urlLists: z.array(NamedCountSchema),
});

export const ProjectScreenSchema = z.discriminatedUnion('kind', [AccountCreationScreenSchema, PostingScreenSchema, PrivateScreenSchema, IndexerScreenSchema]);

/**
 * GET /rest/project/{id}/readiness: what would make a run fail at once (no sites ticked, no
 * profile, no content group or output link set, …), each as the message a user acts on; empty
 * when Start can run. A person's Start is refused with the same list (422, as `details`).
 */
export const ProjectReadinessSchema = z.object({
  problems: z.array(z.string()),
  /** What Start will do that the user should know first, without stopping it (issue 34: reuses spun). */
  notices: z.array(z.string()).default([]),
});

/** The notices of GET /rest/project/{id}/readiness. */
export const READINESS_NOTICES = {
  /** The content group has fewer articles than the run will post (issue 34 item 3). */
  reusesSpun: (articles: number, posts: number) => `${articles} article${articles === 1 ? '' : 's'} for ${posts} posts: reuses will be spun`,
  /** A re-run (issue 35 item 4): sites that already have their posts from earlier runs are left alone. */
  sitesAlreadyDone: (done: number, ticked: number) =>
    `${done} of ${ticked} ticked site${ticked === 1 ? '' : 's'} already ${done === 1 ? 'has its' : 'have their'} posts from earlier runs: Start posts only to the other${ticked - done === 1 ? ' one' : ` ${ticked - done}`}`,
  /** Ticked sites that cannot take the project's posts (issue 37 item 6), each with why; the run fails their posts. */
  sitesWithoutConnector: (sites: ReadonlyArray<{ host: string; why: string }>, ticked: number) =>
    `${sites.length} of ${ticked} ticked site${ticked === 1 ? '' : 's'} cannot take this project's posts: ${sites.map((site) => `${site.host} (${site.why})`).join('; ')}`,
  /** A re-run of account creation: sites with an account in the profile are left alone. */
  sitesAlreadyRegistered: (done: number, ticked: number) =>
    `${done} of ${ticked} ticked site${ticked === 1 ? '' : 's'} already ${done === 1 ? 'has an account' : 'have accounts'} in the profile: Start registers only on the other${ticked - done === 1 ? ' one' : ` ${ticked - done}`}`,
} as const;

/** Re-runs with nothing left to do (issue 35 item 4): Start is refused with what to do instead. */
export const RERUN_MESSAGES = {
  allPosted: (ticked: number, canRaise: boolean) =>
    `Every ticked site (${ticked}) already has its posts from earlier runs of this project, so a run would post nothing: tick more sites${canRaise ? ', or raise Number of posts in the schedule' : ''}`,
  allRegistered: (ticked: number) =>
    `Every ticked site (${ticked}) already has an account in this project's profile, so a run would register none: tick sites without an account, or choose another profile`,
} as const;
export type ProjectReadiness = z.infer<typeof ProjectReadinessSchema>;
export type ProjectScreen = z.infer<typeof ProjectScreenSchema>;
export type AccountCreationScreen = z.infer<typeof AccountCreationScreenSchema>;
export type PostingScreen = z.infer<typeof PostingScreenSchema>;
export type PrivateScreen = z.infer<typeof PrivateScreenSchema>;
export type IndexerScreen = z.infer<typeof IndexerScreenSchema>;

/** A site's selection as a save sends it. */
export const SiteSelectionSchema = z.object({ id: SiteIdSchema, checked: z.boolean() });
export type SiteSelection = z.infer<typeof SiteSelectionSchema>;

/** Each browser tab session's id (spec 1 §3), sent with a save and echoed in projectSaved. */
export const SessionUuidSchema = z.string().min(8).max(64).regex(/^[A-Za-z0-9-]+$/);

/** Up to this many site rows in one save (a user's whole site list). */
export const MAX_SITES_PER_SAVE = 100_000;

function saveBody<T extends z.ZodRawShape>(form: T) {
  return z.object({
    project: z.object({ id: IdSchema, name: z.string().trim().min(1).max(512).optional(), ...form }),
    sites: z.array(SiteSelectionSchema).max(MAX_SITES_PER_SAVE),
    sessionUuid: SessionUuidSchema,
  });
}

/** POST /rest/acproject; `emailSource` as the original's clients name it too (RANKERX is LINKLOOM, issue 38). */
export const AccountCreationSaveSchema = saveBody({
  ...AccountCreationFormSchema.shape,
  emailSource: z.preprocess(emailSourceInLinkLoomTerms, AccountCreationFormSchema.shape.emailSource),
});
/** POST /rest/postingproject and POST /rest/privateproject. */
export const ContentProjectSaveSchema = saveBody(ContentProjectFormSchema.shape);
/** POST /rest/indexerproject. */
export const IndexerProjectSaveSchema = saveBody(IndexerProjectFormSchema.shape);
export type AccountCreationSave = z.infer<typeof AccountCreationSaveSchema>;
export type ContentProjectSave = z.infer<typeof ContentProjectSaveSchema>;
export type IndexerProjectSave = z.infer<typeof IndexerProjectSaveSchema>;

/**
 * POST /rest/privatesitestatus: a private network's sites as a project sees them (with that
 * project's selection and statuses), used when the General tab switches network.
 */
export const PrivateSiteStatusQuerySchema = z.object({ projectId: IdSchema, privateGroupId: IdSchema });
export const PrivateSiteStatusResponseSchema = z.object({ sites: z.array(SiteRowSchema) });
