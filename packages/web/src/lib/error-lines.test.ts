import { describe, expect, it } from 'vitest';
import { errorLinesOf, errorLinesOfThrown, formatErrorLine } from './error-lines';

describe('formatErrorLine', () => {
  it('numbers line problems and leaves plain text alone', () => {
    expect(formatErrorLine({ line: 3, message: 'Invalid URL' })).toBe('Line 3: Invalid URL');
    expect(formatErrorLine({ line: null, message: 'Bad file' })).toBe('Bad file');
    expect(formatErrorLine('Plain')).toBe('Plain');
  });
});

describe('errorLinesOf', () => {
  it('reads the shared error shape: message then details', () => {
    expect(errorLinesOf({ error: { message: 'Import failed', details: ['a', 'b'] } })).toEqual(['Import failed', 'a', 'b']);
  });

  it('reads an errorList of strings or numbered entries', () => {
    const body = { imported: 3, errorList: ['first', { line: 7, message: 'Missing email' }, { message: 'No line' }] };
    expect(errorLinesOf(body)).toEqual(['first', 'Line 7: Missing email', 'No line']);
  });

  it('reads a plain string error', () => {
    expect(errorLinesOf({ error: 'Wrong format' })).toEqual(['Wrong format']);
  });

  it('ignores bodies without problems, blanks and junk entries', () => {
    expect(errorLinesOf({ ok: true })).toEqual([]);
    expect(errorLinesOf(null)).toEqual([]);
    expect(errorLinesOf('text')).toEqual([]);
    expect(errorLinesOf({ errorList: ['', 42, { line: 1 }] })).toEqual([]);
  });
});

describe('errorLinesOfThrown', () => {
  it('splits an error message into lines, or says unknown', () => {
    expect(errorLinesOfThrown(new Error('a\nb'))).toEqual(['a', 'b']);
    expect(errorLinesOfThrown('boom')).toEqual(['Unknown error']);
  });
});
