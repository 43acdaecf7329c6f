import { describe, expect, it } from 'vitest';
import { decompressFromEncodedURIComponent } from 'lz-string';
import {
  WIZARD_MESSAGES, WizardSchema, checkWizard, defaultDiagram, formatWireDate, newDiagramNode, type Diagram, type WizardStrategy,
} from '@linkloom/shared';
import {
  campaignScreenTitle, compressedBody, failureOfAnswer, isCampaignRoute, openSavedWizard, problemsByField, projectsOfTier, requiresWizardName, resetWizardStrategy,
  tiersWithProblems, wizardFromStrategy,
} from './wizard-model';

/** Money Site → two Wiki nodes → one Bookmarking under the first: depth 2. */
function twoTierDiagram(): Diagram {
  let doc = defaultDiagram('money');
  const add = (kind: string, id: string, parent: string) => {
    const node = newDiagramNode(doc, kind, { x: 0, y: 0 }, id);
    doc = { cells: [...doc.cells, node, { type: 'standard.Link', id: `${id}-link`, source: { id: parent }, target: { id } }] };
  };
  add('Wiki', 'w1', 'money');
  add('Wiki', 'w2', 'money');
  add('Bookmarking', 'b1', 'w1');
  return doc;
}

const strategy = (doc: Diagram, id = 7): WizardStrategy => ({ id, name: 'Two tiers', description: '', strategy: JSON.stringify(doc) });

describe('wizard editor model', () => {
  it('starts from a strategy with its tiers, one project per node, the defaults and no start date', () => {
    const wizard = wizardFromStrategy(strategy(twoTierDiagram()), { campaignName: 'Spring', wizardName: 'Pyramid' });
    expect(wizard).not.toBeNull();
    if (!wizard) return;
    expect(wizard.depth).toBe(2);
    expect(wizard.name).toBe('Pyramid');
    expect(wizard.campaignName).toBe('Spring');
    expect(wizard.startDate).toBeNull();
    // Issue 35: a new wizard starts now until a date is chosen.
    expect(wizard.startNow).toBe(true);
    expect(wizard.nDay).toBe(1);
    expect(wizard.linksAndKeywords).toHaveLength(2);
    expect(wizard.linksAndKeywords[0]?.linkSets).toHaveLength(1);
    expect(wizard.linksAndKeywords[0]?.linkSets[0]?.primaryPercentage).toBe(100);
    expect(wizard.linksAndKeywords[1]?.linkSets).toHaveLength(0);
    expect(wizard.content[0]).toMatchObject({ minImage: 1, maxImage: 1, imagePosition: 'Random', minVideo: 1, maxVideo: 1, videoPosition: 'Random' });
    expect(wizard.emailAccount).toMatchObject({ emailServerPort: 995, SSL: true });
    expect(wizard.projects.map((p) => [p.id, p.tier])).toEqual([['w1', 1], ['w2', 1], ['b1', 2]]);
    expect(projectsOfTier(wizard, 2)).toEqual([{ index: 2, id: 'b1' }]);
  });

  it('refuses a strategy whose diagram does not read', () => {
    expect(wizardFromStrategy({ id: 1, name: 'Broken', description: '', strategy: '{not json' })).toBeNull();
  });

  it('opens a saved wizard with now + 30 minutes when no start date was chosen, and keeps a chosen one', () => {
    const base = wizardFromStrategy(strategy(twoTierDiagram()));
    if (!base) throw new Error('no wizard');
    const now = new Date(Date.UTC(2026, 0, 2, 10, 0));
    expect(openSavedWizard(base, now).startDate).toBe(formatWireDate(new Date(Date.UTC(2026, 0, 2, 10, 30))));
    expect(openSavedWizard({ ...base, startDate: '05/03/2026 08:15' }, now).startDate).toBe('05/03/2026 08:15');
    // Tiers follow the diagram even when the stored wizard had fewer.
    expect(openSavedWizard({ ...base, linksAndKeywords: [], content: [] }, now).content).toHaveLength(2);
  });

  it('changing strategy resets the data but keeps the identity, names and start date', () => {
    const base = wizardFromStrategy(strategy(twoTierDiagram()), { campaignName: 'Spring', wizardName: 'Pyramid' });
    if (!base) throw new Error('no wizard');
    const edited = { ...base, id: 12, startDate: '01/02/2026 09:00', linksAndKeywords: base.linksAndKeywords.map((t) => ({ ...t, tags: 'garden' })) };
    const reset = resetWizardStrategy(edited, strategy(defaultDiagram('m'), 9));
    expect(reset).toMatchObject({ id: 12, name: 'Pyramid', campaignName: 'Spring', startDate: '01/02/2026 09:00', depth: 0, projects: [] });
    expect(reset?.strategy?.id).toBe(9);
    expect(reset?.linksAndKeywords).toEqual([]);
  });

  it('maps the problems of a failed check to fields and tiers (first message per field)', () => {
    const wizard = wizardFromStrategy(strategy(twoTierDiagram()));
    if (!wizard) throw new Error('no wizard');
    const check = checkWizard({ ...wizard, linksAndKeywords: wizard.linksAndKeywords.map((t, i) => (i === 1 ? { ...t, minLinks: 5, maxLinks: 2 } : t)) });
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.tab).toBe('linksAndKeywords');
    expect(check.tier).toBe(1);
    const fields = problemsByField(check.problems);
    expect(fields.get('linksAndKeywords.0.tags')).toBe(WIZARD_MESSAGES.tagsRequired);
    expect(fields.get('linksAndKeywords.0.linkSets.0.urls')).toBe(WIZARD_MESSAGES.urlsRequired);
    expect(fields.get('linksAndKeywords.1.maxLinks')).toBe(WIZARD_MESSAGES.maxBelowMin);
    expect([...tiersWithProblems(check.problems, 'linksAndKeywords')].sort()).toEqual([1, 2]);
    expect(tiersWithProblems(check.problems, 'content').size).toBe(0);
    expect(problemsByField([{ field: 'a', message: 'first' }, { field: 'a', message: 'second' }]).get('a')).toBe('first');
  });

  it('compresses the body into a URL-safe string that reads back as the same JSON', () => {
    const wizard = WizardSchema.parse({ name: 'Ä wizard {spin|tax}', campaignName: 'c' });
    const body = compressedBody({ saveWizard: true, wizard });
    expect(body).toMatch(/^[A-Za-z0-9+\-$]+$/);
    expect(JSON.parse(decompressFromEncodedURIComponent(body))).toEqual({ saveWizard: true, wizard });
  });

  it("reads the server's field-error answer as the failure to show, and nothing else", () => {
    const body = {
      error: [{ tab: 'accounts', tier: 2, field: 'projects.3.profileId', message: WIZARD_MESSAGES.profileRequired }],
      tab: 'accounts', tier: 2, toast: WIZARD_MESSAGES.fixProblems,
    };
    const failure = failureOfAnswer(body);
    expect(failure).toEqual({ tab: 'accounts', tier: 2, toast: WIZARD_MESSAGES.fixProblems, problems: body.error });
    expect(problemsByField(failure?.problems ?? []).get('projects.3.profileId')).toBe(WIZARD_MESSAGES.profileRequired);
    expect(failureOfAnswer({ error: { message: 'The content group (id 4) does not exist' } })).toBeNull();
    expect(failureOfAnswer({ error: [], tab: 'nowhere', tier: null, toast: 'x' })).toBeNull();
    expect(failureOfAnswer(null)).toBeNull();
  });

  it('hides Save Wizard and asks no wizard name on the two campaign routes', () => {
    expect(['wizard', 'newWizard', 'newCampaign', 'duplicateCampaign'].map((m) => isCampaignRoute(m as never))).toEqual([false, false, true, true]);
    expect(requiresWizardName('wizard')).toBe(true);
    expect(requiresWizardName('newCampaign')).toBe(false);
  });
});

describe('campaignScreenTitle (the browser tab of a campaign route)', () => {
  it('names the screen and the campaign on /newcampaign and /duplicatecampaign, nothing on the wizard routes', () => {
    expect(campaignScreenTitle('duplicateCampaign', { campaignName: ' Rakes copy ' })).toBe('Duplicate campaign: Rakes copy');
    expect(campaignScreenTitle('newCampaign', { campaignName: '' })).toBe('New campaign');
    expect(campaignScreenTitle('wizard', { campaignName: 'Rakes' })).toBeNull();
    expect(campaignScreenTitle('newWizard', { campaignName: 'Rakes' })).toBeNull();
  });
});
