import { describe, expect, it } from 'vitest';
import { PageAnchors, type AnchorHop } from '../../src/platform/db/page-anchors';

/** A listing of `rows` rows whose cursors are their positions; counts the hops asked of it. */
function listing(rows: number, every: number, failAt?: number) {
  const calls: (number | null)[] = [];
  const hop: AnchorHop<number> = async (after) => {
    calls.push(after);
    await new Promise((resolve) => setImmediate(resolve));
    const next = (after ?? -1) + every;
    if (failAt !== undefined && next >= failAt) throw new Error('the database went away');
    return next < rows ? next : undefined;
  };
  return { hop, calls };
}

/** Where a page start lands: the row position it reaches. */
const position = (start: { after: number | null; skip: number }) => (start.after ?? -1) + 1 + start.skip;

describe('page anchors', () => {
  it('answers at once from the anchors found so far, and finds the rest meanwhile', async () => {
    const anchors = new PageAnchors<number>({ every: 10, kept: 4 });
    const { hop, calls } = listing(1_000, 10);
    expect(anchors.start('list', 's1', 305, hop)).toEqual({ after: null, skip: 305 });
    await anchors.walked('list');
    expect(calls).toHaveLength(30);
    expect(anchors.start('list', 's1', 305, hop)).toEqual({ after: 299, skip: 5 });
    expect(anchors.start('list', 's1', 120, hop)).toEqual({ after: 119, skip: 0 });
    expect(anchors.start('list', 's1', 9, hop)).toEqual({ after: null, skip: 9 });
    await anchors.walked('list');
    expect(calls).toHaveLength(30);
    // Further than found: from the furthest anchor, while the walk goes on from there.
    expect(anchors.start('list', 's1', 415, hop)).toEqual({ after: 299, skip: 115 });
    await anchors.walked('list');
    expect(calls.slice(30)[0]).toBe(299);
    expect(anchors.start('list', 's1', 415, hop)).toEqual({ after: 409, skip: 5 });
  });

  it('starts every page on its row, with fewer than `every` rows to skip once walked, past the end included', async () => {
    const anchors = new PageAnchors<number>({ every: 10, kept: 4 });
    const { hop } = listing(95, 10);
    anchors.start('list', 's1', 10_000, hop);
    await anchors.walked('list');
    for (const offset of [0, 5, 9, 10, 11, 19, 20, 55, 89, 90, 94, 95, 120, 1_000]) {
      const start = anchors.start('list', 's1', offset, hop);
      expect(position(start)).toBe(offset);
      expect(start.skip).toBeLessThan(offset >= 90 ? offset - 89 : 10);
    }
  });

  it('walks a listing once for pages asked together, and again from the start under a new stamp', async () => {
    const anchors = new PageAnchors<number>({ every: 10, kept: 4 });
    const { hop, calls } = listing(1_000, 10);
    anchors.start('list', 's1', 500, hop);
    anchors.start('list', 's1', 250, hop);
    anchors.start('list', 's1', 505, hop);
    await anchors.walked('list');
    expect(calls).toHaveLength(50);
    expect(new Set(calls).size).toBe(50);
    anchors.start('list', 's2', 25, hop);
    // The old stamp's walk is not waited for: the new one starts from the first row.
    await anchors.walked('list');
    expect(calls.slice(50)).toEqual([null, 9]);
    expect(anchors.start('list', 's2', 25, hop)).toEqual({ after: 19, skip: 5 });
  });

  it('stops a walk whose listing got a new stamp, and one whose query failed', async () => {
    const anchors = new PageAnchors<number>({ every: 10, kept: 4 });
    const { hop, calls } = listing(1_000, 10);
    anchors.start('list', 's1', 900, hop);
    anchors.start('list', 's2', 15, hop);
    await anchors.walked('list');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls.length).toBeLessThan(10);
    const failing = listing(1_000, 10, 55);
    anchors.start('other', 's1', 900, failing.hop);
    await anchors.walked('other');
    expect(anchors.start('other', 's1', 900, failing.hop)).toEqual({ after: 49, skip: 850 });
  });

  it('stops at the end of a short listing and keeps at most `kept` listings, the least recently used going first', async () => {
    const anchors = new PageAnchors<number>({ every: 10, kept: 2 });
    const { hop, calls } = listing(25, 10);
    anchors.start('a', 's', 70, hop);
    await anchors.walked('a');
    expect(calls).toEqual([null, 9, 19]);
    expect(anchors.start('a', 's', 70, hop)).toEqual({ after: 19, skip: 50 });
    await anchors.walked('a');
    expect(calls).toHaveLength(3);
    for (const key of ['b', 'a', 'c']) {
      anchors.start(key, 's', 15, hop);
      await anchors.walked(key);
    }
    expect(anchors.size).toBe(2);
    const before = calls.length;
    anchors.start('a', 's', 15, hop);
    anchors.start('b', 's', 15, hop);
    await anchors.walked('b');
    expect(calls).toHaveLength(before + 1);
  });
});
