import { describe, expect, it } from 'vitest';
import { DONE_TEXTS, countOf, summarise } from './action-feedback';

describe('countOf', () => {
  it('writes one, many and none', () => {
    expect(countOf(1, 'link')).toBe('1 link');
    expect(countOf(4, 'link')).toBe('4 links');
    expect(countOf(0, 'link')).toBe('No links');
    expect(countOf(2, { one: 'private site', many: 'private sites' })).toBe('2 private sites');
    expect(countOf(1, { one: 'entry', many: 'entries' })).toBe('1 entry');
  });
});

describe('summarise', () => {
  it('says what happened with counts, leaving out what did not happen after the first part', () => {
    const parts = (added: number, refused: number, duplicates: number) => [
      { count: added, noun: 'link', verb: 'added' },
      { count: refused, noun: 'line', verb: 'refused' },
      { count: duplicates, noun: 'duplicate', verb: 'skipped' },
    ];
    expect(summarise(parts(4, 1, 0))).toBe('4 links added, 1 line refused');
    expect(summarise(parts(4, 0, 0))).toBe('4 links added');
    expect(summarise(parts(0, 2, 3))).toBe('No links added, 2 lines refused, 3 duplicates skipped');
    expect(summarise(parts(1, 0, 1))).toBe('1 link added, 1 duplicate skipped');
  });
});

describe('DONE_TEXTS', () => {
  it('names the thing and what happened to it', () => {
    expect(DONE_TEXTS.created('Campaign', 'Spring')).toBe('Campaign "Spring" created');
    expect(DONE_TEXTS.renamed('Link set', 'B')).toBe('Link set renamed to "B"');
    expect(DONE_TEXTS.deleted(3, 'campaign')).toBe('3 campaigns deleted');
    expect(DONE_TEXTS.deleted(1, 'campaign')).toBe('1 campaign deleted');
  });
});
