import { z } from 'zod';
import { normalizeTags } from './project-forms';
import {
  TIER_SITE_TYPES, TierContentSchema, TierIndexerSchema, TierLinksSchema, TierSiteSelectionSchema, WIZARD_MESSAGES,
  WizardEmailAccountSchema, WizardProjectSchema, WizardStrategySchema, type TierContent, type TierLinks,
  type Wizard, type WizardAnchorMix, type WizardLinkSet,
} from './wizard';
import { EMAIL_SOURCES, optionValues } from '../constants/project-options';
import { PERCENTAGE_TOTAL } from '../domain/keyword-percentages';

/**
 * One step schema per wizard tab (spec 2 §5), Documenso's document-flow model: each takes the slice
 * of the wizard its tab edits and adds the tab's rules, so the editor and PUT
 * /action/create/xcampaign report the same messages on the same fields. An issue's path starts at
 * the wizard's field (`linksAndKeywords.0.maxLinks`, `projects.3.profileId`).
 */
const M = WIZARD_MESSAGES;

export const WIZARD_TABS = ['strategy', 'sites', 'linksAndKeywords', 'content', 'accounts', 'emails', 'indexer', 'schedule', 'confirm'] as const;
export type WizardTab = (typeof WIZARD_TABS)[number];
/** Create Campaign checks the tabs in this order and stops at the first that fails (spec 2 §4). */
export const WIZARD_CHECK_ORDER = ['sites', 'linksAndKeywords', 'content', 'accounts', 'emails', 'indexer', 'schedule', 'confirm'] as const satisfies readonly WizardTab[];

type Ctx = z.RefinementCtx;
const issue = (ctx: Ctx, path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
const isBlank = (value: string) => value.trim() === '';
const isLinkCount = (value: number | null): value is number => value !== null && Number.isInteger(value) && value >= 0 && value <= 20;

/** Strategy tab: a strategy must be chosen. */
export const StrategyStepSchema = z.object({ strategy: WizardStrategySchema.nullable() })
  .superRefine((value, ctx) => { if (value.strategy === null) issue(ctx, ['strategy'], M.strategyRequired); });

/** Sites tab: type 2 needs a site selection profile. */
export const SitesStepSchema = z.object({ tierSiteSelection: z.array(TierSiteSelectionSchema) })
  .superRefine((value, ctx) => {
    value.tierSiteSelection.forEach((tier, i) => {
      if (tier.type === TIER_SITE_TYPES.siteSelection && tier.siteSelectionId === null) issue(ctx, ['tierSiteSelection', i, 'siteSelectionId'], M.siteSelectionRequired);
    });
  });

function linkSetProblems(ctx: Ctx, set: WizardLinkSet, path: (string | number)[]): void {
  if (isBlank(set.urls)) issue(ctx, [...path, 'urls'], M.urlsRequired);
  if (isBlank(set.primaryKeyword)) issue(ctx, [...path, 'primaryKeyword'], M.primaryKeywordRequired);
  const primary = set.primaryPercentage;
  if (primary === null || !Number.isInteger(primary) || primary < 1) issue(ctx, [...path, 'primaryPercentage'], M.primaryPercentage);
  const others = [['secondary', 'Secondary'], ['branded', 'Branded'], ['generic', 'Generic']] as const;
  for (const [key, label] of others) {
    const pct = set[`${key}Percentage`];
    if (pct !== null && pct !== 0 && isBlank(set[`${key}Keyword`])) issue(ctx, [...path, `${key}Keyword`], M.keywordRequired(label));
  }
  const all = [set.primaryPercentage, set.secondaryPercentage, set.brandedPercentage, set.genericPercentage, set.nakedUrlPercentage];
  if (all.some((p) => p === null || !Number.isInteger(p) || p < 0) || all.reduce<number>((sum, p) => sum + (p ?? 0), 0) !== PERCENTAGE_TOTAL) {
    issue(ctx, [...path, 'primaryPercentage'], M.percentagesTotal);
  }
}

/**
 * A lower tier's anchor mix (issue 34 item 5): each keyword whose share is not 0 is required
 * (primary too: a lower tier may leave it at 0), and the six shares are whole numbers totalling 100.
 */
function anchorMixProblems(ctx: Ctx, mix: WizardAnchorMix, path: (string | number)[]): void {
  const kinds = [['primary', 'Primary'], ['secondary', 'Secondary'], ['branded', 'Branded'], ['generic', 'Generic']] as const;
  for (const [key, label] of kinds) {
    const pct = mix[`${key}Percentage`];
    if (pct !== null && pct !== 0 && isBlank(mix[`${key}Keyword`])) issue(ctx, [...path, `${key}Keyword`], key === 'primary' ? M.primaryKeywordRequired : M.keywordRequired(label));
  }
  const all = [mix.primaryPercentage, mix.secondaryPercentage, mix.brandedPercentage, mix.genericPercentage, mix.nakedUrlPercentage, mix.linkAnchorPercentage];
  if (all.some((p) => p === null || !Number.isInteger(p) || p < 0) || all.reduce<number>((sum, p) => sum + (p ?? 0), 0) !== PERCENTAGE_TOTAL) {
    issue(ctx, [...path, 'primaryPercentage'], M.percentagesTotal);
  }
}

function tierLinkProblems(ctx: Ctx, tier: TierLinks, i: number): void {
  const path = ['linksAndKeywords', i];
  for (const field of ['minLinks', 'maxLinks'] as const) {
    const value = tier[field];
    if (value === null || Number.isNaN(value)) issue(ctx, [...path, field], field === 'maxLinks' ? M.linksRequired : M.linksRange);
    else if (!isLinkCount(value)) issue(ctx, [...path, field], M.linksRange);
  }
  if (isLinkCount(tier.minLinks) && isLinkCount(tier.maxLinks) && tier.maxLinks < tier.minLinks) issue(ctx, [...path, 'maxLinks'], M.maxBelowMin);
  if (tier.linkPosition === null) issue(ctx, [...path, 'linkPosition'], M.linkPositionRequired);
  if (normalizeTags(tier.tags) === '') issue(ctx, [...path, 'tags'], M.tagsRequired);
  if (i === 0) {
    if (tier.linkSets.length === 0) issue(ctx, [...path, 'linkSets'], M.linkSetRequired);
    tier.linkSets.forEach((set, n) => linkSetProblems(ctx, set, [...path, 'linkSets', n]));
  } else if (tier.anchors) {
    anchorMixProblems(ctx, tier.anchors, [...path, 'anchors']);
  }
}

/** Links & Keywords tab: link counts, position and tags per tier; tier 1's link sets. */
export const LinksStepSchema = z.object({ linksAndKeywords: z.array(TierLinksSchema) })
  .superRefine((value, ctx) => value.linksAndKeywords.forEach((tier, i) => tierLinkProblems(ctx, tier, i)));

function mediaProblems(ctx: Ctx, tier: TierContent, path: (string | number)[], kind: 'Image' | 'Video'): void {
  const on = kind === 'Image' ? tier.insertImages : tier.insertVideos;
  if (!on) return;
  const search = kind === 'Image' ? tier.searchForImages : tier.searchForVideos;
  const [keywords, urls, min, max, position] = kind === 'Image'
    ? ['keywordsForImage', 'imagesToInsert', 'minImage', 'maxImage', 'imagePosition'] as const
    : ['keywordsForVideo', 'videosToInsert', 'minVideo', 'maxVideo', 'videoPosition'] as const;
  if (search && isBlank(tier[keywords])) issue(ctx, [...path, keywords], kind === 'Image' ? M.imageKeywordsRequired : M.videoKeywordsRequired);
  if (!search && isBlank(tier[urls])) issue(ctx, [...path, urls], kind === 'Image' ? M.imageUrlsRequired : M.videoUrlsRequired);
  for (const field of [min, max]) {
    const value = tier[field];
    if (value === null || !Number.isInteger(value) || value < 0) issue(ctx, [...path, field], M.countNotNegative);
  }
  if (tier[position] === null) issue(ctx, [...path, position], kind === 'Image' ? M.imagePositionRequired : M.videoPositionRequired);
}

/** Content tab: a content group per tier; image and video fields when they are on. */
export const ContentStepSchema = z.object({ content: z.array(TierContentSchema) })
  .superRefine((value, ctx) => value.content.forEach((tier, i) => {
    if (tier.contentGroupId === null) issue(ctx, ['content', i, 'contentGroupId'], M.contentGroupRequired);
    mediaProblems(ctx, tier, ['content', i], 'Image');
    mediaProblems(ctx, tier, ['content', i], 'Video');
  }));

/** True for the private network kinds (Private Blog, Private Bookmark). */
export function isPrivateModule(module: string | null): boolean {
  return module !== null && module.startsWith('Private');
}

/**
 * Accounts tab, per project: a private node needs its network and a number of posts (0 = unlimited,
 * spec 2 §5 and SCOPE.md); a node using existing accounts needs an account profile.
 */
export const AccountsStepSchema = z.object({ projects: z.array(WizardProjectSchema), useSameAccounts: z.boolean() })
  .superRefine((value, ctx) => value.projects.forEach((project, i) => {
    const path = ['projects', i];
    if (isPrivateModule(project.module)) {
      if (project.profileId === null) issue(ctx, [...path, 'profileId'], M.privateNetworkRequired);
      const posts = project.numberOfPosts;
      if (posts === null || Number.isNaN(posts)) issue(ctx, [...path, 'numberOfPosts'], M.numberOfPostsRequired);
      else if (!Number.isInteger(posts) || posts < 0) issue(ctx, [...path, 'numberOfPosts'], M.numberOfPostsRange);
    } else if (!project.createNewAccount && project.profileId === null) {
      issue(ctx, [...path, 'profileId'], M.profileRequired);
    }
  }));

/** Emails tab: the Manual source's mailbox fields; the spam folder only for IMAP with the box ticked. */
export const EmailsStepSchema = z.object({ emailSource: z.enum(optionValues(EMAIL_SOURCES)), emailAccount: WizardEmailAccountSchema })
  .superRefine((value, ctx) => {
    if (value.emailSource !== 'MANUAL') return;
    const a = value.emailAccount;
    const add = (field: string, message: string) => issue(ctx, ['emailAccount', field], message);
    if (isBlank(a.emailServer)) add('emailServer', M.emailServerRequired);
    if (a.emailServerPort === null || Number.isNaN(a.emailServerPort)) add('emailServerPort', M.emailPortRequired);
    else if (!Number.isInteger(a.emailServerPort) || a.emailServerPort < 1 || a.emailServerPort > 65535) add('emailServerPort', M.emailPortRange);
    if (a.mailProtocol === null) add('mailProtocol', M.emailProtocolRequired);
    if (isBlank(a.emailAddress)) add('emailAddress', M.emailAddressRequired);
    if (isBlank(a.emailLogin)) add('emailLogin', M.emailLoginRequired);
    if (a.emailPassword === '') add('emailPassword', M.emailPasswordRequired);
    if (a.mailProtocol === 'imap' && a.checkSpamFolder && isBlank(a.spamFolderName)) add('spamFolderName', M.spamFolderRequired);
  });

/** Indexer tab: a ticked tier needs at least one service. */
export const IndexerStepSchema = z.object({ indexer: z.array(TierIndexerSchema) })
  .superRefine((value, ctx) => value.indexer.forEach((tier, i) => {
    if (tier.useIndexers && tier.indexers.length === 0) issue(ctx, ['indexer', i, 'indexers'], M.indexersRequired);
  }));

const DAY = /^\d{2}\/\d{2}\/\d{4}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * Schedule tab: start date and time (DD/MM/YYYY HH:mm, UTC) unless it starts now (issue 35), and a
 * whole number of days ≥ 1.
 */
export const ScheduleStepSchema = z.object({ startNow: z.boolean().default(false), startDate: z.string().nullable(), nDay: z.number().nullable() })
  .superRefine((value, ctx) => {
    const [day, time] = (value.startDate ?? '').trim().split(/\s+/);
    if (!value.startNow && (!day || !DAY.test(day))) issue(ctx, ['startDate'], M.startDateRequired);
    if (!value.startNow && (!time || !TIME.test(time))) issue(ctx, ['startTime'], M.startTimeRequired);
    if (value.nDay === null || Number.isNaN(value.nDay)) issue(ctx, ['nDay'], M.nDayRequired);
    else if (!Number.isInteger(value.nDay) || value.nDay < 1) issue(ctx, ['nDay'], M.nDayPositive);
  });

/**
 * Confirm tab: the campaign name; the wizard name when the wizard is saved too or is an existing
 * wizard being edited (`requireWizardName`).
 */
export function confirmStepSchema(requireWizardName: boolean) {
  return z.object({ campaignName: z.string(), name: z.string(), saveWizard: z.boolean() })
    .superRefine((value, ctx) => {
      if (isBlank(value.campaignName)) issue(ctx, ['campaignName'], M.campaignNameRequired);
      if ((value.saveWizard || requireWizardName) && isBlank(value.name)) issue(ctx, ['name'], M.confirmWizardNameRequired);
    });
}

/** One broken rule: the tab and tier (null for a tab without tiers) that open, the field, the message. */
export interface WizardProblem {
  tab: WizardTab;
  tier: number | null;
  /** Dotted path from the wizard: `linksAndKeywords.0.linkSets.1.urls`, `emailAccount.emailServer`. */
  field: string;
  message: string;
}

export type WizardCheck =
  | { ok: true }
  | { ok: false; tab: WizardTab; tier: number | null; toast: string; problems: WizardProblem[] };

const STEP_SCHEMAS = {
  strategy: () => StrategyStepSchema,
  sites: () => SitesStepSchema,
  linksAndKeywords: () => LinksStepSchema,
  content: () => ContentStepSchema,
  accounts: () => AccountsStepSchema,
  emails: () => EmailsStepSchema,
  indexer: () => IndexerStepSchema,
  schedule: () => ScheduleStepSchema,
} as const;

/** The step schema of a tab (the Confirm tab's depends on whether a wizard name is needed). */
export function wizardStepSchema(tab: WizardTab, requireWizardName = false): z.ZodType {
  return tab === 'confirm' ? confirmStepSchema(requireWizardName) : STEP_SCHEMAS[tab]();
}

function tierOf(wizard: Wizard, path: readonly PropertyKey[]): number | null {
  const [field, index] = path;
  if (typeof index !== 'number') return null;
  if (field === 'projects') return wizard.projects[index]?.tier ?? null;
  return ['tierSiteSelection', 'linksAndKeywords', 'content', 'indexer'].includes(String(field)) ? index + 1 : null;
}

/** The problems of one tab, in field order. */
export function checkWizardTab(wizard: Wizard, tab: WizardTab, requireWizardName = false): WizardProblem[] {
  const result = wizardStepSchema(tab, requireWizardName).safeParse(wizard);
  if (result.success) return [];
  return result.error.issues.map((i) => ({ tab, tier: tierOf(wizard, i.path), field: i.path.map(String).join('.'), message: i.message }));
}

/**
 * Create Campaign's check (spec 2 §4): the tabs in order, stopping at the first failing one; its
 * first failing tier opens. The toast is the spec's (its schedule and confirm variants read 'Fixed').
 */
export function checkWizard(wizard: Wizard, options: { requireWizardName?: boolean } = {}): WizardCheck {
  for (const tab of WIZARD_CHECK_ORDER) {
    const problems = checkWizardTab(wizard, tab, options.requireWizardName ?? false);
    if (problems.length === 0) continue;
    const tiers = problems.map((p) => p.tier).filter((t): t is number => t !== null);
    return {
      ok: false, tab, problems,
      tier: tiers.length > 0 ? Math.min(...tiers) : null,
      toast: tab === 'schedule' || tab === 'confirm' ? M.fixedProblems : M.fixProblems,
    };
  }
  return { ok: true };
}
