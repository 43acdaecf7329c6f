import { describe, expect, it } from 'vitest';
import { LINK_SET_PROFILE_MESSAGES as M } from '@linkloom/shared';
import { linkSetProfileProblem } from './link-set-profile-rules';

describe('linkSetProfileProblem', () => {
  it('shows every message at once, the cross-field one too', () => {
    const values = { linkSetId: undefined, minLinks: 5, maxLinks: 2, linkProb: 0 };
    expect(linkSetProfileProblem(values, 'linkSetId')).toBe(M.linkSetRequired);
    expect(linkSetProfileProblem(values, 'minLinks')).toBeNull();
    expect(linkSetProfileProblem(values, 'maxLinks')).toBe(M.maxBelowMin);
    expect(linkSetProfileProblem(values, 'linkProb')).toBe(M.probabilityRange);
  });

  it('checks the link counts and probability ranges', () => {
    expect(linkSetProfileProblem({ minLinks: null }, 'minLinks')).toBe(M.linksRange);
    expect(linkSetProfileProblem({ minLinks: 1, maxLinks: 21 }, 'maxLinks')).toBe(M.linksRange);
    expect(linkSetProfileProblem({ minLinks: 1.5 }, 'minLinks')).toBe(M.linksRange);
    expect(linkSetProfileProblem({ linkProb: 101 }, 'linkProb')).toBe(M.probabilityRange);
    expect(linkSetProfileProblem({ linkProb: 1 }, 'linkProb')).toBeNull();
  });

  it('compares max with min only when min is a valid count', () => {
    expect(linkSetProfileProblem({ minLinks: 25, maxLinks: 3 }, 'maxLinks')).toBeNull();
    expect(linkSetProfileProblem({ minLinks: 3, maxLinks: 3 }, 'maxLinks')).toBeNull();
  });

  it('passes a complete profile', () => {
    const values = { linkSetId: 4, minLinks: 0, maxLinks: 20, linkProb: 100 };
    for (const field of ['linkSetId', 'minLinks', 'maxLinks', 'linkProb'] as const) expect(linkSetProfileProblem(values, field)).toBeNull();
  });
});
