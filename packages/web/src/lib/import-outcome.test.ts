import { describe, expect, it } from 'vitest';
import { UPLOAD_MESSAGES } from '@linkloom/shared';
import { describeUpload, errorListOutcome, importOutcome, numberedLine, withUnlisted } from './import-outcome';

const parts = (added: number, refused: number) => [
  { count: added, noun: 'account', verb: 'added' },
  { count: refused, noun: 'line', verb: 'refused' },
];

describe('importOutcome', () => {
  it('counts what the first part added as written unless told otherwise', () => {
    expect(importOutcome(parts(3, 2), [{ line: 4, message: 'Bad' }])).toEqual({ written: 3, summary: '3 accounts added, 2 lines refused', refused: [{ line: 4, message: 'Bad' }] });
    expect(importOutcome(parts(0, 1), [], 2).written).toBe(2);
    expect(importOutcome(parts(0, 2)).summary).toBe('No accounts added, 2 lines refused');
  });
});

describe('numberedLine and withUnlisted', () => {
  it("reads 'Line 3: …' as a numbered problem and keeps anything else as text", () => {
    expect(numberedLine('Line 3: Invalid URL')).toEqual({ line: 3, message: 'Invalid URL' });
    expect(numberedLine('a.txt, line 3: Invalid URL')).toBe('a.txt, line 3: Invalid URL');
  });
  it('notes the refused lines counted but not listed', () => {
    expect(withUnlisted([{ line: 1, message: 'x' }], 3)).toEqual([{ line: 1, message: 'x' }, '… and 2 more lines that were not accepted']);
    expect(withUnlisted(['x'], 1)).toEqual(['x']);
  });
});

describe('describeUpload (issue 39 item 4: a toast never contradicts what was imported)', () => {
  const refused = [{ line: 2, message: 'Please enter the email' }, { line: 3, message: 'Please enter the site' }];

  it('is a success with the counts when something was written, the refused lines numbered as in the file', () => {
    expect(describeUpload({ fileName: 'a.csv', ok: true, body: {} }, importOutcome(parts(1, 2), refused))).toEqual({
      accepted: true, headline: UPLOAD_MESSAGES.uploaded('a.csv'), summary: '1 account added, 2 lines refused',
      problems: ['Line 2: Please enter the email', 'Line 3: Please enter the site'],
    });
  });

  it('is the failure text, never a success, when every line was refused', () => {
    const toasts = describeUpload({ fileName: 'a.csv', ok: true, body: {} }, importOutcome(parts(0, 2), refused));
    expect(toasts).toMatchObject({ accepted: false, headline: UPLOAD_MESSAGES.failed('a.csv'), summary: 'No accounts added, 2 lines refused' });
    expect(toasts.headline).not.toContain('successfully');
  });

  it("heads a file's refused lines with its name when the picker takes several files", () => {
    expect(describeUpload({ fileName: 'two.txt', ok: true, body: {} }, importOutcome(parts(1, 1), [refused[0]!]), { multiple: true }).problems)
      .toEqual(['two.txt:', 'Line 2: Please enter the email']);
    expect(describeUpload({ fileName: 'z.zip', ok: true, body: {} }, importOutcome(parts(1, 1), ['z.zip/b.txt: empty']), { multiple: true }).problems)
      .toEqual(['z.zip/b.txt: empty']);
  });

  it('keeps the spec texts for answers that are no import outcome and for failed calls', () => {
    expect(describeUpload({ fileName: 'a.txt', ok: true, body: null }, null, { period: true }))
      .toEqual({ accepted: true, headline: UPLOAD_MESSAGES.uploaded('a.txt', true), summary: null, problems: [] });
    expect(describeUpload({ fileName: 'a.txt', ok: false, body: { error: { message: 'The file is larger than the 10 MB upload limit' } } }, null))
      .toEqual({ accepted: false, headline: UPLOAD_MESSAGES.failed('a.txt'), summary: null, problems: ['The file is larger than the 10 MB upload limit'] });
  });
});

describe('errorListOutcome (private sites, custom sites, proxies, blocked sites)', () => {
  it("counts what was written and numbers the errorList's lines so the dialog keeps just those", () => {
    expect(errorListOutcome(2, { one: 'proxy', many: 'proxies' }, 'added', ['Line 3: Each line must be ip:port'])).toEqual({
      written: 2, summary: '2 proxies added, 1 line refused', refused: [{ line: 3, message: 'Each line must be ip:port' }],
    });
    expect(errorListOutcome(0, 'site', 'imported', ['a.txt, line 1: Bad', '… and 3 more refused lines']))
      .toEqual({ written: 0, summary: 'No sites imported, 4 lines refused', refused: ['a.txt, line 1: Bad', '… and 3 more refused lines'] });
  });
});
