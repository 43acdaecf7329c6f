import { describe, expect, it } from 'vitest';
import type { Diagram, DiagramCell } from '../src/schemas/diagram';
import { WizardSchema, newWizardLinkSet, wizardTiers, type Wizard } from '../src/schemas/wizard';
import { defaultWizardProjects, planCampaign, wizardNodes, type PlannedContentProject } from '../src/domain/wizard';

function node(id: string, kind: string, extra: Record<string, unknown> = {}): DiagramCell {
  return { type: `LinkLoom.${kind}`, id, position: { x: 0, y: 0 }, size: { width: 90, height: 54 }, custom: { nameId: 1, projectName: id }, ...extra };
}
const link = (from: string, to: string): DiagramCell => ({ id: `${from}-${to}`, source: { id: from }, target: { id: to } });
const modules = (...checked: string[]) => ['SocialNetwork', 'WebProfile', 'Bookmarking', 'Wiki', 'ArticleDirectory', 'PDF', 'ForumProfile', 'PressRelease']
  .map((id) => ({ id, checked: checked.includes(id) }));

function wizardFor(diagram: Diagram, overrides: Partial<Wizard> = {}): Wizard {
  const depth = Math.max(0, ...wizardNodes(diagram).map((n) => n.tier));
  const w = wizardTiers(WizardSchema.parse({ campaignName: ' Camp ', startDate: '01/01/2030 10:00', nDay: 3, strategy: { id: 4, strategy: JSON.stringify(diagram) } }), depth);
  return {
    ...w,
    projects: defaultWizardProjects(diagram),
    linksAndKeywords: w.linksAndKeywords.map((t, i) => ({
      ...t, tags: 'a, b, a', minLinks: 2, maxLinks: 4,
      linkSets: i === 0 ? [{ ...newWizardLinkSet(), urls: 'https://m.example/\n\n https://m.example/x ', primaryKeyword: 'kw' }] : [],
    })),
    content: w.content.map((t, i) => ({ ...t, contentGroupId: 10 + i })),
    ...overrides,
  };
}

const M = node('m', 'MoneySite');
const content = (plan: ReturnType<typeof planCampaign>) => plan.projects.filter((p): p is PlannedContentProject => p.kind !== 'acproject');

describe('planCampaign', () => {
  it('a 2-tier tree: projects, profiles, link sets, schedules', () => {
    const d: Diagram = { cells: [M, node('w', 'Web20Blog'), node('b', 'Bookmarking'), link('m', 'w'), link('w', 'b')] };
    const plan = planCampaign(d, wizardFor(d));
    expect(plan.campaignName).toBe('Camp');
    expect(plan.strategyId).toBe(4);
    expect(plan.linkSets.map((s) => [s.key, s.role, s.tier, s.urls])).toEqual([
      ['linkset:input:1', 'input', 1, ['https://m.example/', 'https://m.example/x']],
      ['linkset:output:1', 'output', 1, []],
      ['linkset:output:2', 'output', 2, []],
    ]);
    // The money-site input set is named as the original names it; clients tell input from output by it (issue 38).
    expect(plan.linkSets.map((s) => s.name)).toEqual(['Money Site', 'Tier 1 Backlinks', 'Tier 2 Backlinks']);
    expect(plan.linkSets[0]?.keywords).toMatchObject({ useKeyword: true, primaryKeyword: 'kw', primaryPercentage: 100 });
    expect(plan.profiles.map((p) => [p.name, p.reuse])).toEqual([['w', false], ['b', false]]);
    expect(plan.projects.map((p) => [p.key, p.module, p.kind])).toEqual([
      ['ac:w:SocialNetwork', 'AccountCreation', 'acproject'],
      ['ac:b:Bookmarking', 'AccountCreation', 'acproject'],
      ['project:w:SocialNetwork', 'SocialNetwork', 'postingproject'],
      ['project:b:Bookmarking', 'Bookmarking', 'postingproject'],
    ]);
    const [acW, , w, b] = plan.projects;
    expect(acW?.schedule).toEqual({ scheduleType: 'FixedDate', startDate: '01/01/2030 10:00', durationType: 'Once', afterProjectKeys: [] });
    expect(w?.schedule).toEqual({ scheduleType: 'AfterProject', durationType: 'Spread', nDay: 3, afterProjectKeys: ['ac:w:SocialNetwork'] });
    expect(b?.schedule).toEqual({ scheduleType: 'AfterProject', durationType: 'Spread', nDay: 3, afterProjectKeys: ['project:w:SocialNetwork', 'ac:b:Bookmarking'] });
    const tier1 = w as PlannedContentProject;
    expect(tier1.inputLinkSets).toEqual([{ key: 'linkset:input:1', minLinks: 2, maxLinks: 4, linkProb: 100 }]);
    expect(tier1.outputLinkSetKey).toBe('linkset:output:1');
    expect(tier1.form).toMatchObject({ contentGroupId: 10, tags: 'a,b', minLinks: 2, maxLinks: 4, linkPlacement: 'ReplaceKeyword', useLinkSet: true });
    expect((b as PlannedContentProject).inputLinkSets.map((s) => s.key)).toEqual(['linkset:output:1']);
    expect((b as PlannedContentProject).form.contentGroupId).toBe(11);
  });

  it('names every tier-1 input set after the money site, each apart; the outputs after their tier', () => {
    const d: Diagram = { cells: [M, node('w', 'Web20Blog'), link('m', 'w')] };
    const base = wizardFor(d);
    const first = base.linksAndKeywords[0]!;
    const second = { ...first.linkSets[0]!, urls: 'https://m.example/other' };
    const plan = planCampaign(d, { ...base, linksAndKeywords: [{ ...first, linkSets: [first.linkSets[0]!, second, second] }] });
    expect(plan.linkSets.map((s) => [s.key, s.role, s.name])).toEqual([
      ['linkset:input:1', 'input', 'Money Site'],
      ['linkset:input:2', 'input', 'Money Site 2'],
      ['linkset:input:3', 'input', 'Money Site 3'],
      ['linkset:output:1', 'output', 'Tier 1 Backlinks'],
    ]);
  });

  it('tier 1 with existing accounts starts at the start date; private nodes get their network and posts', () => {
    const d: Diagram = { cells: [M, node('p', 'PrivateBlog'), node('w', 'Wiki'), link('m', 'p'), link('m', 'w')] };
    const w = wizardFor(d);
    w.projects = w.projects.map((p) => (p.id === 'p' ? { ...p, profileId: 5, numberOfPosts: 7 } : { ...p, createNewAccount: false, profileId: 9 }));
    const plan = planCampaign(d, w);
    expect(plan.profiles).toEqual([]);
    const [p, wiki] = content(plan);
    expect(p).toMatchObject({ kind: 'privateproject', module: 'Private', sites: null, profileKey: null, form: { profileId: 5 } });
    expect(p?.schedule).toEqual({ scheduleType: 'FixedDate', startDate: '01/01/2030 10:00', durationType: 'Spread', nDay: 3, numberOfPosts: 7, afterProjectKeys: [] });
    expect(wiki).toMatchObject({ kind: 'postingproject', profileKey: null, form: { profileId: 9 } });
  });

  it('a Project node gives one project per checked module; an empty one none, its children wait for the nearest ancestor', () => {
    const d: Diagram = {
      cells: [M, node('x', 'Project', { modules: modules('Wiki', 'PDF') }), node('e', 'Project', { modules: modules() }), node('c', 'Bookmarking'),
        link('m', 'x'), link('x', 'e'), link('e', 'c')],
    };
    const plan = planCampaign(d, wizardFor(d));
    expect(content(plan).map((p) => [p.key, p.name])).toEqual([
      ['project:x:Wiki', 'x - Wiki'], ['project:x:PDF', 'x - PDF'], ['project:c:Bookmarking', 'c'],
    ]);
    expect(content(plan)[2]?.schedule.afterProjectKeys).toEqual(['project:x:Wiki', 'project:x:PDF', 'ac:c:Bookmarking']);
    expect(content(plan)[2]?.tier).toBe(3);
    expect(content(plan)[2]?.inputLinkSets.map((s) => s.key)).toEqual(['linkset:output:2']);
  });

  it('nodes sharing an account store name share one profile and one account creation project per module', () => {
    const d: Diagram = {
      cells: [M, node('a', 'Wiki', { custom: { profileName: 'Store' } }), node('b', 'Wiki', { custom: { profileName: 'Store' } }),
        node('c', 'Bookmarking', { custom: { profileName: 'Store' } }), link('m', 'a'), link('m', 'b'), link('a', 'c')],
    };
    const plan = planCampaign(d, wizardFor(d));
    expect(plan.profiles.map((p) => p.name)).toEqual(['Store']);
    expect(plan.projects.filter((p) => p.kind === 'acproject').map((p) => p.key)).toEqual(['ac:Store:Wiki', 'ac:Store:Bookmarking']);
    expect(content(plan).every((p) => p.profileKey === 'profile:Store')).toBe(true);
  });

  it('useSameAccounts reuses the profiles and creates no accounts', () => {
    const d: Diagram = { cells: [M, node('a', 'Wiki'), node('b', 'Wiki'), link('m', 'a'), link('a', 'b')] };
    const plan = planCampaign(d, wizardFor(d, { useSameAccounts: true }));
    expect(plan.profiles.map((p) => [p.name, p.reuse])).toEqual([['a', true], ['b', true]]);
    expect(plan.projects.some((p) => p.kind === 'acproject')).toBe(false);
    expect(content(plan)[0]?.schedule.scheduleType).toBe('FixedDate');
    expect(content(plan)[1]?.schedule.afterProjectKeys).toEqual(['project:a:Wiki']);
  });

  it('per-tier sites (manual picks of the project module only), premium and indexers', () => {
    const d: Diagram = { cells: [M, node('a', 'PremiumWiki'), node('b', 'Bookmarking'), link('m', 'a'), link('a', 'b')] };
    const w = wizardFor(d);
    w.tierSiteSelection[0] = { type: 3, selectedSites: [{ siteId: 1, module: 'Wiki' }, { siteId: 2, module: 'Bookmarking' }], siteSelectionId: null };
    w.tierSiteSelection[1] = { type: 2, selectedSites: [{ siteId: 3, module: 'Bookmarking' }], siteSelectionId: 8 };
    w.indexer[1] = { useIndexers: true, indexers: ['IndexNow'] };
    w.indexer[0] = { useIndexers: false, indexers: ['SpeedyIndex'] };
    const plan = planCampaign(d, w);
    const [a, b] = content(plan);
    expect(a).toMatchObject({ premium: true, sites: { type: 3, selectedSites: [{ siteId: 1, module: 'Wiki' }] }, form: { useIndexers: false, indexers: [] } });
    expect(b).toMatchObject({ premium: false, sites: { type: 2, siteSelectionId: 8, selectedSites: [] }, form: { useIndexers: true, indexers: ['IndexNow'] } });
    expect(plan.projects.find((p) => p.key === 'ac:a:Wiki')?.sites?.selectedSites).toEqual([{ siteId: 1, module: 'Wiki' }]);
  });

  it('the account creation project carries the wizard account and email fields', () => {
    const d: Diagram = { cells: [M, node('a', 'Wiki'), link('m', 'a')] };
    const w = wizardFor(d, { firstName: 'Ann', username: '{ann|an}', emailSource: 'MANUAL' });
    w.emailAccount = { ...w.emailAccount, emailServer: 'pop.example', emailAddress: 'a@example.org', SSL: false, startTls: true, allowSelfSigned: true };
    const ac = planCampaign(d, w).projects[0];
    expect(ac?.kind).toBe('acproject');
    if (ac?.kind === 'acproject') {
      expect(ac.form).toMatchObject({ firstName: 'Ann', username: '{ann|an}', emailSource: 'MANUAL', verificationInfo: { emailServer: 'pop.example', emailServerPort: 995, SSL: false, startTls: true, allowSelfSigned: true, status: null } });
    }
  });

  it('a Money Site alone gives an empty plan; unreached nodes are left out', () => {
    const d: Diagram = { cells: [M, node('lost', 'Wiki')] };
    const plan = planCampaign(d, wizardFor(d));
    expect(plan.projects).toEqual([]);
    expect(plan.linkSets).toEqual([]);
  });

  it('is fast on a 5-tier, 60-node diagram', () => {
    const cells: DiagramCell[] = [M];
    let parents = ['m'];
    let made = 0;
    for (let tier = 1; tier <= 5; tier += 1) {
      const next: string[] = [];
      for (let i = 0; i < 12; i += 1) {
        const id = `n${++made}`;
        cells.push(node(id, i % 3 === 0 ? 'Project' : 'Wiki', i % 3 === 0 ? { modules: modules('Wiki', 'Bookmarking') } : {}), link(parents[i % parents.length]!, id));
        next.push(id);
      }
      parents = next;
    }
    const d: Diagram = { cells };
    const w = wizardFor(d);
    const plan = planCampaign(d, w);
    expect(content(plan)).toHaveLength(80);
    expect(plan.linkSets.filter((s) => s.role === 'output')).toHaveLength(5);
    // Every AfterProject source is a project of the plan.
    const keys = new Set(plan.projects.map((p) => p.key));
    for (const p of plan.projects) for (const k of p.schedule.afterProjectKeys) expect(keys.has(k)).toBe(true);
  });
});
