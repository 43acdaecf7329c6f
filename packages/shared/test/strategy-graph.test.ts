import { describe, expect, it } from 'vitest';
import type { Diagram, DiagramCell } from '../src/schemas/diagram';
import type { ReportNode } from '../src/schemas/link-reports';
import { WizardSchema, newWizardLinkSet, wizardTiers, type Wizard } from '../src/schemas/wizard';
import { defaultWizardProjects } from '../src/domain/wizard';
import { diagramStrategyGraph, projectNodeIds, tierStrategyGraph } from '../src/domain/link-health';

function node(id: string, kind: string, y: number): DiagramCell {
  return { type: `LinkLoom.${kind}`, id, position: { x: 10, y }, size: { width: 90, height: 54 }, custom: { nameId: 1, projectName: id } };
}
const link = (from: string, to: string): DiagramCell => ({ id: `${from}-${to}`, source: { id: from }, target: { id: to } });
// Two Web 2.0 blogs under the Money Site, a bookmarking node under the first.
const DIAGRAM: Diagram = { cells: [node('m', 'MoneySite', 0), node('a', 'Web20Blog', 100), node('b', 'Web20Blog', 100), node('c', 'Bookmarking', 200), link('m', 'a'), link('m', 'b'), link('a', 'c')] };

function wizard(): Wizard {
  const w = wizardTiers(WizardSchema.parse({ campaignName: 'Camp', startDate: '01/01/2030 10:00', nDay: 3, strategy: { id: 4, strategy: JSON.stringify(DIAGRAM) } }), 2);
  return {
    ...w,
    projects: defaultWizardProjects(DIAGRAM),
    linksAndKeywords: w.linksAndKeywords.map((t, i) => ({ ...t, linkSets: i === 0 ? [{ ...newWizardLinkSet(), urls: 'https://m.example/', primaryKeyword: 'kw' }] : [] })),
    content: w.content.map((t, i) => ({ ...t, contentGroupId: 10 + i })),
  };
}

const counted = (projectId: number, name: string, module: string, tier: number, live: number, dead: number, pending: number, atRisk = 0): ReportNode =>
  ({ projectId, projectName: name, module, tier, live, dead, pending, atRisk });

describe('the strategy report', () => {
  it('finds the node of each project the wizard made, renamed or not; projects added by hand belong to none', () => {
    const projects = [
      { id: 1, name: 'a - Account Creation (Web 2.0)', module: 'AccountCreation' },
      { id: 10, name: 'a', module: 'SocialNetwork' },
      { id: 11, name: 'renamed b', module: 'SocialNetwork' },
      { id: 12, name: 'c', module: 'Bookmarking' },
      { id: 13, name: 'by hand', module: 'Wiki' },
    ];
    expect([...projectNodeIds(DIAGRAM, wizard(), projects)]).toEqual([[10, 'a'], [12, 'c'], [11, 'b']]);
  });

  it("draws the diagram with each node's counts, the Money Site without tier or projects", () => {
    const nodeOf = new Map([[10, 'a'], [11, 'b'], [12, 'c']]);
    const graph = diagramStrategyGraph(DIAGRAM, nodeOf, [counted(10, 'a', 'SocialNetwork', 2, 3, 1, 0), counted(12, 'c', 'Bookmarking', 3, 0, 0, 2)]);
    expect(graph.source).toBe('diagram');
    expect(graph.nodes.map(({ id, label, tier, moneySite, projects, live, dead, pending }) => ({ id, label, tier, moneySite, projects, live, dead, pending }))).toEqual([
      { id: 'm', label: 'm', tier: null, moneySite: true, projects: [], live: 0, dead: 0, pending: 0 },
      { id: 'a', label: 'a', tier: 1, moneySite: false, projects: [{ id: 10, name: 'a' }], live: 3, dead: 1, pending: 0 },
      { id: 'b', label: 'b', tier: 1, moneySite: false, projects: [], live: 0, dead: 0, pending: 0 },
      { id: 'c', label: 'c', tier: 2, moneySite: false, projects: [{ id: 12, name: 'c' }], live: 0, dead: 0, pending: 2 },
    ]);
    expect(graph.nodes[1]).toMatchObject({ x: 10, y: 100, width: 90, height: 54, premium: false });
    expect(graph.edges).toEqual([{ id: 'm-a', source: 'm', target: 'a' }, { id: 'm-b', source: 'm', target: 'b' }, { id: 'a-c', source: 'a', target: 'c' }]);
  });

  it('draws a campaign made by hand as one node per tier, each tier linking to the next', () => {
    const graph = tierStrategyGraph([counted(1, 'One', 'Private', 1, 2, 1, 0), counted(2, 'Two', 'Wiki', 2, 0, 0, 4, 3), counted(3, 'Three', 'Private', 1, 1, 0, 0)]);
    expect(graph.nodes.map(({ id, tier, modules, projects, live, dead, pending, atRisk }) => ({ id, tier, modules, projects, live, dead, pending, atRisk }))).toEqual([
      { id: 'tier-1', tier: 1, modules: ['Private Blog'], projects: [{ id: 1, name: 'One' }, { id: 3, name: 'Three' }], live: 3, dead: 1, pending: 0, atRisk: 0 },
      // Tier 2's posts that link to tier 1's dead post are at risk (issue 36 item 3).
      { id: 'tier-2', tier: 2, modules: ['Wiki'], projects: [{ id: 2, name: 'Two' }], live: 0, dead: 0, pending: 4, atRisk: 3 },
    ]);
    expect(graph.edges).toEqual([{ id: 'tier-1>tier-2', source: 'tier-1', target: 'tier-2' }]);
    expect(tierStrategyGraph([])).toEqual({ source: 'tiers', nodes: [], edges: [] });
  });
});
