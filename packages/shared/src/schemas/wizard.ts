import { z } from 'zod';
import {
  EMAIL_DEFAULTS, EMAIL_PROTOCOLS, EMAIL_SOURCES, INDEXING_SERVICES, LINK_PLACEMENTS, optionValues,
} from '../constants/project-options';
import { isPlainText } from '../domain/plain-text';
import { DEFAULT_KEYWORD_PERCENTAGES, isBalanced, redistributePercentages, type KeywordPercentages } from '../domain/keyword-percentages';
import { formatWireDate } from '../domain/schedule-dates';
import { PLAIN_TEXT_RULE } from './common';
import { DIAGRAM_MAX_JSON_CHARS } from '../constants/diagram';
import { MEDIA_FIELDS } from './media-fields';

/**
 * The campaign wizard of spec 2 (§3 "Wizard", "Link set (wizard)", "Tier content", "Wizard
 * project", "Email account (wizard)"): its stored shape and defaults. The rules of §5 live in the
 * step schemas (wizard-steps.ts), one per tab, so the server checks what the form checks.
 *
 * Per-tier settings are arrays indexed by tier - 1 (tier tab key `tier{n}`).
 */
export const WIZARD_MESSAGES = {
  // Links & Keywords (§5)
  linksRange: 'Must be a number between 0 and 20',
  linksRequired: 'Required',
  maxBelowMin: 'Max links must be greater or equal to min links',
  linkPositionRequired: 'Place select link position',
  tagsRequired: 'Tags are required',
  urlsRequired: 'URLs are required',
  primaryKeywordRequired: 'Primary keyword is required',
  primaryPercentage: 'Primary percentage must be greater than zero',
  keywordRequired: (type: string) => `${type} keyword is required`,
  percentagesTotal: 'The percentages must total 100',
  linkSetRequired: 'Add at least one link set',
  // Content
  contentGroupRequired: 'You need to select a content group to get articles from',
  imageKeywordsRequired: 'Enter keywords to search for images',
  imageUrlsRequired: 'Please enter the URLs of images to insert',
  imagePositionRequired: 'Please select image position',
  videoKeywordsRequired: 'Enter keywords to search for videos',
  videoUrlsRequired: 'Please enter the URLs of videos to insert',
  videoPositionRequired: 'Please select video position',
  countNotNegative: 'Must be greater or equal to 0',
  // Accounts
  profileRequired: 'Please select an account profile',
  privateNetworkRequired: 'Please select a private network',
  numberOfPostsRequired: 'Please choose a number of posts to create',
  numberOfPostsRange: 'Number of posts must be equal or greater than 0',
  // Sites and indexers
  siteSelectionRequired: 'Please choose a site selection profile',
  indexersRequired: 'Because you ticked Use Indexing Services. You need to select indexing services to help index your links',
  // Schedule
  startDateRequired: 'Start date is required',
  startTimeRequired: 'Start time is required',
  nDayRequired: 'Please choose a number of days to run',
  nDayPositive: 'Number of days must be greater than 0',
  // Emails (Manual)
  emailServerRequired: 'Please enter server address',
  emailPortRequired: 'Please enter the server port',
  emailPortRange: 'The port must be a number between 1 and 65535',
  emailProtocolRequired: 'Please select email protocol',
  emailAddressRequired: 'Please enter your verification email',
  emailLoginRequired: 'Please enter your email login',
  emailPasswordRequired: 'Email password is required',
  spamFolderRequired: 'Spam folder name is required',
  // Other
  strategyRequired: 'Please select a strategy',
  newWizardNameRequired: 'Please enter wizard name',
  wizardNameRequired: "Please enter wizard's name",
  wizardNameTooLong: 'Wizard name must be at most 512 characters',
  campaignNameRequired: 'Campaign name is required',
  confirmWizardNameRequired: 'Wizard name is required',
  notWizardCampaign: "This campaign wasn't created using XWizard",
  fixProblems: 'Fix the problems below before saving the wizard',
  fixedProblems: 'Fixed the problems below before saving the wizard',
  changeStrategyConfirm: 'Changing diagram will reset your data. Do you want to continue',
  confirmDelete: 'Do you want to delete the selected wizards?',
  addLinkSetConfirm: 'Do you want add new link set?',
  removeLinkSetTitle: 'Remove link set',
  removeLinkSetConfirm: 'Do you want to remove link set?',
  notCompressed: 'The wizard is neither JSON nor an lz-string compressed JSON text',
  tooLarge: 'The wizard is too large',
  idMismatch: 'The id in the body is not the id of the wizard in the path',
  addWithId: 'A new wizard has no id yet: send none (rename a wizard with POST /rest/xwizard/rename)',
  strategyMismatch: 'strategy and strategyId name different strategies',
  // §8 toasts
  saveFailed: 'Failed to save the wizard. Unknown error',
  createFailed: 'Failed to create the campaign. Unknown error',
  getFailed: 'Failed to get the wizard. Unknown error',
  initNoDiagram: 'Failed to init the wizard. Could not load the diagram',
  initFailed: 'Failed to init the wizard',
  initDiagramMissing: 'Failed to init the wizard. Could not find the diagram',
  duplicateCampaignLoadFailed: 'Failed to load the campaign to duplicate',
  duplicateFailed: 'Failed to duplicate wizard',
  addFailed: 'Failed to add new wizard',
  renameFailed: 'Failed to rename the wizard',
  deleteFailed: 'Failed to delete selected wizards',
  loadFailed: 'Failed to load wizards',
  saved: 'saved the wizard',
} as const;

/** Spec 2 §9: the duplicate dialog proposes the name plus ' Copy'. */
export const WIZARD_COPY_SUFFIX = ' Copy';
export function wizardCopyName(name: string): string {
  return `${name}${WIZARD_COPY_SUFFIX}`;
}

/** Tier site selection types (spec 2 §9). */
export const TIER_SITE_TYPES = { allSites: 1, siteSelection: 2, manually: 3 } as const;
/** Wizard defaults (spec 2 §3, §4, §9). */
export const WIZARD_DEFAULTS = { nDay: 1, minLinks: 1, maxLinks: 3, startDelayMs: 30 * 60 * 1000 } as const;
/** Most link sets on tier 1, projects in a wizard, and characters of a stored wizard. */
export const WIZARD_LIMITS = { linkSets: 100, projects: 5000, maxTiers: 100, jsonChars: 8 * 1024 * 1024 } as const;

const text = (max: number) => z.string().max(max).refine(isPlainText, PLAIN_TEXT_RULE).default('');
const num = z.number().nullable();
const optionalId = z.number().int().positive().nullable().default(null);

export const WizardSiteRefSchema = z.object({ siteId: z.number().int().positive(), module: z.string().min(1).max(64) });
export type WizardSiteRef = z.infer<typeof WizardSiteRefSchema>;

/** Sites tab, one tier: 1 All Sites, 2 Site Selection Profile, 3 Manually. */
export const TierSiteSelectionSchema = z.object({
  type: z.union([z.literal(1), z.literal(2), z.literal(3)]).default(1),
  selectedSites: z.array(WizardSiteRefSchema).max(100_000).default([]),
  siteSelectionId: optionalId,
});
export type TierSiteSelection = z.infer<typeof TierSiteSelectionSchema>;

/** Link set (wizard): URLs on tier 1 only (one per line); a new one is all primary keyword. */
export const WizardLinkSetSchema = z.object({
  urls: text(2_000_000),
  primaryKeyword: text(512),
  secondaryKeyword: text(512),
  brandedKeyword: text(512),
  genericKeyword: text(512),
  primaryPercentage: num.default(DEFAULT_KEYWORD_PERCENTAGES.primary),
  secondaryPercentage: num.default(DEFAULT_KEYWORD_PERCENTAGES.secondary),
  brandedPercentage: num.default(DEFAULT_KEYWORD_PERCENTAGES.branded),
  genericPercentage: num.default(DEFAULT_KEYWORD_PERCENTAGES.generic),
  nakedUrlPercentage: num.default(DEFAULT_KEYWORD_PERCENTAGES.nakedUrl),
  tags: text(10_000),
});
export type WizardLinkSet = z.infer<typeof WizardLinkSetSchema>;

/**
 * The anchors a tier below tier 1 links the tier above with (issue 34 item 5): the keywords and
 * the six shares — primary, secondary, branded, generic, naked URL and the target's title (the
 * link's own anchor in the tier above's output link set). They become that output link set's
 * keywords, which the engine's quota draw follows as it does tier 1's.
 */
export const WizardAnchorMixSchema = z.object({
  primaryKeyword: text(512),
  secondaryKeyword: text(512),
  brandedKeyword: text(512),
  genericKeyword: text(512),
  primaryPercentage: num.default(0),
  secondaryPercentage: num.default(0),
  brandedPercentage: num.default(0),
  genericPercentage: num.default(0),
  nakedUrlPercentage: num.default(0),
  linkAnchorPercentage: num.default(0),
});
export type WizardAnchorMix = z.infer<typeof WizardAnchorMixSchema>;

/** Links & Keywords tab, one tier (tier 1 holds the link sets; lower tiers link the tier above). */
export const TierLinksSchema = z.object({
  linkSets: z.array(WizardLinkSetSchema).max(WIZARD_LIMITS.linkSets).default([]),
  /** Tier 2 and below: the anchor mix of its links (null: tierAnchorMix's default, derived from tier 1). */
  anchors: WizardAnchorMixSchema.nullable().default(null),
  minLinks: num.default(WIZARD_DEFAULTS.minLinks),
  maxLinks: num.default(WIZARD_DEFAULTS.maxLinks),
  linkPosition: z.enum(optionValues(LINK_PLACEMENTS)).nullable().default('ReplaceKeyword'),
  tags: text(10_000),
});
export type TierLinks = z.infer<typeof TierLinksSchema>;

/** Content tab, one tier (spec 2 §3 "Tier content"). */
export const TierContentSchema = z.object({
  contentGroupId: optionalId,
  ...MEDIA_FIELDS,
});
export type TierContent = z.infer<typeof TierContentSchema>;

/** Indexer tab, one tier. */
export const TierIndexerSchema = z.object({
  useIndexers: z.boolean().default(false),
  indexers: z.array(z.enum(optionValues(INDEXING_SERVICES))).max(INDEXING_SERVICES.length).default([]),
});
export type TierIndexer = z.infer<typeof TierIndexerSchema>;

/**
 * Wizard project (spec 2 §3): one per tiered node of the diagram. `id` is the node id, `parentId`
 * its parent's (null under the Money Site). `profileId` is the existing account profile when the
 * node does not create accounts, and the private network of a private node. `profileName` is the
 * node's account store name.
 */
export const WizardProjectSchema = z.object({
  id: z.string().min(1).max(200),
  parentId: z.string().max(200).nullable().default(null),
  name: text(1024),
  module: z.string().max(64).nullable().default(null),
  premium: z.boolean().default(false),
  createNewAccount: z.boolean().default(true),
  numberOfPosts: num.default(null),
  profileName: text(1024),
  group: z.string().max(64).nullable().default(null),
  profileId: optionalId,
  tier: z.number().int().min(1).max(WIZARD_LIMITS.maxTiers),
});
export type WizardProject = z.infer<typeof WizardProjectSchema>;

/** Email account (wizard): the Manual source's mailbox; port 995 and SSL on by default. */
export const WizardEmailAccountSchema = z.object({
  emailAddress: text(320),
  emailLogin: text(320),
  emailPassword: text(1024),
  emailServer: text(255),
  emailServerPort: num.default(EMAIL_DEFAULTS.emailServerPort),
  mailProtocol: z.enum(optionValues(EMAIL_PROTOCOLS)).nullable().default(EMAIL_DEFAULTS.mailProtocol),
  SSL: z.boolean().default(EMAIL_DEFAULTS.SSL),
  /** With SSL off: STARTTLS / STLS (becomes the project's verificationInfo.startTls). */
  startTls: z.boolean().default(false),
  /** Accept a self-signed certificate (becomes verificationInfo.allowSelfSigned). */
  allowSelfSigned: z.boolean().default(false),
  checkSpamFolder: z.boolean().default(false),
  spamFolderName: text(255).default(EMAIL_DEFAULTS.spamFolderName),
});
export type WizardEmailAccount = z.infer<typeof WizardEmailAccountSchema>;

/** The wizard's strategy: the diagram is JSON text, as GET /rest/strategies/{id} answers it. */
export const WizardStrategySchema = z.object({
  id: z.number().int().positive(),
  name: z.string().max(1024).default(''),
  description: z.string().max(1_000_000).default(''),
  strategy: z.string().max(DIAGRAM_MAX_JSON_CHARS),
});
export type WizardStrategy = z.infer<typeof WizardStrategySchema>;

const tierList = <T extends z.ZodType>(item: T) => z.array(item).max(WIZARD_LIMITS.maxTiers).default([]);

/** The whole wizard as saved (POST /rest/xwizards) and sent to create a campaign. */
export const WizardSchema = z.object({
  id: z.number().int().positive().nullable().default(null),
  name: text(512),
  saveWizard: z.boolean().default(false),
  campaignName: text(512),
  strategy: WizardStrategySchema.nullable().default(null),
  /** Number of tiers: the diagram's depth. */
  depth: z.number().int().min(0).max(WIZARD_LIMITS.maxTiers).default(0),
  tierSiteSelection: tierList(TierSiteSelectionSchema),
  linksAndKeywords: tierList(TierLinksSchema),
  content: tierList(TierContentSchema),
  indexer: tierList(TierIndexerSchema),
  projects: z.array(WizardProjectSchema).max(WIZARD_LIMITS.projects).default([]),
  blogName: text(255),
  blogTitle: text(1024),
  username: text(255),
  password: text(1024),
  firstName: text(255),
  lastName: text(255),
  emailSource: z.enum(optionValues(EMAIL_SOURCES)).default('LINKLOOM'),
  emailAccount: WizardEmailAccountSchema.default(() => WizardEmailAccountSchema.parse({})),
  /** Duplicating a campaign: reuse its account profiles instead of creating accounts. */
  useSameAccounts: z.boolean().default(false),
  /**
   * Schedule tab's "Start now" (issue 35; a new wizard's default): tier 1 starts when Create
   * Campaign is pressed and startDate is not asked for. False for wizards saved before it existed.
   */
  startNow: z.boolean().default(false),
  /** DD/MM/YYYY HH:mm in UTC (the schedule's wire format); null until chosen. */
  startDate: z.string().max(32).nullable().default(null),
  nDay: num.default(WIZARD_DEFAULTS.nDay),
});
export type Wizard = z.infer<typeof WizardSchema>;
export type WizardInput = z.input<typeof WizardSchema>;

/** Start date default (spec 2 §4): now plus 30 minutes, in the wire format. */
export function defaultWizardStartDate(now: Date = new Date()): string {
  return formatWireDate(new Date(now.getTime() + WIZARD_DEFAULTS.startDelayMs));
}

/** A new link set of the Links & Keywords tab: primary 100, the others 0. */
export function newWizardLinkSet(): WizardLinkSet {
  return WizardLinkSetSchema.parse({});
}

/** Per-tier settings for `depth` tiers, keeping those already set (tier 1 gets one link set). */
export function wizardTiers(wizard: Wizard, depth: number): Wizard {
  const fill = <T>(list: T[], make: (tier: number) => T) => Array.from({ length: depth }, (_, i) => list[i] ?? make(i + 1));
  return {
    ...wizard,
    depth,
    tierSiteSelection: fill(wizard.tierSiteSelection, () => TierSiteSelectionSchema.parse({})),
    linksAndKeywords: fill(wizard.linksAndKeywords, (tier) => TierLinksSchema.parse({ linkSets: tier === 1 ? [newWizardLinkSet()] : [] })),
    content: fill(wizard.content, () => TierContentSchema.parse({})),
    indexer: fill(wizard.indexer, () => TierIndexerSchema.parse({})),
  };
}

/** Share of target titles in a lower tier's default mix: the rest follows tier 1's keywords (primary pays first). */
export const DEFAULT_TITLE_SHARE = 40;

/** The six shares of a mix as the shared percentage rules read them (empty counts as 0). */
export function anchorMixPercentages(mix: Pick<WizardAnchorMix, `${keyof KeywordPercentages}Percentage`>): KeywordPercentages {
  return {
    primary: mix.primaryPercentage ?? 0, secondary: mix.secondaryPercentage ?? 0, branded: mix.brandedPercentage ?? 0,
    generic: mix.genericPercentage ?? 0, nakedUrl: mix.nakedUrlPercentage ?? 0, linkAnchor: mix.linkAnchorPercentage ?? 0,
  };
}

/**
 * The anchor mix of tier `tier` (2 and below): the one set on its tab, else tier 1's first link
 * set's keywords with DEFAULT_TITLE_SHARE % of target titles taken from its shares (the
 * percentage rule: primary pays first), so a new wizard's lower tiers already mix keywords, naked
 * URLs and titles instead of titles only.
 */
export function tierAnchorMix(wizard: Pick<Wizard, 'linksAndKeywords'>, tier: number): WizardAnchorMix {
  const own = wizard.linksAndKeywords[tier - 1]?.anchors;
  if (own) return own;
  const first = wizard.linksAndKeywords[0]?.linkSets[0] ?? newWizardLinkSet();
  const base = { ...anchorMixPercentages({ ...first, linkAnchorPercentage: 0 }) };
  const shares = redistributePercentages(isBalanced(base) ? base : DEFAULT_KEYWORD_PERCENTAGES, 'linkAnchor', DEFAULT_TITLE_SHARE);
  return {
    primaryKeyword: first.primaryKeyword, secondaryKeyword: first.secondaryKeyword, brandedKeyword: first.brandedKeyword, genericKeyword: first.genericKeyword,
    primaryPercentage: shares.primary, secondaryPercentage: shares.secondary, brandedPercentage: shares.branded,
    genericPercentage: shares.generic, nakedUrlPercentage: shares.nakedUrl, linkAnchorPercentage: shares.linkAnchor,
  };
}

/** Tier tab key: `tier1`..`tierN`. */
export function tierKey(tier: number): string {
  return `tier${tier}`;
}
