import { describe, expect, it } from 'vitest';
import { errorLinesOf, errorLinesOfThrown, formatErrorLine, uploadProblemLines } from './error-lines';
import { MACHINE_TEXT_REPLACEMENTS } from './http-error';

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

describe('uploadProblemLines', () => {
  const body = { imported: 1, errorList: [{ file: 'two.txt', line: 2, message: 'Wrong number of fields' }, { file: 'two.txt', line: 5, message: 'Invalid port' }] };

  it("heads each file's problems with its name when the picker takes several files", () => {
    expect(uploadProblemLines('two.txt', body, true)).toEqual(['two.txt:', 'Line 2: Wrong number of fields', 'Line 5: Invalid port']);
  });

  it('leaves single-file uploads, answers without problems and lines that name the file already as they were', () => {
    expect(uploadProblemLines('two.txt', body, false)).toEqual(['Line 2: Wrong number of fields', 'Line 5: Invalid port']);
    expect(uploadProblemLines('two.txt', { imported: 3, errorList: [] }, true)).toEqual([]);
    expect(uploadProblemLines('a.pdf', { errorList: [{ file: 'a.pdf', message: 'a.pdf is not a text file' }] }, true)).toEqual(['a.pdf is not a text file']);
  });
});

describe('errorLinesOfThrown', () => {
  it('splits an error message into lines, or says unknown', () => {
    expect(errorLinesOfThrown(new Error('a\nb'))).toEqual(['a', 'b']);
    expect(errorLinesOfThrown('boom')).toEqual(['Unknown error']);
  });
});

describe('errorLinesOf speaks the user\'s words (issue 39 item 4)', () => {
  it('never lists a request path or a validator default of an upload answer', () => {
    const lines = errorLinesOf({ error: { message: 'No such route: POST /action/import/profile/9', details: ['file: Invalid input: expected object, received undefined'] } });
    expect(lines.join('\n')).not.toMatch(/\/action|Invalid input|received undefined/);
    expect(lines).toEqual([MACHINE_TEXT_REPLACEMENTS.route, `file: ${MACHINE_TEXT_REPLACEMENTS.invalid}`]);
  });
});
