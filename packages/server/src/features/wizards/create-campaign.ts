import type { Kysely } from 'kysely';
import {
  WIZARD_CREATE_MESSAGES, WIZARD_MESSAGES, checkWizard, checkWizardTab, diagramDepth, draftFromWire, formatWireDate, planCampaign, projectKind,
  summarizeWizard, validateSchedule, wireFromDraft, wizardBlockers, wizardCountIds, wizardTiers, shareTierSites, type AccountCreationForm, type CampaignPlan, type LinkSetRow, type PlannedProject, type ProfileRow, type ProjectRow, type ScheduleWire, type Wizard,
  type WizardCreateCampaign, type WizardCreateCampaignResponse, type WizardFieldErrorsResponse,
} from '@linkloom/shared';
import type { AppContext } from '../../app-context';
import type { DB } from '../../platform/db/schema';
import { ConflictError, HttpError } from '../../platform/http/errors';
import { armedColumns, readSchedule, rearmSchedule } from '../../engine/entry-points';
import { findCampaign, insertCampaign } from '../campaigns/campaigns.repository';
import { presentCampaign } from '../campaigns/campaigns.presenter';
import { insertProfile } from '../profiles/profiles.repository';
import { presentProfile } from '../profiles/profiles.presenter';
import { insertLinkSet } from '../link-sets/link-sets.repository';
import { presentLinkSet } from '../link-sets/link-sets.presenter';
import { saveKeywords } from '../link-items/link-items.repository';
import { insertLinks } from '../link-items/insert-links';
import { insertProject, updateProjectSchedule } from '../projects/projects.repository';
import { presentProject } from '../projects/projects.presenter';
import { insertCheckedSites } from '../projects/project-sites.repository';
import { scheduleText } from '../projects/project-schedules';
import { makeRandomInfo } from '../random-info/make-random-info';
import { loadWizardStrategy, requireWizardDiagram } from './wizard-strategy';
import { checkWizardReferences, type WizardReferences } from './wizard-references';
import { TierSites } from './tier-sites';
import { loadWizardCounts } from './wizard-counts';
import { saveWizard } from './save-wizard';
import { presentWizardSummary } from './wizards.presenter';
import { sealWizardText } from './wizards.repository';
import { publishWizardSaved } from './wizards.live';

/** Create Campaign's outcome: the new ids, or the tabs' field errors (422). */
export type CreateCampaignOutcome =
  | { ok: true; answer: WizardCreateCampaignResponse }
  | { ok: false; errors: WizardFieldErrorsResponse };

function fieldErrors(check: Extract<ReturnType<typeof checkWizard>, { ok: false }>): { ok: false; errors: WizardFieldErrorsResponse } {
  return { ok: false, errors: { error: check.problems, tab: check.tab, tier: check.tier, toast: check.toast } };
}

/** The module an account creation project makes accounts for: the last part of its plan key (`ac:{profile}:{module}`). */
function sitesModule(project: PlannedProject): string {
  return project.kind === 'acproject' ? project.key.slice(project.key.lastIndexOf(':') + 1) : project.module;
}

/** The site keys each planned project ticks, read before the transaction (no network wait inside it). */
async function plannedSites(plan: CampaignPlan, sites: TierSites): Promise<Map<string, string[]>> {
  const keys = new Map<string, string[]>();
  for (const project of plan.projects) {
    if (project.kind === 'privateproject') keys.set(project.key, project.form.profileId === null ? [] : await sites.networkKeys(project.form.profileId));
    else keys.set(project.key, project.sites === null ? [] : await sites.keysFor(project.sites, sitesModule(project)));
  }
  // One post per site per tier (issue 34 item 4): a tier's posting projects of one module share its
  // sites out; account creation projects register on all of them (each profile may post anywhere).
  return shareTierSites(plan.projects.map((project) => ({ key: project.key, tier: project.tier, module: project.module, shared: project.kind === 'postingproject' })), keys);
}

/** What the transaction made, for the live messages sent after it committed. */
interface Built {
  campaignId: number;
  wizardId: number | null;
  profiles: ProfileRow[];
  linkSets: LinkSetRow[];
  projects: ProjectRow[];
  /** Projects that start at an instant: their start jobs are sent after the commit. */
  fixedDate: number[];
  wizardSaved: { created: boolean; summary: ReturnType<typeof presentWizardSummary> } | null;
}

interface BuildInput {
  ctx: AppContext;
  ownerId: number;
  wizard: Wizard;
  plan: CampaignPlan;
  refs: WizardReferences;
  siteKeys: Map<string, string[]>;
  sourceCampaignId: number | null;
  saving: boolean;
  /** The wizard as stored with the campaign: JSON, its secrets sealed (before the transaction: CPU work holds no lock). */
  wizardString: string;
}

/**
 * An account creation form with the wizard's names, username, password and blog title and name,
 * each generated when left empty (spec 2 §5 Accounts: optional, generated if empty); one made-up
 * identity per project, so two profiles never share it. The blogs are about the campaign's subject
 * (`keywordFields`: tier 1's keywords; issue 34 item 6), their title and name spintax of a few.
 */
function withGeneratedIdentity(form: AccountCreationForm, keywordFields: readonly string[]): AccountCreationForm {
  const made = makeRandomInfo(keywordFields);
  const or = (given: string, generated: string) => (given.trim() === '' ? generated : given);
  return {
    ...form,
    firstName: or(form.firstName, made.firstName), lastName: or(form.lastName, made.lastName), username: or(form.username, made.username),
    password: form.password === '' ? made.password : form.password, blogTitle: or(form.blogTitle, made.blogTitle), blogName: or(form.blogName, made.blogName),
  };
}

/** Tier 1's anchor keywords (primary and secondary): the campaign's subject. */
function campaignKeywords(plan: CampaignPlan): string[] {
  return plan.linkSets.filter((set) => set.role === 'input' && set.keywords).flatMap((set) => [set.keywords!.primaryKeyword, set.keywords!.secondaryKeyword]);
}

/** The plan's schedule with project ids, checked by the schedule dialog's rules (the same ones POST /rest/schedule applies). */
function scheduleOf(project: PlannedProject, id: number, projectIds: Map<string, number>): string {
  const { afterProjectKeys, ...rest } = project.schedule;
  const planned: ScheduleWire = { ...rest, ...(afterProjectKeys.length > 0 ? { sourceProjectIds: afterProjectKeys.map((key) => projectIds.get(key)!) } : {}) };
  const kind = projectKind(project.module);
  const draft = draftFromWire(planned);
  const problems = validateSchedule(draft, { id, kind });
  if (problems.length > 0) throw new HttpError(422, problems[0]!.message, problems.map((problem) => problem.message));
  return scheduleText(wireFromDraft(draft, kind));
}

/** Everything of the plan, in one transaction, through the features' repositories. */
async function build(trx: Kysely<DB>, input: BuildInput): Promise<Built> {
  const { ctx, ownerId, wizard, plan, refs, wizardString } = input;
  const campaignId = await insertCampaign(trx, { ownerId, name: plan.campaignName, creatingType: 'XWizard', wizardString });
  const built: Built = { campaignId, wizardId: null, profiles: [], linkSets: [], projects: [], fixedDate: [], wizardSaved: null };

  const profileIds = new Map<string, { id: number; campaignId: number }>();
  for (const profile of plan.profiles) {
    const reused = profile.reuse ? refs.sourceProfiles.get(profile.name) : undefined;
    if (reused !== undefined && input.sourceCampaignId !== null) {
      profileIds.set(profile.key, { id: reused, campaignId: input.sourceCampaignId });
      continue;
    }
    const row = await insertProfile(trx, { ownerId, campaignId, name: profile.name });
    profileIds.set(profile.key, { id: row.id, campaignId });
    built.profiles.push(presentProfile(row));
  }

  const linkSets = new Map<string, { id: number; name: string }>();
  const dateAdded = Date.now();
  for (const set of plan.linkSets) {
    const row = await insertLinkSet(trx, { ownerId, campaignId, name: set.name });
    if (set.keywords) await saveKeywords(trx, ownerId, row.id, set.keywords);
    const urls = [...new Set(set.urls)];
    await insertLinks(trx, ctx.database.dialect, { ownerId, urlListId: row.id, dateAdded }, urls.map((url) => ({ url, anchor: '', linksOnPage: null })));
    linkSets.set(set.key, { id: row.id, name: row.name });
    built.linkSets.push(presentLinkSet({ ...row, count: urls.length }));
  }

  const projectIds = new Map<string, number>();
  const ticks: { projectId: number; siteKey: string }[] = [];
  for (const project of plan.projects) {
    let settings: object;
    if (project.kind === 'acproject') {
      settings = { ...withGeneratedIdentity(project.form, campaignKeywords(plan)), profileId: profileIds.get(project.profileKey)!.id };
    } else {
      const planned = project.profileKey !== null ? profileIds.get(project.profileKey)! : null;
      const profileId = planned?.id ?? project.form.profileId;
      const selectedCampaignId = project.kind === 'privateproject'
        ? null
        : planned?.campaignId ?? (profileId !== null ? refs.profileCampaigns.get(profileId) ?? campaignId : campaignId);
      settings = {
        ...project.form,
        profileId,
        selectedCampaignId,
        urlListId: linkSets.get(project.outputLinkSetKey)!.id,
        linkSetProfiles: project.inputLinkSets.map((input) => ({
          linkSetId: linkSets.get(input.key)!.id, name: linkSets.get(input.key)!.name,
          minLinks: input.minLinks, maxLinks: input.maxLinks, linkProb: input.linkProb,
        })),
      };
    }
    const record = await insertProject(trx, { ownerId, campaignId, module: project.module, name: project.name, settings: JSON.stringify(settings) });
    for (const siteKey of input.siteKeys.get(project.key) ?? []) ticks.push({ projectId: record.id, siteKey });
    projectIds.set(project.key, record.id);
  }
  await insertCheckedSites(trx, ownerId, ticks);

  const now = Date.now();
  for (const project of plan.projects) {
    const id = projectIds.get(project.key)!;
    const schedule = scheduleOf(project, id, projectIds);
    const timing = armedColumns(readSchedule(schedule), now);
    const updated = await updateProjectSchedule(trx, ownerId, id, 'NEW', { status: 'SCHEDULED', schedule, ...timing });
    if (!updated) throw new ConflictError('A new project changed while the campaign was being created');
    built.projects.push(presentProject(updated));
    if (timing.next_run_at !== null) built.fixedDate.push(id);
  }

  if (input.saving) {
    const { row, created } = await saveWizard(trx, ownerId, wizard, wizard.id);
    built.wizardId = row.id;
    built.wizardSaved = { created, summary: presentWizardSummary(row) };
  }
  return built;
}

/**
 * PUT /action/create/xcampaign (spec 2 §4, §7; issue 17.3): checks the wizard as Create Campaign
 * does (the strategy, then checkWizard's tabs in order: 422 with the field errors), checks that
 * every id it carries is the user's (404), refuses what the Confirm tab calls a blocker (issue 35:
 * shared summarizeWizard over the same counts, 422 with the field errors), plans the campaign (shared planCampaign) and builds it
 * in one transaction: the campaign (XWizard, with its wizard, secrets sealed), profiles, link
 * sets with tier 1's URLs and keywords, projects with their forms and sites, and their schedules;
 * the wizard too when it is saved. Start jobs and live messages follow the commit.
 */
export async function createCampaignFromWizard(ctx: AppContext, ownerId: number, body: WizardCreateCampaign): Promise<CreateCampaignOutcome> {
  const { db } = ctx.database;
  const saving = body.saveWizard || body.wizard.saveWizard;
  let wizard: Wizard = { ...body.wizard, saveWizard: saving };
  const strategyProblems = checkWizardTab(wizard, 'strategy');
  if (strategyProblems.length > 0 || wizard.strategy === null) {
    return fieldErrors({ ok: false, tab: 'strategy', tier: null, toast: WIZARD_MESSAGES.fixProblems, problems: strategyProblems });
  }
  await loadWizardStrategy(db, ownerId, wizard.strategy.id);
  const diagram = requireWizardDiagram(wizard.strategy.strategy);
  wizard = wizardTiers(wizard, diagramDepth(diagram));
  const check = checkWizard(wizard, { requireWizardName: wizard.id !== null });
  if (!check.ok) return fieldErrors(check);

  const sites = new TierSites(db, ownerId);
  const refs = await checkWizardReferences(db, ownerId, wizard, { sourceCampaignId: body.sourceCampaignId, sites });
  // 'Use same accounts' reuses the duplicated campaign's profiles; with no such campaign there is nothing to reuse.
  // Start now (issue 35): tier 1 starts this minute (its start job fires at once).
  const planned: Wizard = {
    ...wizard, useSameAccounts: wizard.useSameAccounts && body.sourceCampaignId !== null,
    ...(wizard.startNow ? { startDate: formatWireDate(new Date()) } : {}),
  };
  const plan = planCampaign(diagram, planned);
  const lacking = plan.profiles.find((profile) => profile.reuse && !refs.sourceProfiles.has(profile.name));
  if (lacking) throw new HttpError(422, WIZARD_CREATE_MESSAGES.noSameAccounts(lacking.name));
  // What the Confirm tab showed, counted the same way: its blockers refuse the create with its messages.
  const blockers = wizardBlockers(summarizeWizard(diagram, planned, await loadWizardCounts(db, ownerId, wizardCountIds(planned), sites)));
  if (blockers) return { ok: false, errors: { error: blockers.problems, tab: blockers.tab, tier: blockers.tier, toast: blockers.toast } };
  const siteKeys = await plannedSites(plan, sites);

  const wizardString = sealWizardText(db, JSON.stringify(wizard));
  const built = await db.transaction().execute((trx) => build(trx, {
    ctx, ownerId, wizard, plan, refs, siteKeys, sourceCampaignId: body.sourceCampaignId, saving, wizardString,
  }));

  for (const id of built.fixedDate) await rearmSchedule(ctx, ownerId, id);
  const live = ctx.live;
  if (live) {
    const campaign = await findCampaign(db, ownerId, built.campaignId);
    if (campaign) live.publish(ownerId, 'campaigns', 'addNew', presentCampaign(campaign, { scheduled: built.projects.length, running: 0, starting: 0, failed: 0 }));
    const topic = `campaign/${built.campaignId}` as const;
    for (const profile of built.profiles) live.publish(ownerId, topic, 'newProfile', profile);
    for (const linkSet of built.linkSets) live.publish(ownerId, topic, 'newUrlList', linkSet);
    for (const project of built.projects) live.publish(ownerId, topic, 'newProject', project);
    if (built.wizardSaved) publishWizardSaved(ctx, ownerId, built.wizardSaved.summary, built.wizardSaved.created);
  }
  return { ok: true, answer: { campaignId: built.campaignId, wizardId: built.wizardId } };
}
