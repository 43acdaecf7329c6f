import { compressToEncodedURIComponent } from 'lz-string';
import {
  WizardSchema, defaultWizardProjects, isWizardFieldErrors, defaultWizardStartDate, diagramDepth, readDiagramText, wizardTiers,
  type Diagram, type Wizard, type WizardProblem, type WizardStrategy, type WizardTab,
} from '@linkloom/shared';

/**
 * The editor's pure half (spec 2 §2 "Wizard editor", §4 "Wizard"): how each route starts the
 * wizard, what changing strategy resets, how problems reach fields, and the compressed body.
 */

/** The four routes the editor serves. */
export type EditorMode = 'wizard' | 'newWizard' | 'newCampaign' | 'duplicateCampaign';

/**
 * The browser tab's title of a campaign route (issue 39 item 5: the tab names the screen and its
 * object): "New campaign: Spring launch", "Duplicate campaign: Rakes copy"; null on a wizard's own routes.
 */
export function campaignScreenTitle(mode: EditorMode, wizard: Pick<Wizard, 'campaignName'>): string | null {
  const campaign = wizard.campaignName.trim();
  if (mode === 'newCampaign') return campaign === '' ? 'New campaign' : `New campaign: ${campaign}`;
  if (mode === 'duplicateCampaign') return campaign === '' ? 'Duplicate campaign' : `Duplicate campaign: ${campaign}`;
  return null;
}

/** Save Wizard is hidden and 'Also create wizard' offered on the two campaign routes. */
export function isCampaignRoute(mode: EditorMode): boolean {
  return mode === 'newCampaign' || mode === 'duplicateCampaign';
}

/** The Confirm tab needs a wizard name when the wizard is edited or made as a wizard. */
export function requiresWizardName(mode: EditorMode): boolean {
  return !isCampaignRoute(mode);
}

/** The diagram of the wizard's strategy, or null when there is none or it does not read. */
export function wizardDiagram(wizard: Wizard): Diagram | null {
  if (wizard.strategy === null) return null;
  const read = readDiagramText(wizard.strategy.strategy);
  return read.ok ? read.diagram : null;
}

/**
 * A wizard started from a strategy (/newwizard/:sid, /newcampaign/:sid, or a changed strategy):
 * its tiers (N = the diagram's depth), one Accounts project per node, no start date (spec 2 §4:
 * cleared when starting from a strategy) and Start now chosen (issue 35). Null when the diagram
 * does not read.
 */
export function wizardFromStrategy(strategy: WizardStrategy, names: { campaignName?: string; wizardName?: string } = {}): Wizard | null {
  const read = readDiagramText(strategy.strategy);
  if (!read.ok) return null;
  const base = WizardSchema.parse({
    name: names.wizardName ?? '', campaignName: names.campaignName ?? '', strategy, projects: defaultWizardProjects(read.diagram), startNow: true,
  });
  return wizardTiers(base, diagramDepth(read.diagram));
}

/**
 * A saved wizard as the editor opens it: tiers follow the diagram's depth, and a start date not
 * chosen yet defaults to now plus 30 minutes.
 */
export function openSavedWizard(wizard: Wizard, now: Date = new Date()): Wizard {
  const diagram = wizardDiagram(wizard);
  const tiered = diagram ? wizardTiers(wizard, diagramDepth(diagram)) : wizard;
  return { ...tiered, startDate: tiered.startDate ?? defaultWizardStartDate(now) };
}

/**
 * Changing strategy re-initialises the wizard (spec 2 §2 Strategy tab): only its identity and names
 * stay.
 */
export function resetWizardStrategy(wizard: Wizard, strategy: WizardStrategy): Wizard | null {
  const fresh = wizardFromStrategy(strategy, { campaignName: wizard.campaignName, wizardName: wizard.name });
  return fresh && { ...fresh, id: wizard.id, saveWizard: wizard.saveWizard, startNow: wizard.startNow, startDate: wizard.startDate };
}

/** Field path → first message, the form's error display. */
export function problemsByField(problems: readonly Pick<WizardProblem, 'field' | 'message'>[]): Map<string, string> {
  const map = new Map<string, string>();
  for (const problem of problems) if (!map.has(problem.field)) map.set(problem.field, problem.message);
  return map;
}

/** Which tier tabs of a tab hold problems (the tier tab shows a mark). */
export function tiersWithProblems(problems: readonly WizardProblem[], tab: WizardTab): Set<number> {
  return new Set(problems.filter((p) => p.tab === tab && p.tier !== null).map((p) => p.tier as number));
}

/** The body of PUT /action/create/xcampaign and POST /rest/xwizards: JSON compressed into a URL-safe string (spec 2 §7). */
export function compressedBody(value: unknown): string {
  return compressToEncodedURIComponent(JSON.stringify(value));
}

/** The node ids of one tier of the Accounts tab, in diagram order (its project tabs). */
export function projectsOfTier(wizard: Wizard, tier: number): { index: number; id: string }[] {
  return wizard.projects.map((project, index) => ({ index, id: project.id, tier: project.tier }))
    .filter((p) => p.tier === tier).map(({ index, id }) => ({ index, id }));
}

/** A failed check: the tab and tier to open, the toast, and (from the server) its problems. */
export interface WizardFailure {
  tab: WizardTab;
  tier: number | null;
  toast: string;
  problems?: readonly WizardProblem[];
}

/**
 * The 422 answer of PUT /action/create/xcampaign whose `error` is the array of field errors
 * (spec 2 §8: an array goes to the field display) as the failure the editor shows; null for any
 * other answer (its message is toasted instead).
 */
export function failureOfAnswer(body: unknown): WizardFailure | null {
  if (!isWizardFieldErrors(body)) return null;
  return { tab: body.tab, tier: body.tier, toast: body.toast, problems: body.error };
}
