import { describe, expect, it } from 'vitest';
import { DiagramSchema, diagramDepth, diagramElements, diagramKindOfType, diagramPreviewSvg, validateDiagram } from '@linkloom/shared';
import { BUILTIN_STRATEGIES, builtinStrategy, diagramOfTree, isBuiltinStrategyId } from '../../src/features/strategies/builtin-strategies';
import { FIRST_CUSTOM_STRATEGY_ID } from '../../src/platform/db/migrations/0017-strategies';
import { sanitizeRichText, sanitizeSvg } from '../../src/platform/html/sanitize';

const LIMITS = { maxDepth: 64 };

describe('built-in strategies', () => {
  it('ships six, each a valid diagram of the depth its name says, with a description and its own preview', () => {
    expect(BUILTIN_STRATEGIES.map((s) => [s.id, s.name, diagramDepth(s.diagram)])).toEqual([
      [1, '2-Tier Web 2.0 Pyramid', 2],
      [2, '3-Tier Mixed Pyramid', 3],
      [3, 'PBN Boost', 2],
      [4, 'Wiki + Bookmark Wheel', 2],
      [5, 'Premium Tier 1', 2],
      [6, 'Press Release + PDF', 2],
    ]);
    for (const s of BUILTIN_STRATEGIES) {
      expect(validateDiagram(s.diagram), s.name).toEqual([]);
      expect(DiagramSchema.parse(JSON.parse(s.text))).toEqual(s.diagram);
      expect(s.svg).toBe(diagramPreviewSvg(s.diagram));
      // What the server would store for them is what they are: nothing for the sanitisers to remove.
      expect(sanitizeRichText(s.description, LIMITS)).toBe(s.description);
      expect(sanitizeSvg(s.svg, LIMITS)).not.toBeNull();
      expect(s.id).toBeLessThan(FIRST_CUSTOM_STRATEGY_ID);
    }
  });

  it('puts premium nodes on tier 1 of the premium strategy and private ones in the PBN boost', () => {
    const kindsOf = (id: number) => diagramElements(builtinStrategy(id)!.diagram).map((c) => diagramKindOfType(c.type)!);
    expect(kindsOf(5).filter((k) => k.premium).map((k) => k.kind)).toEqual(['PremiumWeb20Blog', 'PremiumArticleDirectory', 'PremiumPressRelease']);
    expect(kindsOf(3).filter((k) => k.group === 'PBN')).toHaveLength(6);
  });

  it('numbers nodes per kind and gives a Project node its modules', () => {
    const d = diagramOfTree('t', [{ kind: 'Wiki', children: [{ kind: 'Wiki' }] }, { kind: 'Project', modules: ['Wiki'] }]);
    const nodes = diagramElements(d);
    expect(nodes.map((c) => c.custom?.projectName)).toEqual(['Money Site', 'Wiki (2)', 'Wiki (1)', 'Project (1)']);
    const project = nodes.find((c) => c.type === 'LinkLoom.Project')!;
    expect(project.modules?.filter((m) => m.checked).map((m) => m.id)).toEqual(['Wiki']);
    expect(project.size.height).toBe(74);
  });

  it('tells built-in ids from custom ones', () => {
    expect(isBuiltinStrategyId(1)).toBe(true);
    expect(isBuiltinStrategyId(100)).toBe(true);
    expect(isBuiltinStrategyId(101)).toBe(false);
    expect(builtinStrategy(7)).toBeUndefined();
  });
});
