import { MODULES, type ModuleId } from '../../constants/modules';
import type { Diagram } from '../../schemas/diagram';
import { AccountCreationFormSchema, ContentProjectFormSchema, normalizeTags, type AccountCreationForm, type ContentProjectForm } from '../../schemas/project-forms';
import { projectKind, type ProjectKind } from '../../schemas/project-screen';
import type { LinkSetKeywords } from '../../schemas/link-sets';
import type { ScheduleWire } from '../../schemas/schedules';
import { TIER_SITE_TYPES, tierAnchorMix, type TierSiteSelection, type Wizard, type WizardAnchorMix, type WizardLinkSet, type WizardProject } from '../../schemas/wizard';
import { splitLines } from '../text';
import { wizardNodes, type WizardNode } from './wizard-projects';

/**
 * What a wizard builds (spec 2 §3, issue 17): plain data keyed by text keys, so the create call
 * turns each key into the id it inserts, in order (profiles, link sets, projects, then their
 * schedules). Pure: the same diagram and wizard give the same plan.
 */
export interface PlannedProfile {
  key: string;
  /** The node's account store name. */
  name: string;
  /** Duplicating with 'Use same accounts': the campaign's profile of this name is reused, not created. */
  reuse: boolean;
}

export interface PlannedLinkSet {
  key: string;
  name: string;
  tier: number;
  /** `input`: tier 1's URLs and keywords (Links & Keywords); `output`: where a tier's posts go. */
  role: 'input' | 'output';
  urls: string[];
  keywords: LinkSetKeywords | null;
}

/** A schedule as ScheduleWire carries it, with the projects it waits for given by plan key. */
export type PlannedSchedule = Omit<ScheduleWire, 'sourceProjectIds' | 'sourceProjectId'> & { afterProjectKeys: string[] };

interface PlannedProjectBase {
  key: string;
  /** The diagram node it comes from. */
  nodeId: string;
  tier: number;
  name: string;
  module: ModuleId;
  premium: boolean;
  /** The tier's site choice; manual picks are only the sites of this project's module. Null for private projects (their network's sites). */
  sites: TierSiteSelection | null;
  schedule: PlannedSchedule;
}

export interface PlannedContentProject extends PlannedProjectBase {
  kind: Extract<ProjectKind, 'postingproject' | 'privateproject'>;
  /** A new (or reused) profile of the plan, or null when `form.profileId` names an existing one (or the private network). */
  profileKey: string | null;
  inputLinkSets: { key: string; minLinks: number; maxLinks: number; linkProb: number }[];
  outputLinkSetKey: string;
  /** The project form; `urlListId`, `linkSetProfiles` and (with a profileKey) `profileId` are filled in by the create call. */
  form: ContentProjectForm;
}

export interface PlannedAccountProject extends PlannedProjectBase {
  kind: 'acproject';
  profileKey: string;
  form: AccountCreationForm;
}

export type PlannedProject = PlannedContentProject | PlannedAccountProject;

export interface CampaignPlan {
  campaignName: string;
  strategyId: number | null;
  profiles: PlannedProfile[];
  linkSets: PlannedLinkSet[];
  /** Account creation projects first, then the others tier by tier. */
  projects: PlannedProject[];
}

const MODULE_IDS = new Set(Object.keys(MODULES));
const isModule = (module: string): module is ModuleId => MODULE_IDS.has(module);

function keywordsOf(set: WizardLinkSet): LinkSetKeywords {
  return {
    useKeyword: true,
    primaryKeyword: set.primaryKeyword.trim(),
    secondaryKeyword: set.secondaryKeyword.trim(),
    brandedKeyword: set.brandedKeyword.trim(),
    genericKeyword: set.genericKeyword.trim(),
    primaryPercentage: set.primaryPercentage ?? 0,
    secondaryPercentage: set.secondaryPercentage ?? 0,
    brandedPercentage: set.brandedPercentage ?? 0,
    genericPercentage: set.genericPercentage ?? 0,
    nakedUrlPercentage: set.nakedUrlPercentage ?? 0,
    linkAnchorPercentage: 0,
  };
}

/** A lower tier's anchor mix as the keywords of the output link set it reads (the tier above's). */
function mixKeywords(mix: WizardAnchorMix): LinkSetKeywords {
  return {
    useKeyword: true,
    primaryKeyword: mix.primaryKeyword.trim(), secondaryKeyword: mix.secondaryKeyword.trim(),
    brandedKeyword: mix.brandedKeyword.trim(), genericKeyword: mix.genericKeyword.trim(),
    primaryPercentage: mix.primaryPercentage ?? 0, secondaryPercentage: mix.secondaryPercentage ?? 0, brandedPercentage: mix.brandedPercentage ?? 0,
    genericPercentage: mix.genericPercentage ?? 0, nakedUrlPercentage: mix.nakedUrlPercentage ?? 0, linkAnchorPercentage: mix.linkAnchorPercentage ?? 0,
  };
}

function sitesFor(selection: TierSiteSelection | undefined, module: string): TierSiteSelection {
  const tier = selection ?? { type: TIER_SITE_TYPES.allSites, selectedSites: [], siteSelectionId: null };
  return tier.type === TIER_SITE_TYPES.manually ? { ...tier, selectedSites: tier.selectedSites.filter((s) => s.module === module) } : { ...tier, selectedSites: [] };
}

const outputKey = (tier: number) => `linkset:output:${tier}`;

/** The name the original gives a wizard campaign's money-site link set: clients of it tell input from output by it. */
export const MONEY_SITE_LINK_SET_NAME = 'Money Site';

/**
 * Name of tier 1's link set number `index` (from 0): the customer's own URLs, which the original
 * names "Money Site" (issue 38). The spec does not say how it names a second one (Links & Keywords
 * may have several Link Set N tabs): "Money Site 2", "Money Site 3", … keep them apart and still
 * start with the name clients look for.
 */
export function moneySiteLinkSetName(index: number): string {
  return index === 0 ? MONEY_SITE_LINK_SET_NAME : `${MONEY_SITE_LINK_SET_NAME} ${index + 1}`;
}

/**
 * The campaign a wizard builds from its strategy diagram (issue 17 point 3):
 * - every project node gives a project per checked module, every other tiered node one project of
 *   its kind's module, with its tier's settings (sites, links, content, indexers);
 * - nodes that create new accounts share an account profile per account store name, filled by one
 *   account creation project per profile and module; with `useSameAccounts` the campaign's profiles
 *   are reused and no account is created;
 * - tier 1 reads the Links & Keywords link sets, named as the original names them (moneySiteLinkSetName:
 *   "Money Site"); each tier writes its posts to its own output link set ("Tier N Backlinks"), which
 *   the tier below reads with the anchor mix of its own tab (tierAnchorMix);
 * - private blog nodes become private projects on their network with their number of posts;
 * - schedules: tier 1 at the start date (FixedDate), spread over nDay days; every lower tier after
 *   its parent node's projects (AfterProject). A project whose accounts are being created also
 *   waits for its account creation project, which starts at the start date.
 */
export function planCampaign(diagram: Diagram, wizard: Wizard): CampaignPlan {
  const nodes = wizardNodes(diagram);
  const settings = new Map<string, WizardProject>(wizard.projects.map((p) => [p.id, p]));
  const profiles = new Map<string, PlannedProfile>();
  const accountProjects = new Map<string, PlannedAccountProject>();
  const projectKeysOfNode = new Map<string, string[]>();
  const nodesById = new Map(nodes.map((n) => [n.node.id, n]));
  const linkSets: PlannedLinkSet[] = [];
  const projects: PlannedContentProject[] = [];
  const nDay = wizard.nDay ?? 1;
  const startDate = wizard.startDate ?? undefined;

  const tier1 = wizard.linksAndKeywords[0];
  (tier1?.linkSets ?? []).forEach((set, i) => {
    linkSets.push({
      key: `linkset:input:${i + 1}`, name: moneySiteLinkSetName(i), tier: 1, role: 'input',
      urls: splitLines(set.urls).map((u) => u.trim()).filter((u) => u !== ''), keywords: keywordsOf(set),
    });
  });
  const depth = nodes.reduce((deepest, n) => Math.max(deepest, n.tier), 0);
  for (let tier = 1; tier <= depth; tier += 1) {
    // The tier below reads this set: its anchors follow that tier's mix (issue 34 item 5); the last
    // tier's set is read by indexers only.
    const keywords = tier < depth ? mixKeywords(tierAnchorMix(wizard, tier + 1)) : null;
    linkSets.push({ key: outputKey(tier), name: `Tier ${tier} Backlinks`, tier, role: 'output', urls: [], keywords });
  }

  /** The projects a node's children wait for: its own, or its nearest ancestor's that has some. */
  const parentProjectKeys = (node: WizardNode): string[] => {
    for (let id = node.parentId; id !== null;) {
      const keys = projectKeysOfNode.get(id);
      if (keys && keys.length > 0) return keys;
      id = nodesById.get(id)?.parentId ?? null;
    }
    return [];
  };

  const profileFor = (name: string): PlannedProfile => {
    const key = `profile:${name}`;
    let profile = profiles.get(key);
    if (!profile) {
      profile = { key, name, reuse: wizard.useSameAccounts };
      profiles.set(key, profile);
    }
    return profile;
  };

  const accountProjectFor = (profile: PlannedProfile, module: ModuleId, node: WizardNode): PlannedAccountProject => {
    const key = `ac:${profile.name}:${module}`;
    let project = accountProjects.get(key);
    if (!project) {
      project = {
        key, nodeId: node.node.id, tier: node.tier, name: `${profile.name} - Account Creation (${MODULES[module]})`,
        module: 'AccountCreation', premium: node.premium, kind: 'acproject', profileKey: profile.key,
        sites: sitesFor(wizard.tierSiteSelection[node.tier - 1], module),
        schedule: { scheduleType: 'FixedDate', startDate, durationType: 'Once', afterProjectKeys: [] },
        form: AccountCreationFormSchema.parse({
          firstName: wizard.firstName, lastName: wizard.lastName, username: wizard.username, password: wizard.password,
          blogTitle: wizard.blogTitle, blogName: wizard.blogName, emailSource: wizard.emailSource,
          verificationInfo: { ...wizard.emailAccount, status: null },
        }),
      };
      accountProjects.set(key, project);
    }
    return project;
  };

  for (const node of nodes) {
    const own = settings.get(node.node.id);
    const links = wizard.linksAndKeywords[node.tier - 1];
    const content = wizard.content[node.tier - 1];
    const indexer = wizard.indexer[node.tier - 1];
    const inputLinkSets = node.tier === 1
      ? linkSets.filter((s) => s.role === 'input').map((s) => s.key)
      : [outputKey(node.tier - 1)];
    const after = node.tier === 1 ? [] : parentProjectKeys(node);
    const keys: string[] = [];
    const name = own?.name.trim() || node.name;
    for (const module of node.modules) {
      if (!isModule(module)) continue;
      const kind = projectKind(module);
      if (kind !== 'postingproject' && kind !== 'privateproject') continue;
      const key = `project:${node.node.id}:${module}`;
      const isPrivate = kind === 'privateproject';
      let profileKey: string | null = null;
      let profileId: number | null = own?.profileId ?? null;
      const waitFor = [...after];
      if (!isPrivate && (own?.createNewAccount ?? true)) {
        const profile = profileFor(own?.profileName.trim() || node.node.custom?.profileName?.trim() || node.name);
        profileKey = profile.key;
        profileId = null;
        if (!wizard.useSameAccounts) waitFor.push(accountProjectFor(profile, module, node).key);
      }
      const afterProject = waitFor.length > 0;
      projects.push({
        key, nodeId: node.node.id, tier: node.tier, name: node.node.modules !== undefined ? `${name} - ${MODULES[module]}` : name,
        module, premium: node.premium, kind, profileKey,
        sites: isPrivate ? null : sitesFor(wizard.tierSiteSelection[node.tier - 1], module),
        inputLinkSets: inputLinkSets.map((k) => ({ key: k, minLinks: links?.minLinks ?? 1, maxLinks: links?.maxLinks ?? 3, linkProb: 100 })),
        outputLinkSetKey: outputKey(node.tier),
        schedule: {
          scheduleType: afterProject ? 'AfterProject' : 'FixedDate',
          ...(afterProject ? {} : { startDate }),
          durationType: 'Spread', nDay,
          ...(isPrivate ? { numberOfPosts: own?.numberOfPosts ?? 0 } : {}),
          afterProjectKeys: waitFor,
        },
        form: ContentProjectFormSchema.parse({
          profileId,
          useLinkSet: true,
          linkPlacement: links?.linkPosition ?? null,
          minLinks: links?.minLinks ?? null,
          maxLinks: links?.maxLinks ?? null,
          tags: normalizeTags(links?.tags ?? ''),
          ...content,
          useIndexers: indexer?.useIndexers ?? false,
          indexers: indexer?.useIndexers ? indexer.indexers : [],
        }),
      });
      keys.push(key);
    }
    projectKeysOfNode.set(node.node.id, keys);
  }

  return {
    campaignName: wizard.campaignName.trim(),
    strategyId: wizard.strategy?.id ?? null,
    profiles: [...profiles.values()],
    linkSets,
    projects: [...accountProjects.values(), ...projects],
  };
}
