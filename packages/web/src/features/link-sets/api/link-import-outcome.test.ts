import { describe, expect, it } from 'vitest';
import { LINK_ITEM_MESSAGES } from '@linkloom/shared';
import { linkFileOutcome, linkImportOutcome } from './link-import-outcome';

describe('linkImportOutcome', () => {
  it("says 'added links' with the counts when links were added", () => {
    expect(linkImportOutcome({ added: 4, skipped: 3, duplicates: 2, errors: [{ line: 2, message: 'Bad' }] })).toEqual({
      written: 4, summary: `${LINK_ITEM_MESSAGES.batchAdded}: 4 links, 1 line refused, 2 duplicates skipped`, refused: [{ line: 2, message: 'Bad' }, '… and 2 more lines that were not accepted'],
    });
  });

  it('says none was added when none was', () => {
    expect(linkImportOutcome({ added: 0, skipped: 2, errors: [{ line: 1, message: 'a' }, { line: 2, message: 'b' }] }))
      .toEqual({ written: 0, summary: 'No links added, 2 lines refused', refused: [{ line: 1, message: 'a' }, { line: 2, message: 'b' }] });
    expect(linkFileOutcome({ nope: true })).toBeNull();
  });
});
