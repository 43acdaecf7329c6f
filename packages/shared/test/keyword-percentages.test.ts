import { describe, expect, it } from 'vitest';
import {
  DEFAULT_KEYWORD_PERCENTAGES, KEYWORD_PERCENTAGE_TYPES, clampPercentage, isBalanced, redistributePercentages, totalPercentage,
  type EditablePercentageType, type KeywordPercentages,
} from '../src/domain/keyword-percentages';

const p = (primary: number, secondary: number, branded: number, generic: number, nakedUrl: number, linkAnchor = 0): KeywordPercentages => ({ primary, secondary, branded, generic, nakedUrl, linkAnchor });
const EDITABLE: EditablePercentageType[] = ['secondary', 'branded', 'generic', 'nakedUrl', 'linkAnchor'];

/** Every balanced state whose values are multiples of `step` (step 10: 1,001 states). */
function balancedStates(step: number): KeywordPercentages[] {
  const states: KeywordPercentages[] = [];
  for (let secondary = 0; secondary <= 100; secondary += step)
    for (let branded = 0; secondary + branded <= 100; branded += step)
      for (let generic = 0; secondary + branded + generic <= 100; generic += step)
        for (let nakedUrl = 0; secondary + branded + generic + nakedUrl <= 100; nakedUrl += step)
          states.push(p(100 - secondary - branded - generic - nakedUrl, secondary, branded, generic, nakedUrl));
  return states;
}

describe('clampPercentage', () => {
  it.each([
    [50, 50], [0, 0], [100, 100], [-1, 0], [-500, 0], [101, 100], [1e9, 100], [12.4, 12], [12.5, 13],
    [Number.NaN, 0], [Number.POSITIVE_INFINITY, 0], [null, 0], [undefined, 0],
  ])('%s → %s', (value, expected) => {
    expect(clampPercentage(value)).toBe(expected);
  });
});

describe('isBalanced and totalPercentage', () => {
  it('accepts the default and any whole split totalling 100', () => {
    expect(isBalanced(DEFAULT_KEYWORD_PERCENTAGES)).toBe(true);
    expect(isBalanced(p(20, 20, 20, 20, 20))).toBe(true);
    expect(totalPercentage(p(1, 2, 3, 4, 5))).toBe(15);
  });
  it('refuses totals other than 100, negatives, fractions and values over 100', () => {
    expect(isBalanced(p(99, 0, 0, 0, 0))).toBe(false);
    expect(isBalanced(p(101, 0, 0, 0, -1))).toBe(false);
    expect(isBalanced(p(50.5, 49.5, 0, 0, 0))).toBe(false);
    expect(isBalanced(p(200, -100, 0, 0, 0))).toBe(false);
  });
});

describe('redistributePercentages: the spec examples', () => {
  it('an increase of secondary, generic or naked URL is taken from primary first', () => {
    expect(redistributePercentages(DEFAULT_KEYWORD_PERCENTAGES, 'secondary', 30)).toEqual(p(70, 30, 0, 0, 0));
    expect(redistributePercentages(p(70, 30, 0, 0, 0), 'generic', 20)).toEqual(p(50, 30, 0, 20, 0));
    expect(redistributePercentages(p(50, 30, 0, 20, 0), 'nakedUrl', 10)).toEqual(p(40, 30, 0, 20, 10));
  });

  it('when primary would go below 0 it becomes 0 and the rest comes from generic, then naked URL', () => {
    // secondary +60 with primary 40: primary pays 40, generic pays its 20.
    expect(redistributePercentages(p(40, 0, 20, 20, 20), 'secondary', 60)).toEqual(p(0, 60, 20, 0, 20));
    // secondary +70: primary 40, generic 20, naked URL 10.
    expect(redistributePercentages(p(40, 0, 10, 20, 30), 'secondary', 70)).toEqual(p(0, 70, 10, 0, 20));
  });

  it('generic skips itself: primary, then naked URL', () => {
    expect(redistributePercentages(p(10, 30, 0, 20, 40), 'generic', 50)).toEqual(p(0, 30, 0, 50, 20));
  });

  it('naked URL skips itself: primary, then generic', () => {
    expect(redistributePercentages(p(10, 30, 0, 40, 20), 'nakedUrl', 50)).toEqual(p(0, 30, 0, 20, 50));
  });

  it('a decrease is given back to primary', () => {
    expect(redistributePercentages(p(40, 30, 0, 20, 10), 'secondary', 0)).toEqual(p(70, 0, 0, 20, 10));
    expect(redistributePercentages(p(0, 0, 0, 100, 0), 'generic', 25)).toEqual(p(75, 0, 0, 25, 0));
  });

  it('branded follows the same rule: primary first, then generic, then naked URL, then secondary', () => {
    expect(redistributePercentages(DEFAULT_KEYWORD_PERCENTAGES, 'branded', 15)).toEqual(p(85, 0, 15, 0, 0));
    expect(redistributePercentages(p(10, 10, 0, 10, 70), 'branded', 40)).toEqual(p(0, 10, 40, 0, 50));
    expect(redistributePercentages(p(0, 60, 10, 20, 10), 'branded', 100)).toEqual(p(0, 0, 100, 0, 0));
    expect(redistributePercentages(p(90, 0, 10, 0, 0), 'branded', 0)).toEqual(p(100, 0, 0, 0, 0));
  });

  it('when primary, generic and naked URL are empty the remaining editable ones pay, never below 0', () => {
    expect(redistributePercentages(p(0, 50, 50, 0, 0), 'secondary', 80)).toEqual(p(0, 80, 20, 0, 0));
    expect(redistributePercentages(p(0, 50, 50, 0, 0), 'generic', 100)).toEqual(p(0, 0, 0, 100, 0));
  });

  it('clamps the typed value to 0–100 and whole numbers', () => {
    expect(redistributePercentages(DEFAULT_KEYWORD_PERCENTAGES, 'secondary', 150)).toEqual(p(0, 100, 0, 0, 0));
    expect(redistributePercentages(p(50, 50, 0, 0, 0), 'secondary', -20)).toEqual(p(100, 0, 0, 0, 0));
    expect(redistributePercentages(DEFAULT_KEYWORD_PERCENTAGES, 'generic', 33.6)).toEqual(p(66, 0, 0, 34, 0));
    expect(redistributePercentages(p(50, 50, 0, 0, 0), 'secondary', null)).toEqual(p(100, 0, 0, 0, 0));
  });

  it('leaves the values alone when the value does not change', () => {
    const state = p(40, 30, 10, 10, 10);
    expect(redistributePercentages(state, 'branded', 10)).toEqual(state);
  });

  it('does not modify its input', () => {
    const state = p(40, 30, 10, 10, 10);
    redistributePercentages(state, 'secondary', 90);
    expect(state).toEqual(p(40, 30, 10, 10, 10));
  });

  it("takes the link's own anchor (the target's title) from primary first, and it pays after naked URL", () => {
    expect(redistributePercentages(DEFAULT_KEYWORD_PERCENTAGES, 'linkAnchor', 40)).toEqual(p(60, 0, 0, 0, 0, 40));
    expect(redistributePercentages(p(10, 30, 0, 20, 20, 20), 'secondary', 80)).toEqual(p(0, 80, 0, 0, 0, 20));
    expect(redistributePercentages(p(0, 30, 0, 20, 20, 30), 'secondary', 90)).toEqual(p(0, 90, 0, 0, 0, 10));
    expect(redistributePercentages(p(60, 0, 0, 0, 0, 40), 'linkAnchor', 0)).toEqual(DEFAULT_KEYWORD_PERCENTAGES);
  });

  it('cuts the change to what the others hold when the input is not balanced', () => {
    expect(redistributePercentages(p(10, 0, 0, 0, 0), 'secondary', 50)).toEqual(p(0, 10, 0, 0, 0));
  });
});

describe('redistributePercentages: every balanced state (step 10), every editable field, every value 0–100', () => {
  const states = balancedStates(10);

  /** What is wrong with one redistribution, if anything (plain checks: 400,000 cases stay fast). */
  function problems(state: KeywordPercentages, field: EditablePercentageType, value: number, next: KeywordPercentages): string[] {
    const found: string[] = [];
    // Always 100 in total, whole numbers, nothing below 0 or above 100, the value as typed.
    if (!isBalanced(next)) found.push('not balanced');
    if (next[field] !== value) found.push('value not kept');
    const difference = value - state[field];
    const others = KEYWORD_PERCENTAGE_TYPES.filter((type) => type !== field && type !== 'primary');
    const untouched = (types: readonly string[]) => types.every((type) => next[type as keyof KeywordPercentages] === state[type as keyof KeywordPercentages]);
    if (difference <= 0) {
      // Decrease: only primary moves, up by exactly the difference.
      if (next.primary !== state.primary - difference || !untouched(others)) found.push('decrease not given to primary');
      return found;
    }
    // Increase: nothing grows, and primary pays before anyone else.
    if (KEYWORD_PERCENTAGE_TYPES.some((type) => type !== field && next[type] > state[type])) found.push('another grew');
    if (difference <= state.primary) {
      if (next.primary !== state.primary - difference || !untouched(others)) found.push('primary did not pay alone');
      return found;
    }
    if (next.primary !== 0) found.push('primary not emptied first');
    // Generic before naked URL, both before secondary / branded.
    if (field !== 'generic' && next.nakedUrl < state.nakedUrl && next.generic !== 0) found.push('naked URL paid before generic');
    const laterTaken = (['secondary', 'branded'] as const).some((type) => type !== field && next[type] < state[type]);
    if (laterTaken && ((field !== 'generic' && next.generic !== 0) || (field !== 'nakedUrl' && next.nakedUrl !== 0))) found.push('secondary/branded paid too early');
    if (field !== 'secondary' && next.branded < state.branded && next.secondary !== 0) found.push('branded paid before secondary was empty');
    return found;
  }

  it('walks 1,001 states × 5 fields × 101 values', () => {
    expect(states).toHaveLength(1001);
    const failures: string[] = [];
    let checked = 0;
    for (const state of states) {
      for (const field of EDITABLE) {
        for (let value = 0; value <= 100; value += 1) {
          const next = redistributePercentages(state, field, value);
          for (const problem of problems(state, field, value, next)) {
            if (failures.length < 10) failures.push(`${JSON.stringify(state)} ${field}=${value} → ${JSON.stringify(next)}: ${problem}`);
          }
          checked += 1;
        }
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBe(1001 * 5 * 101);
  });

  it('keeps every state reachable from the default balanced over a long random walk', () => {
    let state = DEFAULT_KEYWORD_PERCENTAGES;
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    for (let step = 0; step < 20_000; step += 1) {
      const field = EDITABLE[Math.floor(random() * EDITABLE.length)]!;
      state = redistributePercentages(state, field, Math.floor(random() * 140) - 20);
      if (!isBalanced(state)) break;
    }
    expect(isBalanced(state)).toBe(true);
  });
});
