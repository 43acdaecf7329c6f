import { MODULES, type ModuleId } from '../../constants/modules';
import type { Diagram } from '../../schemas/diagram';
import { TIER_SITE_TYPES, type Wizard } from '../../schemas/wizard';
import type { WizardProblem, WizardTab } from '../../schemas/wizard-steps';
import type { WizardCounts } from '../../schemas/wizards-api';
import { postsPerSite } from '../spread-schedule';
import { planCampaign, type PlannedProject } from './plan-campaign';
import { shareTierSites } from './share-tier-sites';
import { wizardScheduleWords } from './schedule-words';

/**
 * The Confirm tab's summary (issue 35 item 3): what Create Campaign is about to commit to, per tier,
 * weighed against what the user has (WizardCounts: sites, site selections, private networks,
 * articles, mailboxes). Pure: the editor computes it from the wizard and the counts the server
 * gives, and Create Campaign computes it the same way, refusing the same blockers with the same
 * messages.
 */
export const WIZARD_CHECK_MESSAGES = {
  tierNoSite: (tier: number, modules: string) => `Tier ${tier} has no site to post to: pick sites for it on the Sites tab, or add ${modules} sites`,
  projectNoSite: (name: string, module: string) => `${name} has no site to post to, so it will fail and the projects after it will wait: add ${module} sites, or pick some on the Sites tab`,
  mailboxesShort: (accounts: number, unused: number) =>
    `${accounts} ${accounts === 1 ? 'account' : 'accounts'} to register and ${unused} unused ${unused === 1 ? 'mailbox' : 'mailboxes'} in the email manager: `
    + `${accounts - unused} ${accounts - unused === 1 ? 'registration' : 'registrations'} will fail. Import mailboxes, or choose another email source on the Emails tab`,
  noCatchAll: (accounts: number) =>
    `${accounts} ${accounts === 1 ? 'account' : 'accounts'} to register and no catch-all mailbox: every registration will fail. Add one like *@your-domain.com in the email manager, or choose another email source on the Emails tab`,
  articlesShort: (group: string, needed: number, left: number) =>
    `'${group}' has articles for ${left} of ${needed} posts: ${needed - left} ${needed - left === 1 ? 'post' : 'posts'} will fail. Add articles to it (or allow more uses per article)`,
  noGroupChosen: (tier: number) => `Tier ${tier} has no content group yet: choose one on the Content tab`,
  articlesReused: (group: string, needed: number, unused: number) =>
    `'${group}': ${needed} posts and ${unused} unused articles — ${needed - unused} ${needed - unused === 1 ? 'post reuses' : 'posts reuse'} an article, spun so no two posts read alike`,
  blockedToast: 'Create Campaign stopped: fix the problem below first',
} as const;

/** Where a notice's fix is: a tab of the wizard, or another screen (opened in a new window). */
export type WizardFix = { kind: 'tab'; tab: WizardTab; label: string } | { kind: 'route'; route: string; label: string };

export interface WizardNotice {
  /** A blocker stops Create Campaign; a warning is a shortage the campaign runs with; info is said only. */
  level: 'blocker' | 'warning' | 'info';
  tab: WizardTab;
  tier: number | null;
  /** Dotted path from the wizard of the field to fix (as WizardProblem's). */
  field: string;
  message: string;
  fix: WizardFix | null;
}

export interface WizardProjectSummary {
  key: string;
  name: string;
  tier: number;
  moduleLabel: string;
  kind: PlannedProject['kind'];
  sites: number;
  /** Posts per site (account creation: accounts per site, 1). */
  perSite: number;
  /** Posts it makes (account creation: accounts it registers). */
  posts: number;
}

export interface WizardTierSummary {
  tier: number;
  /** Its posting and private projects. */
  projects: WizardProjectSummary[];
  modules: string[];
  sites: number;
  posts: number;
  /** Accounts its account creation projects register. */
  accounts: number;
}

export interface WizardArticleNeed {
  contentGroupId: number;
  name: string;
  tiers: number[];
  needed: number;
  articles: number;
  unused: number;
  usesLeft: number | null;
}

export interface WizardPlanSummary {
  tiers: WizardTierSummary[];
  accounts: { toRegister: number; source: Wizard['emailSource']; unusedMailboxes: number; catchAll: boolean };
  articles: WizardArticleNeed[];
  schedule: string[];
  notices: WizardNotice[];
}

const label = (module: string) => MODULES[module as ModuleId] ?? module;

/** The module an account creation project registers for: the last part of its plan key (`ac:{profile}:{module}`). */
function accountModule(project: PlannedProject): string {
  return project.kind === 'acproject' ? project.key.slice(project.key.lastIndexOf(':') + 1) : project.module;
}

/** How many sites a planned project ticks, by the tier's choice and the counts (private: its network's sites). */
function sitesOf(project: PlannedProject, counts: WizardCounts): number {
  if (project.kind === 'privateproject') {
    return project.form.profileId === null ? 0 : counts.privateNetworks.find((n) => n.id === project.form.profileId)?.sites ?? 0;
  }
  const choice = project.sites;
  const module = accountModule(project);
  if (choice === null) return 0;
  if (choice.type === TIER_SITE_TYPES.manually) return choice.selectedSites.length;
  if (choice.type === TIER_SITE_TYPES.siteSelection) {
    return counts.siteSelections.find((s) => s.id === choice.siteSelectionId)?.sites[module] ?? 0;
  }
  return counts.sites[module] ?? 0;
}

/** The ids the wizard's summary needs counts of (GET /rest/xwizard/counts). */
export function wizardCountIds(wizard: Wizard): { siteSelectionIds: number[]; contentGroupIds: number[]; privateNetworkIds: number[] } {
  const unique = (ids: (number | null)[]) => [...new Set(ids.filter((id): id is number => id !== null))].sort((a, b) => a - b);
  return {
    siteSelectionIds: unique(wizard.tierSiteSelection.filter((t) => t.type === TIER_SITE_TYPES.siteSelection).map((t) => t.siteSelectionId)),
    contentGroupIds: unique(wizard.content.map((t) => t.contentGroupId)),
    privateNetworkIds: unique(wizard.projects.filter((p) => p.module?.startsWith('Private') === true).map((p) => p.profileId)),
  };
}

function siteNotices(tiers: readonly WizardTierSummary[]): WizardNotice[] {
  const notices: WizardNotice[] = [];
  for (const tier of tiers) {
    const field = `tierSiteSelection.${tier.tier - 1}.type`;
    const fix: WizardFix = { kind: 'tab', tab: 'sites', label: 'Pick sites' };
    if (tier.projects.length > 0 && tier.sites === 0) {
      notices.push({ level: 'blocker', tab: 'sites', tier: tier.tier, field, message: WIZARD_CHECK_MESSAGES.tierNoSite(tier.tier, tier.modules.join(', ')), fix });
      continue;
    }
    for (const project of tier.projects.filter((p) => p.sites === 0)) {
      notices.push({ level: 'warning', tab: 'sites', tier: tier.tier, field, message: WIZARD_CHECK_MESSAGES.projectNoSite(project.name, project.moduleLabel), fix });
    }
  }
  return notices;
}

function mailboxNotices(accounts: WizardPlanSummary['accounts']): WizardNotice[] {
  const fix: WizardFix = { kind: 'route', route: '/email-manager', label: 'Open the email manager' };
  const at = { tab: 'emails' as const, tier: null, field: 'emailSource' };
  if (accounts.toRegister === 0) return [];
  if (accounts.source === 'LIST' && accounts.unusedMailboxes < accounts.toRegister) {
    return [{ level: 'warning', ...at, message: WIZARD_CHECK_MESSAGES.mailboxesShort(accounts.toRegister, accounts.unusedMailboxes), fix }];
  }
  if (accounts.source === 'LINKLOOM' && !accounts.catchAll) return [{ level: 'warning', ...at, message: WIZARD_CHECK_MESSAGES.noCatchAll(accounts.toRegister), fix }];
  return [];
}

function articleNotices(needs: readonly WizardArticleNeed[], wizard: Wizard, tiers: readonly WizardTierSummary[]): WizardNotice[] {
  const notices: WizardNotice[] = [];
  for (const tier of tiers) {
    if (tier.posts > 0 && (wizard.content[tier.tier - 1]?.contentGroupId ?? null) === null) {
      notices.push({
        level: 'warning', tab: 'content', tier: tier.tier, field: `content.${tier.tier - 1}.contentGroupId`,
        message: WIZARD_CHECK_MESSAGES.noGroupChosen(tier.tier), fix: { kind: 'tab', tab: 'content', label: 'Choose a content group' },
      });
    }
  }
  for (const need of needs) {
    const tier = need.tiers[0] ?? 1;
    const at = { tab: 'content' as const, tier, field: `content.${tier - 1}.contentGroupId` };
    const fix: WizardFix = { kind: 'route', route: `/content-group/${need.contentGroupId}`, label: 'Add articles' };
    const left = need.usesLeft ?? Number.POSITIVE_INFINITY;
    if (need.articles === 0 || left < need.needed) {
      notices.push({ level: 'warning', ...at, message: WIZARD_CHECK_MESSAGES.articlesShort(need.name, need.needed, Math.min(left, need.needed)), fix });
    } else if (need.unused < need.needed) {
      notices.push({ level: 'info', ...at, message: WIZARD_CHECK_MESSAGES.articlesReused(need.name, need.needed, need.unused), fix: null });
    }
  }
  return notices;
}

/**
 * What a wizard would build (planCampaign) weighed against the user's counts: per tier its posting
 * and private projects with their sites (dealt out as Create Campaign deals them) and posts, the accounts to register and the mailboxes for
 * them, the articles each content group must give, the schedule in words, and the notices — a tier
 * with no site at all blocks Create; a project without sites, too few mailboxes or articles are
 * warnings with their fix; reused articles are said.
 */
export function summarizeWizard(diagram: Diagram, wizard: Wizard, counts: WizardCounts, now: Date = new Date()): WizardPlanSummary {
  const plan = planCampaign(diagram, wizard);
  // As Create Campaign ticks them: a tier's posting projects of one module deal its sites out (one post per site per tier).
  const offered = new Map(plan.projects.map((project) => [project.key, Array.from({ length: sitesOf(project, counts) }, (_, i) => `${accountModule(project)}:${i}`)]));
  const dealt = shareTierSites(plan.projects.map((project) => ({ key: project.key, tier: project.tier, module: project.module, shared: project.kind === 'postingproject' })), offered);
  const rows = plan.projects.map((project): WizardProjectSummary => {
    const sites = dealt.get(project.key)?.length ?? 0;
    const perSite = project.kind === 'acproject' ? 1 : postsPerSite(project.schedule, project.kind);
    return { key: project.key, name: project.name, tier: project.tier, moduleLabel: label(accountModule(project)), kind: project.kind, sites, perSite, posts: sites * perSite };
  });
  const depth = plan.projects.reduce((deepest, p) => Math.max(deepest, p.tier), 0);
  const tiers = Array.from({ length: depth }, (_, i): WizardTierSummary => {
    const projects = rows.filter((row) => row.tier === i + 1 && row.kind !== 'acproject');
    return {
      tier: i + 1,
      projects,
      modules: [...new Set(projects.map((p) => p.moduleLabel))],
      sites: projects.reduce((sum, p) => sum + p.sites, 0),
      posts: projects.reduce((sum, p) => sum + p.posts, 0),
      accounts: rows.filter((row) => row.tier === i + 1 && row.kind === 'acproject').reduce((sum, p) => sum + p.posts, 0),
    };
  });

  const needs = new Map<number, WizardArticleNeed>();
  plan.projects.forEach((project, i) => {
    const groupId = project.kind === 'acproject' ? null : project.form.contentGroupId;
    const row = rows[i]!;
    if (groupId === null || row.posts === 0) return;
    const group = counts.contentGroups.find((g) => g.id === groupId);
    const need = needs.get(groupId) ?? {
      contentGroupId: groupId, name: group?.name ?? `#${groupId}`, tiers: [], needed: 0,
      articles: group?.articles ?? 0, unused: group?.unused ?? 0, usesLeft: group ? group.usesLeft : 0,
    };
    need.needed += row.posts;
    if (!need.tiers.includes(project.tier)) need.tiers.push(project.tier);
    needs.set(groupId, need);
  });
  const articles = [...needs.values()];
  const accounts = {
    toRegister: tiers.reduce((sum, t) => sum + t.accounts, 0), source: wizard.emailSource,
    unusedMailboxes: counts.mailboxes.unused, catchAll: counts.mailboxes.catchAll,
  };
  const notices = [...siteNotices(tiers), ...articleNotices(articles, wizard, tiers), ...mailboxNotices(accounts)];
  return { tiers, accounts, articles, schedule: wizardScheduleWords(wizard, tiers, now), notices };
}

/**
 * The blockers of a summary as Create Campaign's field errors (the first one's tab and tier open),
 * or null when nothing blocks.
 */
export function wizardBlockers(summary: WizardPlanSummary): { tab: WizardTab; tier: number | null; toast: string; problems: WizardProblem[] } | null {
  const blockers = summary.notices.filter((notice) => notice.level === 'blocker');
  const [first] = blockers;
  if (first === undefined) return null;
  return {
    tab: first.tab, tier: first.tier, toast: WIZARD_CHECK_MESSAGES.blockedToast,
    problems: blockers.map(({ tab, tier, field, message }) => ({ tab, tier, field, message })),
  };
}
