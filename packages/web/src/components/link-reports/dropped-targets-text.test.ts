import { describe, expect, it } from 'vitest';
import { droppedTargetsText } from './dropped-targets-text';

describe('the campaign screen line about dropped targets', () => {
  it('says nothing while no target is dropped', () => {
    expect(droppedTargetsText({ dropped: 0, missing: 0, gone: 0 })).toBeNull();
  });

  it('counts the dropped posts and says why', () => {
    expect(droppedTargetsText({ dropped: 1, missing: 0, gone: 1 })).toBe(
      '1 upper-tier post is dropped as targets: lower tiers no longer link to them in new posts. Found dead twice in a row: 1 gone (the page answers 404 or 410). A later check that finds a post alive brings it back.',
    );
    expect(droppedTargetsText({ dropped: 5, missing: 3, gone: 2 })).toBe(
      '5 upper-tier posts are dropped as targets: lower tiers no longer link to them in new posts. Found dead twice in a row: 2 gone (the page answers 404 or 410), 3 missing (the page no longer carries the link). A later check that finds a post alive brings it back.',
    );
  });

  it('says how many lower-tier posts still point to a dead page, and what to do', () => {
    expect(droppedTargetsText({ dropped: 1, missing: 0, gone: 1, atRisk: 2 })).toMatch(
      /A later check that finds a post alive brings it back\. 2 lower-tier posts point to a dead page \(at risk\): re-point them to live pages or re-publish the dead posts from Dead pages\.$/,
    );
    expect(droppedTargetsText({ dropped: 1, missing: 1, gone: 0, atRisk: 1 })).toContain(' 1 lower-tier post points to a dead page (at risk)');
    expect(droppedTargetsText({ dropped: 1, missing: 1, gone: 0, atRisk: 0 })).not.toContain('at risk');
  });
});
