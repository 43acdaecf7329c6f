import { describe, expect, it } from 'vitest';
import { fractionOfHeight } from './use-window-fraction';

describe('fractionOfHeight', () => {
  it('takes the fraction in whole pixels', () => {
    expect(fractionOfHeight(1000, 0.75)).toBe(750);
    expect(fractionOfHeight(999, 0.75)).toBe(749);
  });

  it('never goes below the minimum', () => {
    expect(fractionOfHeight(200, 0.75, 300)).toBe(300);
  });

  it('clamps fractions outside 0–1 and ignores NaN', () => {
    expect(fractionOfHeight(800, 2)).toBe(800);
    expect(fractionOfHeight(800, -1)).toBe(0);
    expect(fractionOfHeight(800, Number.NaN, 120)).toBe(120);
  });
});
