/**
 * The wizard benchmarks' strategy (bench/wizard-plan.ts, bench/wizard-create.ts): 5 tiers of 12
 * nodes (60 nodes; every third a Project node with Wiki and PDF ticked → 160 projects, 60
 * profiles), and a wizard filling every tab of it.
 */
import {
  WizardSchema, defaultWizardProjects, diagramDepth, newWizardLinkSet, projectNodeModules,
  type Diagram, type DiagramCell, type Wizard,
} from '../../packages/shared/src/index';

/** 5 tiers of 12 nodes; every third a Project node with two modules ticked. */
export function benchDiagram(): Diagram {
  const cell = (id: string, kind: string, extra: object = {}): DiagramCell => ({
    type: `LinkLoom.${kind}`, id, position: { x: 0, y: 0 }, size: { width: 90, height: 54 }, custom: { projectName: id }, ...extra,
  });
  const cells: DiagramCell[] = [cell('m', 'MoneySite')];
  let parents = ['m'];
  let n = 0;
  for (let tier = 1; tier <= 5; tier += 1) {
    const next: string[] = [];
    for (let i = 0; i < 12; i += 1) {
      const id = `n${++n}`;
      const project = i % 3 === 0;
      cells.push(cell(id, project ? 'Project' : ['Wiki', 'Web20Blog', 'Bookmarking'][i % 3]!, project
        ? { modules: projectNodeModules().map((m) => ({ ...m, checked: m.id === 'Wiki' || m.id === 'PDF' })) } : {}));
      cells.push({ id: `l${n}`, source: { id: parents[i % parents.length]! }, target: { id } });
      next.push(id);
    }
    parents = next;
  }
  return { cells };
}

export function benchWizard(d: Diagram, ids: { strategyId?: number; contentGroupId?: number } = {}): Wizard {
  const depth = diagramDepth(d);
  const tiers = Array.from({ length: depth }, (_, i) => i);
  return WizardSchema.parse({
    name: 'Bench', campaignName: 'Bench', startDate: '01/01/2030 10:00', strategy: { id: ids.strategyId ?? 1, strategy: JSON.stringify(d) }, depth,
    tierSiteSelection: tiers.map(() => ({})),
    linksAndKeywords: tiers.map((i) => ({ tags: 'a,b', linkSets: i === 0 ? [{ ...newWizardLinkSet(), urls: 'https://m.example/', primaryKeyword: 'k' }] : [] })),
    content: tiers.map(() => ({ contentGroupId: ids.contentGroupId ?? 1 })),
    indexer: tiers.map(() => ({ useIndexers: true, indexers: ['IndexNow'] })),
    projects: defaultWizardProjects(d),
  });
}
