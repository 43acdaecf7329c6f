import { describe, expect, it } from 'vitest';
import {
  ScheduleSaveSchema, WizardSchema, checkWizard, validateAccountTab, validateContentGeneral, validateContentImage, validateContentVideo, defaultWizardProjects, diagramDepth, newWizardLinkSet, planCampaign, wizardNodes, wizardTiers,
  type Diagram, type PlannedContentProject, type Wizard,
} from '@linkloom/shared';
import { BUILTIN_STRATEGIES } from '../../src/features/strategies/builtin-strategies';

/** A wizard for a built-in strategy filled as a user would: every rule of every tab met. */
function filledWizard(id: number, diagram: Diagram): Wizard {
  const w = wizardTiers(WizardSchema.parse({
    campaignName: 'From the wizard', startDate: '02/03/2030 09:30', nDay: 2, strategy: { id, strategy: JSON.stringify(diagram) },
  }), diagramDepth(diagram));
  return {
    ...w,
    projects: defaultWizardProjects(diagram).map((p) => (p.module?.startsWith('Private') ? { ...p, profileId: 1, numberOfPosts: 2 } : p)),
    linksAndKeywords: w.linksAndKeywords.map((t, i) => ({
      ...t, tags: 'shoes',
      linkSets: i === 0 ? [{ ...newWizardLinkSet(), urls: 'https://money.example/', primaryKeyword: 'running shoes' }] : [],
    })),
    content: w.content.map((t) => ({ ...t, contentGroupId: 1 })),
  };
}

// [id, depth, content projects, private projects, premium projects]
const EXPECTED: [number, number, number, number, number][] = [
  [1, 2, 12, 0, 0],
  [2, 3, 17, 0, 0],
  [3, 2, 9, 6, 0],
  [4, 2, 12, 0, 0],
  [5, 2, 9, 0, 3],
  [6, 2, 9, 0, 0],
];

describe('campaign plan of every built-in strategy', () => {
  it('covers every built-in', () => {
    expect(BUILTIN_STRATEGIES.map((s) => s.id).sort()).toEqual(EXPECTED.map(([id]) => id));
  });

  for (const [id, depth, count, privateCount, premiumCount] of EXPECTED) {
    const strategy = BUILTIN_STRATEGIES.find((s) => s.id === id)!;
    it(`${id} ${strategy.name}`, () => {
      const wizard = filledWizard(id, strategy.diagram);
      expect(checkWizard(wizard)).toEqual({ ok: true });
      const plan = planCampaign(strategy.diagram, wizard);
      const nodes = wizardNodes(strategy.diagram);
      const posting = plan.projects.filter((p): p is PlannedContentProject => p.kind !== 'acproject');
      const accounts = plan.projects.filter((p) => p.kind === 'acproject');

      expect(diagramDepth(strategy.diagram)).toBe(depth);
      expect(posting).toHaveLength(count);
      expect(posting.filter((p) => p.kind === 'privateproject')).toHaveLength(privateCount);
      expect(posting.filter((p) => p.premium)).toHaveLength(premiumCount);
      // Labels are unique, so each public node has its own profile and account creation project per module.
      const publicProjects = posting.filter((p) => p.kind === 'postingproject');
      expect(plan.profiles).toHaveLength(new Set(publicProjects.map((p) => p.nodeId)).size);
      expect(accounts).toHaveLength(publicProjects.length);
      // One input link set (tier 1) and one output per tier.
      expect(plan.linkSets.map((s) => s.key)).toEqual(['linkset:input:1', ...Array.from({ length: depth }, (_, i) => `linkset:output:${i + 1}`)]);

      const byKey = new Map(plan.projects.map((p) => [p.key, p]));
      for (const project of posting) {
        const node = nodes.find((n) => n.node.id === project.nodeId)!;
        expect(project.tier).toBe(node.tier);
        expect(project.outputLinkSetKey).toBe(`linkset:output:${project.tier}`);
        expect(project.inputLinkSets.map((s) => s.key)).toEqual([project.tier === 1 ? 'linkset:input:1' : `linkset:output:${project.tier - 1}`]);
        expect(project.form).toMatchObject({ contentGroupId: 1, tags: 'shoes', linkPlacement: 'ReplaceKeyword', useLinkSet: true });
        expect(project.schedule).toMatchObject({ durationType: 'Spread', nDay: 2 });
        const waits = project.schedule.afterProjectKeys.map((k) => byKey.get(k)!);
        const parents = waits.filter((p) => p.kind !== 'acproject');
        if (project.tier === 1) {
          expect(parents).toEqual([]);
          expect(project.schedule.scheduleType).toBe(waits.length === 0 ? 'FixedDate' : 'AfterProject');
          if (waits.length === 0) expect(project.schedule.startDate).toBe('02/03/2030 09:30');
        } else {
          expect(project.schedule.scheduleType).toBe('AfterProject');
          expect(parents.length).toBeGreaterThan(0);
          for (const parent of parents) expect(parent.nodeId).toBe(node.parentId);
        }
        if (project.kind === 'privateproject') {
          expect(project.form.profileId).toBe(1);
          expect(project.schedule.numberOfPosts).toBe(2);
          expect(project.sites).toBeNull();
        } else {
          expect(project.profileKey).not.toBeNull();
          expect(waits.filter((p) => p.kind === 'acproject').map((p) => p.module)).toEqual(['AccountCreation']);
        }
      }
      for (const ac of accounts) expect(ac.schedule).toEqual({ scheduleType: 'FixedDate', startDate: '02/03/2030 09:30', durationType: 'Once', afterProjectKeys: [] });

      // The plan's forms and schedules are what the project saves take once its keys are ids.
      const ids = new Map([...plan.profiles, ...plan.linkSets, ...plan.projects].map((item, i) => [item.key, i + 1]));
      for (const project of posting) {
        const form = {
          ...project.form,
          selectedCampaignId: 1,
          profileId: project.profileKey ? ids.get(project.profileKey)! : project.form.profileId,
          urlListId: ids.get(project.outputLinkSetKey)!,
          linkSetProfiles: project.inputLinkSets.map((s) => ({ linkSetId: ids.get(s.key)!, name: s.key, minLinks: s.minLinks, maxLinks: s.maxLinks, linkProb: s.linkProb })),
        };
        const kind = project.kind === 'privateproject' ? 'private' : 'posting';
        expect([...validateContentGeneral(kind, form), ...validateContentImage(form), ...validateContentVideo(form)]).toEqual([]);
      }
      for (const project of plan.projects) {
        const { afterProjectKeys, ...schedule } = project.schedule;
        const wire = { ...schedule, ...(afterProjectKeys.length > 0 ? { sourceProjectIds: afterProjectKeys.map((k) => ids.get(k)!) } : {}) };
        expect(ScheduleSaveSchema.safeParse({ schedule: wire }).success).toBe(true);
      }
      for (const ac of accounts) if (ac.kind === 'acproject') expect(validateAccountTab({ ...ac.form, profileId: 1, firstName: 'A', lastName: 'B', username: 'c', password: 'd' })).toEqual([]);
    });
  }
});
