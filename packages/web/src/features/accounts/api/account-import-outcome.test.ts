import { describe, expect, it } from 'vitest';
import { accountImportOutcome } from './account-import-outcome';

describe('accountImportOutcome', () => {
  it('counts added and updated accounts as written, and lists each refused line by its number', () => {
    expect(accountImportOutcome({ imported: 2, updated: 1, errors: [{ line: 3, message: 'Please enter the email' }], errorsOmitted: 0 })).toEqual({
      written: 3, summary: '2 accounts added, 1 account updated, 1 line refused', refused: [{ line: 3, message: 'Please enter the email' }],
    });
  });

  it('writes nothing when every line was refused, and notes the lines not listed', () => {
    const outcome = accountImportOutcome({ imported: 0, updated: 0, errors: [{ line: 1, message: 'x' }], errorsOmitted: 1 });
    expect(outcome).toEqual({ written: 0, summary: 'No accounts added, 2 lines refused', refused: [{ line: 1, message: 'x' }, '… and 1 more lines that were not accepted'] });
  });

  it('is null for an answer of another shape', () => {
    expect(accountImportOutcome({ error: { message: 'x' } })).toBeNull();
  });
});
