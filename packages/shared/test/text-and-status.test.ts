import { describe, expect, it } from 'vitest';
import { parseTags, splitLines, truncate } from '../src/domain/text';
import { statusColour } from '../src/domain/status-colour';
import { UPLOAD_MESSAGES } from '../src/constants/messages';

describe('text helpers', () => {
  it('splits every line-break style', () => {
    expect(splitLines('a\r\nb\nc\rd')).toEqual(['a', 'b', 'c', 'd']);
    expect(splitLines('')).toEqual(['']);
  });
  it('truncates at the limit with an ellipsis', () => {
    expect(truncate('x'.repeat(120), 120)).toBe('x'.repeat(120));
    expect(truncate('x'.repeat(121), 120)).toBe(`${'x'.repeat(120)}…`);
  });
  it('trims and de-duplicates tags', () => {
    expect(parseTags(' seo, links ,seo,, ')).toEqual(['seo', 'links']);
  });
});

describe('status colours', () => {
  it.each([
    ['NEW', 'default'], ['STOPPED', 'default'], ['RUNNING', 'blue'], ['STARTING', 'blue'], ['STOPPING', 'blue'],
    ['DOWNLOADING', 'blue'], ['STARTING_VERIFYING', 'blue'], ['COMPLETED', 'purple'], ['FAILED', 'orange'], ['SCHEDULED', 'green'], ['WHATEVER', 'green'],
  ])('%s → %s', (status, colour) => expect(statusColour(status)).toBe(colour));
});

describe('upload messages', () => {
  it("keeps the spec's texts", () => {
    expect(UPLOAD_MESSAGES.uploaded('a.csv')).toBe('a.csv file uploaded successfully');
    expect(UPLOAD_MESSAGES.uploaded('a.zip', true)).toBe('a.zip file uploaded successfully.');
    expect(UPLOAD_MESSAGES.failed('a.csv')).toBe('a.csv file upload failed.');
  });
});
