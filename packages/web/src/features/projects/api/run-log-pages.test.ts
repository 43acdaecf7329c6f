import { describe, expect, it } from 'vitest';
import type { RunLogEntry, RunLogPage } from '@linkloom/shared';
import { nextRunLogPage, runLogUrl, withLiveEntries, type RunLogPages } from './run-log-pages';

function entry(id: number, siteKey = 'SocialNetwork:1'): RunLogEntry {
  return { id, runId: 3, siteKey, site: `https://${siteKey.replace(':', '-')}.example.com`, at: 1_700_000_000_000 + id * 1000, kind: 'sent', message: `line ${id}`, url: null };
}

/** Pages of the given ids, newest first; `more` on the last page only. */
function pages(idsByPage: number[][], more = false): RunLogPages {
  const list: RunLogPage[] = idsByPage.map((ids, index) => ({ entries: ids.map((id) => entry(id)), more: index < idsByPage.length - 1 || more }));
  return { pages: list, pageParams: list.map((_, index) => (index === 0 ? undefined : idsByPage[index - 1]?.at(-1))) };
}

const ids = (data: RunLogPages) => data.pages.map((page) => page.entries.map((line) => line.id));

describe('runLogUrl', () => {
  it('asks for all sites or one site, the newest lines or those before an id', () => {
    expect(runLogUrl(7, null, undefined)).toBe('/rest/project/7/run_log');
    expect(runLogUrl(7, 'SocialNetwork:12', undefined)).toBe('/rest/project/7/run_log?siteKey=SocialNetwork%3A12');
    expect(runLogUrl(7, 'a&b', 41)).toBe('/rest/project/7/run_log?siteKey=a%26b&before=41');
    expect(runLogUrl(7, null, 41)).toBe('/rest/project/7/run_log?before=41');
  });
});

describe('nextRunLogPage', () => {
  it('asks for the lines older than the last one shown while more are left', () => {
    expect(nextRunLogPage({ entries: [entry(9), entry(5)], more: true })).toBe(5);
    expect(nextRunLogPage({ entries: [entry(9), entry(5)], more: false })).toBeUndefined();
    expect(nextRunLogPage({ entries: [], more: true })).toBeUndefined();
  });
});

describe('withLiveEntries', () => {
  it('puts new lines (oldest first on the wire) on top of the first page, newest first', () => {
    const next = withLiveEntries(pages([[5, 4], [3, 2]]), [entry(6), entry(7)], null);
    expect(ids(next)).toEqual([[7, 6, 5, 4], [3, 2]]);
    expect(next.pageParams).toEqual([undefined, 4]);
  });

  it('adds no line twice: not one already read on any page, nor one sent twice', () => {
    const data = pages([[5, 4], [3, 2]]);
    expect(ids(withLiveEntries(data, [entry(5), entry(6), entry(6)], null))).toEqual([[6, 5, 4], [3, 2]]);
    expect(withLiveEntries(data, [entry(5), entry(2)], null)).toBe(data);
  });

  it('keeps to one site when the log shows one', () => {
    const data = pages([[5, 4]]);
    const next = withLiveEntries(data, [entry(6, 'SocialNetwork:2'), entry(7), entry(8, 'SocialNetwork:2')], 'SocialNetwork:1');
    expect(ids(next)).toEqual([[7, 5, 4]]);
    expect(withLiveEntries(data, [entry(6, 'SocialNetwork:2')], 'SocialNetwork:1')).toBe(data);
    expect(ids(withLiveEntries(data, [entry(6, 'SocialNetwork:2')], null))).toEqual([[6, 5, 4]]);
  });

  it('sorts a late line in among the first page, but leaves older ones to the older pages', () => {
    // Lines 9 and 7 read; 8 comes live late: it goes between them.
    expect(ids(withLiveEntries(pages([[9, 7]]), [entry(8)], null))).toEqual([[9, 8, 7]]);
    // Older pages are left to read (by the last shown id): a line older than the first page's oldest waits for them.
    expect(ids(withLiveEntries(pages([[9, 7]], true), [entry(6), entry(10)], null))).toEqual([[10, 9, 7]]);
    expect(ids(withLiveEntries(pages([[9, 7], [5]]), [entry(6)], null))).toEqual([[9, 7], [5]]);
    // The whole log is read: it belongs on the only page.
    expect(ids(withLiveEntries(pages([[9, 7]]), [entry(6)], null))).toEqual([[9, 7, 6]]);
  });

  it('fills an empty log, and leaves a log not read yet alone', () => {
    expect(ids(withLiveEntries(pages([[]]), [entry(1), entry(2)], null))).toEqual([[2, 1]]);
    const unread: RunLogPages = { pages: [], pageParams: [] };
    expect(withLiveEntries(unread, [entry(1)], null)).toBe(unread);
  });
});
