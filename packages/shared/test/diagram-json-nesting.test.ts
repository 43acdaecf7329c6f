import { describe, expect, it } from 'vitest';
import { DIAGRAM_MAX_NESTING, DIAGRAM_TEXT_MESSAGES, defaultDiagram, readDiagramText } from '../src';
import { jsonNestsDeeperThan } from '../src/domain/diagram/json-nesting';

describe('jsonNestsDeeperThan (a diagram text nested too deep is refused before JSON.parse)', () => {
  it('counts objects and lists, the outermost value being level 1', () => {
    expect(jsonNestsDeeperThan('1', 0)).toBe(false);
    expect(jsonNestsDeeperThan('{}', 0)).toBe(true);
    expect(jsonNestsDeeperThan('{"a":[{"b":[]}]}', 4)).toBe(false);
    expect(jsonNestsDeeperThan('{"a":[{"b":[]}]}', 3)).toBe(true);
    // Siblings do not add up.
    expect(jsonNestsDeeperThan('[[],[],[[]]]', 3)).toBe(false);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(jsonNestsDeeperThan('["[[[[", "{{{{"]', 1)).toBe(false);
    expect(jsonNestsDeeperThan('["\\"[[[[", "\\\\", [1]]', 1)).toBe(true);
    expect(jsonNestsDeeperThan('["\\"[[[[", "\\\\"]', 1)).toBe(false);
  });

  it('answers 700,000 levels in one pass, without a stack', () => {
    const deep = `${'['.repeat(700_000)}${']'.repeat(700_000)}`;
    expect(jsonNestsDeeperThan(deep, DIAGRAM_MAX_NESTING)).toBe(true);
    expect(jsonNestsDeeperThan(deep, 700_000)).toBe(false);
  });

  it('makes readDiagramText refuse the diagram with the message naming the cap', () => {
    const text = JSON.stringify(defaultDiagram('m')).replace('"id":"m"', `"id":"m","attrs":{"x":${'['.repeat(700_000)}${']'.repeat(700_000)}}`);
    expect(readDiagramText(text)).toEqual({ ok: false, problems: [{ nodeId: null, message: DIAGRAM_TEXT_MESSAGES.tooDeep }] });
    expect(DIAGRAM_TEXT_MESSAGES.tooDeep).toContain(String(DIAGRAM_MAX_NESTING));
    expect(readDiagramText(JSON.stringify(defaultDiagram('m'))).ok).toBe(true);
  });
});
