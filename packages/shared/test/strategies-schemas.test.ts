import { describe, expect, it } from 'vitest';
import {
  STRATEGY_MESSAGES as M, StrategyCreateSchema, StrategyDuplicateSchema, StrategyUpdateSchema, strategyCopyName, strategyFileName, strategyNameOfFile,
  strategyPreviewLinkId, strategyPreviewPath,
} from '../src/schemas/strategies';

const issues = (schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: { message: string }[] } } }, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? [] : (r.error?.issues ?? []).map((i) => i.message);
};

describe('strategy schemas (spec 2 §5, §7)', () => {
  it("needs a diagram name ('Please enter diagram name')", () => {
    for (const name of [undefined, '', '   ', null]) expect(issues(StrategyCreateSchema, { name })).toEqual([M.nameRequired]);
    expect(issues(StrategyCreateSchema, { name: 'x'.repeat(513) })).toEqual([M.nameTooLong]);
    expect(StrategyCreateSchema.parse({ name: '  Pyramid ' })).toEqual({ name: 'Pyramid' });
  });

  it('takes a rename with null strategy and description', () => {
    expect(StrategyUpdateSchema.parse({ id: 3, name: 'New', description: null, img: null, strategy: null })).toEqual({ id: 3, name: 'New', description: null, img: null, strategy: null });
    expect(issues(StrategyUpdateSchema, { id: '3', name: 'New' })).toHaveLength(1);
  });

  it('clones with an id and a name', () => {
    expect(issues(StrategyDuplicateSchema, { id: 1 })).toEqual([M.nameRequired]);
    expect(StrategyDuplicateSchema.parse({ id: 1, name: strategyCopyName('Pyramid') })).toEqual({ id: 1, name: 'Copy of Pyramid' });
  });

  it('names files', () => {
    expect(strategyFileName('A/B: c?')).toBe('A_B_ c_.json');
    expect(strategyFileName('   ')).toBe('diagram.json');
    expect(strategyNameOfFile('zips/My Wheel.JSON')).toBe('My Wheel');
    expect(strategyNameOfFile('.json')).toBe('Imported diagram');
  });
});

describe('a preview link sent back as img (issue 38)', () => {
  it('names the strategy of its own preview addresses, relative or full, any version; nothing else', () => {
    expect(strategyPreviewLinkId(strategyPreviewPath(12, 1_700_000_000_000))).toBe(12);
    expect(strategyPreviewLinkId('/rest/strategies/12/preview?v=abc-_.%20')).toBe(12);
    expect(strategyPreviewLinkId('/rest/strategies/12/preview')).toBe(12);
    expect(strategyPreviewLinkId(' https://linkloom.example:8443/rest/strategies/3/preview?v=1 ')).toBe(3);
    for (const img of ['<svg/>', '/rest/strategies/12', '/rest/strategies/x/preview?v=1', 'javascript:/rest/strategies/1/preview', '//evil/rest/strategies/1/preview?v=1', '/rest/strategies/12/preview?v=1&x=2', 'data:image/svg+xml;base64,PHN2Zy8+']) {
      expect(strategyPreviewLinkId(img), img).toBeNull();
    }
  });
});
