import { describe, expect, it } from 'vitest';
import { seekAfterCursor } from '../../src/platform/db/keyset-seek';

/** Rows sorted on (key, tie); the seek after `cursor` against slicing the sorted list itself. */
function listing(rows: [number, number][]) {
  const sorted = [...rows].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const calls: string[] = [];
  const seekFrom = (cursor: [number, number], unique: boolean) => ({
    countSameKey: unique ? null : async (upTo: number) => {
      calls.push(`count ${upTo}`);
      return Math.min(upTo, sorted.filter(([k, t]) => k === cursor[0] && t > cursor[1]).length);
    },
    sameKey: async (limit: number, offset: number) => {
      calls.push(`same ${limit}+${offset}`);
      return sorted.filter(([k, t]) => k === cursor[0] && t > cursor[1]).slice(offset, offset + limit);
    },
    laterKeys: async (limit: number, offset: number) => {
      calls.push(`later ${limit}+${offset}`);
      return sorted.filter(([k]) => k > cursor[0]).slice(offset, offset + limit);
    },
  });
  const expected = (cursor: [number, number], limit: number, offset: number) => {
    const at = sorted.findIndex(([k, t]) => k > cursor[0] || (k === cursor[0] && t > cursor[1]));
    return at < 0 ? [] : sorted.slice(at + offset, at + offset + limit);
  };
  return { sorted, calls, seekFrom, expected };
}

describe('keyset seek after a cursor', () => {
  it('answers what the sorted list holds after the cursor, for every offset and limit across the shared key', async () => {
    // Key 5 shared by 30 rows, then keys 6 to 9.
    const rows: [number, number][] = [...Array.from({ length: 30 }, (_, i): [number, number] => [5, i]), [4, 1], [6, 0], [6, 1], [7, 0], [9, 3], [9, 4]];
    const { seekFrom, expected } = listing(rows);
    for (const cursor of [[5, -1], [5, 10], [5, 29], [4, 1], [6, 0], [9, 4]] as [number, number][]) {
      for (const [limit, offset] of [[1, 0], [5, 0], [5, 18], [5, 25], [10, 30], [3, 40], [100, 0]]) {
        expect({ cursor, limit, offset, rows: await seekAfterCursor(seekFrom(cursor, false), limit!, offset) })
          .toEqual({ cursor, limit, offset, rows: expected(cursor, limit!, offset!) });
      }
    }
  });

  it('reads no further than the page needs, and skips the count for a unique key', async () => {
    const { seekFrom, calls } = listing(Array.from({ length: 50 }, (_, i): [number, number] => [i < 40 ? 1 : 2, i]));
    await seekAfterCursor(seekFrom([1, 9], false), 5, 10);
    expect(calls).toEqual(['count 15', 'same 5+10']);
    calls.length = 0;
    await seekAfterCursor(seekFrom([1, 9], false), 10, 25);
    expect(calls).toEqual(['count 35', 'same 5+25', 'later 5+0']);
    calls.length = 0;
    await seekAfterCursor(seekFrom([1, 9], true), 10, 25);
    expect(calls).toEqual(['later 10+25']);
  });
});
