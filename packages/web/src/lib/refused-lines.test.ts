import { describe, expect, it } from 'vitest';
import { keepRefusedLines } from './refused-lines';

describe('keepRefusedLines', () => {
  const text = 'https://a.test|x|A\r\nnot a url\nhttps://old.test|x|Old\n\nhttps://c.test|x|C|x|many';
  const problems = [
    { line: 2, message: 'Bad url' },
    { line: 3, message: 'Duplicate' },
    { line: 5, message: 'Bad count' },
  ];

  it('keeps only the refused lines, renumbered, so the accepted ones cannot be sent twice', () => {
    expect(keepRefusedLines(text, problems)).toEqual({
      text: 'not a url\nhttps://old.test|x|Old\nhttps://c.test|x|C|x|many',
      problems: [{ line: 1, message: 'Bad url' }, { line: 2, message: 'Duplicate' }, { line: 3, message: 'Bad count' }],
    });
  });

  it('drops lines with nothing to fix (duplicates) from the box and names them by their text', () => {
    const result = keepRefusedLines(text, problems, (message) => message !== 'Duplicate');
    expect(result.text).toBe('not a url\nhttps://c.test|x|C|x|many');
    expect(result.problems).toEqual([{ line: 1, message: 'Bad url' }, 'https://old.test|x|Old: Duplicate', { line: 2, message: 'Bad count' }]);
  });

  it('leaves unnumbered problems and numbers outside the text as they are', () => {
    const result = keepRefusedLines('a\nb', ['Too many lines', { line: 9, message: 'x' }, { line: null, message: 'y' }]);
    expect(result).toEqual({ text: '', problems: ['Too many lines', { line: 9, message: 'x' }, { line: null, message: 'y' }] });
  });
});
