import { describe, expect, it } from 'vitest';
import type { Diagram, DiagramCell } from '../src/schemas/diagram';
import { WizardSchema, newWizardLinkSet, wizardTiers, type Wizard } from '../src/schemas/wizard';
import type { WizardCounts } from '../src/schemas/wizards-api';
import { WizardCountsQuerySchema } from '../src/schemas/wizards-api';
import { formatLocalDate } from '../src/domain/schedule-dates';
import {
  WIZARD_CHECK_MESSAGES as C, defaultWizardProjects, summarizeWizard, wizardBlockers, wizardCountIds, wizardNodes, wizardScheduleWords,
} from '../src/domain/wizard';

function node(id: string, kind: string): DiagramCell {
  return { type: `LinkLoom.${kind}`, id, position: { x: 0, y: 0 }, size: { width: 90, height: 54 }, custom: { nameId: 1, projectName: id } };
}
const link = (from: string, to: string): DiagramCell => ({ id: `${from}-${to}`, source: { id: from }, target: { id: to } });
/** Money site → a Web 2.0 blog (tier 1) → a bookmark node (tier 2). */
const DIAGRAM: Diagram = { cells: [node('m', 'MoneySite'), node('w', 'Web20Blog'), node('b', 'Bookmarking'), link('m', 'w'), link('w', 'b')] };

function wizardOf(overrides: Partial<Wizard> = {}): Wizard {
  const depth = Math.max(0, ...wizardNodes(DIAGRAM).map((n) => n.tier));
  const w = wizardTiers(WizardSchema.parse({ campaignName: 'Camp', startNow: true, nDay: 2, strategy: { id: 4, strategy: JSON.stringify(DIAGRAM) } }), depth);
  return {
    ...w,
    projects: defaultWizardProjects(DIAGRAM),
    linksAndKeywords: w.linksAndKeywords.map((t, i) => ({ ...t, tags: 'a', linkSets: i === 0 ? [{ ...newWizardLinkSet(), urls: 'https://m.example/', primaryKeyword: 'kw' }] : [] })),
    content: w.content.map((t, i) => ({ ...t, contentGroupId: 10 + i })),
    ...overrides,
  };
}

const COUNTS: WizardCounts = {
  sites: { SocialNetwork: 4, Bookmarking: 2 },
  siteSelections: [{ id: 7, name: 'Strong blogs', sites: { SocialNetwork: 1 } }],
  privateNetworks: [],
  contentGroups: [
    { id: 10, name: 'Blog articles', articles: 10, unused: 10, usesLeft: null },
    { id: 11, name: 'Mark articles', articles: 1, unused: 1, usesLeft: 1 },
  ],
  mailboxes: { unused: 1, catchAll: false },
};

describe('summarizeWizard (issue 35: the Confirm tab)', () => {
  it('counts per tier the projects, sites, posts and accounts to register', () => {
    const summary = summarizeWizard(DIAGRAM, wizardOf({ emailSource: 'LIST' }), COUNTS);
    expect(summary.tiers.map(({ tier, modules, sites, posts, accounts }) => ({ tier, modules, sites, posts, accounts }))).toEqual([
      { tier: 1, modules: ['Web 2.0 Blogs'], sites: 4, posts: 4, accounts: 4 },
      { tier: 2, modules: ['Bookmarking'], sites: 2, posts: 2, accounts: 2 },
    ]);
    expect(summary.tiers[0]!.projects).toEqual([expect.objectContaining({ name: 'w', sites: 4, perSite: 1, posts: 4, kind: 'postingproject' })]);
    expect(summary.accounts).toEqual({ toRegister: 6, source: 'LIST', unusedMailboxes: 1, catchAll: false });
    expect(summary.articles.map(({ name, needed, tiers }) => ({ name, needed, tiers }))).toEqual([
      { name: 'Blog articles', needed: 4, tiers: [1] }, { name: 'Mark articles', needed: 2, tiers: [2] },
    ]);
  });

  it('warns of the mailbox and article shortages with their fix, and blocks nothing', () => {
    const summary = summarizeWizard(DIAGRAM, wizardOf({ emailSource: 'LIST' }), COUNTS);
    expect(summary.notices).toEqual([
      { level: 'warning', tab: 'content', tier: 2, field: 'content.1.contentGroupId', message: C.articlesShort('Mark articles', 2, 1), fix: { kind: 'route', route: '/content-group/11', label: 'Add articles' } },
      { level: 'warning', tab: 'emails', tier: null, field: 'emailSource', message: C.mailboxesShort(6, 1), fix: { kind: 'route', route: '/email-manager', label: 'Open the email manager' } },
    ]);
    expect(C.mailboxesShort(6, 1)).toBe('6 accounts to register and 1 unused mailbox in the email manager: 5 registrations will fail. Import mailboxes, or choose another email source on the Emails tab');
    expect(wizardBlockers(summary)).toBeNull();
    // LinkLoom's own source needs a catch-all mailbox; existing accounts need none.
    expect(summarizeWizard(DIAGRAM, wizardOf(), COUNTS).notices.at(-1)?.message).toBe(C.noCatchAll(6));
    const existing = wizardOf({ projects: wizardOf().projects.map((p) => ({ ...p, createNewAccount: false, profileId: 3 })) });
    expect(summarizeWizard(DIAGRAM, existing, COUNTS).notices.some((n) => n.tab === 'emails')).toBe(false);
  });

  it('says when posts reuse articles (spun), and when a tier has no content group', () => {
    const reuse = { ...COUNTS, contentGroups: [{ id: 10, name: 'Blog articles', articles: 3, unused: 1, usesLeft: 9 }, COUNTS.contentGroups[0]!] };
    const summary = summarizeWizard(DIAGRAM, wizardOf(), reuse);
    expect(summary.notices).toContainEqual(expect.objectContaining({ level: 'info', message: C.articlesReused('Blog articles', 4, 1) }));
    const noGroup = wizardOf({ content: wizardOf().content.map((t, i) => (i === 1 ? { ...t, contentGroupId: null } : t)) });
    expect(summarizeWizard(DIAGRAM, noGroup, COUNTS).notices).toContainEqual(expect.objectContaining({ level: 'warning', tier: 2, message: C.noGroupChosen(2) }));
  });

  it('blocks a tier with no site at all; a project without sites in a tier that has some is a warning', () => {
    const none = summarizeWizard(DIAGRAM, wizardOf(), { ...COUNTS, sites: { SocialNetwork: 4 } });
    const blockers = wizardBlockers(none);
    expect(blockers).toEqual({
      tab: 'sites', tier: 2, toast: C.blockedToast,
      problems: [{ tab: 'sites', tier: 2, field: 'tierSiteSelection.1.type', message: C.tierNoSite(2, 'Bookmarking') }],
    });
    expect(C.tierNoSite(2, 'Bookmarking')).toBe('Tier 2 has no site to post to: pick sites for it on the Sites tab, or add Bookmarking sites');
    // A site selection gives only its own sites; picked sites count as picked.
    const chosen = wizardOf({ tierSiteSelection: [{ type: 2, selectedSites: [], siteSelectionId: 7 }, { type: 3, selectedSites: [{ siteId: 5, module: 'Bookmarking' }], siteSelectionId: null }] });
    expect(summarizeWizard(DIAGRAM, chosen, COUNTS).tiers.map((t) => t.sites)).toEqual([1, 1]);
  });

  it('names the ids it needs counts of, and reads them from a query', () => {
    const chosen = wizardOf({ tierSiteSelection: [{ type: 2, selectedSites: [], siteSelectionId: 7 }, { type: 1, selectedSites: [], siteSelectionId: 9 }] });
    expect(wizardCountIds(chosen)).toEqual({ siteSelectionIds: [7], contentGroupIds: [10, 11], privateNetworkIds: [] });
    expect(WizardCountsQuerySchema.parse({ siteSelectionIds: '7,3,7', contentGroupIds: '' })).toEqual({ siteSelectionIds: [7, 3], contentGroupIds: [] });
    expect(WizardCountsQuerySchema.safeParse({ siteSelectionIds: '7;drop' }).success).toBe(false);
  });
});

describe('wizardScheduleWords', () => {
  const tiers = [{ tier: 1, posts: 5, accounts: 2 }, { tier: 2, posts: 0, accounts: 0 }];
  it('says when tier 1 starts, that accounts come first, and how each tier spreads its posts', () => {
    expect(wizardScheduleWords({ startNow: true, startDate: null, nDay: 2 }, tiers)).toEqual([
      'Starts as soon as the campaign is created.',
      'First 2 new accounts are registered; each project posts once its accounts exist.',
      'Tier 1: 5 posts spread over 2 days, about 3 posts a day.',
      'Tier 2: starts when its parent projects in tier 1 complete, then with no post to make yet.',
    ]);
  });
  it('gives a start date in local time, and says when it has passed or is missing', () => {
    const now = new Date(Date.UTC(2030, 0, 1, 12, 0));
    expect(wizardScheduleWords({ startNow: false, startDate: '02/01/2030 09:30', nDay: 1 }, [], now)[0])
      .toBe(`Starts on ${formatLocalDate(new Date(Date.UTC(2030, 0, 2, 9, 30)))} (your time).`);
    expect(wizardScheduleWords({ startNow: false, startDate: '01/01/2030 09:30', nDay: 1 }, [], now)[0]).toMatch(/^Starts at once: its start date/);
    expect(wizardScheduleWords({ startNow: false, startDate: null, nDay: 1 }, [], now)[0]).toBe('No start date yet: choose one on the Schedule tab, or Start now.');
  });
});

describe('summarizeWizard deals a tier\'s sites out as Create Campaign does', () => {
  it('two projects of one module in a tier share its sites: one post per site', () => {
    const wide: Diagram = { cells: [node('m', 'MoneySite'), node('w1', 'Web20Blog'), node('w2', 'Web20Blog'), link('m', 'w1'), link('m', 'w2')] };
    const depth = Math.max(0, ...wizardNodes(wide).map((n) => n.tier));
    const base = wizardTiers(WizardSchema.parse({ campaignName: 'Camp', startNow: true, nDay: 1, strategy: { id: 4, strategy: JSON.stringify(wide) } }), depth);
    const summary = summarizeWizard(wide, { ...base, projects: defaultWizardProjects(wide), content: base.content.map((t) => ({ ...t, contentGroupId: 10 })) }, COUNTS);
    expect(summary.tiers[0]!.projects.map((p) => p.sites)).toEqual([2, 2]);
    expect(summary.tiers[0]).toMatchObject({ sites: 4, posts: 4, accounts: 8 });
  });
});
