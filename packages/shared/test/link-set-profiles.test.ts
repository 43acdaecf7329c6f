import { describe, expect, it } from 'vitest';
import { LINK_SET_PROFILE_MESSAGES as M, LinkSetProfileSchema, offerableLinkSets } from '../src/schemas/link-set-profiles';

const messages = (value: unknown) => {
  const result = LinkSetProfileSchema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('link set profile (spec 1 §5)', () => {
  it('fills the defaults: probability 100, min 1, max 3', () => {
    expect(LinkSetProfileSchema.parse({ linkSetId: 4 })).toEqual({ linkSetId: 4, name: '', minLinks: 1, maxLinks: 3, linkProb: 100 });
  });

  it('requires a link set', () => {
    for (const linkSetId of [undefined, null, 0, -1, 1.5, '3']) expect(messages({ linkSetId })).toEqual([`linkSetId: ${M.linkSetRequired}`]);
  });

  it('takes whole numbers of links from 0 to 20', () => {
    for (const value of [0, 1, 19, 20]) expect(messages({ linkSetId: 1, minLinks: value, maxLinks: 20 })).toEqual([]);
    for (const value of [-1, 21, 2.5, '3', null]) expect(messages({ linkSetId: 1, minLinks: value, maxLinks: 20 })).toEqual([`minLinks: ${M.linksRange}`]);
    expect(messages({ linkSetId: 1, minLinks: 0, maxLinks: 21 })).toEqual([`maxLinks: ${M.linksRange}`]);
  });

  it('needs max links at least min links', () => {
    expect(messages({ linkSetId: 1, minLinks: 5, maxLinks: 4 })).toEqual([`maxLinks: ${M.maxBelowMin}`]);
    expect(messages({ linkSetId: 1, minLinks: 5, maxLinks: 5 })).toEqual([]);
  });

  it('takes a whole probability from 1 to 100 (with the spec\'s message)', () => {
    for (const linkProb of [1, 50, 100]) expect(messages({ linkSetId: 1, linkProb })).toEqual([]);
    for (const linkProb of [0, 101, 33.3, -5]) expect(messages({ linkSetId: 1, linkProb })).toEqual([`linkProb: ${M.probabilityRange}`]);
    expect(M.probabilityRange).toBe('Must be a number between 0 and 100');
  });
});

describe('link sets offered in the dialog', () => {
  const all = [{ id: 1 }, { id: 2 }, { id: 3 }];
  it('hides link sets other profiles use, but not the edited profile\'s own', () => {
    expect(offerableLinkSets(all, [{ linkSetId: 2 }])).toEqual([{ id: 1 }, { id: 3 }]);
    expect(offerableLinkSets(all, [{ linkSetId: 2 }, { linkSetId: 3 }], 3)).toEqual([{ id: 1 }, { id: 3 }]);
    expect(offerableLinkSets(all, [])).toEqual(all);
  });
});
